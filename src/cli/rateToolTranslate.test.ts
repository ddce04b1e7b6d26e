import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runSpec } from './commands/run.ts';
import { optionTable } from './commandSpec.ts';
import { RATE_TOOL_OPTIONS, RATE_TOOLS } from './rateToolOptions.ts';
import type { OptionMapping, RateTool } from './rateToolOptions.ts';
import { rateToolOption, rateToolDocsTable, translateRateTool } from './rateToolTranslate.ts';

test('each tool has one row per option name, long and short', () => {
  for (const tool of RATE_TOOLS) {
    const rows = RATE_TOOL_OPTIONS.filter((r) => r.tools.includes(tool));
    const names = rows.flatMap((r) => (r.short === undefined ? [r.long] : [r.long, r.short]));
    assert.equal(new Set(names).size, names.length, `${tool} has an option name twice`);
  }
});

/** The `dirbench run` options a mapping writes or points to. */
function dirbenchOptions(maps: OptionMapping): string[] {
  switch (maps.kind) {
    case 'option':
      return [maps.dirbench, ...(maps.instead?.dirbench ? [maps.instead.dirbench] : [])];
    case 'flag':
    case 'list':
    case 'repeat':
    case 'seconds':
      return [maps.dirbench];
    case 'manual':
      return maps.dirbench.split(' ').filter((w) => w.startsWith('--'));
    case 'target':
      return ['--target'];
    case 'password-env':
      return ['--password-env', '--password-file'];
    case 'depth':
      return ['--depth'];
    case 'charset':
      return ['--value'];
    default:
      return [];
  }
}

test('every option the table names is an option of dirbench run', () => {
  const run = optionTable(runSpec);
  for (const row of RATE_TOOL_OPTIONS) {
    for (const option of dirbenchOptions(row.maps)) {
      assert.ok(option.slice(2) in run, `${row.long} maps to ${option}, which run does not take`);
    }
  }
  assert.ok('op' in run);
});

/** The words of a command line as typed (no word in these cases has a space). */
function words(line: string): string[] {
  return line.split(' ');
}

