// A known bind password used by real runs (and a lab's generated root password) (CLI with --password-env and --password-file, browser mode
// with a typed password) against a real slapd is found nowhere: not in the database or its WAL, not
// in CSV, JSON, hlog or HTML exports, not in the CLI's or the serve host's output.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from 'ldapts';
import type { RunDetail } from '../../src/shared/types.ts';
import { SALFORD_SUFFIX } from '../../src/core/datagen/salfordWords.ts';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { callApi, spawnServe } from './hostServe.ts';
import type { ServeProcess } from './hostServe.ts';

const PASSWORD = `Pw-${randomBytes(9).toString('hex')}`;
const BIND_DN = `cn=DirBench Secret Bench,${SALFORD_SUFFIX}`;
const ENV_NAME = 'DIRBENCH_SECRETS_IT_PASSWORD';
const CLI_TIMEOUT_MS = 60_000;
const RUN_OPTIONS = ['--connections', '2', '--depth', '1', '--warmup', '0', '--duration', '1'];

let slapd: TestSlapd;
let work = '';
let dataDir = '';
/** Everything the CLI and the serve host printed, to grep at the end. */
const logs: string[] = [];
/** The root password file of the lab the CLI started (its text is grepped for too). */
let labPasswordFile = '';

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'dirbench-secrets-it-'));
  dataDir = join(work, 'data');
  slapd = await startTestSlapd(200);
  const admin = new Client({ url: slapd.url, timeout: 10_000 });
  try {
    await admin.bind(slapd.rootDn, slapd.rootPw);
    await admin.add(BIND_DN, {
      objectClass: ['person'],
      cn: 'DirBench Secret Bench',
      sn: 'Bench',
      userPassword: PASSWORD,
    });
  } finally {
    await admin.unbind();
  }
});

