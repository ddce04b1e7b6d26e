// Small HTML building blocks for the offline report: escaping, tables, inline SVG.

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A table cell value: text (escaped), a number, or nothing ("-"). */
export type HtmlCell = string | number | null | undefined;

function cellHtml(value: HtmlCell): string {
  if (value === null || value === undefined || value === '') return '-';
  return escapeHtml(typeof value === 'number' ? String(value) : value);
}

/** A table with a header row; numeric columns (by the first row's values) are right-aligned. */
export function htmlTable(
  headers: readonly string[],
  rows: readonly HtmlCell[][],
  className = '',
): string {
  const numeric = headers.map((_, i) => rows.some((r) => typeof r[i] === 'number'));
  const head = headers
    .map((h, i) => `<th${numeric[i] ? ' class="num"' : ''}>${escapeHtml(h)}</th>`)
    .join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((v, i) => `<td${numeric[i] ? ' class="num"' : ''}>${cellHtml(v)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<table${className ? ` class="${escapeHtml(className)}"` : ''}><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/**
 * An ECharts SVG document made fit to sit inside HTML: the namespace declarations go (HTML's parser
 * puts inline <svg> in the SVG namespace itself), so the page names no external address.
 */
export function inlineSvg(svg: string, label: string): string {
  const body = svg
    .replace(/\s+xmlns(:xlink)?="[^"]*"/g, '')
    .replace(/^<svg\b/, `<svg role="img" aria-label="${escapeHtml(label)}"`);
  return `<figure class="chart">${body}</figure>`;
}

/** The report's stylesheet: plain, printable, in the UI's colours. */
export const REPORT_CSS = `
body { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; color: #0f172a; margin: 24px auto; max-width: 1040px; padding: 0 16px; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 32px; border-bottom: 1px solid #cbd5e1; padding-bottom: 4px; }
h3 { font-size: 14px; color: #475569; }
p.note { color: #64748b; font-size: 13px; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 16px; display: block; max-width: 100%; overflow-x: auto; }
ul.note { color: #64748b; font-size: 13px; }
th, td { border: 1px solid #e2e8f0; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f1f5f9; } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
figure.chart { margin: 8px 0 24px; } figure.chart svg { max-width: 100%; height: auto; }
`;
