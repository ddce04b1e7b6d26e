// Request controls and SASL binds against a real slapd: each control is shown acted on by the
// server (proxied authorization lets a user write what only the proxied identity may, a failing
// assertion gives 122, pre-read and post-read return the entry, permissive modify lets an existing
// value be added, ManageDsaIT by raw OID reaches a referral object), and DIGEST-MD5, CRAM-MD5,
// SCRAM-SHA-1 and SCRAM-SHA-256 binds succeed with the right password and fail with 49 with a wrong one (slapd reads the
// cleartext userPassword through its own auxprop). The loads run through the real CLI.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Change, Attribute, Client, InvalidCredentialsError } from 'ldapts';
import {
  ReadEntryControl,
  CONTROL_OID,
  readAttributesValue,
} from '../../src/core/ldap/controls/encodeControls.ts';
import { saslBind } from '../../src/core/ldap/sasl/saslBind.ts';
import { translateRateTool } from '../../src/cli/rateToolTranslate.ts';
import { runCli } from './cliHarness.ts';
import type { TestSlapd } from './engine-slapd.ts';
import {
  ADMIN,
  ADMIN_PASSWORD,
  PEOPLE,
  PROXIER,
  PROXIER_PASSWORD,
  REFERRAL,
  startSaslSlapd,
  USERS,
} from './fixtures/saslSlapd.ts';

const MANAGE_DSA_IT = '2.16.840.1.113730.3.4.2';
/** The challenge-response mechanisms; slapd's Cyrus SASL computes SCRAM's salted key from the cleartext password. */
const SASL_MECHANISMS = ['DIGEST-MD5', 'CRAM-MD5', 'SCRAM-SHA-1', 'SCRAM-SHA-256'] as const;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-controls-sasl-'));
let server: TestSlapd | null = null;

/** Writes a password file and returns its path. */
function passwordFile(name: string, password: string): string {
  const file = path.join(dataDir, name);
  writeFileSync(file, `${password}\n`);
  return file;
}

