// How a lab's facts read in the table: its name, load method, times and a command to try it with.
import type { LabInfo } from '../../../shared/labTypes.ts';
import { formatDateTime } from '../../format/dates.ts';
import { formatInt, formatSeconds } from '../../format/numbers.ts';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { loadRate, SHAPES } from './labForm.ts';

/** "OpenLDAP 2.5.13" once the server has said, else the kind's name. */
export function labTitle(lab: LabInfo): string {
  return lab.serverVersion ?? LAB_KINDS[lab.kind].title;
}

/** "Salford" or "Flat (M-Vault)"; an unknown shape as the host names it. */
export function shapeLabel(shape: string): string {
  return SHAPES.find((s) => s.value === shape)?.label ?? shape;
}

/** "bulk loader (slapadd)" or "over LDAP, 8 connections". */
export function loadMethodText(lab: LabInfo): string {
  if (lab.loadMethod === 'protocol') {
    const n = lab.loadConnections;
    return n === null ? 'over LDAP' : `over LDAP, ${n} connection${n === 1 ? '' : 's'}`;
  }
  return `bulk loader (${LAB_KINDS[lab.kind].form.loader})`;
}

/** The table's short form: "over LDAP, 2 conn." or "bulk (slapadd)". */
export function loadMethodShort(lab: LabInfo): string {
  if (lab.loadMethod === 'protocol') {
    return lab.loadConnections === null ? 'over LDAP' : `over LDAP, ${lab.loadConnections} conn.`;
  }
  return `bulk (${LAB_KINDS[lab.kind].form.loader})`;
}

/** "14:05" for today, the date for older labs. */
export function startedShort(iso: string, now = new Date()): string {
  const full = formatDateTime(iso);
  const d = new Date(iso);
  const today =
    d.getFullYear() === now.getFullYear() &&
    d.getMonth() === now.getMonth() &&
    d.getDate() === now.getDate();
  return today ? full.slice(11, 16) : full.slice(0, 10);
}

/** Entries the load put in: the count on the server when known. */
export function loadedEntries(lab: LabInfo): number {
  return lab.verifiedEntries ?? lab.entries;
}

/** "1.2 s · 10,400 entries/s", or null before the load is timed. */
export function loadTimeText(lab: LabInfo): string | null {
  if (lab.loadS === null) return null;
  const rate = loadRate(loadedEntries(lab), lab.loadS);
  return rate === null
    ? formatSeconds(lab.loadS)
    : `${formatSeconds(lab.loadS)} · ${formatInt(rate)} entries/s`;
}

/** "generate 0.3 s · load 1.2 s · start 0.4 s", with a dash for steps not timed (yet). */
export function stepTimesText(lab: LabInfo): string {
  const t = (s: number | null) => (s === null ? '—' : formatSeconds(s));
  return `generate ${t(lab.generateS)} · load ${t(lab.loadS)} · start ${t(lab.startS)}`;
}

/** The URL its target uses: ldaps:// for an LDAPS lab. */
export function labTargetUrl(lab: LabInfo): string {
  return lab.tls?.mode === 'ldaps' ? lab.tls.ldapsUrl : lab.url;
}

/** "StartTLS", "LDAPS" or null. */
export function tlsLabel(lab: LabInfo): string | null {
  if (lab.tls === null) return null;
  return lab.tls.mode === 'starttls' ? 'StartTLS' : 'LDAPS';
}

function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** An ldapsearch that reads the base entry as the lab's root user (password from its file). */
export function ldapsearchCommand(lab: LabInfo): string {
  const parts = [
    'ldapsearch',
    '-x',
    '-H',
    labTargetUrl(lab),
    ...(lab.tls?.mode === 'starttls' ? ['-ZZ'] : []),
    '-D',
    lab.bindDn,
    '-y',
    lab.passwordFile,
    '-b',
    lab.baseDn,
    '-s',
    'base',
  ].map(shellQuote);
  const env = lab.tls === null ? '' : `LDAPTLS_CACERT=${shellQuote(lab.tls.caFile)} `;
  return env + parts.join(' ');
}
