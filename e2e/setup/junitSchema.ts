// The JUnit XML schema the tests validate DirBench's --junit files against: the Jenkins xUnit
// plugin's junit-10.xsd, as pytest ships it in its source distribution (fetched from PyPI, checked
// by hash, cached; third-party text is never committed here).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Names a schema file to use instead of the cached one. */
export const JUNIT_XSD_ENV = 'DIRBENCH_JUNIT_XSD';

/** The pytest release whose sdist carries the schema, and the hashes that pin both files. */
const SDIST = {
  project: 'pytest',
  file: 'pytest-8.3.4.tar.gz',
  sha256: '965370d062bce11e73868e0335abac31b4d3de0e82f4007408d242b4f8610761',
  member: 'pytest-8.3.4/testing/example_scripts/junit-10.xsd',
  memberSha256: 'a1a816f58d1bf95ebabf371994df0b9246dee66ea9572fbec4f9296f1b2c0ff6',
};

/** Where the schema is kept: DIRBENCH_JUNIT_XSD, else the user's cache folder. */
export function junitSchemaPath(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env[JUNIT_XSD_ENV];
  if (explicit !== undefined && explicit !== '') return explicit;
  const cache = env['XDG_CACHE_HOME'] || join(homedir(), '.cache');
  return join(cache, 'dirbench', 'junit-10.xsd');
}

/** True when the schema file is there. */
export function junitSchemaPresent(env: NodeJS.ProcessEnv = process.env): boolean {
  return existsSync(junitSchemaPath(env));
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The sdist's download address, from PyPI's simple index (JSON form). */
async function sdistUrl(): Promise<string> {
  const index = await fetch(`https://pypi.org/simple/${SDIST.project}/`, {
    headers: { Accept: 'application/vnd.pypi.simple.v1+json' },
  });
  if (!index.ok) throw new Error(`PyPI's index of ${SDIST.project} answered ${index.status}`);
  const { files } = (await index.json()) as { files: { filename: string; url: string }[] };
  const file = files.find((f) => f.filename === SDIST.file);
  if (file === undefined) throw new Error(`PyPI lists no ${SDIST.file}`);
  return file.url;
}

/** Downloads the sdist, checks both hashes and writes the schema to junitSchemaPath(). */
export async function fetchJunitSchema(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const response = await fetch(await sdistUrl());
  if (!response.ok) throw new Error(`downloading ${SDIST.file} answered ${response.status}`);
  const archive = Buffer.from(await response.arrayBuffer());
  if (sha256(archive) !== SDIST.sha256) throw new Error(`${SDIST.file} does not have its hash`);
  const dir = mkdtempSync(join(tmpdir(), 'dirbench-junit-'));
  try {
    const tarball = join(dir, SDIST.file);
    writeFileSync(tarball, archive);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', dir, SDIST.member], { encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`tar could not extract ${SDIST.member}: ${tar.stderr}`);
    const schema = readFileSync(join(dir, SDIST.member));
    if (sha256(schema) !== SDIST.memberSha256) {
      throw new Error(`${SDIST.member} does not have its hash`);
    }
    const path = junitSchemaPath(env);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, schema);
    return path;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
