// TLS against a real OpenLDAP lab serving StartTLS: the server certificate is verified by default,
// trusting an unverified one is an explicit choice recorded on the run, and a client certificate
// from the lab CA authenticates SASL EXTERNAL binds (mapped by the lab's authz-regexp to an entry).
import type { ApiRequest } from '../../src/shared/api.ts';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from 'ldapts';
import { ApiError } from '../../src/shared/errors.ts';
import { tlsTrustWarning } from '../../src/shared/describe.ts';
import type { LabInfo } from '../../src/shared/labTypes.ts';
import type { TargetInput } from '../../src/shared/targetTypes.ts';
import type { RunRequest } from '../../src/shared/types.ts';
import type { WorkloadSpec } from '../../src/shared/workload.ts';
import type { Core } from '../../src/core/app/core.ts';
import { issueClientCertificate } from '../../src/core/lab/labTls.ts';
import { closeQuietly, openBoundClient, startTlsOptions } from '../../src/core/ldap/connection.ts';
import { runCli } from './cliHarness.ts';
import { startTlsLabCore } from './fixtures/tlsLabCore.ts';
import type { TlsLabCore } from './fixtures/tlsLabCore.ts';

const WHO_AM_I = '1.3.6.1.4.1.4203.1.11.3';
const EXTERNAL_BINDS: WorkloadSpec = {
  id: 'user/external-binds',
  title: 'SASL EXTERNAL binds',
  operations: [
    { label: 'bind', weight: 1, operation: { kind: 'bind', bindDn: '', mechanism: 'EXTERNAL' } },
  ],
};

let fixture: TlsLabCore;
let dataDir = '';
let core: Core;
let lab: LabInfo;
let caFile = '';
let userDn = '';
let cert = { certFile: '', keyFile: '' };

before(async () => {
  fixture = await startTlsLabCore('dirbench-tls-it-', 200);
  ({ dataDir, core, lab } = fixture);
  caFile = lab.tls?.caFile ?? '';
  const admin = new Client({ url: lab.url, timeout: 10_000 });
  try {
    await admin.startTLS(startTlsOptions({ url: lab.url, caFile }));
    await admin.bind(lab.bindDn, fixture.rootPassword);
    const { searchEntries } = await admin.search(lab.baseDn, {
      filter: '(uid=*)',
      attributes: ['uid'],
      sizeLimit: 1,
    });
    const entry = searchEntries[0];
    assert.ok(entry, 'the lab has an entry with a uid');
    userDn = entry.dn;
    cert = await issueClientCertificate(dirname(caFile), String(entry.uid));
  } finally {
    await closeQuietly(admin, 1000);
  }
});

after(async () => {
  await fixture?.stop();
});

/** Form values of a target on the lab's StartTLS URL, bound anonymously. */
function labTarget(extra: Partial<TargetInput>): TargetInput {
  return {
    name: `tls ${Object.keys(extra).join(' ')}`,
    url: lab.url,
    startTls: true,
    bindDn: '',
    baseDn: lab.baseDn,
    ...extra,
  };
}

/** A short run of `spec` (or random reads) against a saved target. */
async function runOn(targetId: string, spec?: WorkloadSpec) {
  const request: RunRequest = {
    targetId,
    workload: spec?.id ?? 'read-random',
    ...(spec === undefined ? {} : { workloadSpec: spec }),
    connections: 2,
    depth: 1,
    warmupS: 0,
    durationS: 1,
    workers: 1,
  };
  const { done } = await core.runService.start(request);
  return done;
}

