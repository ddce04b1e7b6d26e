// Finds a Java runtime recent enough for the JVM lab servers, OpenDJ 4.9 and ApacheDS (JAVA_HOME
// first, then `java` on PATH).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { isExecutable } from './installLookup.ts';

/** Oldest Java feature release the OpenDJ labs accept. */
export const MIN_JAVA_MAJOR = 11;

/** What to tell a person whose machine has no usable Java. */
export const JAVA_INSTALL_HINT =
  'sudo apt-get install openjdk-17-jre-headless (Fedora/RHEL: sudo dnf install ' +
  'java-17-openjdk-headless; macOS: brew install openjdk@17), or set JAVA_HOME';

/** A usable Java runtime. */
export interface JavaRuntime {
  /** Absolute path of the `java` launcher. */
  path: string;
  /** Version string as `java -version` prints it, e.g. "17.0.15". */
  version: string;
  /** Feature release, e.g. 17 (8 for "1.8.0_392"). */
  major: number;
}

/** Result of looking for Java: the runtime, or why none could be used. */
export type JavaLookup = { ok: true; java: JavaRuntime } | { ok: false; problem: string };

/** The quoted version out of `java -version` output, e.g. `openjdk version "17.0.15" 2025-04-15`. */
export function parseJavaVersion(output: string): { version: string; major: number } | null {
  const match = /version "([^"]+)"/.exec(output);
  if (match === null) return null;
  const version = match[1] as string;
  const parts = version.split(/[.+_-]/);
  const first = Number(parts[0]);
  const major = first === 1 ? Number(parts[1]) : first;
  return Number.isInteger(major) && major > 0 ? { version, major } : null;
}

/** Candidate launchers in order: $JAVA_HOME/bin/java, then every `java` on PATH. */
function candidates(env: NodeJS.ProcessEnv): string[] {
  const found: string[] = [];
  const home = env['JAVA_HOME'];
  if (home !== undefined && home !== '') found.push(join(home, 'bin', 'java'));
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir !== '') found.push(join(dir, 'java'));
  }
  return [...new Set(found)].filter(isExecutable);
}

// `java -version` costs about 50 ms; availability() is asked often, so remember answers per launcher.
const versionCache = new Map<
  string,
  { mtimeMs: number; parsed: ReturnType<typeof parseJavaVersion> }
>();

function versionOf(path: string): ReturnType<typeof parseJavaVersion> {
  const mtimeMs = statSync(path).mtimeMs;
  const cached = versionCache.get(path);
  if (cached !== undefined && cached.mtimeMs === mtimeMs) return cached.parsed;
  const run = spawnSync(path, ['-version'], {
    encoding: 'utf8',
    timeout: 20_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const parsed = run.status === 0 ? parseJavaVersion(`${run.stderr}${run.stdout}`) : null;
  versionCache.set(path, { mtimeMs, parsed });
  return parsed;
}

/** The first Java >= MIN_JAVA_MAJOR among JAVA_HOME and PATH. */
export function findJava(env: NodeJS.ProcessEnv = process.env): JavaLookup {
  const seen: string[] = [];
  for (const path of candidates(env)) {
    const parsed = versionOf(path);
    if (parsed !== null && parsed.major >= MIN_JAVA_MAJOR) {
      return { ok: true, java: { path, ...parsed } };
    }
    seen.push(`${path} (${parsed === null ? 'does not run' : `Java ${parsed.version}`})`);
  }
  const problem =
    seen.length === 0
      ? `no Java runtime found (JAVA_HOME unset or wrong, no java on PATH)`
      : `Java ${MIN_JAVA_MAJOR} or newer is needed; found only ${seen.join(', ')}`;
  return { ok: false, problem };
}