/** A short --json run of `dirbench run --target URL ARGS` bound as `bindDn`; the summary. */
async function run(
  bindDn: string,
  password: string,
  args: string[],
): Promise<Record<string, unknown>> {
  const file = passwordFile(`${bindDn.split(',')[0]}.pw`, password);
  const argv = ['run', '--target', server?.url ?? '', '--bind-dn', bindDn, '--password-file', file];
  const full = [
    ...argv,
    ...args,
    '--connections',
    '1',
    '--warmup',
    '0',
    '--duration',
    '1',
    '--json',
  ];
  const { code, stdout, stderr } = await runCli(full, dataDir, 60_000);
  // A run whose operations failed exits 1 (errors count against it); anything else is a fault.
  assert.ok(code === 0 || code === 1, `dirbench ${full.join(' ')} exited ${code}\n${stderr}`);
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** The run's errors by code name, e.g. { assertionFailed: 12 }. */
function errorsOf(summary: Record<string, unknown>): Record<string, number> {
  return (summary['errorsByCode'] ?? {}) as Record<string, number>;
}

/** Asserts the run did work and every operation succeeded. */
function assertAllSucceeded(summary: Record<string, unknown>, what: string): void {
  assert.equal(summary['status'], 'completed', what);
  assert.deepEqual(errorsOf(summary), {}, what);
  assert.ok((summary['ops'] as number) > 0, `${what}: no operation completed`);
}

/** Asserts every operation failed, all with result code `name`. */
function assertAllFailedWith(summary: Record<string, unknown>, name: string, what: string): void {
  const errors = errorsOf(summary);
  assert.deepEqual(Object.keys(errors), [name], `${what}: ${JSON.stringify(errors)}`);
  assert.ok((errors[name] as number) > 0, what);
  assert.equal(summary['ops'], 0, `${what}: no operation may succeed`);
}

/** A client bound as the root user. */
async function admin(): Promise<Client> {
  const client = new Client({ url: server?.url ?? '', timeout: 10_000 });
  await client.bind(ADMIN, ADMIN_PASSWORD);
  return client;
}

/** The description values of a user's entry. */
async function descriptionOf(n: number): Promise<string[]> {
  const client = await admin();
  try {
    const { searchEntries } = await client.search(`uid=user.${n},${PEOPLE}`, {
      scope: 'base',
      attributes: ['description'],
    });
    const value = searchEntries[0]?.['description'] ?? [];
    return Array.isArray(value) ? value.map(String) : [String(value)];
  } finally {
    await client.unbind();
  }
}

describe('request controls and SASL binds against slapd', () => {
  before(async () => {
    server = await startSaslSlapd(dataDir);
  });

  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('proxied authorization v2: a write only the proxied identity may make succeeds with --proxy-as, fails (50) without', async () => {
    const modify = [
      '--op',
      'modify',
      '--target-base',
      PEOPLE,
      '--entry-dn',
      'uid=[entry:uid],' + PEOPLE,
    ];
    const written = ['--attribute', 'description', '--value', 'proxied [unique]'];
    const denied = await run(PROXIER, PROXIER_PASSWORD, [...modify, ...written]);
    assertAllFailedWith(
      denied,
      'insufficientAccessRights',
      'the service account writing users without the control',
    );
    const proxied = await run(PROXIER, PROXIER_PASSWORD, [
      ...modify,
      ...written,
      '--proxy-as',
      'u:[entry:uid]',
    ]);
    assertAllSucceeded(proxied, 'the service account proxying as each user it writes');
    const changed = (
      await Promise.all(Array.from({ length: USERS }, (_, n) => descriptionOf(n)))
    ).filter((values) => values[0]?.startsWith('proxied ') === true);
    assert.ok(changed.length >= 2, `descriptions written by proxy: ${changed.length}`);
  });

  test('assertion: a failing filter gives assertionFailed (122) on every op, a matching one succeeds', async () => {
    const modify = [
      '--op',
      'modify',
      '--entry-dn',
      `uid=user.[2-9],${PEOPLE}`,
      '--attribute',
      'description',
    ];
    const failing = await run(ADMIN, ADMIN_PASSWORD, [
      ...modify,
      '--assertion-filter',
      '(sn=no such value)',
    ]);
    assertAllFailedWith(failing, 'assertionFailed', 'modify asserting a value no entry has');
    const passing = await run(ADMIN, ADMIN_PASSWORD, [
      ...modify,
      '--assertion-filter',
      '(uid=user.*)',
    ]);
    assertAllSucceeded(passing, 'modify asserting what every entry matches');
    // Searches carry it on the lean path too; the pattern takes the op's own entry.
    const search = ['--op', 'search', '--base', `uid=user.[2-9],${PEOPLE}`, '--scope', 'base'];
    assertAllFailedWith(
      await run(ADMIN, ADMIN_PASSWORD, [
        ...search,
        '--assertion-filter',
        '(objectClass=organizationalUnit)',
      ]),
      'assertionFailed',
      'search asserting the wrong object class',
    );
    assertAllSucceeded(
      await run(ADMIN, ADMIN_PASSWORD, [...search, '--assertion-filter', '(objectClass=person)']),
      'search asserting the right object class',
    );
  });

  test('pre-read and post-read: the load gets both entries back on every modify, and they hold the old and new values', async () => {
    const summary = await run(ADMIN, ADMIN_PASSWORD, [
      ...[
        '--op',
        'modify',
        '--entry-dn',
        `uid=user.[10-19],${PEOPLE}`,
        '--attribute',
        'description',
      ],
      ...['--pre-read', 'description', '--post-read', 'description,uid'],
    ]);
    // An op whose response lacks either entry fails with readEntryMissing.
    assertAllSucceeded(summary, 'modify with pre-read and post-read');
    // The same controls on one modify, their response entries decoded.
    const client = await admin();
    try {
      const dn = `uid=user.20,${PEOPLE}`;
      const pre = new ReadEntryControl({
        oid: CONTROL_OID.preRead,
        critical: false,
        value: readAttributesValue(['description']),
      });
      const post = new ReadEntryControl({
        oid: CONTROL_OID.postRead,
        critical: false,
        value: readAttributesValue(['description', 'uid']),
      });
      const change = new Change({
        operation: 'replace',
        modification: new Attribute({ type: 'description', values: ['after'] }),
      });
      const before = await descriptionOf(20);
      await client.modify(dn, change, [pre, post]);
      assert.deepEqual(pre.entry, { dn, attributes: { description: before } });
      assert.deepEqual(post.entry, {
        dn,
        attributes: { description: ['after'], uid: ['user.20'] },
      });
    } finally {
      await client.unbind();
    }
  });

  test('permissive modify: adding a value the entry has succeeds only with --permissive-modify', async () => {
    const add = [
      '--op',
      'modify',
      '--target-base',
      PEOPLE,
      '--entry-dn',
      `uid=[entry:uid],${PEOPLE}`,
    ];
    const existing = [...add, '--mod-type', 'add', '--attribute', 'sn', '--value', '[entry:sn]'];
    assertAllFailedWith(
      await run(ADMIN, ADMIN_PASSWORD, existing),
      'attributeOrValueExists',
      'adding an existing value',
    );
    assertAllSucceeded(
      await run(ADMIN, ADMIN_PASSWORD, [...existing, '--permissive-modify']),
      'the same with permissive modify',
    );
  });

  test('--control OID[:criticality[:value|::base64]]: ManageDsaIT reaches a referral object, an unknown critical control is refused, a base64 value is sent', async () => {
    const search = ['--op', 'search', '--base', REFERRAL, '--scope', 'base'];
    assertAllFailedWith(
      await run(ADMIN, ADMIN_PASSWORD, search),
      'referral',
      'a referral object without ManageDsaIT',
    );
    const managed = await run(ADMIN, ADMIN_PASSWORD, [
      ...search,
      '--control',
      `${MANAGE_DSA_IT}:true`,
    ]);
    assertAllSucceeded(managed, 'the same with ManageDsaIT');
    assert.equal(managed['entriesPerOp'], 1, 'each search returns the referral object itself');
    assertAllFailedWith(
      await run(ADMIN, ADMIN_PASSWORD, [
        ...search,
        '-J',
        '1.3.6.1.4.1.99999.1:true',
        '-J',
        `${MANAGE_DSA_IT}:true`,
      ]),
      'unavailableCriticalExtension',
      'an unknown critical control',
    );
    // The assertion control by OID, its value a BER filter: (ou=Nowhere) fails, (ou=Elsewhere) passes.
    const equality = (value: string): string => {
      const ava = Buffer.concat([
        Buffer.from([0x04, 2]),
        Buffer.from('ou'),
        Buffer.from([0x04, value.length]),
        Buffer.from(value),
      ]);
      return Buffer.concat([Buffer.from([0xa3, ava.length]), ava]).toString('base64');
    };
    const asserted = (value: string): string[] => [
      ...search,
      '-J',
      `${MANAGE_DSA_IT}:true`,
      '-J',
      `${CONTROL_OID.assertion}:true::${equality(value)}`,
    ];
    assertAllFailedWith(
      await run(ADMIN, ADMIN_PASSWORD, asserted('Nowhere')),
      'assertionFailed',
      'raw assertion that fails',
    );
    assertAllSucceeded(
      await run(ADMIN, ADMIN_PASSWORD, asserted('Elsewhere')),
      'raw assertion that holds',
    );
  });

  test('a searchrate command line with -J translates and runs: the control is sent', async () => {
    const translated = translateRateTool('searchrate', [
      ...['--baseDN', REFERRAL, '--scope', 'base', '--filter', '(objectClass=*)'],
      ...['-J', `${MANAGE_DSA_IT}:true`, '--numThreads', '1'],
    ]);
    assert.deepEqual(translated.notTranslated, []);
    const argv = translated.argv.slice(3);
    assert.deepEqual(argv.slice(0, 2), ['--op', 'search']);
    const summary = await run(
      ADMIN,
      ADMIN_PASSWORD,
      argv.filter((_, i) => i < argv.indexOf('--connections')),
    );
    assertAllSucceeded(summary, 'searchrate -J ManageDsaIT, translated');
    assert.equal(summary['entriesPerOp'], 1);
  });

  for (const mechanism of SASL_MECHANISMS) {
    test(`a target binding with ${mechanism}: the load connections act as the user, a wrong password stops the run`, async () => {
      // Only the user itself may write its description: the writes succeed only if the bind did.
      const own = [
        '--op',
        'modify',
        '--entry-dn',
        `uid=user.5,${PEOPLE}`,
        '--attribute',
        'description',
      ];
      const sasl = ['--bind-mechanism', mechanism.toLowerCase()];
      assertAllSucceeded(
        await run('user.5', 'password-5', [...sasl, ...own]),
        `${mechanism} target`,
      );
      const file = passwordFile('wrong.pw', 'not-the-password');
      const argv = ['run', '--target', server?.url ?? '', '--bind-dn', 'user.5', ...sasl];
      const wrong = await runCli(
        [...argv, '--password-file', file, ...own, '--duration', '1', '--json'],
        dataDir,
        60_000,
      );
      assert.notEqual(wrong.code, 0);
      assert.match(wrong.stderr, /rejected the bind DN or password \(invalidCredentials, 49\)/);
    });
  }

  for (const mechanism of SASL_MECHANISMS) {
    test(`SASL ${mechanism}: binds succeed with the right password, fail with invalidCredentials (49) with a wrong one`, async () => {
      const bind = [
        '--op',
        'bind',
        '--sasl',
        mechanism,
        '--target-base',
        PEOPLE,
        '--bind-dn-pattern',
        '[entry:uid]',
      ];
      const right = await run(ADMIN, ADMIN_PASSWORD, [
        ...bind,
        '--credentials-pattern',
        'password-[entry:sn]',
      ]);
      assertAllSucceeded(right, `${mechanism} with the right passwords`);
      const wrong = await run(ADMIN, ADMIN_PASSWORD, [
        ...bind,
        '--credentials-pattern',
        'wrong-[entry:sn]',
      ]);
      assertAllFailedWith(wrong, 'invalidCredentials', `${mechanism} with wrong passwords`);
      // A bind proves who it is: the connection then acts as the user.
      const client = new Client({ url: server?.url ?? '', timeout: 10_000 });
      try {
        await saslBind(client, server?.url ?? '', mechanism, {
          user: 'user.3',
          password: 'password-3',
        });
        assert.equal(
          await client.exop('1.3.6.1.4.1.4203.1.11.3').then((r) => r.value),
          `dn:uid=user.3,${PEOPLE.toLowerCase()}`,
        );
        await assert.rejects(
          saslBind(client, server?.url ?? '', mechanism, { user: 'user.3', password: 'nope' }),
          InvalidCredentialsError,
        );
      } finally {
        await client.unbind();
      }
    });
  }
});
