// OpenMetrics 1.0 text exposition, as pure functions: families in, the scrape body out.

/** The Content-Type of an OpenMetrics 1.0 scrape body. */
export const OPENMETRICS_CONTENT_TYPE =
  'application/openmetrics-text; version=1.0.0; charset=utf-8';

/** The metric types DirBench exposes. */
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'info';

/** A label name and its value, in the order they are printed. */
export type LabelPair = readonly [name: string, value: string];

/** One line of a family: its name suffix (`_total`, `_bucket`, `_info`, '' for a gauge) and value. */
export interface MetricSample {
  suffix: string;
  labels: readonly LabelPair[];
  value: number;
}

/** A metric family: its metadata and every sample, grouped by label set as OpenMetrics asks. */
export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  /** Must be the name's last word (`seconds` for `..._seconds`); absent when the metric has none. */
  unit?: string;
  samples: readonly MetricSample[];
}

/** Escapes a label value or HELP text: backslash, double quote and line feed. */
export function escapeText(text: string): string {
  return text.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** A sample value as OpenMetrics spells numbers (`+Inf`, `-Inf`, `NaN`). */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** `{a="x",b="y"}`, or '' with no labels. */
export function formatLabels(labels: readonly LabelPair[]): string {
  if (labels.length === 0) return '';
  return `{${labels.map(([name, value]) => `${name}="${escapeText(value)}"`).join(',')}}`;
}

/** The lines of one family: TYPE, UNIT and HELP, then its samples. */
export function formatFamily(family: MetricFamily): string {
  const head = [`# TYPE ${family.name} ${family.type}`];
  if (family.unit !== undefined) head.push(`# UNIT ${family.name} ${family.unit}`);
  head.push(`# HELP ${family.name} ${escapeText(family.help)}`);
  const lines = family.samples.map(
    (s) => `${family.name}${s.suffix}${formatLabels(s.labels)} ${formatValue(s.value)}`,
  );
  return `${[...head, ...lines].join('\n')}\n`;
}

/** A whole scrape body: every family, then the `# EOF` line OpenMetrics ends with. */
export function formatOpenMetrics(families: readonly MetricFamily[]): string {
  return `${families.map(formatFamily).join('')}# EOF\n`;
}
