// The smb.conf of a Samba AD lab: a domain controller that serves LDAP only, on one loopback
// address of its own, with every file it writes under the lab.
import { writeFileSync } from 'node:fs';
import type { SambaAdLayout } from './layout.ts';

/** Kerberos realm of every lab's domain: labs never meet (each has its own address and files). */
export const SAMBA_AD_REALM = 'DIRBENCH.TEST';
/** NetBIOS name of the domain. */
export const SAMBA_AD_DOMAIN = 'DIRBENCH';
/** NetBIOS name of the domain controller (15 characters at most). */
export const SAMBA_AD_HOST = 'DIRBENCHDC';
/** DN of the domain (the realm's labels as DC= components). */
export const SAMBA_AD_DOMAIN_DN = 'DC=dirbench,DC=test';
/** Bind DN of a lab's administrator (the domain's built-in Administrator). */
export const SAMBA_AD_ROOT_DN = `CN=Administrator,CN=Users,${SAMBA_AD_DOMAIN_DN}`;
/** Samba's LDAP port: fixed (as are 636, 3268 and 3269), hence one address per lab. */
export const SAMBA_AD_LDAP_PORT = 389;

/** The lab's smb.conf for a server on `address`. */
export function sambaAdSmbConf(layout: SambaAdLayout, address: string): string {
  const settings: [string, string][] = [
    ['netbios name', SAMBA_AD_HOST],
    ['realm', SAMBA_AD_REALM],
    ['workgroup', SAMBA_AD_DOMAIN],
    ['server role', 'active directory domain controller'],
    // LDAP alone: no SMB, DNS, Kerberos, NetBIOS, RPC or replication services on the machine.
    ['server services', 'ldap'],
    ['dns forwarder', 'none'],
    // A /8 mask makes Samba take the address even though no interface carries it (lo has 127.0.0.1).
    ['interfaces', `${address}/8`],
    ['bind interfaces only', 'yes'],
    // Simple binds over plain LDAP, as the other lab kinds take them (AD refuses them by default).
    ['ldap server require strong auth', 'no'],
    ['private dir', layout.privateDir],
    ['state directory', layout.stateDir],
    ['lock directory', layout.lockDir],
    ['cache directory', layout.cacheDir],
    ['binddns dir', layout.bindDnsDir],
    ['pid directory', layout.runDir],
    ['ncalrpc dir', `${layout.runDir}/ncalrpc`],
    ['winbindd socket directory', `${layout.runDir}/winbindd`],
    ['ntp signd socket directory', `${layout.runDir}/ntp_signd`],
    ['usershare path', `${layout.stateDir}/usershares`],
    ['smb passwd file', `${layout.privateDir}/smbpasswd`],
    ['log file', `${layout.logDir}/samba.log`],
    ['panic action', ''],
  ];
  const lines = settings.map(([name, value]) => `\t${name} = ${value}`);
  return `# Written by DirBench for a throwaway benchmark lab; LDAP on ${address} only.\n[global]\n${lines.join('\n')}\n`;
}

/** Writes the lab's smb.conf for `address`. */
export function writeSambaAdSmbConf(layout: SambaAdLayout, address: string): void {
  writeFileSync(layout.smbConf, sambaAdSmbConf(layout, address), { mode: 0o600 });
}
