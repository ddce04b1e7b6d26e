// Translates a searchrate, modrate or authrate command line into `dirbench run` option by option,
// and renders the table of docs/rate-tools.md, both from the one table in rateToolOptions.ts.
import { OP_OF_TOOL, RATE_TOOL_OPTIONS } from './rateToolOptions.ts';
import type { OptionMapping, RateTool, RateToolOption, ValueRewrite } from './rateToolOptions.ts';

/** An option that was left out of the translation, and why. */
export interface LeftOut {
  option: string;
  why: string;
}

/** A `dirbench run` command line and what it needs around it. */
export interface RateToolTranslation {
  /** Starts with `run`. */
  argv: string[];
  /** Environment variables the command line reads (e.g. the bind password). */
  env: Record<string, string>;
  /** Options DirBench has no equivalent for, or only after a step by hand: the load differs. */
  notTranslated: LeftOut[];
  /** Options that only change the tool's printed output. */
  outputOnly: LeftOut[];
}

/** The table's row for `name` (long or short) of `tool`, or undefined. */
export function rateToolOption(tool: RateTool, name: string): RateToolOption | undefined {
  return RATE_TOOL_OPTIONS.find(
    (o) => o.tools.includes(tool) && (o.long === name || o.short === name),
  );
}

/** The options of a command line in order, each with its values (flags get none). */
function parseArgv(tool: RateTool, argv: readonly string[]): Map<RateToolOption, string[]> {
  const given = new Map<RateToolOption, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const row = rateToolOption(tool, name);
    if (row === undefined) throw new Error(`${tool} has no option ${name}`);
    const values = given.get(row) ?? [];
    given.set(row, values);
    if (!row.takesValue) continue;
    const value = eq < 0 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new Error(`${tool} ${name} needs a value`);
    values.push(value);
  }
  return given;
}

/** Rewrites a value for DirBench; null when DirBench needs no option for it. */
function rewriteValue(rewrite: ValueRewrite | undefined, value: string): string | null {
  switch (rewrite) {
    case undefined:
      return value;
    case 'scope':
      return value === 'subord' ? 'children' : value;
    case 'literal':
      return value.replace(/\[/g, '[[').replace(/\]/g, ']]');
    case 'sort-order':
      return value
        .split(',')
        .map((key) => key.trim().replace(/^\+/, ''))
        .join(',');
    case 'reconnect':
      return `reconnect:${value}`;
    case 'auth-type':
      return value.toUpperCase() === 'SIMPLE' ? null : value.toUpperCase();
  }
}

/** Mechanisms authrate's --authType names that DirBench sends. */
const AUTH_TYPES = ['SIMPLE', 'PLAIN', 'DIGEST-MD5', 'CRAM-MD5'];

function isRewritable(rewrite: ValueRewrite | undefined, value: string): boolean {
  return rewrite !== 'auth-type' || AUTH_TYPES.includes(value.toUpperCase());
}

/**
 * authrate binds DIGEST-MD5 and CRAM-MD5 as `dn:` and the DN: with --bindOnly the DN pattern gets
 * the prefix; after a search (the DN found) there is no user name pattern to give, so it is left out.
 */
function challengeMechanismOf(given: string | undefined): string | null {
  const mechanism = given?.toUpperCase();
  return mechanism === 'DIGEST-MD5' || mechanism === 'CRAM-MD5' ? mechanism : null;
}

/** Translates `tool ARGV` (the arguments after the tool's name) into `dirbench run` arguments. */
export function translateRateTool(tool: RateTool, argv: readonly string[]): RateToolTranslation {
  const given = parseArgv(tool, argv);
  const named = (long: string): string[] | undefined => {
    const row = rateToolOption(tool, long);
    return row === undefined ? undefined : given.get(row);
  };
  // UnboundID's own default where DirBench's differs, so the translation runs the same load.
  const valueOf = (long: string): string | undefined =>
    named(long)?.at(-1) ?? rateToolOption(tool, long)?.absent;
  const out: RateToolTranslation = { argv: ['run'], env: {}, notTranslated: [], outputOnly: [] };
  const host = valueOf('--hostname') ?? 'localhost';
  const scheme = named('--useSSL') === undefined ? 'ldap' : 'ldaps';
  out.argv.push(
    '--target',
    `${scheme}://${host.includes(':') ? `[${host}]` : host}:${valueOf('--port') ?? '389'}`,
    '--op',
    OP_OF_TOOL[tool],
  );
  const emit = (row: RateToolOption, values: string[]): void => {
    const leaveOut = (why: string): void => {
      out.notTranslated.push({ option: row.long, why });
    };
    const maps: OptionMapping = row.maps;
    switch (maps.kind) {
      case 'option': {
        if (maps.foldedInto !== undefined && named(maps.foldedInto) !== undefined) return;
        const instead =
          maps.instead !== undefined && named(maps.instead.when) !== undefined
            ? maps.instead.dirbench
            : maps.dirbench;
        if (instead === null) return;
        if (values.length > 1) {
          leaveOut(`given ${values.length} times: ${instead} takes one value`);
          return;
        }
        const value = values[0] as string;
        if (!isRewritable(maps.rewrite, value)) {
          leaveOut(
            `${value} binds are not sent: DirBench binds ${AUTH_TYPES.join(', ')} and EXTERNAL`,
          );
          return;
        }
        const challenge = maps.rewrite === 'auth-type' ? challengeMechanismOf(value) : null;
        if (challenge !== null && named('--bindOnly') === undefined) {
          leaveOut(
            `${challenge} after a search: authrate binds as dn: and the DN found; DirBench's ${challenge} binds take a user name pattern: use --bind-dn-pattern (e.g. [entry:uid]) without --search-filter`,
          );
          return;
        }
        if (
          instead === '--bind-dn-pattern' &&
          challengeMechanismOf(valueOf('--authType')) !== null
        ) {
          out.argv.push(instead, `dn:${value}`);
          return;
        }
        const rewritten = rewriteValue(maps.rewrite, value);
        if (rewritten !== null) out.argv.push(instead, rewritten);
        return;
      }
      case 'flag':
        out.argv.push(maps.dirbench);
        return;
      case 'list':
        out.argv.push(maps.dirbench, values.join(','));
        return;
      case 'repeat':
        for (const value of values) out.argv.push(maps.dirbench, value);
        return;
      case 'seconds': {
        const seconds = Number(values.at(-1)) * Number(valueOf('--intervalDuration'));
        out.argv.push(maps.dirbench, String(seconds));
        return;
      }
      case 'password-env':
        out.argv.push('--password-env', maps.variable);
        out.env[maps.variable] = values.at(-1) as string;
        return;
      case 'depth': {
        // UnboundID bounds outstanding requests across all threads; DirBench per connection.
        const threads = Number(valueOf('--numThreads'));
        out.argv.push('--depth', String(Math.ceil(Number(values.at(-1)) / threads)));
        return;
      }
      case 'charset':
        out.argv.push(
          '--value',
          `[random:${valueOf('--valueLength') ?? '10'}:${rewriteValue('literal', values.at(-1) as string) ?? ''}]`,
        );
        return;
      case 'manual':
        leaveOut(`use ${maps.dirbench}: ${maps.how}`);
        return;
      case 'none':
        leaveOut(maps.why);
        return;
      case 'output':
        out.outputOnly.push({ option: row.long, why: maps.why });
        return;
      case 'target':
      case 'interval':
      case 'same':
        return;
    }
  };
  for (const [row, values] of given) emit(row, values);
  for (const row of RATE_TOOL_OPTIONS) {
    if (row.absent === undefined || !row.tools.includes(tool) || given.has(row)) continue;
    if (row.maps.kind === 'option' || row.maps.kind === 'seconds') emit(row, [row.absent]);
  }
  return out;
}

