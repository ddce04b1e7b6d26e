// `npm run test:setup`, the first step of `npm test`: installs the system packages and the OpenDJ
// server zip the tests need when they are missing, without a question (apt-get as root or through
// sudo, services kept from starting); `--check` only says what is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  aptInstallCommands,
  aptUpdateCommand,
  choosePackages,
  describeMissing,
  hasAptCandidate,
  policyCommands,
  POLICY_RC_D,
  refusalMessage,
  rootAccess,
} from './installPlan.ts';
import type { ChosenPackage, PrivilegeFacts } from './installPlan.ts';
import { machineProbe, missingNeeds, OPENDJ_FETCH_COMMAND, openDjZipState } from './systemNeeds.ts';
import type { SystemNeed } from './systemNeeds.ts';
import { fetchJunitSchema, JUNIT_XSD_ENV, junitSchemaPresent } from './junitSchema.ts';
import { OPENDJ_ARTIFACT, OPENDJ_ZIP_ENV } from '../../src/core/lab/opendj/software.ts';

const USAGE = 'usage: node e2e/setup/testSetup.ts [--check]';

/** A command failed: its message says which and how it ended. */
class SetupError extends Error {}

/** Runs `argv` with this terminal (sudo may ask for a password on it); throws when it fails. */
function run(argv: readonly string[]): void {
  const [command, ...args] = argv as [string, ...string[]];
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error !== undefined) {
    throw new SetupError(`${argv.join(' ')} could not start: ${result.error.message}`);
  }
  if (result.status !== 0) {
    const how =
      result.signal !== null ? `was ended by ${result.signal}` : `exited with ${result.status}`;
    throw new SetupError(`${argv.join(' ')} ${how}`);
  }
}

/** True when apt-get can install `pkg` (a candidate version in its package lists). */
function aptKnows(pkg: string): boolean {
  const policy = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' });
  return policy.status === 0 && hasAptCandidate(policy.stdout);
}

function privilegeFacts(): PrivilegeFacts {
  const probe = machineProbe();
  const sudo = probe.onPath('sudo');
  return {
    uid: process.getuid?.() ?? -1,
    aptGet: probe.onPath('apt-get'),
    sudo,
    sudoWithoutPassword:
      sudo && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
    terminal: process.stdin.isTTY === true,
  };
}

/** Installs the packages of `missing` with apt-get after `prefix`, services kept from starting. */
function installPackages(
  missing: readonly SystemNeed[],
  prefix: readonly string[],
): ChosenPackage[] {
  const policy = policyCommands(prefix);
  const addedPolicy = !existsSync(POLICY_RC_D);
  if (addedPolicy) run(policy.add);
  try {
    run(aptUpdateCommand(prefix));
    // Chosen after the update: a fresh machine's package lists are empty before it.
    const chosen = choosePackages(missing, aptKnows);
    for (const command of aptInstallCommands(chosen, prefix)) run(command);
    const unknown = chosen.filter((c) => c.pkg === null);
    if (unknown.length > 0) {
      throw new SetupError(
        `apt-get has no package for:\n${describeMissing(unknown)}\n` +
          'Install that software by other means (the lines above say what the tests look for).',
      );
    }
    return chosen;
  } finally {
    if (addedPolicy) run(policy.remove);
  }
}

async function main(args: readonly string[]): Promise<number> {
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    process.stderr.write(`test:setup: unknown option ${unknown[0]}\n${USAGE}\n`);
    return 2;
  }
  const checkOnly = args.includes('--check');
  const missing = missingNeeds(machineProbe());
  const zip = openDjZipState();
  if (zip.state === 'misnamed') {
    process.stderr.write(`test:setup: ${zip.problem}\n`);
    return 1;
  }
  const schema = junitSchemaPresent();
  if (missing.length === 0 && zip.state === 'present' && schema) {
    process.stdout.write(
      'test:setup: the system packages, the OpenDJ zip and the JUnit schema the tests need are installed\n',
    );
    return 0;
  }
  if (checkOnly) {
    const chosen = choosePackages(missing, aptKnows);
    const lines = [
      ...(missing.length > 0 ? [describeMissing(chosen)] : []),
      ...(zip.state === 'missing'
        ? [`  the OpenDJ server zip: OpenDJ labs (${OPENDJ_FETCH_COMMAND.join(' ')})`]
        : []),
      ...(schema ? [] : ['  the JUnit schema (junit-10.xsd, from PyPI): the --junit tests']),
    ];
    process.stdout.write(
      `test:setup: missing:\n${lines.join('\n')}\nnpm run test:setup installs them.\n`,
    );
    return 1;
  }
  const installed: string[] = [];
  if (missing.length > 0) {
    const facts = privilegeFacts();
    const access = rootAccess(facts);
    if (!access.ok) {
      process.stderr.write(
        `${refusalMessage(choosePackages(missing, aptKnows), access.why, facts)}\n`,
      );
      return 1;
    }
    process.stdout.write(
      `test:setup: installing what the tests need:\n${describeMissing(choosePackages(missing, () => true))}\n`,
    );
    const chosen = installPackages(missing, access.prefix);
    installed.push(...chosen.map((c) => c.pkg as string));
    const still = missingNeeds(machineProbe());
    if (still.length > 0) {
      throw new SetupError(
        `installed ${installed.join(', ')}, but these are still missing:\n` +
          describeMissing(choosePackages(still, () => true)),
      );
    }
  }
  if (openDjZipState().state !== 'present') {
    process.stdout.write(
      `test:setup: fetching the OpenDJ server zip: ${OPENDJ_FETCH_COMMAND.join(' ')}\n`,
    );
    try {
      run(OPENDJ_FETCH_COMMAND);
    } catch (err) {
      throw new SetupError(
        `${(err as Error).message}; without Maven Central, point ${OPENDJ_ZIP_ENV} at a copy of ${OPENDJ_ARTIFACT}`,
      );
    }
    if (openDjZipState().state !== 'present') {
      throw new SetupError(
        `${OPENDJ_FETCH_COMMAND.join(' ')} finished, but the zip is not in the local Maven repository`,
      );
    }
    installed.push('the OpenDJ server zip');
  }
  if (!junitSchemaPresent()) {
    process.stdout.write('test:setup: fetching the JUnit schema (junit-10.xsd) from PyPI\n');
    try {
      installed.push(`the JUnit schema (${await fetchJunitSchema()})`);
    } catch (err) {
      throw new SetupError(
        `the JUnit schema could not be fetched: ${(err as Error).message}; without PyPI, point ${JUNIT_XSD_ENV} at a copy of the Jenkins xUnit plugin's junit-10.xsd`,
      );
    }
  }
  process.stdout.write(`test:setup: installed ${installed.join(', ')}\n`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof SetupError)) throw err;
  process.stderr.write(`test:setup: ${err.message}\n`);
  process.exitCode = 1;
}
