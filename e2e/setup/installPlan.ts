// Turns what the machine lacks into the commands that install it non-interactively, or into a
// message naming the packages and the command a person runs when this process cannot.
import type { SystemNeed } from './systemNeeds.ts';

/** What decides how (and whether) this process can run commands as root. */
export interface PrivilegeFacts {
  /** Effective user id; 0 is root. */
  uid: number;
  /** apt-get is on PATH (Debian, Ubuntu and their derivatives). */
  aptGet: boolean;
  /** sudo is on PATH. */
  sudo: boolean;
  /** `sudo -n true` succeeded: sudo runs without asking for a password. */
  sudoWithoutPassword: boolean;
  /** stdin is a terminal, so sudo can ask for a password. */
  terminal: boolean;
}

/** How root commands run here: after `prefix` (nothing as root, sudo otherwise), or why they cannot. */
export type RootAccess = { ok: true; prefix: string[] } | { ok: false; why: string };

/** How this process can install packages, from the facts about its user, sudo and terminal. */
export function rootAccess(facts: PrivilegeFacts): RootAccess {
  if (!facts.aptGet) {
    return {
      ok: false,
      why: 'this machine has no apt-get; the packages are named as Debian and Ubuntu name them, install their equivalents',
    };
  }
  if (facts.uid === 0) return { ok: true, prefix: [] };
  if (!facts.sudo) return { ok: false, why: 'you are not root and sudo is not installed' };
  // -n: fail instead of waiting for a password nobody can type (CI, no stdin).
  if (facts.sudoWithoutPassword) return { ok: true, prefix: ['sudo', '-n'] };
  if (facts.terminal) return { ok: true, prefix: ['sudo'] };
  return { ok: false, why: 'sudo needs a password and there is no terminal to type it in' };
}

/** The apt package chosen for one missing need: null when apt has none of its packages. */
export interface ChosenPackage {
  need: SystemNeed;
  pkg: string | null;
}

/** Each need's first package `installable` accepts (apt has a candidate version for it). */
export function choosePackages(
  missing: readonly SystemNeed[],
  installable: (pkg: string) => boolean,
): ChosenPackage[] {
  return missing.map((need) => ({ need, pkg: need.packages.find(installable) ?? null }));
}

/** True when `apt-cache policy PKG` output offers a version to install. */
export function hasAptCandidate(policyOutput: string): boolean {
  const candidate = /^\s*Candidate:\s*(\S+)/m.exec(policyOutput)?.[1];
  return candidate !== undefined && candidate !== '(none)';
}

function split(chosen: readonly ChosenPackage[]): { plain: string[]; lean: string[] } {
  const plain: string[] = [];
  const lean: string[] = [];
  for (const { need, pkg } of chosen) {
    if (pkg !== null) (need.noRecommends ? lean : plain).push(pkg);
  }
  return { plain, lean };
}

function aptGet(prefix: readonly string[]): string[] {
  return [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
}

/** Refreshes apt's package lists (a fresh machine may have none). */
export function aptUpdateCommand(prefix: readonly string[]): string[] {
  return [...aptGet(prefix), 'update', '-qq'];
}

/** The apt-get commands, in order, that install the chosen packages without a question. */
export function aptInstallCommands(
  chosen: readonly ChosenPackage[],
  prefix: readonly string[],
): string[][] {
  const { plain, lean } = split(chosen);
  const install = [...aptGet(prefix), 'install', '-y', '-qq'];
  const commands: string[][] = [];
  if (plain.length > 0) commands.push([...install, ...plain]);
  if (lean.length > 0) commands.push([...install, '--no-install-recommends', ...lean]);
  return commands;
}

/** The file that, when it exits 101, keeps packages from starting their services (Debian's slapd would take port 389). */
export const POLICY_RC_D = '/usr/sbin/policy-rc.d';

/** Commands that put a refuse-everything policy-rc.d at `path` and take it away again. */
export function policyCommands(
  prefix: readonly string[],
  path: string = POLICY_RC_D,
): { add: string[]; remove: string[] } {
  return {
    add: [
      ...prefix,
      'sh',
      '-c',
      `printf '#!/bin/sh\\nexit 101\\n' > "$1" && chmod 755 "$1"`,
      'sh',
      path,
    ],
    remove: [...prefix, 'rm', '-f', path],
  };
}

/** The shell line a person runs to install the chosen packages (each need's first package when apt named none). */
export function manualCommand(chosen: readonly ChosenPackage[], withSudo: boolean): string {
  const { plain, lean } = split(
    chosen.map(({ need, pkg }) => ({ need, pkg: pkg ?? (need.packages[0] as string) })),
  );
  const sudo = withSudo ? 'sudo ' : '';
  const parts = [`${sudo}apt-get update`];
  if (plain.length > 0) parts.push(`${sudo}apt-get install -y ${plain.join(' ')}`);
  if (lean.length > 0) {
    parts.push(`${sudo}apt-get install -y --no-install-recommends ${lean.join(' ')}`);
  }
  return parts.join(' && ');
}

/** One line per missing need: its package and what needs it. */
export function describeMissing(chosen: readonly ChosenPackage[]): string {
  return chosen
    .map(({ need, pkg }) => `  ${pkg ?? need.packages.join(' or ')}: ${need.usedFor}`)
    .join('\n');
}

/** The message when this process cannot install what is missing: what, why not, and the command. */
export function refusalMessage(
  chosen: readonly ChosenPackage[],
  why: string,
  facts: PrivilegeFacts,
): string {
  const asWhom = facts.sudo ? '' : ' as root';
  return (
    `test:setup: the tests need system packages this machine lacks:\n${describeMissing(chosen)}\n` +
    `They cannot be installed from here: ${why}. Install them${asWhom}, then run npm test again:\n` +
    `  ${manualCommand(chosen, facts.uid !== 0 && facts.sudo)}`
  );
}
