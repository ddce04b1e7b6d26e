// Access rules of a 389 DS lab. 389 DS has no global ACIs: rules live in the data, so they are
// added to the suffix entry after the load (offline or over LDAP). ACIs in the root DSE are no
// substitute: they reach anonymous users only.
import { Attribute, Change, Client, NoSuchObjectError } from 'ldapts';

/** Names of the lab's rules, to recognise them in the suffix entry. */
const READ_ACL = 'DirBench lab: anyone reads all but passwords';
const PASSWORD_ACL = 'DirBench lab: persons change their own password';

/** The ACIs of a lab: anyone reads everything but passwords; persons may change their own. */
export const DS389_LAB_ACIS: readonly string[] = [
  `(targetattr != "userPassword")(version 3.0; acl "${READ_ACL}"; allow (read, search, compare) userdn = "ldap:///anyone";)`,
  `(targetattr = "userPassword")(version 3.0; acl "${PASSWORD_ACL}"; allow (write) userdn = "ldap:///self";)`,
];

/** Where and as whom to add the rules. */
export interface LabAccessTarget {
  url: string;
  rootDn: string;
  rootPassword: string;
  suffix: string;
}

/** What `ensureLabAcis` found: rules added now, there already, or no suffix entry yet. */
export type AciOutcome = 'added' | 'present' | 'no-suffix';

/** Adds the lab's ACIs to the suffix entry unless it already has them. */
export async function ensureLabAcis(target: LabAccessTarget): Promise<AciOutcome> {
  const client = new Client({ url: target.url, timeout: 30_000, connectTimeout: 10_000 });
  try {
    await client.bind(target.rootDn, target.rootPassword);
    let present: string[];
    try {
      const { searchEntries } = await client.search(target.suffix, {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: ['aci'],
      });
      present = [searchEntries[0]?.['aci'] ?? []].flat().map(String);
    } catch (err) {
      if (err instanceof NoSuchObjectError) return 'no-suffix';
      throw err;
    }
    const missing = DS389_LAB_ACIS.filter(
      (aci) => !present.some((p) => p.includes(/acl "([^"]+)"/.exec(aci)?.[1] ?? aci)),
    );
    if (missing.length === 0) return 'present';
    await client.modify(
      target.suffix,
      new Change({
        operation: 'add',
        modification: new Attribute({ type: 'aci', values: missing }),
      }),
    );
    return 'added';
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
