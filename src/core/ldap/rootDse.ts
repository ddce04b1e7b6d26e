// Reads the root DSE: who the server is and what it supports, for reports and "Test connection".
import type { Client, Entry } from 'ldapts';
import type { RootDseInfo } from '../../shared/targetTypes.ts';

const ROOT_DSE_ATTRIBUTES = [
  'vendorName',
  'vendorVersion',
  'namingContexts',
  'supportedLDAPVersion',
  'supportedControl',
  'supportedExtension',
  'supportedSASLMechanisms',
  // Some servers only return root DSE attributes when operational attributes are asked for.
  '+',
];

/** Reads the root DSE over an open, bound client. */
export async function readRootDse(client: Client): Promise<RootDseInfo> {
  const { searchEntries } = await client.search('', {
    scope: 'base',
    filter: '(objectClass=*)',
    attributes: ROOT_DSE_ATTRIBUTES,
  });
  const entry = searchEntries[0];
  const values = (name: string): string[] =>
    entry === undefined ? [] : attributeValues(entry, name);
  return {
    vendorName: values('vendorName')[0] ?? null,
    vendorVersion: values('vendorVersion')[0] ?? null,
    namingContexts: values('namingContexts'),
    supportedLDAPVersion: values('supportedLDAPVersion'),
    supportedControl: values('supportedControl'),
    supportedExtension: values('supportedExtension'),
    supportedSASLMechanisms: values('supportedSASLMechanisms'),
  };
}

/** An attribute's values as strings, matching the name case-insensitively (servers vary the case). */
export function attributeValues(entry: Entry, name: string): string[] {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'dn' || key.toLowerCase() !== wanted) continue;
    const list = Array.isArray(value) ? value : [value];
    if (list.length > 0) return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : v));
  }
  return [];
}
