// Persons as Samba AD accounts. AD keeps userPassword as an ordinary attribute (its default
// dSHeuristics) and creates a user disabled: a person with a userPassword is added as an enabled
// account whose password is that value, so binds as the generated persons work (the offline load
// does the same in ldbScript.ts).
import type { LdifEntry } from '../../ldif/entries.ts';

/** userAccountControl of an enabled account with a password (NORMAL_ACCOUNT). */
export const ENABLED_ACCOUNT = '512';

/** Object classes AD authenticates (inetOrgPerson is a subclass of user there). */
const ACCOUNT_CLASSES = new Set(['user', 'inetorgperson']);

/** The values of `name` (any case) in `attributes`, or [] without it. */
function valuesOf(attributes: LdifEntry['attributes'], name: string): (string | Buffer)[] {
  const key = Object.keys(attributes).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? [] : (attributes[key] ?? []);
}

/** AD's unicodePwd value for `password`: the password in double quotes, in UTF-16LE. */
export function unicodePwd(password: string): Buffer {
  return Buffer.from(`"${password}"`, 'utf16le');
}

/** `entry` as an LDAP add to Samba AD needs it: a person with a userPassword as an enabled account. */
export function sambaAdProtocolEntry(entry: LdifEntry): LdifEntry {
  const { attributes } = entry;
  const password = valuesOf(attributes, 'userPassword')[0];
  const classes = valuesOf(attributes, 'objectClass').map((c) => String(c).toLowerCase());
  const isAccount =
    password !== undefined &&
    valuesOf(attributes, 'userAccountControl').length === 0 &&
    classes.some((c) => ACCOUNT_CLASSES.has(c));
  if (!isAccount) return entry;
  return {
    ...entry,
    attributes: {
      ...attributes,
      unicodePwd: [unicodePwd(String(password))],
      userAccountControl: [ENABLED_ACCOUNT],
    },
  };
}
