// Throwaway OpenLDAP server for engine integration tests: temp dir, Salford data (or the test's own), loopback port, stopped by PID.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeSalfordLdif } from '../../src/core/datagen/salford.ts';
import { SALFORD_BASE_DN, SALFORD_SUFFIX } from '../../src/core/datagen/salfordWords.ts';

/** A running test slapd. */
export interface TestSlapd {
  url: string;
  port: number;
  pid: number;
  baseDn: string;
  rootDn: string;
  rootPw: string;
  entries: number;
  seed: number;
  /** With `tls`: the self-signed certificate (for 127.0.0.1) clients must trust, for StartTLS. */
  caFile: string | null;
  /** Stops the server process and starts it again on the same port and data (its PID changes). */
  restart(): Promise<void>;
  /** Stops the server (SIGTERM, then SIGKILL) and deletes its directory. */
  stop(): Promise<void>;
}

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

/** Options of a test server. */
export interface TestSlapdOptions {
  seed?: number;
  /** When false, only bound users may read (anonymous may only bind). Default true. */
  anonymousRead?: boolean;
  /** Serves StartTLS with a fresh self-signed certificate for 127.0.0.1. Default false. */
  tls?: boolean;
  /** Global slapd.conf lines (e.g. `idletimeout 1`), placed before the database section. */
  extraConfig?: string;
  /** Lines at the end of the database section (e.g. `limits users size.prtotal=unlimited`). */
  databaseConfig?: string;
  /** Keeps slapd's own limits (sizelimit 500, conn_max_pending 100) instead of lifting them. Default false. */
  defaultLimits?: boolean;
  /** Another directory than Salford's: its suffix, root user and an LDIF file to bulk load. */
  data?: TestSlapdData;
}

/** A directory a test brings (e.g. generated from a makeldif template) instead of Salford's. */
export interface TestSlapdData {
  suffix: string;
  /** Where its entries are (the `baseDn` of the server). */
  baseDn: string;
  rootDn: string;
  rootPw: string;
  ldifFile: string;
  /** Equality-indexed attributes besides objectClass and cn. */
  indexes?: string[];
}

/** Writes a self-signed key and certificate for 127.0.0.1 into `dir`; returns the certificate path. */
function writeSelfSignedCert(dir: string): string {
  const cert = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      cert,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return cert;
}

/** Benchmarks keep many requests in flight (the defaults, 100/1000, close busy connections) and read whole subtrees. */
const LIFTED_LIMITS = `conn_max_pending 10000
conn_max_pending_auth 10000
sizelimit unlimited
`;

function config(
  dir: string,
  names: { suffix: string; rootDn: string; rootPw: string; indexes: string[] },
  anonymousRead: boolean,
  tls: boolean,
  options: TestSlapdOptions,
): string {
  const tlsLines = tls
    ? `TLSCertificateFile ${dir}/cert.pem\nTLSCertificateKeyFile ${dir}/key.pem\n`
    : '';
  return `${tlsLines}include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${dir}/slapd.pid
${options.defaultLimits === true ? '' : LIFTED_LIMITS}${options.extraConfig ?? ''}
database mdb
maxsize 1073741824
suffix "${names.suffix}"
rootdn "${names.rootDn}"
rootpw ${names.rootPw}
directory ${dir}/db
index objectClass eq
index cn eq
${names.indexes.map((a) => `index ${a} eq\n`).join('')}${anonymousRead ? '' : 'access to * by users read by anonymous auth by * none\n'}${options.databaseConfig ?? ''}`;
}

/** Generates `entries` Salford persons (or takes `options.data`), bulk loads them and starts slapd on a free loopback port. */
export async function startTestSlapd(
  entries: number,
  options: TestSlapdOptions = {},
): Promise<TestSlapd> {
  const seed = options.seed ?? 1;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dirbench-engine-'));
  const data = options.data;
  const names = {
    suffix: data?.suffix ?? SALFORD_SUFFIX,
    rootDn: data?.rootDn ?? `cn=admin,${SALFORD_SUFFIX}`,
    rootPw: data?.rootPw ?? 'secret',
    indexes: data?.indexes ?? [],
  };
  try {
    const caFile = options.tls === true ? writeSelfSignedCert(dir) : null;
    await writeFile(
      path.join(dir, 'slapd.conf'),
      config(dir, names, options.anonymousRead ?? true, caFile !== null, options),
    );
    await mkdir(path.join(dir, 'db'));
    const ldifFile = data?.ldifFile ?? path.join(dir, 'data.ldif');
    if (data === undefined) await writeSalfordLdif({ entries, seed }, ldifFile);
    const load = spawnSync(SLAPADD, ['-q', '-f', path.join(dir, 'slapd.conf'), '-l', ldifFile], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (load.status !== 0) throw new Error(`slapadd failed: ${load.stderr}`);
    const port = await freePort();
    const url = `ldap://127.0.0.1:${port}`;
    let running = await launch(dir, url, port);
    const server: TestSlapd = {
      url,
      port,
      pid: running.pid,
      baseDn: data?.baseDn ?? SALFORD_BASE_DN,
      rootDn: names.rootDn,
      rootPw: names.rootPw,
      entries,
      seed,
      caFile,
      restart: async () => {
        await stopProcess(running.child, running.exited);
        running = await launch(dir, url, port);
        server.pid = running.pid;
      },
      stop: async () => {
        await stopProcess(running.child, running.exited);
        await rm(dir, { recursive: true, force: true });
      },
    };
    return server;
  } catch (err) {
    // launch() stops its own slapd when it fails; only the directory is left to remove.
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

interface Launched {
  child: ChildProcess;
  pid: number;
  exited: Promise<number | null>;
}

/** Starts slapd in the foreground (so this process owns it) and waits until it listens. */
async function launch(dir: string, url: string, port: number): Promise<Launched> {
  const child = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  try {
    await waitForPort(port, exited, () => stderr);
  } catch (err) {
    await stopProcess(child, exited);
    throw err;
  }
  if (child.pid === undefined) throw new Error('slapd has no pid');
  return { child, pid: child.pid, exited };
}

async function waitForPort(
  port: number,
  exited: Promise<number | null>,
  log: () => string,
): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`slapd exited: ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1' });
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`slapd did not listen on ${port} within 15 s: ${log()}`);
}

async function stopProcess(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  process.kill(child.pid, 'SIGTERM');
  const timeout = new Promise((r) => setTimeout(r, 5000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout' && child.exitCode === null) {
    process.kill(child.pid, 'SIGKILL');
    await exited;
  }
}
