// Every command that talks to a server, against a server that answers with each LDAP result code:
// the exit code is a documented one, stderr has no stack trace and one line per failure, and no
// stored run is left running. Commands run in this process (main()), several codes at once.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { EXIT_CODES } from '../../src/cli/commandSpec.ts';
import { openCore } from '../../src/core/app/core.ts';
import { DEBUG_HINT } from '../../src/core/ldap/unexpected.ts';
import { NAMED_RESULT_CODES, resultCodeName } from '../../src/core/ldap/resultCodes.ts';
import { startResponder } from '../../src/core/responder/responder.ts';
import type { ResponderOptions } from '../../src/core/responder/responder.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import type { CliResult } from './cliHarness.ts';
import { runInProcess } from './inProcessCli.ts';

/** Codes walked at once: each one's commands run in order, on its own responder and data folder. */
const CONCURRENCY = 6;
const BASE = 'ou=People,o=x';
const PASSWORD_ENV = 'DIRBENCH_TEST_CODES_PW';
/** Short runs; a rate keeps a run that succeeds from taking a core of its own. */
const SHORT = ['--duration', '1', '--warmup', '0', '--connections', '1', '--workers', '1'];
const RATE = ['--rate', '100'];
/** Codes a run with a pool is walked with: success, a limit, a missing entry, a refusal, an existing entry. */
const POOL_CODES: readonly number[] = [0, 4, 32, 53, 68];

let root = '';
let template = '';
let mixFile = '';

/** Every operation kind a worker sends, on DNs of its own patterns (nothing is sampled). */
const MIX = {
  id: 'walk/mix',
  title: 'every operation kind',
  operations: [
    {
      label: 'search',
      weight: 1,
      operation: {
        kind: 'search',
        base: BASE,
        scope: 'sub',
        filter: '(uid=user.[1-50])',
        attributes: [],
      },
    },
    {
      label: 'compare',
      weight: 1,
      operation: {
        kind: 'compare',
        entryDn: `uid=user.[1-50],${BASE}`,
        attribute: 'cn',
        value: 'x',
      },
    },
    {
      label: 'modify',
      weight: 1,
      operation: {
        kind: 'modify',
        entryDn: `uid=user.[1-50],${BASE}`,
        changes: [{ operation: 'replace', attribute: 'description', values: ['x'] }],
      },
    },
    {
      label: 'add',
      weight: 1,
      operation: {
        kind: 'add',
        template: {
          dn: `cn=walk [unique],${BASE}`,
          attributes: [
            { name: 'objectClass', values: ['person'] },
            { name: 'sn', values: ['w'] },
          ],
        },
      },
    },
    { label: 'delete', weight: 1, operation: { kind: 'delete' } },
    { label: 'modrdn', weight: 1, operation: { kind: 'modrdn' } },
    {
      label: 'bind',
      weight: 1,
      operation: { kind: 'bind', bindDn: `uid=user.[1-50],${BASE}`, password: 'secret' },
    },
  ],
};

before(() => {
  root = mkdtempSync(join(tmpdir(), 'dirbench-codes-'));
  template = join(root, 'add.ldif');
  writeFileSync(template, `dn: cn=walk [unique],${BASE}\nobjectClass: person\ncn: w\nsn: w\n`);
  mixFile = join(root, 'mix.json');
  writeFileSync(mixFile, JSON.stringify(MIX));
  process.env[PASSWORD_ENV] = 'secret';
});

