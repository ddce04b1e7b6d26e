// The start-lab form's values, checks and request (the words for each kind are its row's, in
// src/shared/labKinds.ts).
import { ApiError } from '../../../shared/errors.ts';
import { parseCustomIndexes } from '../../../shared/indexProfiles.ts';
import type { ApiRequest } from '../../../shared/api.ts';
import type {
  LabAvailability,
  LabKind,
  LabLoadMethod,
  LabShape,
  LabTlsMode,
} from '../../../shared/labTypes.ts';
import {
  DEFAULT_LAB_KIND,
  labKindsWhere,
  LAB_KIND_LIST,
  LAB_KINDS,
} from '../../../shared/labKinds.ts';
import { LAB_SHAPES } from '../../../shared/labTypes.ts';
import { checkInteger, LIMITS } from '../../../shared/validation.ts';
import type { IndexProfile } from '../../../shared/workload.ts';

/** Kinds whose labs can serve StartTLS and ldaps:// (the host rejects the others with field `tls`). */
export const TLS_KINDS: ReadonlySet<LabKind> = new Set(
  labKindsWhere((row) => row.capabilities.tls),
);

/** Kinds whose labs can have replicas (the host rejects the others with field `replicas`). */
export const REPLICA_KINDS: ReadonlySet<LabKind> = new Set(
  labKindsWhere((row) => row.capabilities.replicas),
);

/** How the form names each directory shape (one entry per shape, or this does not compile). */
const SHAPE_TEXT: Readonly<Record<LabShape, { label: string; hint: string }>> = {
  salford: {
    label: 'Salford',
    hint: 'inetOrgPerson entries under o=Salford,c=gb in 10 organizational units (seed 000)',
  },
  flat: {
    label: 'Flat (M-Vault)',
    hint: 'cn=First Last,o=Test,c=BA: every person under one parent (seed 001)',
  },
};

/** The directory shapes, as the form offers them. */
export const SHAPES: readonly { value: LabShape; label: string; hint: string }[] = LAB_SHAPES.map(
  (value) => ({ value, ...SHAPE_TEXT[value] }),
);

/** Entry counts offered as one-click picks. */
export const ENTRY_PRESETS: readonly number[] = [10_000, 100_000, 1_000_000, 10_000_000];

/** Select value for "no attribute indexes" (the host keeps objectClass equality). */
export const PROFILE_NONE = 'none';
/** Select value that reveals the custom index list. */
export const PROFILE_CUSTOM = 'custom';
/** The profile the host uses when none is named. */
export const DEFAULT_PROFILE = 'salford-indexed';
/** Protocol loads' connections when the user does not say. */
export const DEFAULT_LOAD_CONNECTIONS = 8;

const MAX_SEED = 2 ** 31 - 1;

/** What the form holds while the user types. */
export interface LabFormValues {
  kind: LabKind;
  entries: string;
  seed: string;
  shape: LabShape;
  /** A profile name, PROFILE_NONE or PROFILE_CUSTOM. */
  profile: string;
  customIndexes: string;
  load: LabLoadMethod;
  loadConnections: string;
  tls: 'off' | LabTlsMode;
  /** Consumers beside the lab's server, as the segments offer them. */
  replicas: '0' | '1' | '2';
}

/** The request fields a message can be attached to (the host's ApiError `field` names). */
export type LabField =
  | 'kind'
  | 'entries'
  | 'seed'
  | 'shape'
  | 'indexProfile'
  | 'customIndexes'
  | 'load'
  | 'loadConnections'
  | 'tls'
  | 'replicas';

/** Messages by field. */
export type LabFieldErrors = Partial<Record<LabField, string>>;

/** The first kind this machine can run (OpenLDAP when it can), else the first listed. */
export function defaultKind(availability: readonly LabAvailability[]): LabKind {
  const ordered = LAB_KIND_LIST.flatMap((k) => availability.filter((a) => a.kind === k));
  return (ordered.find((a) => a.available) ?? ordered[0])?.kind ?? DEFAULT_LAB_KIND;
}

/** A fresh form for `kind`. */
export function defaultLabValues(kind: LabKind): LabFormValues {
  return {
    kind,
    entries: '10000',
    seed: '1',
    shape: 'salford',
    profile: DEFAULT_PROFILE,
    customIndexes: '',
    load: 'offline',
    loadConnections: String(DEFAULT_LOAD_CONNECTIONS),
    tls: 'off',
    replicas: '0',
  };
}

/** The TLS mode that will be asked for: none for kinds that cannot serve TLS. */
export function effectiveTls(values: LabFormValues): 'off' | LabTlsMode {
  return TLS_KINDS.has(values.kind) ? values.tls : 'off';
}