/** One translation: a tool's command line and the `dirbench` words it gives from `from` to `to` (the end when absent). */
interface ArgvCase {
  readonly tool: RateTool;
  readonly line: string;
  readonly from: number;
  readonly to?: number;
  readonly argv: string;
  /** The environment the translation sets, when the case checks it. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Translations by what they show: each title is one test. */
const ARGV_CASES: Readonly<Record<string, readonly ArgvCase[]>> = {
  'connection options make the target URL; UnboundID defaults that differ are written out': [
    {
      tool: 'searchrate',
      line: '-Z -h ::1 --baseDN o=x -f (cn=a)',
      from: 0,
      argv: 'run --target ldaps://[::1]:389 --op search --base o=x --filter (cn=a) --connections 1 --warmup 0',
    },
    { tool: 'modrate', line: '-p 1389', from: 2, to: 3, argv: 'ldap://localhost:1389' },
  ],
  'intervals become seconds; asynchronous outstanding requests become depth per connection': [
    {
      tool: 'searchrate',
      line: '-t 4 -i 2 -I 30 --warmUpIntervals 3 -a -O 10 --iterationsBeforeReconnect 100 -r 500',
      from: 5,
      argv: '--connections 4 --duration 60 --warmup 6 --depth 3 --policy reconnect:100 --rate 500',
    },
    // Without --intervalDuration an interval is UnboundID's 5 seconds.
    { tool: 'authrate', line: '-I 12', from: 5, to: 7, argv: '--duration 60' },
  ],
  'values are rewritten where DirBench spells them otherwise': [
    {
      tool: 'searchrate',
      line: '-s subord --sortOrder +sn,-cn:caseIgnoreOrderingMatch -A cn -A mail',
      from: 5,
      to: 11,
      argv: '--scope children --sort-keys sn,-cn:caseIgnoreOrderingMatch --attributes cn,mail',
    },
    {
      tool: 'authrate',
      line: '-C pa[ss] -a SIMPLE -w secret',
      from: 5,
      to: 9,
      argv: '--credentials-pattern pa[[ss]] --password-env DIRBENCH_BIND_PASSWORD',
      env: { DIRBENCH_BIND_PASSWORD: 'secret' },
    },
    { tool: 'authrate', line: '-a plain', from: 5, to: 7, argv: '--sasl PLAIN' },
    {
      tool: 'modrate',
      line: '-A description -l 6 -C ab]',
      from: 5,
      to: 9,
      argv: '--attribute description --value [random:6:ab]]]',
    },
  ],
  'request controls: -J once per value, --proxyAs and --assertionFilter, read attributes as lists':
    [
      {
        tool: 'searchrate',
        line: '-J 2.16.840.1.113730.3.4.2:true -J 1.2.3:false::AAE= -Y dn:uid=u.[1-9] --assertionFilter (cn=[x])',
        from: 5,
        to: 13,
        argv: '--control 2.16.840.1.113730.3.4.2:true --control 1.2.3:false::AAE= --proxy-as dn:uid=u.[1-9] --assertion-filter (cn=[[x]])',
      },
      {
        tool: 'modrate',
        line: '--preReadAttribute cn --preReadAttribute sn --postReadAttribute cn --permissiveModify',
        from: 5,
        to: 10,
        argv: '--pre-read cn,sn --post-read cn --permissive-modify',
      },
    ],
  'authrate --bindOnly DIGEST-MD5 and CRAM-MD5 bind as dn: and the --baseDN pattern': [
    {
      tool: 'authrate',
      line: '-B -b uid=user.[1-10],ou=People,dc=example,dc=com -a digest-md5 -C password',
      from: 5,
      to: 11,
      argv: '--bind-dn-pattern dn:uid=user.[1-10],ou=People,dc=example,dc=com --sasl DIGEST-MD5 --credentials-pattern password',
    },
  ],
  'authrate --bindOnly binds as the --baseDN pattern without searching': [
    {
      tool: 'authrate',
      line: '-B -b uid=user.[1-10],ou=People,dc=example,dc=com -f (uid=x) -s one -C password',
      from: 5,
      to: 9,
      argv: '--bind-dn-pattern uid=user.[1-10],ou=People,dc=example,dc=com --credentials-pattern password',
    },
  ],
};

for (const [title, cases] of Object.entries(ARGV_CASES)) {
  test(title, () => {
    for (const { tool, line, from, to, argv, env } of cases) {
      const t = translateRateTool(tool, words(line));
      assert.deepEqual(t.argv.slice(from, to), words(argv), `${tool} ${line}`);
      if (env !== undefined) assert.deepEqual(t.env, env, `${tool} ${line}`);
    }
  });
}

test('options without an equivalent are left out with the reason; output options apart', () => {
  const t = translateRateTool('modrate', [
    '--increment',
    '-A',
    'a',
    '-A',
    'b',
    '--csv',
    '--trustStorePath',
    'trust.jks',
  ]);
  assert.deepEqual(
    t.notTranslated.map((n) => n.option),
    ['--increment', '--attribute', '--trustStorePath'],
  );
  assert.match(t.notTranslated[1]?.why ?? '', /given 2 times/);
  assert.match(t.notTranslated[2]?.why ?? '', /--ca-file PEM/);
  assert.deepEqual(
    t.outputOnly.map((n) => n.option),
    ['--csv'],
  );
  const cram = translateRateTool('authrate', ['-a', 'CRAM-MD5']);
  assert.match(cram.notTranslated[0]?.why ?? '', /CRAM-MD5 after a search: .*--bind-dn-pattern/);
  const gssapi = translateRateTool('authrate', ['-a', 'GSSAPI']);
  assert.match(gssapi.notTranslated[0]?.why ?? '', /GSSAPI binds are not sent/);
  assert.throws(
    () => translateRateTool('modrate', ['--baseDN', 'o=x']),
    /modrate has no option --baseDN/,
  );
  assert.equal(rateToolOption('modrate', '-b')?.long, '--entryDN');
});

/** The cells of a Markdown table's rows, compared without the padding a formatter adds. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );
}

test('docs/rate-tools.md lists every row of the table', () => {
  const expected = tableRows(rateToolDocsTable());
  assert.equal(expected.length, RATE_TOOL_OPTIONS.length + 1);
  const page = tableRows(
    readFileSync(new URL('../../docs/rate-tools.md', import.meta.url), 'utf8'),
  );
  const header = JSON.stringify(expected[0]);
  const at = page.findIndex((row) => JSON.stringify(row) === header);
  assert.ok(at >= 0, 'docs/rate-tools.md has no searchrate/modrate/authrate table: npm run docs');
  assert.deepEqual(page.slice(at, at + expected.length), expected);
});
