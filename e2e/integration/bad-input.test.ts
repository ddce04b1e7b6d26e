// Bad input end to end: every mistake below is refused by the CLI with exit code 2 and a message
// naming the option or field at fault, before anything runs: no run, lab or campaign is stored.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import { runCli } from './cliHarness.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-bad-input-'));
const work = mkdtempSync(path.join(os.tmpdir(), 'dirbench-bad-input-files-'));
after(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const written: string[] = [];

/** Writes a file into the test's folder and returns its path. */
function file(name: string, text: string): string {
  written.push(name);
  const p = path.join(work, name);
  writeFileSync(p, text);
  return p;
}

const badJson = file('bad.json', '{"broken');
const badFilter = file(
  'filter.json',
  JSON.stringify({
    id: 'user/x',
    title: 't',
    operations: [
      {
        label: 's',
        weight: 1,
        operation: {
          kind: 'search',
          base: 'o=x',
          scope: 'sub',
          filter: '(cn=a)(cn=b)',
          attributes: [],
        },
      },
    ],
  }),
);
const badTemplate = file(
  'bad.template',
  'branch: dc=x\nobjectClass: top\nsubordinateTemplate: p:1\n\ntemplate: p\nrdnAttr: cn\ncn: <random:alpha:99999999>\n',
);
const badMatrix = file(
  'matrix.json',
  JSON.stringify({
    name: 'm',
    servers: [{ lab: 'openldap' }],
    sizes: [-5],
    indexProfiles: ['none'],
    workloads: ['read-random'],
    connections: [1],
    warmupS: 0,
    durationS: 1,
  }),
);
const unknownInMatrix = file(
  'matrix-workload.json',
  JSON.stringify({
    name: 'm',
    servers: [{ lab: 'openldap' }],
    sizes: [1000],
    indexProfiles: ['none'],
    workloads: ['nope/x'],
    connections: [1],
    warmupS: 0,
    durationS: 1,
  }),
);
const badCsv = file('bad.csv', 'garbage,,\n1,2\n');
const addTemplate = file('add.ldif', 'objectClass: top\ndn: cn=x,o=t\n');
const out = path.join(work, 'out.ldif');
const missing = path.join(work, 'missing');
// Port 1 refuses at once: if a case were wrongly accepted it fails fast with exit 1, not 2.
const target = ['--target', 'ldap://127.0.0.1:1', '--base', 'o=x'];

/** [what is wrong, arguments, what the message must name]. */
const CASES: [string, string[], RegExp][] = [
  [
    'not an LDAP URL',
    ['run', '--target', 'http://dir.example.com', '--base', 'o=x'],
    /--target.*not an LDAP URL/,
  ],
  [
    'port out of range',
    ['run', '--target', 'ldap://127.0.0.1:99999', '--base', 'o=x'],
    /--target.*port 99999.*1-65535/,
  ],
  [
    'base is not a DN',
    ['run', '--target', 'ldap://127.0.0.1:1', '--base', 'notadn'],
    /--base.*not a DN/,
  ],
  [
    'bind DN is not a DN',
    ['run', ...target, '--bind-dn', 'garbage', '--password-file', badCsv],
    /--bind-dn.*not a DN/,
  ],
  [
    'filter not RFC 4515',
    ['run', ...target, '--op', 'search', '--filter', '(cn=a)(cn=b)'],
    /--filter.*not an LDAP filter/,
  ],
  ['operation timeout of zero', ['run', ...target, '--op-timeout', '0'], /--op-timeout/],
  [
    'threshold without a unit',
    ['run', ...target, '--threshold', 'p99<5'],
    /--threshold: "p99<5": give p99 a time unit/,
  ],
  [
    'threshold naming a label the workload lacks',
    ['run', ...target, '--threshold', 'p99<5ms', '--threshold', 'modify.p99<1ms'],
    /--threshold #2: "modify.p99<1ms": the workload has no operation labelled "modify"/,
  ],
  [
    'JUnit report into a folder that does not exist',
    ['run', ...target, '--junit', '/nonexistent-dirbench/report.xml'],
    /--junit .*the folder \/nonexistent-dirbench does not exist/,
  ],
  [
    'modify of an attribute that cannot be one',
    ['run', ...target, '--op', 'modify', '--entry-dn', 'uid=a', '--attribute', 'bad attr'],
    /--attribute.*not an attribute name/,
  ],
  [
    'unclosed value pattern',
    ['run', ...target, '--op', 'search', '--filter', '(uid=user.[1-'],
    /--filter.*unclosed '\['/,
  ],
  [
    'value pattern range reversed',
    ['run', ...target, '--op', 'search', '--filter', '(uid=[9-1])'],
    /--filter.*empty range/,
  ],
  [
    'add template without dn first',
    ['run', ...target, '--op', 'add', '--template', addTemplate],
    /--template.*dn/,
  ],
  [
    'zero connections',
    ['run', ...target, '--connections', '0'],
    /--connections must be between 1 and/,
  ],
  [
    'negative connections',
    ['run', ...target, '--connections', '-1'],
    /--connections must be between 1 and .*-1/,
  ],
  [
    'NaN connections',
    ['run', ...target, '--connections', 'NaN'],
    /--connections must be a whole number/,
  ],
  ['negative rate', ['run', ...target, '--rate', '-5'], /--rate must be between 1 and/],
  ['huge rate', ['run', ...target, '--rate', '99999999999'], /--rate must be between 1 and/],
  ['negative warm-up', ['run', ...target, '--warmup', '-1'], /--warmup must be between 0 and/],
  [
    'unknown workload id',
    ['run', ...target, '--workload', 'nope/x'],
    /--workload.*unknown workload 'nope\/x'/,
  ],
  [
    'missing workload file',
    ['run', ...target, '--workload-file', missing],
    /--workload-file.*ENOENT/,
  ],
  [
    'workload file not JSON',
    ['run', ...target, '--workload-file', badJson],
    /--workload-file.*not valid JSON/,
  ],
  [
    'workload file with a bad filter',
    ['run', ...target, '--workload-file', badFilter],
    /operations\[0\]\.operation\.filter.*not an LDAP filter/,
  ],
  [
    'missing password file',
    ['run', ...target, '--bind-dn', 'cn=a', '--password-file', missing],
    /--password-file.*cannot read/,
  ],
  [
    'unknown policy',
    ['run', ...target, '--policy', 'sometimes'],
    /--policy.*unknown connection policy/,
  ],
  [
    'unknown saved target',
    ['run', '--target', 'nosuch-target-id'],
    /--target.*no target or running lab with id nosuch-target-id/,
  ],
  ['unknown lab kind', ['run', '--lab', 'bogus', '--entries', '1000'], /--lab.*unknown lab kind/],
  [
    'lab too large',
    ['run', '--lab', 'openldap', '--entries', '20000000'],
    /--entries must be between 1 and/,
  ],
  [
    'generate negative entries',
    ['generate', '--shape', 'salford', '--entries', '-1', '--out', out],
    /--entries must be between/,
  ],
  [
    'generate huge entries',
    ['generate', '--shape', 'salford', '--entries', '99999999999999', '--out', out],
    /--entries.*at most 1,000,000,000/,
  ],
  [
    'generate unknown shape',
    ['generate', '--shape', 'tree', '--entries', '10', '--out', out],
    /--shape must be salford or flat/,
  ],
  [
    'generate missing template',
    ['generate', '--template', missing, '--out', out],
    /--template.*cannot read the template/,
  ],
  [
    'generate runaway template',
    ['generate', '--template', badTemplate, '--out', out],
    /--template.*bad\.template:7.*is above 1000000/,
  ],
  [
    'lab start unknown kind',
    ['lab', 'start', 'bogus', '--entries', '1000'],
    /lab kind.*unknown lab kind "bogus"/,
  ],
  [
    'lab start 0 entries',
    ['lab', 'start', 'openldap', '--entries', '0'],
    /--entries must be between 1 and/,
  ],
  [
    'lab start unknown index profile',
    ['lab', 'start', 'openldap', '--entries', '1000', '--index', 'nosuch'],
    /--index.*unknown index profile "nosuch"/,
  ],
  ['matrix file missing', ['matrix', 'run', missing], /cannot read .*missing.*ENOENT/],
  ['matrix size negative', ['matrix', 'run', badMatrix], /sizes\[0\] must be between 1 and/],
  [
    'matrix with an unknown workload id',
    ['matrix', 'run', unknownInMatrix],
    /workloads\[0\]: unknown workload 'nope\/x'/,
  ],
  ['unknown built-in matrix', ['matrix', 'run', 'builtin/nope'], /no matrix builtin\/nope/],
  [
    'matrix --sizes negative',
    ['matrix', 'run', 'builtin/salford', '--sizes', '-5'],
    /--sizes takes entry counts/,
  ],
  [
    'import unknown format',
    ['import', '--format', 'xml', badCsv],
    /--format must be searchrate-csv/,
  ],
  [
    'import malformed CSV',
    ['import', '--format', 'searchrate-csv', badCsv],
    /bad\.csv line 1: not the header/,
  ],
  [
    'export unknown format',
    ['export', '--run', 'nope', '--format', 'bmp', '--out', path.join(work, 'x.bmp')],
    /--format must be csv, json or hlog/,
  ],
];

/** Runs `items` through `fn` a few at a time: the CLI starts in about a second, and the machine is shared. */
async function pooled<T>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

test('bad input is refused with exit 2 and the option named, and nothing is created', async () => {
  const failures: string[] = [];
  await pooled(CASES, 3, async ([what, args, expected]) => {
    const { code, stderr } = await runCli(args, dataDir, 30_000);
    if (code !== 2 || !expected.test(stderr)) {
      failures.push(
        `${what}: dirbench ${args.join(' ')} exited ${code}: ${stderr.trim().slice(0, 300)}`,
      );
    }
  });
  assert.deepEqual(failures, []);
  const db = new Database(path.join(dataDir, 'dirbench.sqlite'), { readonly: true });
  try {
    for (const table of ['runs', 'labs', 'campaigns']) {
      const { n } = db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number };
      assert.equal(n, 0, `a bad input left a row in ${table}`);
    }
  } finally {
    db.close();
  }
  // No output file either: generate refused before writing.
  assert.deepEqual(readdirSync(work).sort(), [...written].sort());
  const list = await runCli(['runs', 'list', '--json'], dataDir, 30_000);
  assert.deepEqual(JSON.parse(list.stdout), []);
});
