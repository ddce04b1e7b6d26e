// A generated part of a hand-written page: the lines between two marker comments, which
// `npm run docs` rewrites from the code (the exit codes, the rate-tool options).

/** The comment lines that open and close the generated section `name` of a page. */
export function sectionMarkers(name: string): { start: string; end: string } {
  return {
    start: `<!-- generated:${name} - written by "npm run docs"; edit its source, not these lines -->`,
    end: `<!-- generated:${name} end -->`,
  };
}

/** `page` with section `name` replaced by `body`; throws naming the page when a marker is missing. */
export function withSection(page: string, name: string, body: string, file: string): string {
  const { start, end } = sectionMarkers(name);
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from === -1 || to < from)
    throw new Error(`${file} has no "${start}" ... "${end}" lines around its ${name} section`);
  return `${page.slice(0, from + start.length)}\n\n${body}\n\n${page.slice(to)}`;
}
