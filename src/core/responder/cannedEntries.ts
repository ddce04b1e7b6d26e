// What the responder answers with: one Salford-shaped inetOrgPerson entry and its root DSE.
import { dirbenchVersion } from '../base/version.ts';

/** vendorName the responder's root DSE reports, so runs against it are recognisable. */
export const RESPONDER_VENDOR_NAME = 'DirBench responder';

/** Base DN the responder claims to hold (any DN is answered anyway). */
export const RESPONDER_BASE_DN = 'ou=calibration,o=dirbench';

/**
 * The entry every base search returns (its DN is the requested one): the same attributes as a
 * lab's Salford person, about 600 bytes on the wire, so calibration reads cost what real reads cost.
 */
export const CANNED_PERSON: Record<string, string[]> = {
  objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'],
  cn: ['Margaret Whitworth'],
  sn: ['Whitworth'],
  givenName: ['Margaret'],
  uid: ['mwhitworth4711'],
  mail: ['margaret.whitworth4711@salford.example'],
  telephoneNumber: ['+44 161 738 2941'],
  employeeNumber: ['4711'],
  ou: ['Research'],
  title: ['Senior Lecturer'],
  postalAddress: ['112 Eccles New Road$Salford$M5 4WT'],
  userPassword: ['secret4711'],
};

/** Root DSE attributes: enough for "Test connection" and a run's recorded environment. */
export function rootDseAttributes(): Record<string, string[]> {
  return {
    objectClass: ['top'],
    vendorName: [RESPONDER_VENDOR_NAME],
    vendorVersion: [dirbenchVersion()],
    namingContexts: [RESPONDER_BASE_DN],
    supportedLDAPVersion: ['3'],
  };
}
