// The target form's values and checks, built on the shared validation so GUI and host agree.
import { ApiError } from '../../../shared/errors.ts';
import type { Target, TargetInput } from '../../../shared/types.ts';
import { checkDn, parseLdapUrl, validateTargetInput } from '../../../shared/validation.ts';

/** What the form holds while the user types (password blank = keep the stored one). */
export interface TargetFormValues {
  name: string;
  url: string;
  startTls: boolean;
  bindDn: string;
  password: string;
  baseDn: string;
  /** Blank: the system's trusted CAs. */
  caFile: string;
}

/** Validation messages keyed by TargetInput field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** Field labels, also used to turn "baseDn is required" into "Base DN is required". */
export const TARGET_FIELD_LABELS: Record<keyof TargetFormValues, string> = {
  name: 'Name',
  url: 'LDAP URL',
  startTls: 'StartTLS',
  bindDn: 'Bind DN',
  password: 'Password',
  baseDn: 'Base DN',
  caFile: 'CA certificate file',
};

/** Blank form, or the saved target's values (never its password). */
export function initialValues(target: Target | null): TargetFormValues {
  if (!target)
    return {
      name: '',
      url: 'ldap://',
      startTls: false,
      bindDn: '',
      password: '',
      baseDn: '',
      caFile: '',
    };
  const { name, url, startTls, bindDn, baseDn, caFile } = target;
  return { name, url, startTls, bindDn, password: '', baseDn, caFile: caFile ?? '' };
}

/** The request body; an empty password is left out so the host keeps the stored one. */
export function toInput(values: TargetFormValues, id: string | undefined): TargetInput {
  const input: TargetInput = {
    name: values.name.trim(),
    url: values.url.trim(),
    startTls: values.startTls,
    bindDn: values.bindDn.trim(),
    baseDn: values.baseDn.trim(),
    caFile: values.caFile.trim(),
  };
  if (id !== undefined) input.id = id;
  if (values.password !== '') input.password = values.password;
  return input;
}

/** Rewrites a shared validation message so it names the field the way the form labels it. */
export function humanize(field: string, message: string): string {
  const label = TARGET_FIELD_LABELS[field as keyof TargetFormValues];
  const text = label && message.startsWith(field) ? label + message.slice(field.length) : message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function collect(errors: FieldErrors, check: () => void): void {
  try {
    check();
  } catch (err) {
    if (err instanceof ApiError && err.field && errors[err.field] === undefined) {
      errors[err.field] = humanize(err.field, err.message);
    }
  }
}

/** Every field's first problem at once (the shared validator stops at the first bad field). */
export function targetFieldErrors(input: TargetInput): FieldErrors {
  const errors: FieldErrors = {};
  collect(errors, () => parseLdapUrl(input.url));
  collect(errors, () => checkDn(input.bindDn, 'bindDn', true));
  collect(errors, () => checkDn(input.baseDn, 'baseDn', false));
  collect(errors, () => validateTargetInput(input));
  return errors;
}
