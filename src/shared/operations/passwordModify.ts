// The password-modify kind (RFC 3062): its request, its form fields and its row. It sets a user's
// password as the server does for ldappasswd, so it writes values of existing entries.
import type { DnFieldMap, WithControls } from './common.ts';
import type { FormField } from './formFields.ts';
import type { OperationTraits } from './traits.ts';

/** The password-modify extended operation's OID (RFC 3062). */
export const PASSWORD_MODIFY_OID = '1.3.6.1.4.1.4203.1.11.1';

/** Sets the password of the user a DN pattern picks to a new password pattern (no old password sent). */
export interface PasswordModifyOperation extends WithControls {
  kind: 'password-modify';
  /** DN pattern of the user (the request's userIdentity), e.g. `[entry:dn]`. */
  userDn: string;
  /** Pattern of the new password, expanded afresh for every operation. */
  newPassword: string;
}

const USER_DN: FormField = {
  name: 'passwordUserDn',
  type: 'pattern',
  at: ['userDn'],
  cli: {
    option: 'user-dn',
    value: 'PATTERN',
    description:
      "password-modify: the DN of the user whose password changes (RFC 3062's userIdentity)",
    example: '[entry:dn]',
  },
  gui: {
    label: 'User DN pattern',
    initial: '[entry:dn]',
    hint: { warning: 'Changes the passwords of existing entries of the target.' },
  },
};
const NEW_PASSWORD: FormField = {
  name: 'newPassword',
  type: 'pattern',
  at: ['newPassword'],
  cli: {
    option: 'new-password',
    value: 'PATTERN',
    description: 'password-modify: the new password, expanded for every operation',
    example: 'pw-[random:12]',
  },
  gui: { label: 'New password pattern', initial: 'pw-[random:12]', hint: 'e.g. `pw-[random:12]`' },
};

/** The user DN mapped as an entry's. */
function mapUserDn(operation: PasswordModifyOperation, map: DnFieldMap): PasswordModifyOperation {
  return { ...operation, userDn: map(operation.userDn, 'entry') };
}

/** The password-modify kind's row. */
export const PASSWORD_MODIFY_TRAITS: OperationTraits<PasswordModifyOperation> = {
  kind: 'password-modify',
  title: 'Password modify (extended)',
  summary: "Sets users' passwords with the password-modify extended operation (RFC 3062).",
  writes: 'values',
  controls: ['proxied-auth', 'raw'],
  serverCounters: ['extended'],
  mapDns: mapUserDn,
  form: {
    fields: [USER_DN, NEW_PASSWORD],
    usage: ['--user-dn PATTERN --new-password PATTERN'],
    layout: [{ className: 'custom-row-2', fields: [USER_DN, NEW_PASSWORD] }],
    build: (r) => ({
      operation: {
        kind: 'password-modify',
        userDn: r.need(USER_DN).trim(),
        newPassword: r.need(NEW_PASSWORD),
      },
    }),
  },
};
