import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  codeSpans,
  commandArgv,
  commandLines,
  headingAnchors,
  linkTargets,
  repoPaths,
} from './docsRefs.ts';

const PAGE = [
  '# Labs and `lab start`',
  '',
  'The monitor lives in `src/core/lab/openldapMonitor.ts` and `ds389/monitor.ts`; the shapes in',
  '`targetBase.ts`, the tests in `e2e/integration/lab-*.test.ts`. Not paths: `cn=monitor`,',
  '`agent-NAME.creds.json`, `dirbench.agent.NAME.>`, `p99<5ms` and `a b.ts`.',
  'Run `dirbench lab list --json` or `npx dirbench lab stop LAB-ID`; `dirbench` alone is a name.',
  '',
  '```sh',
  '# a comment line',
  'npx dirbench lab install opendj && npx dirbench lab start opendj --entries 1000000',
  'DIRBENCH_BIND_PASSWORD=pw npx dirbench run --target ldap://h:389 \\',
  "  --filter '(cn=[entry:cn])' --json > out.json",
  'npx dirbench agent --name rack1 --credentials-file a.json &',
  '```',
  '',
  '```text',
  'dirbench run [OPTIONS]',
  '```',
  '',
  '## Labs and `lab start`',
  '',
  'See [labs](labs.md#samba-ad-labs), [here](#labs-and-lab-start), ![shot](../e2e/a.png),',
  'and [the site](https://example.com/x).',
].join('\n');

test('code spans are read outside code blocks only', () => {
  const spans = codeSpans(PAGE).map((m) => m.text);
  assert.ok(spans.includes('targetBase.ts'));
  assert.ok(!spans.some((s) => s.startsWith('npx dirbench lab install')));
});

test('repository paths: rooted ones, and source files named by their end (the stale recipe names)', () => {
  const paths = repoPaths(PAGE).map((m) => [m.text, m.rooted]);
  assert.deepEqual(paths, [
    ['src/core/lab/openldapMonitor.ts', true],
    ['ds389/monitor.ts', false],
    ['targetBase.ts', false],
    ['e2e/integration/lab-*.test.ts', true],
  ]);
  assert.equal(repoPaths(PAGE)[0]?.line, 3);
});

test('command lines: code blocks (continued lines joined, && split, env cut), spans; not text blocks', () => {
  const lines = commandLines(PAGE);
  assert.deepEqual(
    lines.map((m) => m.text),
    [
      'npx dirbench lab install opendj',
      'npx dirbench lab start opendj --entries 1000000',
      "npx dirbench run --target ldap://h:389 --filter '(cn=[entry:cn])' --json > out.json",
      'npx dirbench agent --name rack1 --credentials-file a.json &',
      'dirbench lab list --json',
      'npx dirbench lab stop LAB-ID',
    ],
  );
  assert.deepEqual(
    lines.map((m) => m.line),
    [10, 10, 11, 13, 6, 6],
  );
});

test('a command line becomes the argv after dirbench: quotes removed, redirections and jobs cut', () => {
  assert.deepEqual(commandArgv("npx dirbench run --filter '(cn=[entry:cn])' --json > out.json"), [
    'run',
    '--filter',
    '(cn=[entry:cn])',
    '--json',
  ]);
  assert.deepEqual(commandArgv('dirbench agent --name rack1 &'), ['agent', '--name', 'rack1']);
  assert.deepEqual(commandArgv('dirbench workloads show x.1 # a comment'), [
    'workloads',
    'show',
    'x.1',
  ]);
});

test('links: relative targets with their anchors, URLs left out; anchors as GitHub makes them', () => {
  assert.deepEqual(
    linkTargets(PAGE).map((m) => m.text),
    ['labs.md#samba-ad-labs', '#labs-and-lab-start', '../e2e/a.png'],
  );
  assert.deepEqual([...headingAnchors(PAGE)], ['labs-and-lab-start', 'labs-and-lab-start-1']);
  assert.deepEqual(
    [...headingAnchors('## Outcomes, thresholds and exit codes\n## CI: gates (v2)')],
    ['outcomes-thresholds-and-exit-codes', 'ci-gates-v2'],
  );
});
