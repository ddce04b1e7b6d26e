// `dirbench lab start|list|stop|destroy`: labs started here outlive the command until `lab stop`.
// The work is in labImpl.ts, loaded when a command runs.
import { LAB_KIND_LIST, LAB_KINDS } from '../../shared/labKinds.ts';
import type { CommandFamily, CommandSpec } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { plainCommand } from '../plainCommand.ts';
import { LAB_BUILD_OPTIONS, LAB_START_OPTIONS } from './labOptions.ts';

const impl = () => import('./labImpl.ts');

const KINDS = LAB_KIND_LIST.join('|');

const labStart: CommandSpec = {
  name: 'lab start',
  summary: 'a local lab server with a generated directory, kept until lab stop; prints its id',
  usage: [
    `dirbench lab start ${KINDS} --entries N [--seed S] [--shape salford|flat] [--index PROFILE]`,
    '                   [--load offline|protocol] [--load-connections N] [--tls starttls|ldaps]',
    '                   [--replicas N] [--json]',
  ],
  args: ['KIND'],
  about: [
    "Generates the directory, loads it (timed) with the server's bulk loader or over LDAP, starts the",
    'server on a free loopback port and verifies the entry count; the lab is also a saved target.',
  ],
  groups: [
    { title: 'Directory and server', options: { ...LAB_BUILD_OPTIONS, ...LAB_START_OPTIONS } },
    commonGroup(
      'the lab (id, kind, url, baseDn, bindDn, passwordFile, entries, serverVersion, generateS, loadS, ...)',
    ),
  ],
  examples: [
    { what: 'OpenLDAP with 10,000 entries', line: 'dirbench lab start openldap --entries 10000' },
    {
      what: "389 DS with M-Vault's flat directory and its indexes, loaded over LDAP on 8 connections, as JSON",
      line: 'dirbench lab start 389ds --entries 100000 --shape flat --index mvault --load protocol --load-connections 8 --json',
    },
    {
      what: 'OpenLDAP with one syncrepl consumer, each its own slapd; prints both URLs and PIDs',
      line: 'dirbench lab start openldap --entries 10000 --replicas 1 --json',
    },
    {
      what: 'OpenLDAP serving ldaps:// with a CA of its own',
      line: 'dirbench lab start openldap --entries 10000 --tls ldaps',
    },
  ],
  run: async ([kind], options) => (await impl()).labStartCommand(kind, options),
};

const labList = plainCommand('lab list', {
  summary: 'the labs and their state',
  json: 'the labs, as lab start --json prints each',
  examples: [{ what: 'the labs', line: 'dirbench lab list' }],
  run: async (_args, options) => (await impl()).labListCommand(options),
});

/** `lab stop ID` or `lab destroy ID`: one handler, and an example of `what` it is for. */
function stopOrDestroyCommand(sub: 'stop' | 'destroy', summary: string, what: string): CommandSpec {
  return plainCommand(`lab ${sub} ID`, {
    summary,
    examples: [{ what, line: `dirbench lab ${sub} LAB-ID` }],
    run: async ([id], options) => (await impl()).labStopOrDestroyCommand(sub, id, options),
  });
}

/** "opendj: the OpenDJ 4.9 server zip from Maven Central": what `lab install` fetches, by kind. */
function downloads(): string {
  return LAB_KIND_LIST.flatMap((kind) => {
    const install = LAB_KINDS[kind].install;
    return install.from === 'download' ? [`${kind}: ${install.fetches}`] : [];
  }).join('; ');
}

const labInstall: CommandSpec = {
  name: 'lab install',
  summary: `fetches what a lab kind needs (${downloads()})`,
  usage: [`dirbench lab install ${KINDS}`],
  args: ['KIND'],
  groups: [commonGroup()],
  examples: [
    {
      what: 'fetch the OpenDJ 4.9 server zip once, before the first opendj lab',
      line: 'dirbench lab install opendj',
    },
  ],
  run: async ([kind], options) => (await impl()).labInstallCommand(kind, options),
};

/** `dirbench lab start|list|stop|destroy|install`. */
export const labFamily: CommandFamily = {
  name: 'lab',
  summary: `local lab servers (${LAB_KIND_LIST.map((kind) => LAB_KINDS[kind].family.name).join(', ')}) with a generated directory`,
  subcommands: [
    labStart,
    labList,
    stopOrDestroyCommand('stop', 'stops a lab (its files are kept)', 'stop a lab'),
    stopOrDestroyCommand('destroy', 'stops a lab and deletes its files', 'remove a lab for good'),
    labInstall,
  ],
};
