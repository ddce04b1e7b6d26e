// The target form's values and checks, built on the shared validation so GUI and host agree.
import { ENV_NAME_PATTERN } from '../../../shared/envName.ts';
import { ApiError } from '../../../shared/errors.ts';
import type { Target, TargetBindMechanism, TargetInput } from '../../../shared/targetTypes.ts';
import { checkDn, parseLdapUrl, validateTargetInput } from '../../../shared/validation.ts';

/** How the form gives the bind password: typed, a file on the DirBench host, or a variable. */
export type PasswordChoice = 'typed' | 'file' | 'env';

/** What the form holds while the user types (password blank = keep the stored one). */
export interface TargetFormValues {
  name: string;
  url: string;
  startTls: boolean;
  /** Simple, or SASL DIGEST-MD5 / CRAM-MD5 (then bindDn is the user name). */
  bindMechanism: TargetBindMechanism;
  bindDn: string;
  passwordChoice: PasswordChoice;
  password: string;
  passwordFile: string;
  passwordEnv: string;
  baseDn: string;
  /** Blank: the system's trusted CAs. */
  caFile: string;
  /** Unchecked only when the user trusts an unverified server certificate. */
  tlsVerify: boolean;
  clientCertFile: string;
  clientKeyFile: string;
}

/** Validation messages keyed by TargetInput field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** Field labels, also used to turn "baseDn is required" into "Base DN is required". */
export const TARGET_FIELD_LABELS: Record<keyof TargetFormValues, string> = {
  name: 'Name',
  url: 'LDAP URL',
  startTls: 'StartTLS',
  bindMechanism: 'Bind mechanism',
  bindDn: 'Bind DN',
  passwordChoice: 'Credential source',
  password: 'Password',
  passwordFile: 'Password file',
  passwordEnv: 'Environment variable',
  baseDn: 'Base DN',
  caFile: 'CA certificate file',
  tlsVerify: 'Trust an unverified certificate',
  clientCertFile: 'Client certificate file',
  clientKeyFile: 'Client key file',
};

/** The form's password source for a saved target: its file or variable, else typed (kept when blank). */
function choiceOf(target: Target): PasswordChoice {
  if (target.passwordSource === 'file') return 'file';
  return target.passwordSource === 'env' ? 'env' : 'typed';
}

/** Blank form, or the saved target's values (never its password). */
export function initialValues(target: Target | null): TargetFormValues {
  const blank: TargetFormValues = {
    name: '',
    url: 'ldap://',
    startTls: false,
    bindMechanism: 'simple',
    bindDn: '',
    passwordChoice: 'typed',
    password: '',
    passwordFile: '',
    passwordEnv: '',
    baseDn: '',
    caFile: '',
    tlsVerify: true,
    clientCertFile: '',
    clientKeyFile: '',
  };
  if (!target) return blank;
  const { name, url, startTls, bindDn, baseDn, tlsVerify } = target;
  return {
    ...blank,
    name,
    url,
    startTls,
    bindDn,
    baseDn,
    tlsVerify,
    bindMechanism: target.bindMechanism,
    passwordChoice: choiceOf(target),
    passwordFile: target.passwordSource === 'file' ? (target.passwordFile ?? '') : '',
    passwordEnv: target.passwordEnv ?? '',
    caFile: target.caFile ?? '',
    clientCertFile: target.clientCertFile ?? '',
    clientKeyFile: target.clientKeyFile ?? '',
  };
}

/** The request body: only the chosen password source; an empty typed password keeps the stored one. */
export function toInput(values: TargetFormValues, id: string | undefined): TargetInput {
  const input: TargetInput = {
    name: values.name.trim(),
    url: values.url.trim(),
    startTls: values.startTls,
    bindMechanism: values.bindMechanism,
    bindDn: values.bindDn.trim(),
    baseDn: values.baseDn.trim(),
    caFile: values.caFile.trim(),
    tlsVerify: values.tlsVerify,
    clientCertFile: values.clientCertFile.trim(),
    clientKeyFile: values.clientKeyFile.trim(),
  };
  if (id !== undefined) input.id = id;
  if (values.passwordChoice === 'typed' && values.password !== '') input.password = values.password;
  if (values.passwordChoice === 'file') input.passwordFile = values.passwordFile.trim();
  if (values.passwordChoice === 'env') input.passwordEnv = values.passwordEnv.trim();
  return input;
}

/** A shared validation error in the form's words: the field's label before the rule. */
export function humanize(error: Pick<ApiError, 'field' | 'message' | 'detail'>): string {
  const label = TARGET_FIELD_LABELS[(error.field ?? '') as keyof TargetFormValues];
  const text = label && error.detail !== undefined ? `${label} ${error.detail}` : error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function collect(errors: FieldErrors, check: () => void): void {
  try {
    check();
  } catch (err) {
    if (err instanceof ApiError && err.field && errors[err.field] === undefined) {
      errors[err.field] = humanize(err);
    }
  }
}

/** Every field's first problem at once (the shared validator stops at the first bad field). */
export function targetFieldErrors(input: TargetInput): FieldErrors {
  const errors: FieldErrors = {};
  collect(errors, () => parseLdapUrl(input.url));
  // A SASL user name is not a DN: validateTargetInput checks it.
  if ((input.bindMechanism ?? 'simple') === 'simple') {
    collect(errors, () => checkDn(input.bindDn, 'bindDn', true));
  }
  collect(errors, () => checkDn(input.baseDn, 'baseDn', false));
  collect(errors, () => validateTargetInput(input));
  if (input.passwordFile === '') errors.passwordFile = 'Give the path of the password file';
  if (input.passwordEnv !== undefined && !ENV_NAME_PATTERN.test(input.passwordEnv)) {
    errors.passwordEnv = 'Give a variable name: letters, digits and _, e.g. BENCH_PASSWORD';
  }
  if ((input.clientCertFile === '') !== (input.clientKeyFile === '')) {
    const missing = input.clientCertFile === '' ? 'clientCertFile' : 'clientKeyFile';
    errors[missing] = 'A client certificate needs both its certificate and its key file';
  }
  return errors;
}
