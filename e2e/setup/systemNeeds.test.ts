import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { OPENDJ_ZIP_ENV } from '../../src/core/lab/opendj/software.ts';
import { missingNeeds, openDjZipState, SYSTEM_NEEDS } from './systemNeeds.ts';
import type { MachineProbe } from './systemNeeds.ts';

/** A machine that has every file, command and server but those named in `lacks`. */
function machine(lacks: readonly string[] = []): MachineProbe {
  const has = (what: string): boolean => !lacks.includes(what);
  return {
    exists: (path) => has(path),
    matches: (pattern) => has(pattern),
    onPath: (command) => has(command),
    openLdap: () => has('openldap'),
    ds389: () => has('389ds'),
    java: () => has('java'),
    natsServer: () => has('nats-server'),
  };
}

const packagesOf = (lacks: readonly string[]): string[][] =>
  missingNeeds(machine(lacks)).map((need) => [...need.packages]);

test('a machine with everything misses nothing', () => {
  assert.deepEqual(missingNeeds(machine()), []);
});

test('each missing piece is named by the package that provides it', () => {
  assert.deepEqual(packagesOf(['openldap']), [['slapd']]);
  assert.deepEqual(packagesOf(['ldapsearch']), [['ldap-utils']]);
  assert.deepEqual(packagesOf(['/usr/bin/chromium']), [['chromium']]);
  assert.deepEqual(packagesOf(['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf']), [
    ['fonts-dejavu-core'],
  ]);
  assert.deepEqual(packagesOf(['openssl']), [['openssl']]);
  assert.deepEqual(
    packagesOf(['/usr/lib/python3/dist-packages/prometheus_client/openmetrics/parser.py']),
    [['python3-prometheus-client']],
  );
  assert.deepEqual(packagesOf(['389ds']), [['389-ds-base']]);
  assert.deepEqual(packagesOf(['java']), [['openjdk-17-jre-headless', 'default-jre-headless']]);
  assert.deepEqual(packagesOf(['mvn']), [['maven']]);
  assert.deepEqual(packagesOf(['/usr/share/apacheds/lib/apacheds-service.jar']), [['apacheds']]);
  assert.deepEqual(packagesOf(['/usr/share/java/caffeine.jar']), [['libcaffeine-java']]);
  assert.deepEqual(packagesOf(['nats-server']), [['nats-server']]);
  assert.deepEqual(packagesOf(['/usr/sbin/samba']), [['samba-ad-dc']]);
  assert.deepEqual(packagesOf(['/usr/lib/*/samba/ldb/samba_dsdb.so']), [['samba-ad-dc']]);
  assert.deepEqual(packagesOf(['/usr/share/samba/setup/ad-schema']), [['samba-ad-provision']]);
});

test('each SASL plugin (PLAIN, DIGEST-MD5, CRAM-MD5, SCRAM) counts in any multiarch folder or the plain one', () => {
  for (const plugin of ['libplain.so', 'libdigestmd5.so', 'libcrammd5.so', 'libscram.so']) {
    const multiarch = `/usr/lib/*/sasl2/${plugin}`;
    const plain = `/usr/lib/sasl2/${plugin}`;
    assert.deepEqual(packagesOf([multiarch]), []);
    assert.deepEqual(packagesOf([plain]), []);
    assert.deepEqual(packagesOf([multiarch, plain]), [['libsasl2-modules']], plugin);
  }
});

test('several missing pieces come in the order .ci/run installed them, 389 DS, Java and Maven without recommends', () => {
  const missing = missingNeeds(machine(['mvn', '/usr/bin/chromium', 'openldap', '389ds']));
  assert.deepEqual(
    missing.map((need) => [need.packages[0], need.noRecommends]),
    [
      ['slapd', false],
      ['chromium', false],
      ['389-ds-base', true],
      ['maven', true],
    ],
  );
  for (const need of SYSTEM_NEEDS) assert.ok(need.usedFor.length > 0, need.packages.join());
});

test('the OpenDJ zip: found through DIRBENCH_OPENDJ_ZIP or the local Maven repository; a wrong DIRBENCH_OPENDJ_ZIP is named', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-setup-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const zip = join(dir, 'opendj.zip');
  writeFileSync(zip, 'PK');
  assert.deepEqual(openDjZipState({ [OPENDJ_ZIP_ENV]: zip, HOME: dir }), {
    state: 'present',
    path: zip,
  });
  assert.deepEqual(openDjZipState({ HOME: dir }), { state: 'missing' });
  const m2 = join(dir, '.m2/repository/org/openidentityplatform/opendj/opendj-server-legacy/4.9.4');
  mkdirSync(m2, { recursive: true });
  writeFileSync(join(m2, 'opendj-server-legacy-4.9.4.zip'), 'PK');
  assert.equal(openDjZipState({ HOME: dir }).state, 'present');
  const wrong = openDjZipState({ [OPENDJ_ZIP_ENV]: join(dir, 'nope.zip'), HOME: dir });
  assert.equal(wrong.state, 'misnamed');
  assert.match(
    wrong.state === 'misnamed' ? wrong.problem : '',
    /^DIRBENCH_OPENDJ_ZIP=.*nope\.zip names no file: point it at the OpenDJ server zip or unset it$/,
  );
});
