import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runSpec } from './commands/run.ts';
import { optionTable } from './commandSpec.ts';
import { RATE_TOOL_OPTIONS, RATE_TOOLS } from './rateToolOptions.ts';
import type { OptionMapping } from './rateToolOptions.ts';
import { rateToolOption, rateToolReadmeTable, translateRateTool } from './rateToolTranslate.ts';

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

test('connection options make the target URL; UnboundID defaults that differ are written out', () => {
  const t = translateRateTool('searchrate', ['-Z', '-h', '::1', '--baseDN', 'o=x', '-f', '(cn=a)']);
  assert.deepEqual(t.argv, [
    'run',
    '--target',
    'ldaps://[::1]:389',
    '--op',
    'search',
    '--base',
    'o=x',
    '--filter',
    '(cn=a)',
    '--connections',
    '1',
    '--warmup',
    '0',
  ]);
  assert.equal(translateRateTool('modrate', ['-p', '1389']).argv[2], 'ldap://localhost:1389');
});

test('intervals become seconds; asynchronous outstanding requests become depth per connection', () => {
  const t = translateRateTool('searchrate', [
    '-t',
    '4',
    '-i',
    '2',
    '-I',
    '30',
    '--warmUpIntervals',
    '3',
    '-a',
    '-O',
    '10',
    '--iterationsBeforeReconnect',
    '100',
    '-r',
    '500',
  ]);
  assert.deepEqual(t.argv.slice(5), [
    '--connections',
    '4',
    '--duration',
    '60',
    '--warmup',
    '6',
    '--depth',
    '3',
    '--policy',
    'reconnect:100',
    '--rate',
    '500',
  ]);
  // Without --intervalDuration an interval is UnboundID's 5 seconds.
  assert.deepEqual(translateRateTool('authrate', ['-I', '12']).argv.slice(5, 7), [
    '--duration',
    '60',
  ]);
});

test('values are rewritten where DirBench spells them otherwise', () => {
  const search = translateRateTool('searchrate', [
    '-s',
    'subord',
    '--sortOrder',
    '+sn,-cn:caseIgnoreOrderingMatch',
    '-A',
    'cn',
    '-A',
    'mail',
  ]);
  assert.deepEqual(search.argv.slice(5, 11), [
    '--scope',
    'children',
    '--sort-keys',
    'sn,-cn:caseIgnoreOrderingMatch',
    '--attributes',
    'cn,mail',
  ]);
  const auth = translateRateTool('authrate', ['-C', 'pa[ss]', '-a', 'SIMPLE', '-w', 'secret']);
  assert.deepEqual(auth.argv.slice(5, 9), [
    '--credentials-pattern',
    'pa[[ss]]',
    '--password-env',
    'DIRBENCH_BIND_PASSWORD',
  ]);
  assert.deepEqual(auth.env, { DIRBENCH_BIND_PASSWORD: 'secret' });
  assert.deepEqual(translateRateTool('authrate', ['-a', 'plain']).argv.slice(5, 7), [
    '--sasl',
    'PLAIN',
  ]);
  const charset = translateRateTool('modrate', ['-A', 'description', '-l', '6', '-C', 'ab]']);
  assert.deepEqual(charset.argv.slice(5, 9), [
    '--attribute',
    'description',
    '--value',
    '[random:6:ab]]]',
  ]);
});

test('authrate --bindOnly binds as the --baseDN pattern without searching', () => {
  const t = translateRateTool('authrate', [
    '-B',
    '-b',
    'uid=user.[1-10],ou=People,dc=example,dc=com',
    '-f',
    '(uid=x)',
    '-s',
    'one',
    '-C',
    'password',
  ]);
  assert.deepEqual(t.argv.slice(5, 9), [
    '--bind-dn-pattern',
    'uid=user.[1-10],ou=People,dc=example,dc=com',
    '--credentials-pattern',
    'password',
  ]);
});

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
  assert.match(cram.notTranslated[0]?.why ?? '', /CRAM-MD5 binds are not sent/);
  assert.throws(
    () => translateRateTool('modrate', ['--baseDN', 'o=x']),
    /modrate has no option --baseDN/,
  );
  assert.equal(rateToolOption('modrate', '-b')?.long, '--entryDN');
});

/** The cells of the README table's rows, compared without the padding a formatter adds. */
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

test('the README lists every row of the table', () => {
  const expected = tableRows(rateToolReadmeTable());
  assert.equal(expected.length, RATE_TOOL_OPTIONS.length + 1);
  const readme = tableRows(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
  const header = JSON.stringify(expected[0]);
  const at = readme.findIndex((row) => JSON.stringify(row) === header);
  assert.ok(
    at >= 0,
    'README.md has no searchrate/modrate/authrate table: paste rateToolReadmeTable()',
  );
  assert.deepEqual(readme.slice(at, at + expected.length), expected);
});
