// The custom operation's request controls: which each kind may carry, the form's values, and the
// workload controls they make (the same as the CLI's --proxy-as ... --control options).
import { parseControlArgument } from '../../../../shared/controlArgument.ts';
import { ApiError } from '../../../../shared/errors.ts';
import type { RequestControl, WorkloadOperation } from '../../../../shared/workload.ts';

/** The control fields of the custom form, as typed. */
export interface CustomControlValues {
  /** Proxied authorization v2 identity pattern (`dn:...`, `u:...`); blank: none. */
  proxyAs: string;
  /** Assertion filter pattern; blank: none. */
  assertionFilter: string;
  /** Pre-read and post-read attributes, `a,b`; blank: none. */
  preRead: string;
  postRead: string;
  permissiveModify: boolean;
  /** Any controls, one `OID[:criticality[:value|::base64]]` per line (UnboundID's -J). */
  rawControls: string;
}

/** Empty: no control. */
export function defaultControlValues(): CustomControlValues {
  return {
    proxyAs: '',
    assertionFilter: '',
    preRead: '',
    postRead: '',
    permissiveModify: false,
    rawControls: '',
  };
}

type Kind = WorkloadOperation['kind'];

/** Kinds each read or modify control goes on (proxied auth, assertion and raw go on all but bind). */
const READ_KINDS: Record<'preRead' | 'postRead' | 'permissiveModify', readonly Kind[]> = {
  preRead: ['delete', 'modify', 'modrdn'],
  postRead: ['add', 'modify', 'modrdn'],
  permissiveModify: ['modify'],
};

/** True when the custom form offers `field` for an operation of `kind`. */
export function offersControl(kind: Kind, field: keyof CustomControlValues): boolean {
  if (kind === 'bind') return false;
  if (field === 'preRead' || field === 'postRead' || field === 'permissiveModify') {
    return READ_KINDS[field].includes(kind);
  }
  return true;
}

/** The items of a comma list (`a, b`), blanks dropped. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

/** The non-blank lines of the raw controls box. */
function rawLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The first raw control line that cannot be read, as the message to show; null when all read. */
export function rawControlsError(text: string): string | null {
  for (const line of rawLines(text)) {
    try {
      parseControlArgument(line, 'Control');
    } catch (err) {
      if (err instanceof ApiError) return err.message;
      throw err;
    }
  }
  return null;
}

/** The controls the form asks for on an operation of `kind` (unreadable raw lines left to rawControlsError). */
export function customControls(kind: Kind, v: CustomControlValues): RequestControl[] {
  const controls: RequestControl[] = [];
  const offered = (field: keyof CustomControlValues) => offersControl(kind, field);
  if (offered('proxyAs') && v.proxyAs.trim() !== '') {
    controls.push({ type: 'proxied-auth', authzId: v.proxyAs.trim() });
  }
  if (offered('assertionFilter') && v.assertionFilter.trim() !== '') {
    controls.push({ type: 'assertion', filter: v.assertionFilter.trim() });
  }
  for (const [field, type] of [
    ['preRead', 'pre-read'],
    ['postRead', 'post-read'],
  ] as const) {
    const list = commaList(v[field]);
    if (offered(field) && list.length > 0) controls.push({ type, attributes: list });
  }
  if (offered('permissiveModify') && v.permissiveModify) {
    controls.push({ type: 'permissive-modify' });
  }
  if (offered('rawControls') && rawControlsError(v.rawControls) === null) {
    for (const line of rawLines(v.rawControls)) {
      controls.push(parseControlArgument(line, 'Control'));
    }
  }
  return controls;
}

/** How many controls the form asks for on `kind`, for the section's summary. */
export function controlCount(kind: Kind, v: CustomControlValues): number {
  const raw = offersControl(kind, 'rawControls') ? rawLines(v.rawControls).length : 0;
  return customControls(kind, { ...v, rawControls: '' }).length + raw;
}

/** The control field a check error under `controls` belongs to (`controls[i].authzId` is the proxy identity). */
export function controlFieldForPath(rest: string): keyof CustomControlValues | 'controls' {
  if (/^controls\[\d+\]\.authzId/.test(rest)) return 'proxyAs';
  if (/^controls\[\d+\]\.filter/.test(rest)) return 'assertionFilter';
  return 'controls';
}
