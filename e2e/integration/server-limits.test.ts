// A server's own limits, as production servers keep them (the labs lift them): a run against a
// slapd with its default `sizelimit 500` samples what the limit lets through and says so once; a
// bind whose paged searches have no total limit gets the whole sample through paging; a time limit
// and an administrative limit (a scripted server) are told in words, never as a stack trace; a
// server that lists paging but does not page (as ApacheDS 2.0.0-M26) is asked again unpaged.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from 'ldapts';
import { salfordPersonDn, salfordPersonPassword } from '../../src/core/datagen/salford.ts';
import { countEntries } from '../../src/core/lab/entryCount.ts';
import { collectEntries } from '../../src/core/ldap/collectDns.ts';
import type { RunDetail } from '../../src/shared/types.ts';
import { runCli } from './cliHarness.ts';
import type { CliResult } from './cliHarness.ts';
import { startTestSlapd } from './engine-slapd.ts';
import type { TestSlapd } from './engine-slapd.ts';
import { startLimitingServer } from './fixtures/limitingServer.ts';

const ENTRIES = 2000;
const CLI_TIMEOUT_MS = 60_000;
let slapd: TestSlapd;
let dataDir: string;

before(async () => {
  // slapd's defaults (sizelimit 500 for everyone but the root, conn_max_pending 100), except that
  // bound users' paged searches have no total: what a directory that expects paging looks like.
  slapd = await startTestSlapd(ENTRIES, {
    defaultLimits: true,
    databaseConfig: 'limits users size.prtotal=unlimited\n',
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-server-limits-'));
});
after(async () => {
  await slapd?.stop();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

/** A short anonymous read-random run on `url` under `baseDn`, through the CLI, as JSON. */
function runAnonymously(url: string, baseDn: string): Promise<CliResult> {
  const args = ['run', '--target', url, '--base', baseDn, '--connections', '2'];
  return runCli([...args, '--warmup', '1', '--duration', '1', '--json'], dataDir, CLI_TIMEOUT_MS);
}

/** How often `text` occurs in `within`. */
function occurrences(within: string, text: string): number {
  return within.split(text).length - 1;
}

/** The run `dirbench runs show ID --json` prints. */
async function storedRun(runId: string): Promise<RunDetail> {
  const shown = await runCli(['runs', 'show', runId, '--json'], dataDir, CLI_TIMEOUT_MS);
  assert.equal(shown.code, 0, shown.stderr);
  return JSON.parse(shown.stdout) as RunDetail;
}

test('an anonymous run under sizelimit 500 completes on the 499 entries it sampled and says so once', async () => {
  const result = await runAnonymously(slapd.url, slapd.baseDn);
  assert.equal(result.code, 0, result.stderr);
  const note = `sampled 499 of the entries under ${slapd.baseDn}: the server's size limit; bind as a user without it for a full sample`;
  assert.equal(occurrences(result.stderr, note), 1, result.stderr);
  assert.doesNotMatch(result.stderr, /Error|\n\s+at /);
  const summary = JSON.parse(result.stdout) as Record<string, unknown>;
  assert.equal(summary['status'], 'completed');
  assert.deepEqual(summary['sampleLimit'], { sampled: 499, limit: 'size' });
  // A limited sample is not the directory's size.
  assert.equal(summary['entries'], null);
  const stored = await storedRun(String(summary['runId']));
  assert.match(stored.notes ?? '', new RegExp(note.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.deepEqual(stored.config.sampleLimit, { sampled: 499, limit: 'size' });
});

test('a user whose paged searches have no total limit samples every entry through paging', async () => {
  const spec = { entries: ENTRIES, seed: slapd.seed };
  const user = {
    url: slapd.url,
    startTls: false,
    bindDn: salfordPersonDn(spec, 0),
    password: salfordPersonPassword(spec, 0),
    tcpNoDelay: true,
  };
  // Unpaged, the same user gets only the size limit's 500 entries.
  const client = new Client({ url: slapd.url });
  try {
    await client.bind(user.bindDn, user.password);
    await assert.rejects(
      client.search(slapd.baseDn, { scope: 'sub', attributes: ['1.1'] }),
      /SizeLimitExceeded/,
    );
  } finally {
    await client.unbind();
  }
  const root = { ...user, bindDn: slapd.rootDn, password: slapd.rootPw };
  const everything = await collectEntries(root, slapd.baseDn, 100_000, []);
  const sampled = await collectEntries(user, slapd.baseDn, 100_000, []);
  assert.ok(everything.dns.length > ENTRIES, `${everything.dns.length} entries under the base`);
  assert.deepEqual(sampled, everything);
  assert.equal(sampled.limitedBy, null);
  // With attributes: only the persons have a cn, and each comes with its value.
  const persons = await collectEntries(user, slapd.baseDn, 100_000, ['cn']);
  assert.equal(persons.dns.length, ENTRIES);
  assert.equal(persons.columns['cn']?.length, ENTRIES);
  assert.match(persons.columns['cn']?.[0] ?? '', /^\S+ \S+ \d+$/);
});

test('an entry count a size limit stops is an error naming the limit, not a wrong count', async () => {
  await assert.rejects(
    countEntries(slapd.url, '', '', slapd.baseDn),
    /stopped at 500: the server's size limit applies to/,
  );
});

test('a time limit ends the sample with what came before it, said once, and the run completes', async () => {
  const server = await startLimitingServer({ entries: 300, resultCode: 3 });
  try {
    const result = await runAnonymously(server.url, server.baseDn);
    assert.equal(result.code, 0, result.stderr);
    const note = `sampled 300 of the entries under ${server.baseDn}: the server's time limit;`;
    assert.equal(occurrences(result.stderr, note), 1, result.stderr);
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    assert.equal(summary['status'], 'completed');
    assert.deepEqual(summary['sampleLimit'], { sampled: 300, limit: 'time' });
  } finally {
    await server.close();
  }
});

test('a server that lists paging but cuts a search at the page with no cookie is asked unpaged', async () => {
  const server = await startLimitingServer({ entries: 1500, resultCode: 0, cutsPagesAt: 1000 });
  try {
    const anonymous = {
      url: server.url,
      startTls: false,
      bindDn: '',
      password: '',
      tcpNoDelay: true,
    };
    const sampled = await collectEntries(anonymous, server.baseDn, 100_000, []);
    assert.equal(sampled.dns.length, 1500);
    assert.equal(sampled.limitedBy, null);
  } finally {
    await server.close();
  }
});

test('an administrative limit that lets no entry through is one line saying so', async () => {
  const server = await startLimitingServer({ entries: 0, resultCode: 11 });
  try {
    const result = await runAnonymously(server.url, server.baseDn);
    assert.notEqual(result.code, 0);
    assert.match(
      result.stderr,
      /the server's administrative limit \(such as a lookthrough limit\) stopped the search for entries under base DN ou=limited,o=dirbench before any came back; bind as a user without it/,
    );
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  } finally {
    await server.close();
  }
});