after(async () => {
  Reflect.deleteProperty(process.env, ENV_NAME);
  await slapd?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Runs the CLI on the shared data folder, keeping its output for the final grep. */
async function cli(args: string[]): Promise<CliResult> {
  const result = await runCli(args, dataDir, CLI_TIMEOUT_MS);
  logs.push(result.stdout, result.stderr);
  return result;
}

/** The id of the run a `dirbench run --json` printed, after checking it bound and completed. */
function runIdOf(result: CliResult): string {
  assert.equal(result.code, 0, result.stderr);
  const summary = JSON.parse(result.stdout) as { runId?: string; id?: string; ops?: number };
  const id = summary.runId ?? summary.id;
  assert.ok(id, result.stdout);
  return id;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

test('CLI runs with --password-env and --password-file bind with the password and never store it', async () => {
  process.env[ENV_NAME] = PASSWORD;
  const target = ['--target', slapd.url, '--bind-dn', BIND_DN, '--base', slapd.baseDn];
  runIdOf(await cli(['run', ...target, '--password-env', ENV_NAME, ...RUN_OPTIONS, '--json']));
  const file = join(work, 'bench.pw');
  writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
  const text = await cli(['run', ...target, '--password-file', file, ...RUN_OPTIONS]);
  assert.equal(text.code, 0, text.stderr);
  const wrong = await cli(['run', ...target, '--password-env', 'DIRBENCH_NOT_SET_ANYWHERE']);
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /--password-env/);
});

test('browser mode keeps a typed password in a mode-600 file and runs with it', async () => {
  const serve: ServeProcess = spawnServe(['--data-dir', dataDir]);
  try {
    const url = new URL(await serve.url);
    const port = Number(url.port);
    const token = url.searchParams.get('token') ?? '';
    const saved = await callApi<{ id: string; passwordSource: string; passwordFile: string }>(
      port,
      token,
      'targets/save',
      {
        name: 'typed password',
        url: slapd.url,
        startTls: false,
        bindDn: BIND_DN,
        password: PASSWORD,
        baseDn: slapd.baseDn,
      },
    );
    assert.equal(saved.passwordSource, 'managed-file');
    assert.equal(saved.passwordFile, join(dataDir, 'secrets', `${saved.id}.password`));
    assert.equal(statSync(saved.passwordFile).mode & 0o777, 0o600);
    const tested = await callApi<{ ok: boolean }>(port, token, 'targets/test', { id: saved.id });
    assert.equal(tested.ok, true);
    const refused = await callApi<{ ok: boolean; error?: { message: string } }>(
      port,
      token,
      'targets/test',
      {
        input: {
          name: 'x',
          url: slapd.url,
          startTls: false,
          bindDn: BIND_DN,
          password: `${PASSWORD}-wrong`,
          baseDn: slapd.baseDn,
        },
      },
    );
    assert.equal(refused.ok, false);
    logs.push(JSON.stringify(refused));
    const { runId } = await callApi<{ runId: string }>(port, token, 'runs/start', {
      targetId: saved.id,
      workload: 'read-random',
      connections: 2,
      depth: 1,
      warmupS: 0,
      durationS: 1,
      workers: 1,
    });
    // Bounded wait for the run to end (1 s measured plus connect and teardown).
    for (let i = 0; i < 100; i++) {
      if ((await callApi<unknown>(port, token, 'runs/active')) === null) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const run = await callApi<RunDetail>(port, token, 'history/get', { runId });
    assert.equal(run.status, 'completed', run.endReason ?? '');
    assert.ok((run.summary?.ops ?? 0) > 0);
    logs.push(JSON.stringify(run));
  } finally {
    await serve.stop();
    logs.push(serve.output());
  }
});

test("a lab's generated root password stays in its mode-600 password file", async () => {
  const started = await cli(['lab', 'start', 'openldap', '--entries', '100', '--json']);
  assert.equal(started.code, 0, started.stderr);
  const lab = JSON.parse(started.stdout) as { id: string; passwordFile: string };
  labPasswordFile = lab.passwordFile;
  assert.equal(statSync(lab.passwordFile).mode & 0o777, 0o600);
  const stopped = await cli(['lab', 'stop', lab.id]);
  assert.equal(stopped.code, 0, stopped.stderr);
});

test('the password is in no database byte, export, report or log', async () => {
  const list = await cli(['runs', 'list', '--json']);
  assert.equal(list.code, 0, list.stderr);
  const ids = (JSON.parse(list.stdout) as { id: string }[]).map((r) => r.id);
  assert.equal(ids.length, 3, list.stdout);
  const out = join(work, 'exports');
  mkdirSync(out);
  const runs = ids.flatMap((id) => ['--run', id]);
  const exports = [
    ['export', ...runs, '--format', 'csv', '--out', join(out, 'runs.csv')],
    ['export', ...runs, '--format', 'csv', '--samples', '--out', join(out, 'seconds.csv')],
    ['export', ...runs, '--format', 'json', '--out', join(out, 'runs.json')],
    ['export', '--run', ids[0] as string, '--format', 'hlog', '--out', join(out, 'run.hlog')],
    ['report', ...runs, '--out', join(out, 'report.html')],
  ];
  for (const args of exports) {
    const result = await cli(args);
    assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  }
  const json = readFileSync(join(out, 'runs.json'), 'utf8');
  assert.match(json, new RegExp(BIND_DN.split(',')[0] as string), 'the export holds the runs');

  const secretFiles = filesUnder(join(dataDir, 'secrets'));
  assert.equal(secretFiles.length, 1, 'the typed password is in its own file');
  const labPassword = readFileSync(labPasswordFile, 'utf8').trim();
  assert.ok(labPassword.length >= 12);
  const grepped = [...filesUnder(dataDir), ...filesUnder(out)].filter(
    (path) => !secretFiles.includes(path) && path !== labPasswordFile,
  );
  assert.ok(grepped.some((path) => path.endsWith('-wal') || path.endsWith('.sqlite')));
  for (const secret of [PASSWORD, labPassword]) {
    for (const path of grepped) {
      const bytes = readFileSync(path);
      assert.equal(bytes.includes(secret), false, `a password is in ${path}`);
      assert.equal(bytes.includes(Buffer.from(secret, 'utf16le')), false, `in ${path} (UTF-16)`);
    }
    for (const log of logs) assert.equal(log.includes(secret), false, `a log holds it:\n${log}`);
  }
});
