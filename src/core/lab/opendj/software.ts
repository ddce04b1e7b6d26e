// Where the OpenDJ server zip comes from: an explicit path, the app's software directory or the
// local Maven repository; and how to fetch it from Maven Central when it is missing.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { runWatchedTool } from '../watchedTool.ts';
import { readZipEntry } from '../unzip.ts';

/** The OpenDJ release the labs are built and measured with. */
export const OPENDJ_VERSION = '4.9.4';
const GROUP_PATH = 'org/openidentityplatform/opendj';
const ARTIFACT_ID = 'opendj-server-legacy';

/** Maven coordinates of the server zip. */
export const OPENDJ_ARTIFACT = `org.openidentityplatform.opendj:${ARTIFACT_ID}:${OPENDJ_VERSION}:zip`;

/** File name of the zip as Maven and Maven Central name it. */
export const OPENDJ_ZIP_NAME = `${ARTIFACT_ID}-${OPENDJ_VERSION}.zip`;

/** Environment variable naming a server zip to use instead of the default places. */
export const OPENDJ_ZIP_ENV = 'DIRBENCH_OPENDJ_ZIP';

/** Direct download address on Maven Central (used when mvn is not installed). */
export const OPENDJ_ZIP_URL = `https://repo1.maven.org/maven2/${GROUP_PATH}/${ARTIFACT_ID}/${OPENDJ_VERSION}/${OPENDJ_ZIP_NAME}`;

/** Arguments of the mvn command that copies the zip into `softwareDir`. */
export function mavenFetchArgs(softwareDir: string): string[] {
  return [
    '-q',
    'dependency:copy',
    `-Dartifact=${OPENDJ_ARTIFACT}`,
    `-DoutputDirectory=${softwareDir}`,
  ];
}

/** The mvn command line a person can paste to get the zip into `softwareDir`. */
export function mavenFetchCommand(softwareDir: string): string {
  const quote = (s: string): string =>
    /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
  return ['mvn', ...mavenFetchArgs(softwareDir)].map(quote).join(' ');
}

/** Where the zip may be, in the order they are tried. */
export function zipCandidates(softwareDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const list: string[] = [];
  const explicit = env[OPENDJ_ZIP_ENV];
  if (explicit !== undefined && explicit !== '') list.push(explicit);
  list.push(join(softwareDir, OPENDJ_ZIP_NAME));
  list.push(
    join(
      env['HOME'] || homedir(),
      '.m2',
      'repository',
      GROUP_PATH,
      ARTIFACT_ID,
      OPENDJ_VERSION,
      OPENDJ_ZIP_NAME,
    ),
  );
  return list;
}

function isNonEmptyFile(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isFile() && stat.size > 0;
  } catch {
    return false;
  }
}

/**
 * The server zip to use, or null. An explicit DIRBENCH_OPENDJ_ZIP that does not exist is not
 * silently replaced by another zip: it yields null so the person sees their setting is wrong.
 */
export function findOpenDjZip(
  softwareDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const explicit = env[OPENDJ_ZIP_ENV];
  if (explicit !== undefined && explicit !== '') return isNonEmptyFile(explicit) ? explicit : null;
  return zipCandidates(softwareDir, env).find(isNonEmptyFile) ?? null;
}

const versionCache = new Map<string, { mtimeMs: number; version: string | null }>();

/**
 * "OpenDJ 4.9.4": the Bundle-Version of opendj/lib/opendj.jar inside the zip (what the server
 * reports), else the version in the zip's file name; null when neither tells.
 */
export async function openDjZipVersion(zipPath: string): Promise<string | null> {
  const mtimeMs = statSync(zipPath).mtimeMs;
  const cached = versionCache.get(zipPath);
  if (cached !== undefined && cached.mtimeMs === mtimeMs) return cached.version;
  let version: string | null = null;
  try {
    const jar = await readZipEntry(zipPath, 'opendj/lib/opendj.jar');
    const manifest = jar === null ? null : await readZipEntry(jar, 'META-INF/MANIFEST.MF');
    const match =
      manifest === null ? null : /^Bundle-Version:\s*(\S+)/m.exec(manifest.toString('utf8'));
    if (match !== null) version = `OpenDJ ${match[1] as string}`;
  } catch {
    // A damaged or unusual zip: fall back to its name.
  }
  if (version === null) {
    const fromName = /(\d+\.\d+\.\d+)/.exec(basename(zipPath));
    version = fromName === null ? null : `OpenDJ ${fromName[1] as string}`;
  }
  versionCache.set(zipPath, { mtimeMs, version });
  return version;
}