after(() => {
  Reflect.deleteProperty(process.env, PASSWORD_ENV);
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

/** A data folder with the responder saved as a target (for --target ID and a matrix); its id. */
async function folderWithTarget(dir: string, url: string): Promise<string> {
  mkdirSync(dir);
  const core = await openCore({
    dbFile: join(dir, 'dirbench.sqlite'),
    dataDir: dir,
    launcher: forkLauncher(),
  });
  try {
    return core.targets.save({ name: 'responder', url, startTls: false, bindDn: '', baseDn: BASE })
      .id;
  } finally {
    await core.shutdown('set up');
  }
}

/** The commands walked: runs of each kind (sampling, binding, StartTLS, each translation, a mix, a pool), a matrix. */
function commands(
  code: number,
  url: string,
  targetId: string,
  matrixFile: string,
  withWorkers: boolean,
): string[][] {
  const adhoc = ['--target', url, '--target-base', BASE, ...SHORT];
  const connectOnly: string[][] = [
    ['run', '--target', url, '--base', BASE, ...SHORT, ...RATE],
    ['run', '--target', url, '--base', BASE, '--workload', 'salford/X.1', ...SHORT, ...RATE],
    [
      'run',
      '--target',
      url,
      '--base',
      BASE,
      '--bind-dn',
      'cn=bench,o=x',
      '--password-env',
      PASSWORD_ENV,
      '--workload',
      'salford/S.2',
      ...SHORT,
      ...RATE,
    ],
    ['run', '--target', targetId, ...SHORT, ...RATE, '--json'],
    ['matrix', 'run', matrixFile, '--json'],
    // Last: a target reused with --start-tls keeps it (the matrix above reads the saved one).
    ['run', ...adhoc, '--start-tls', '--op', 'search', '--base', BASE, ...RATE],
  ];
  const translations: string[][] = [
    [
      'run',
      ...adhoc,
      '--op',
      'search',
      '--base',
      BASE,
      '--filter',
      '(uid=user.[1-50])',
      '--policy',
      'per-op',
      ...RATE,
    ],
    [
      'run',
      ...adhoc,
      '--op',
      'modify',
      '--entry-dn',
      `uid=user.[1-50],${BASE}`,
      '--attribute',
      'description',
      '--value',
      'x',
      ...RATE,
    ],
    [
      'run',
      ...adhoc,
      '--op',
      'bind',
      '--bind-dn-pattern',
      `uid=user.[1-50],${BASE}`,
      '--credentials-pattern',
      'secret',
      ...RATE,
    ],
  ];
  // With binds refused, nothing gets past the connection test: every translation fails there, fast.
  if (!withWorkers) return [...connectOnly, ...translations];
  const mix = ['run', ...adhoc, '--workload-file', mixFile, ...RATE];
  // Adding a pool before load fails alike for every refusal: a few codes stand for all (a worker costs a process start).
  const pool = ['run', ...adhoc, '--op', 'delete', '--pool', '5', '--template', template, ...RATE];
  return [...connectOnly, mix, ...(POOL_CODES.includes(code) ? [pool] : [])];
}

/** What is wrong with one command's result, or null. */
function problemOf(result: CliResult): string | null {
  if (!EXIT_CODES.some((e) => e.code === result.code && e.code <= 3))
    return `exit ${String(result.code)} is not a documented one`;
  if (/^\s+at /m.test(result.stderr)) return 'a stack trace on stderr';
  // A server's answer is a situation DirBench words, never an error it did not expect.
  if (result.stderr.includes(DEBUG_HINT)) return 'a server answer reported as an unexpected error';
  const failures = result.stderr.split('\n').filter((line) => /^dirbench: (?!warning)/.test(line));
  if (failures.length > 1) return `${failures.length} failure lines for one failure`;
  // A failed run says so in its summary on stdout; anything else in a line on stderr.
  if (result.code !== 0 && failures.length === 0 && result.stdout === '')
    return 'a failure that says nothing';
  return null;
}

/** Runs every command against a responder answering `code` to `answering`; the problems found. */
async function walk(code: number, answering: ResponderOptions['resultCodeFor']): Promise<string[]> {
  const responder = await startResponder({ resultCode: code, resultCodeFor: answering });
  const problems: string[] = [];
  try {
    const dir = join(root, `${answering ?? 'every-request'}-${code}`);
    const targetId = await folderWithTarget(dir, responder.url);
    const matrixFile = join(dir, 'matrix.json');
    writeFileSync(
      matrixFile,
      JSON.stringify({
        name: 'walk',
        servers: [{ targetId }],
        workloads: ['salford/S.1'],
        connections: [1],
        depth: 1,
        warmupS: 0,
        durationS: 1,
        repeats: 1,
      }),
    );
    for (const args of commands(code, responder.url, targetId, matrixFile, answering === 'work')) {
      const result = await runInProcess(args, dir);
      const problem = problemOf(result);
      if (problem !== null) problems.push(`${args.join(' ')}: ${problem}\n${result.stderr}`);
    }
    const listed = await runInProcess(['runs', 'list', '--json'], dir);
    for (const { id } of JSON.parse(listed.stdout) as { id: string }[]) {
      const shown = await runInProcess(['runs', 'show', id, '--json'], dir);
      const run = JSON.parse(shown.stdout) as { status: string; endReason: string | null };
      if (!['completed', 'failed', 'stopped'].includes(run.status))
        problems.push(`run ${id} was left ${run.status}`);
      // A worker that died rather than reporting its error would be a crash.
      if (/exited with code|was ended by/.test(run.endReason ?? ''))
        problems.push(`run ${id}: ${run.endReason ?? ''}`);
    }
  } finally {
    await responder.close();
  }
  return problems.map((p) => `${code} ${resultCodeName(code)}: ${p}`);
}

/** Walks every named result code, CONCURRENCY at a time; fails listing every problem found. */
async function walkAll(answering: ResponderOptions['resultCodeFor']): Promise<void> {
  const queue = [...NAMED_RESULT_CODES];
  const problems: string[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let code = queue.shift(); code !== undefined; code = queue.shift())
        problems.push(...(await walk(code, answering)));
    }),
  );
  assert.deepEqual(problems, []);
}

test('a server that refuses every request (the bind too) with each result code: documented exits, one line, no trace', async () => {
  await walkAll('every-request');
});

test('a server that lets clients bind and refuses all they do with each result code: documented exits, one line, no trace, no run left running', async () => {
  await walkAll('work');
});