test('StartTLS verifies the server certificate unless the target explicitly trusts it', async () => {
  const test = (req: ApiRequest<'targets/test'>) => core.call('targets/test', req);
  const systemStore = await test({ input: labTarget({}) });
  assert.equal(systemStore.ok, false, 'the lab CA is not in the system store');
  assert.equal((await test({ input: labTarget({ caFile }) })).ok, true);
  assert.equal((await test({ input: labTarget({ tlsVerify: false }) })).ok, true);
  // ldaps:// (the lab listens there too) verifies the same way.
  const ldaps = { url: lab.tls?.ldapsUrl ?? '', startTls: false };
  assert.equal((await test({ input: labTarget(ldaps) })).ok, false);
  assert.equal((await test({ input: labTarget({ ...ldaps, caFile }) })).ok, true);
  assert.equal((await test({ input: labTarget({ ...ldaps, tlsVerify: false }) })).ok, true);

  const trusting = await core.call('targets/save', labTarget({ tlsVerify: false }));
  assert.equal(trusting.tlsVerify, false);
  const run = await runOn(trusting.id);
  assert.equal(run.status, 'completed', run.endReason ?? '');
  assert.equal(run.config.tlsVerify, false);
  assert.match(tlsTrustWarning(run.config) ?? '', /NOT verified/);

  const verifying = await core.call('targets/save', labTarget({ caFile }));
  const verified = await runOn(verifying.id);
  assert.equal(verified.config.tlsVerify, true);
  assert.equal(tlsTrustWarning(verified.config), null);
});

test('the CLI verifies ldaps:// by default; --tls-no-verify runs and says so', async () => {
  const cliDir = join(dataDir, 'cli');
  const target = ['--target', lab.tls?.ldapsUrl ?? '', '--base', lab.baseDn];
  const timing = ['--connections', '1', '--warmup', '0', '--duration', '1'];
  const refused = await runCli(['run', ...target, ...timing], cliDir, 60_000);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /certificate/i);
  const trusted = await runCli(['run', ...target, ...timing, '--tls-no-verify'], cliDir, 60_000);
  assert.equal(trusted.code, 0, trusted.stderr);
  assert.match(trusted.stdout, /WARNING: TLS certificate NOT verified/);
  const json = await runCli(
    ['run', ...target, ...timing, '--tls-no-verify', '--json'],
    cliDir,
    60_000,
  );
  assert.equal(json.code, 0, json.stderr);
  assert.equal(
    (JSON.parse(json.stdout) as { target: { tlsVerify: boolean } }).target.tlsVerify,
    false,
  );
});

test('a client certificate from the lab CA authenticates SASL EXTERNAL as its entry', async () => {
  const client = await openBoundClient({
    url: lab.url,
    startTls: true,
    bindDn: '',
    password: '',
    tcpNoDelay: true,
    caFile,
    clientCertFile: cert.certFile,
    clientKeyFile: cert.keyFile,
  });
  try {
    await client.bind('EXTERNAL');
    const { value } = await client.exop(WHO_AM_I);
    assert.equal(String(value).toLowerCase(), `dn:${userDn}`.toLowerCase());
  } finally {
    await closeQuietly(client, 1000);
  }

  const withCert = await core.call(
    'targets/save',
    labTarget({ caFile, clientCertFile: cert.certFile, clientKeyFile: cert.keyFile }),
  );
  const run = await runOn(withCert.id, EXTERNAL_BINDS);
  assert.equal(run.status, 'completed', run.endReason ?? '');
  assert.ok((run.summary?.ops ?? 0) > 0, 'EXTERNAL binds ran');
  assert.equal(run.summary?.errors, 0, JSON.stringify(run.summary?.errorsByCode));
  assert.equal(run.config.clientCertFile, cert.certFile);
});

test('EXTERNAL binds without a client certificate, and half a certificate, are refused by field', async () => {
  const plain = await core.call('targets/save', labTarget({ caFile }));
  await assert.rejects(
    runOn(plain.id, EXTERNAL_BINDS),
    (err: unknown) =>
      err instanceof ApiError &&
      err.field === 'workloadSpec.operations[0].operation.mechanism' &&
      /client certificate/.test(err.message),
  );
  await assert.rejects(
    core.call('targets/save', labTarget({ caFile, clientCertFile: cert.certFile })),
    (err: unknown) => err instanceof ApiError && err.field === 'clientKeyFile',
  );
  await assert.rejects(
    core.call('targets/save', labTarget({ clientCertFile: caFile, clientKeyFile: caFile })),
    (err: unknown) => err instanceof ApiError && err.field === 'clientKeyFile',
  );
});