/** `field must be ...` from the shared checks, reworded with the form's label. */
function integerError(
  text: string,
  field: string,
  label: string,
  min: number,
  max: number,
): string | undefined {
  try {
    checkInteger(text.trim() === '' ? NaN : Number(text), field, min, max);
    return undefined;
  } catch (err) {
    if (!(err instanceof ApiError)) return String(err);
    // The rule alone ("must be between 1 and 10000000"): what was typed is in the box already.
    return err.detail === undefined ? err.message : `${label} ${err.detail}`;
  }
}

/**
 * Checks a custom index list (`cn:eq,sub,pres;uid:eq`) as the host does; undefined when it is
 * good. The host checks it again and its message, if any, lands next to the same field.
 */
export function customIndexesError(text: string): string | undefined {
  try {
    parseCustomIndexes(text);
    return undefined;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return message.charAt(0).toUpperCase() + message.slice(1);
  }
}

/** Every problem of the form at once, keyed by field. */
export function labFieldErrors(
  values: LabFormValues,
  availability: readonly LabAvailability[],
): LabFieldErrors {
  const errors: LabFieldErrors = {};
  const kind = availability.find((a) => a.kind === values.kind);
  if (kind === undefined || !kind.available) {
    errors.kind = `${LAB_KINDS[values.kind].title} is not available on this machine`;
  }
  const entries = integerError(values.entries, 'entries', 'Entries', 1, LIMITS.labEntries);
  if (entries) errors.entries = entries;
  const seed = integerError(values.seed, 'seed', 'Seed', 0, MAX_SEED);
  if (seed) errors.seed = seed;
  if (values.profile === PROFILE_CUSTOM) {
    const custom = customIndexesError(values.customIndexes);
    if (custom) errors.customIndexes = custom;
  }
  if (values.load === 'protocol') {
    const connections = integerError(
      values.loadConnections,
      'loadConnections',
      'Connections',
      1,
      1024,
    );
    if (connections) errors.loadConnections = connections;
  }
  return errors;
}

/** The `lab/start` request for valid values. */
export function toLabStartRequest(values: LabFormValues): ApiRequest<'lab/start'> {
  const tls = effectiveTls(values);
  return {
    kind: values.kind,
    entries: Number(values.entries),
    seed: Number(values.seed),
    shape: values.shape,
    indexProfile:
      values.profile === PROFILE_CUSTOM
        ? values.customIndexes
            .split(';')
            .map((part) => part.trim())
            .filter((part) => part !== '')
            .join(';')
        : values.profile,
    load: values.load,
    ...(values.load === 'protocol' ? { loadConnections: Number(values.loadConnections) } : {}),
    ...(tls === 'off' ? {} : { tls }),
    ...(values.replicas === '0' || !REPLICA_KINDS.has(values.kind)
      ? {}
      : { replicas: Number(values.replicas) }),
  };
}

/** Where a host error naming `field` is shown: a custom list's error goes next to the list. */
export function fieldForHostError(
  field: string | undefined,
  values: LabFormValues,
): LabField | null {
  switch (field) {
    case 'indexProfile':
      return values.profile === PROFILE_CUSTOM ? 'customIndexes' : 'indexProfile';
    case 'kind':
    case 'entries':
    case 'seed':
    case 'shape':
    case 'load':
    case 'loadConnections':
    case 'tls':
    case 'replicas':
      return field;
    default:
      return null;
  }
}

/** A profile's index lines without the objectClass equality every lab keeps. */
export function profileIndexLines(profile: IndexProfile): string[] {
  return profile.indexes
    .filter((i) => !(i.attribute.toLowerCase() === 'objectclass' && i.types.join() === 'eq'))
    .map((i) => `${i.attribute} ${i.types.join(',')}`);
}

/** "cn eq,sub,pres; uid eq", or "objectClass only" for a profile with no attribute indexes. */
export function profileSummary(profile: IndexProfile): string {
  const lines = profileIndexLines(profile);
  return lines.length === 0 ? 'objectClass only' : lines.join('; ');
}

/**
 * An unavailable kind's reason (its first sentence) and the commands to copy, from the host's
 * detail: the first command of each problem it lists (" — " separates them), e.g. the Debian one.
 */
export function splitAvailabilityDetail(detail: string): {
  reason: string;
  commands: string[];
} {
  const parts = detail.split(' — ');
  const reason = parts.map((part) => (/^(.+?[.!])(\s|$)/.exec(part)?.[1] ?? part).trim()).join(' ');
  const commands: string[] = [];
  for (const part of parts) {
    const match = /\b(?:sudo|mvn|brew|curl|wget|dirbench|npx)\s[^;()—]+/.exec(part);
    const command = match?.[0].replace(/[\s.,]+$/, '').trim();
    if (command && !commands.includes(command)) commands.push(command);
  }
  return { reason, commands };
}

/** Entries per second of a load, or null when it is not timed yet. */
export function loadRate(entries: number, loadS: number | null): number | null {
  if (loadS === null || loadS <= 0) return null;
  return entries / loadS;
}
