// What a Markdown page refers to that can go stale: repository paths, `dirbench` command lines,
// links and their anchors. The docs test (repoDocs.test.ts) checks each against the repository and
// the CLI's own parser; this module only reads the text.
import { shellWords } from '../help.ts';

/** Something a page mentions, with the line it is on (1-based) for the failure message. */
export interface Mention {
  readonly line: number;
  readonly text: string;
}

/** A line of a page and the code block it sits in: a fence's info string, 'indented', or null. */
interface PageLine {
  readonly line: number;
  readonly text: string;
  readonly fence: string | null;
}

/** An indented code block's line: four spaces in, after a blank line or another such line. */
function indentedCode(text: string, previous: PageLine | undefined, previousText: string): boolean {
  if (!/^ {4,}\S/.test(text)) return false;
  return previousText.trim() === '' || previous?.fence === 'indented';
}

/** The page's lines, each marked with the code block it is in (fence lines themselves dropped). */
function pageLines(markdown: string): PageLine[] {
  const lines: PageLine[] = [];
  let fence: string | null = null;
  let previousText = '';
  markdown.split('\n').forEach((text, i) => {
    const opener = /^\s*(```|~~~)\s*(\S*)/.exec(text);
    if (opener !== null) fence = fence === null ? (opener[2] ?? '') : null;
    else if (fence !== null) lines.push({ line: i + 1, text, fence });
    else {
      const indented = indentedCode(text, lines.at(-1), previousText);
      lines.push({ line: i + 1, text, fence: indented ? 'indented' : null });
    }
    previousText = text;
  });
  return lines;
}

/** Runs of prose lines (outside code blocks, between blank lines): a code span may cross lines. */
function paragraphs(markdown: string): { line: number; text: string }[] {
  const runs: { line: number; text: string }[] = [];
  let current: { line: number; text: string } | null = null;
  for (const l of pageLines(markdown)) {
    if (l.fence !== null || l.text.trim() === '') current = null;
    else if (current !== null) current.text = `${current.text}\n${l.text}`;
    else {
      current = { line: l.line, text: l.text };
      runs.push(current);
    }
  }
  return runs;
}

/** The inline code spans outside code blocks (`like this`), with the line each starts on. */
export function codeSpans(markdown: string): Mention[] {
  return paragraphs(markdown).flatMap((p) =>
    [...p.text.matchAll(/(`+)([^`][^]*?)\1/g)].map((m) => ({
      line: p.line + (p.text.slice(0, m.index).match(/\n/g)?.length ?? 0),
      text: (m[2] ?? '').replace(/\s*\n\s*/g, ' ').trim(),
    })),
  );
}

/** Top-level folders and files a path may start with. */
const ROOTS =
  /^(?:src|e2e|data|electron|docs|\.ci|\.config)\/|^(?:package\.json|README\.md|CONTRIBUTING\.md|tsconfig\.json)$/;
/** A source file named without its folder, or with part of it (`ds389/monitor.ts`). */
const SOURCE_FILE = /^[\w.*-]+(?:\/[\w.*-]+)*\.(?:ts|tsx|mjs|cjs)$/;

/** How a path is to be found: from the top of the repository, or as the end of some file's path. */
export type PathMention = Mention & { readonly rooted: boolean };

/** The repository paths a page names in code spans: rooted ones, and source files named by their end. */
export function repoPaths(markdown: string): PathMention[] {
  return codeSpans(markdown).flatMap((m): PathMention[] => {
    if (/\s/.test(m.text)) return [];
    if (ROOTS.test(m.text)) return [{ ...m, rooted: true }];
    return SOURCE_FILE.test(m.text) ? [{ ...m, rooted: false }] : [];
  });
}

/** `dirbench ...` or `npx dirbench ...` with at least one word after it. */
const COMMAND = /^(?:npx )?dirbench\s+\S/;

/** Block lines joined where they end in a backslash (a command continued on the next line). */
function joinedBlockLines(lines: readonly PageLine[]): Mention[] {
  const joined: Mention[] = [];
  let open: { line: number; text: string } | null = null;
  for (const l of lines) {
    const text: string = open === null ? l.text.trim() : `${open.text} ${l.text.trim()}`;
    const start: number = open?.line ?? l.line;
    if (text.endsWith('\\')) open = { line: start, text: text.slice(0, -1).trimEnd() };
    else {
      joined.push({ line: start, text });
      open = null;
    }
  }
  return joined;
}

/** The commands of one shell line: its `&&`, `|` and `;` parts that run dirbench, env settings cut. */
function commandsOfShellLine(mention: Mention): Mention[] {
  return mention.text
    .split(/\s(?:&&|\||;)\s/)
    .map((part) =>
      part
        .trim()
        .replace(/^\$\s+/, '')
        .replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, ''),
    )
    .filter((part) => COMMAND.test(part))
    .map((text) => ({ line: mention.line, text }));
}

/**
 * Every `dirbench` command line of a page: in code blocks (but `text` blocks, which show syntax such
 * as usage lines) and in code spans.
 */
export function commandLines(markdown: string): Mention[] {
  const blocks = pageLines(markdown).filter((l) => l.fence !== null && l.fence !== 'text');
  const inBlocks = joinedBlockLines(blocks).flatMap(commandsOfShellLine);
  const inSpans = codeSpans(markdown).filter((m) => COMMAND.test(m.text));
  return [...inBlocks, ...inSpans];
}

/** Shell words that end the command (a redirection, a pipe, a comment, a background job). */
const COMMAND_END = /^(?:>|>>|<|2>|2>&1|\||&&|&|;|#.*)$/;

/** A `dirbench` command line as the argv after `dirbench`: quotes removed, what follows it cut off. */
export function commandArgv(line: string): string[] {
  const words = shellWords(line.replace(/^npx\s+/, ''));
  const end = words.findIndex((w) => COMMAND_END.test(w));
  return words
    .slice(1, end === -1 ? undefined : end)
    .map((w) => w.replace(/'([^']*)'|"([^"]*)"/g, '$1$2'));
}

/** A link or image target in the page (`[text](target)`), URLs and mail addresses left out. */
export function linkTargets(markdown: string): Mention[] {
  return pageLines(markdown)
    .filter((l) => l.fence === null)
    .flatMap((l) =>
      [...l.text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => ({
        line: l.line,
        text: m[1] ?? '',
      })),
    )
    .filter((m) => !/^[a-z][a-z0-9+.-]*:/i.test(m.text));
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings, a repeated one numbered as GitHub numbers it (`-1`, `-2`). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const l of pageLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l.text);
    if (l.fence !== null || heading === null) continue;
    const base = slug(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    anchors.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return anchors;
}
