import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  aptInstallCommands,
  aptUpdateCommand,
  choosePackages,
  hasAptCandidate,
  manualCommand,
  policyCommands,
  refusalMessage,
  rootAccess,
} from './installPlan.ts';
import type { PrivilegeFacts } from './installPlan.ts';
import { SYSTEM_NEEDS } from './systemNeeds.ts';
import type { SystemNeed } from './systemNeeds.ts';

function need(first: string): SystemNeed {
  const found = SYSTEM_NEEDS.find((n) => n.packages[0] === first);
  assert.ok(found, first);
  return found;
}

const user: PrivilegeFacts = {
  uid: 1000,
  aptGet: true,
  sudo: true,
  sudoWithoutPassword: false,
  terminal: false,
};

test('root installs directly; others through sudo, -n when it needs no password, prompting only at a terminal', () => {
  assert.deepEqual(rootAccess({ ...user, uid: 0, sudo: false }), { ok: true, prefix: [] });
  assert.deepEqual(rootAccess({ ...user, sudoWithoutPassword: true }), {
    ok: true,
    prefix: ['sudo', '-n'],
  });
  assert.deepEqual(rootAccess({ ...user, terminal: true }), { ok: true, prefix: ['sudo'] });
  assert.deepEqual(rootAccess(user), {
    ok: false,
    why: 'sudo needs a password and there is no terminal to type it in',
  });
  assert.deepEqual(rootAccess({ ...user, sudo: false }), {
    ok: false,
    why: 'you are not root and sudo is not installed',
  });
  const noApt = rootAccess({ ...user, uid: 0, aptGet: false });
  assert.equal(noApt.ok, false);
  assert.match(noApt.ok ? '' : noApt.why, /no apt-get; .*install their equivalents/);
});

test('no root and no sudo: the message names each package, what needs it, why, and the command to run as root', () => {
  const chosen = choosePackages([need('slapd'), need('chromium'), need('389-ds-base')], () => true);
  const facts = { ...user, sudo: false };
  const why = rootAccess(facts);
  assert.equal(why.ok, false);
  assert.equal(
    refusalMessage(chosen, why.ok ? '' : why.why, facts),
    'test:setup: the tests need system packages this machine lacks:\n' +
      '  slapd: OpenLDAP labs and the integration tests (slapd, slapadd)\n' +
      '  chromium: the UI tests (headless Chromium at /usr/bin/chromium)\n' +
      '  389-ds-base: 389 Directory Server labs\n' +
      'They cannot be installed from here: you are not root and sudo is not installed. ' +
      'Install them as root, then run npm test again:\n' +
      '  apt-get update && apt-get install -y slapd chromium && ' +
      'apt-get install -y --no-install-recommends 389-ds-base',
  );
});

test('sudo without a terminal: the command to paste uses sudo', () => {
  const message = refusalMessage(
    choosePackages([need('maven')], () => true),
    'sudo needs a password and there is no terminal to type it in',
    user,
  );
  assert.match(message, /^ {2}maven: fetching the OpenDJ server zip/m);
  assert.match(
    message,
    /Install them, then run npm test again:\n {2}sudo apt-get update && sudo apt-get install -y --no-install-recommends maven$/,
  );
});

test("a need's first package apt can install is chosen; none: null, and the manual command names the first", () => {
  const java = need('openjdk-17-jre-headless');
  assert.deepEqual(
    choosePackages([java], () => true),
    [{ need: java, pkg: 'openjdk-17-jre-headless' }],
  );
  assert.deepEqual(
    choosePackages([java], (pkg) => pkg === 'default-jre-headless'),
    [{ need: java, pkg: 'default-jre-headless' }],
  );
  const none = choosePackages([java], () => false);
  assert.deepEqual(none, [{ need: java, pkg: null }]);
  assert.equal(
    manualCommand(none, false),
    'apt-get update && apt-get install -y --no-install-recommends openjdk-17-jre-headless',
  );
});