/** How each value rewrite reads in the docs table. */
const REWRITE_NOTE: Record<ValueRewrite, string> = {
  scope: 'subord is children',
  literal: 'the value as a pattern: [ and ] doubled',
  'sort-order': 'keys without the + of ascending order',
  reconnect: 'N becomes reconnect:N',
  'auth-type':
    'SIMPLE needs no option, PLAIN, DIGEST-MD5 and CRAM-MD5 keep their names; with --bindOnly DIGEST-MD5 and CRAM-MD5 bind as dn: and the --baseDN pattern, as authrate does',
};

/** What an option becomes, in words, for the docs table. */
function dirbenchCell(maps: OptionMapping): string {
  switch (maps.kind) {
    case 'option': {
      const rewrite = maps.rewrite === undefined ? '' : ` (${REWRITE_NOTE[maps.rewrite]})`;
      const instead =
        maps.instead === undefined
          ? ''
          : ` (with ${maps.instead.when}: ${maps.instead.dirbench === null ? 'left out' : `\`${maps.instead.dirbench}\``})`;
      const folded =
        maps.foldedInto === undefined ? '' : ` (with ${maps.foldedInto}: part of --value)`;
      return `\`${maps.dirbench}\`${rewrite}${instead}${folded}`;
    }
    case 'flag':
      return `\`${maps.dirbench}\``;
    case 'list':
      return `\`${maps.dirbench} a,b\` (one comma list)`;
    case 'repeat':
      return `\`${maps.dirbench}\`, once per value`;
    case 'target':
      return maps.part === 'ldaps' ? '`--target ldaps://HOST:PORT`' : '`--target ldap://HOST:PORT`';
    case 'seconds':
      return `\`${maps.dirbench} S\` (intervals x --intervalDuration)`;
    case 'interval':
      return 'multiplies --numIntervals and --warmUpIntervals into seconds';
    case 'password-env':
      return `\`--password-env ${maps.variable}\` or \`--password-file FILE\``;
    case 'depth':
      return '`--depth` = outstanding requests / --numThreads, rounded up (DirBench counts per connection)';
    case 'charset':
      return "`--value '[random:LENGTH:CHARS]'`";
    case 'same':
      return `no option: ${maps.how}`;
    case 'manual':
      return `\`${maps.dirbench}\`: ${maps.how}`;
    case 'output':
    case 'none':
      return '';
  }
}

/** Why DirBench has no such option, for the docs table ('' when it has one). */
function whyNotCell(maps: OptionMapping): string {
  if (maps.kind === 'none') return maps.why;
  if (maps.kind === 'output') return `output only: ${maps.why}`;
  return '';
}

/** A table cell with its pipes escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The table of searchrate, modrate and authrate options and their `dirbench run` equivalents (docs/rate-tools.md). */
export function rateToolDocsTable(): string {
  const rows = RATE_TOOL_OPTIONS.map((o) => {
    const name = `\`${o.long}\`${o.short === undefined ? '' : ` (\`${o.short}\`)`}`;
    const tools = o.tools.length === 3 ? 'all' : o.tools.join(', ');
    const extras = [
      ...(o.absent === undefined ? [] : [`UnboundID's default when absent: ${o.absent}`]),
      ...(o.note === undefined ? [] : [o.note]),
    ];
    const dirbench = dirbenchCell(o.maps);
    const mapped = dirbench === '' ? '' : [dirbench, ...extras].join('; ');
    return `| ${[name, tools, mapped, whyNotCell(o.maps)].map(cell).join(' | ')} |`;
  });
  return [
    '| UnboundID option | Tools | `dirbench run` | Not in DirBench: why |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