function onPath(command: string): string | null {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, command))) return join(dir, command);
  }
  return null;
}

const ESC = String.fromCharCode(27);

/** Text without ANSI colour sequences. */
function withoutColours(text: string): string {
  return text
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('')
    .trim();
}

/** How long mvn has after SIGTERM on a cancel before SIGKILL. */
const MVN_KILL_AFTER_MS = 5_000;

/**
 * Runs mvn dependency:copy into `softwareDir` under the watchdog (a download must not go on after
 * DirBench has died); rejects with the end of mvn's output when it fails or on abort.
 */
async function runMaven(mvn: string, softwareDir: string, signal: AbortSignal): Promise<void> {
  const logPath = join(softwareDir, 'mvn.log');
  rmSync(logPath, { force: true });
  const args = mavenFetchArgs(softwareDir);
  const tool = await runWatchedTool({
    command: mvn,
    args,
    // cwd = softwareDir: a pom.xml in the caller's directory must not become mvn's project.
    cwd: softwareDir,
    logPath,
    // mvn execs java with the same arguments, under the same PID.
    needles: args.slice(1),
    killAfterMs: MVN_KILL_AFTER_MS,
    signal,
  });
  const { code } = await tool.done;
  signal.throwIfAborted();
  if (code !== 0) {
    const output = readFileSync(logPath, 'utf8').slice(-4000);
    // mvn -q colours its (few) lines even when they are not a terminal.
    throw new Error(`mvn exited with code ${code}: ${withoutColours(output)}`);
  }
  rmSync(logPath, { force: true });
}

async function sha1Of(path: string): Promise<string> {
  const hash = createHash('sha1');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Downloads the zip (and its .sha1) from Maven Central over HTTPS to `target`. */
async function download(target: string, signal: AbortSignal): Promise<void> {
  const partial = `${target}.partial`;
  try {
    const sumResponse = await fetch(`${OPENDJ_ZIP_URL}.sha1`, { signal });
    if (!sumResponse.ok) throw new Error(`GET ${OPENDJ_ZIP_URL}.sha1: HTTP ${sumResponse.status}`);
    const expected = (await sumResponse.text()).trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    const response = await fetch(OPENDJ_ZIP_URL, { signal });
    if (!response.ok || response.body === null) {
      throw new Error(`GET ${OPENDJ_ZIP_URL}: HTTP ${response.status}`);
    }
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(partial),
      { signal },
    );
    const actual = await sha1Of(partial);
    if (actual !== expected)
      throw new Error(`${OPENDJ_ZIP_URL}: SHA-1 ${actual}, expected ${expected}`);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Puts the server zip into `softwareDir` (created if needed) and returns its path: with mvn when
 * installed (it also lands in ~/.m2), else by HTTPS from Maven Central, checked against its SHA-1.
 */
export async function fetchOpenDjZip(softwareDir: string, signal: AbortSignal): Promise<string> {
  mkdirSync(softwareDir, { recursive: true });
  const target = join(softwareDir, OPENDJ_ZIP_NAME);
  if (isNonEmptyFile(target)) return target;
  const mvn = onPath('mvn');
  let mavenError: unknown = null;
  if (mvn !== null) {
    try {
      await runMaven(mvn, softwareDir, signal);
      if (isNonEmptyFile(target)) return target;
      mavenError = new Error(`mvn finished but ${target} is missing`);
    } catch (err) {
      signal.throwIfAborted();
      mavenError = err;
    }
  }
  try {
    await download(target, signal);
  } catch (err) {
    signal.throwIfAborted();
    if (mavenError === null) throw err;
    const why = (e: unknown): string => (e instanceof Error ? e.message : String(e));
    throw new Error(`${why(mavenError)}; the HTTPS download failed too: ${why(err)}`, {
      cause: err,
    });
  }
  return target;
}
