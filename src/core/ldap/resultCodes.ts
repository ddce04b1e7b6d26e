// Symbolic names of LDAP result codes (RFC 4511 and common extensions), for counting and messages.

const NAMES: Record<number, string> = {
  0: 'success',
  1: 'operationsError',
  2: 'protocolError',
  3: 'timeLimitExceeded',
  4: 'sizeLimitExceeded',
  5: 'compareFalse',
  6: 'compareTrue',
  7: 'authMethodNotSupported',
  8: 'strongerAuthRequired',
  10: 'referral',
  11: 'adminLimitExceeded',
  12: 'unavailableCriticalExtension',
  13: 'confidentialityRequired',
  14: 'saslBindInProgress',
  16: 'noSuchAttribute',
  17: 'undefinedAttributeType',
  18: 'inappropriateMatching',
  19: 'constraintViolation',
  20: 'attributeOrValueExists',
  21: 'invalidAttributeSyntax',
  32: 'noSuchObject',
  33: 'aliasProblem',
  34: 'invalidDNSyntax',
  35: 'isLeaf',
  36: 'aliasDereferencingProblem',
  48: 'inappropriateAuthentication',
  49: 'invalidCredentials',
  50: 'insufficientAccessRights',
  51: 'busy',
  52: 'unavailable',
  53: 'unwillingToPerform',
  54: 'loopDetect',
  64: 'namingViolation',
  65: 'objectClassViolation',
  66: 'notAllowedOnNonLeaf',
  67: 'notAllowedOnRDN',
  68: 'entryAlreadyExists',
  69: 'objectClassModsProhibited',
  70: 'resultsTooLarge',
  71: 'affectsMultipleDSAs',
  80: 'other',
  112: 'tlsNotSupported',
  118: 'canceled',
  119: 'noSuchOperation',
  120: 'tooLate',
  121: 'cannotCancel',
  122: 'assertionFailed',
  123: 'authorizationDenied',
  // ldapts' own code for a request that got no result message.
  248: 'noResult',
};

/** Symbolic name of an LDAP result code, e.g. 49 -> `invalidCredentials`; unknown codes read `resultCode<n>`. */
export function resultCodeName(code: number): string {
  return NAMES[code] ?? `resultCode${code}`;
}

/** Every result code with a name here (RFC 4511's, common extensions' and ldapts' noResult), ascending. */
export const NAMED_RESULT_CODES: readonly number[] = Object.keys(NAMES)
  .map(Number)
  .sort((a, b) => a - b);