test('apt-cache policy output: a candidate version, or none', () => {
  assert.equal(
    hasAptCandidate('slapd:\n  Installed: (none)\n  Candidate: 2.5.13+dfsg-5\n  Version table:\n'),
    true,
  );
  assert.equal(
    hasAptCandidate('openjdk-17-jre-headless:\n  Installed: (none)\n  Candidate: (none)\n'),
    false,
  );
  // apt-cache prints nothing for a package name it has never heard of.
  assert.equal(hasAptCandidate(''), false);
});

test('apt-get runs without questions: lists updated first, 389 DS, Java and Maven without recommends', () => {
  assert.deepEqual(aptUpdateCommand(['sudo', '-n']), [
    'sudo',
    '-n',
    'env',
    'DEBIAN_FRONTEND=noninteractive',
    'apt-get',
    'update',
    '-qq',
  ]);
  const chosen = choosePackages(
    [need('slapd'), need('389-ds-base'), need('fonts-dejavu-core'), need('maven')],
    () => true,
  );
  assert.deepEqual(aptInstallCommands(chosen, []), [
    [
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-qq',
      'slapd',
      'fonts-dejavu-core',
    ],
    [
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      '389-ds-base',
      'maven',
    ],
  ]);
  assert.deepEqual(
    aptInstallCommands(
      choosePackages([need('chromium')], () => true),
      ['sudo'],
    ),
    [
      [
        'sudo',
        'env',
        'DEBIAN_FRONTEND=noninteractive',
        'apt-get',
        'install',
        '-y',
        '-qq',
        'chromium',
      ],
    ],
  );
});

test('the policy-rc.d put in place refuses every service start (exit 101) and is taken away again', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-policy-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'policy-rc.d');
  const { add, remove } = policyCommands([], path);
  const [command, ...args] = add as [string, ...string[]];
  assert.equal(spawnSync(command, args).status, 0);
  // invoke-rc.d calls it with the service and the action.
  assert.equal(spawnSync(path, ['slapd', 'start']).status, 101);
  const [rm, ...rmArgs] = remove as [string, ...string[]];
  assert.equal(spawnSync(rm, rmArgs).status, 0);
  assert.equal(existsSync(path), false);
  assert.deepEqual(policyCommands(['sudo', '-n']).remove, [
    'sudo',
    '-n',
    'rm',
    '-f',
    '/usr/sbin/policy-rc.d',
  ]);
});

test('testSetup.ts --check names what is missing and exits 1, installing nothing; a wrong option exits 2', (t) => {
  const empty = mkdtempSync(join(tmpdir(), 'dirbench-setup-check-'));
  t.after(() => rmSync(empty, { recursive: true, force: true }));
  const script = join(import.meta.dirname, 'testSetup.ts');
  // Nothing on PATH and a home without a Maven repository: every command and the zip are missing.
  const env = { PATH: empty, HOME: empty };
  const check = spawnSync(process.execPath, [script, '--check'], { env, encoding: 'utf8' });
  assert.equal(check.status, 1, check.stderr);
  for (const line of [
    /^ {2}ldap-utils: ldapsearch/m,
    /^ {2}openssl: TLS certificates/m,
    /^ {2}openjdk-17-jre-headless or default-jre-headless: OpenDJ labs/m,
    /^ {2}maven: fetching the OpenDJ server zip/m,
    /^ {2}the OpenDJ server zip: OpenDJ labs \(mvn -q -B dependency:get -Dtransitive=false -Dartifact=org\.openidentityplatform\.opendj:opendj-server-legacy:4\.9\.4:zip\)$/m,
  ]) {
    assert.match(check.stdout, line);
  }
  assert.match(check.stdout, /^npm run test:setup installs them\.$/m);
  const wrong = spawnSync(process.execPath, [script, '--chek'], { env, encoding: 'utf8' });
  assert.equal(wrong.status, 2);
  assert.match(
    wrong.stderr,
    /^test:setup: unknown option --chek\nusage: node e2e\/setup\/testSetup\.ts \[--check\]\n$/,
  );
});
