// Short names of directory servers for chart legends and axes ("389 DS 2.3.1"), derived from what the
// root DSE says (vendorName, vendorVersion) and the lab kind; tables and tooltips keep the full text.
import type { ServerFamily } from './labKindRow.ts';
import { LAB_KIND_LIST, LAB_KINDS } from './labKinds.ts';
import type { LabKind } from './labKinds.ts';

/** What a run knows about its server: root DSE vendor and version, lab kind, target name. */
export interface ServerIdentity {
  serverVendor: string | null;
  serverVersion: string | null;
  labKind: LabKind | null;
  targetName: string;
}

/**
 * Product names of known families, matched on the vendor and version text (case-insensitive) in
 * this order: each lab kind's family and relatives, then Active Directory (no lab kind builds it).
 */
const FAMILIES: readonly ServerFamily[] = [
  ...LAB_KIND_LIST.flatMap((kind) => [
    LAB_KINDS[kind].family,
    ...(LAB_KINDS[kind].relatives ?? []),
  ]),
  { name: 'Active Directory', pattern: /microsoft|active directory/i },
];

/** The short name of a lab kind's server before its version is known: "389 DS". */
export function labFamilyName(kind: LabKind): string {
  return LAB_KINDS[kind].family.name;
}

/** Longest product name kept for a vendor DirBench does not know, before it is cut at a word. */
const MAX_UNKNOWN_NAME_CHARS = 24;

/**
 * The release number in a version text: "2.3.1" of "389-Directory/2.3.1 B2025.016.1616", "2.5.13" of
 * "OpenLDAP 2.5.13+dfsg-5" (distribution suffixes dropped), "2.0.0.AM27" of ApacheDS's.
 */
export function releaseOf(text: string): string | null {
  return /(?<![\w.])\d+(?:\.\d+)+(?:\.?[A-Z]+\d+)?/.exec(text)?.[0] ?? null;
}

/** Words of a vendor nobody needs in a legend: company suffixes, URLs, "Project", "Server". */
function productWords(text: string): string {
  return text
    .replace(/\(.*?\)|https?:\/\/\S+/g, ' ')
    .replace(/\b(inc|corp|corporation|ltd|llc|gmbh|project|community|team|server)\b\.?/gi, ' ')
    .replace(/[\s,/:-]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts `text` at a word boundary to at most `maxChars`, marking the cut with an ellipsis. */
function cutAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).trim()}…`;
}

/** The server as its root DSE names it, vendor and version: "389 Project 389-Directory/2.3.1 B2025.016.1616". */
export function serverFullName(server: ServerIdentity): string {
  const vendor = server.serverVendor;
  const version = server.serverVersion;
  const labName = server.labKind ? labFamilyName(server.labKind) : null;
  if (version && vendor && !version.toLowerCase().includes(vendor.toLowerCase()))
    return `${vendor} ${version}`;
  return version ?? vendor ?? labName ?? server.targetName;
}

/**
 * The server as people name it, for legends and axes: "OpenLDAP 2.5.13", "389 DS 2.3.1", "OpenDJ 4.9.4";
 * an unknown vendor by the product words before its release, cut short; without a root DSE vendor or
 * version, the lab kind or else the target's name.
 */
export function serverShortName(server: ServerIdentity): string {
  const said = [server.serverVendor, server.serverVersion].filter(Boolean).join(' ');
  if (said === '') return server.labKind ? labFamilyName(server.labKind) : server.targetName;
  const release = releaseOf(server.serverVersion ?? '') ?? releaseOf(said);
  const family =
    FAMILIES.find((f) => f.pattern.test(said))?.name ??
    (server.labKind ? labFamilyName(server.labKind) : null) ??
    unknownProduct(server, release);
  return release ? `${family} ${release}` : family;
}

/** An unknown vendor's product: the version text before its release, else the vendor's name. */
function unknownProduct(server: ServerIdentity, release: string | null): string {
  const version = server.serverVersion ?? '';
  const before = productWords(release ? version.slice(0, version.indexOf(release)) : '');
  const name = before || productWords(server.serverVendor ?? '') || server.targetName;
  return cutAtWord(name, MAX_UNKNOWN_NAME_CHARS);
}
