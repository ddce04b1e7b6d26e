// Input checks shared by the GUI, the CLI and the handlers: each names the field and the fix.
import { validateRunAgents } from './runAgentsRequest.ts';
import { parseThresholds } from './thresholds.ts';
import { invalid } from './errors.ts';
import { inputExcerpt } from './inputExcerpt.ts';
import { TARGET_BIND_MECHANISMS } from './targetTypes.ts';
import type { TargetInput } from './targetTypes.ts';
import type { ConnectionPolicy, RateStep, RunRequest } from './types.ts';
import { validateReplicationTopology } from './replicationTypes.ts';

/** Upper bounds that keep a typo from opening a million sockets. */
export const LIMITS = {
  connections: 10_000,
  depth: 1_000,
  warmupS: 3_600,
  durationS: 86_400,
  workers: 64,
  labEntries: 10_000_000,
  reconnectEveryOps: 1_000_000_000,
  targetOpsPerSec: 10_000_000,
  rateSteps: 1_000,
  repeats: 1_000,
  opTimeoutS: 3_600,
} as const;

/** Checks an LDAP URL and returns its parts; throws a field error naming what is wrong. */
export function parseLdapUrl(
  url: string,
  field = 'url',
): { scheme: 'ldap' | 'ldaps'; host: string; port: number } {
  textField(url, field);
  const match = /^(ldaps?):\/\/(\[[0-9a-fA-F:.]+\]|[^:/\s]+)(?::(\d+))?\/?$/.exec(url.trim());
  if (!match) {
    throw invalid(field, `"${url}" is not an LDAP URL: use ldap://host:port or ldaps://host:port`);
  }
  const scheme = match[1] as 'ldap' | 'ldaps';
  const port = match[3] === undefined ? (scheme === 'ldaps' ? 636 : 389) : Number(match[3]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw invalid(field, `port ${match[3]} in "${url}" is out of range: use 1-65535`);
  }
  return { scheme, host: match[2] as string, port };
}

/** Loose syntactic DN check: `attr=value` RDNs separated by commas; empty allowed when `optional`. */
export function checkDn(dn: string, field: string, optional: boolean): void {
  textField(dn, field);
  const trimmed = dn.trim();
  if (trimmed === '') {
    if (optional) return;
    throw invalid(field, `${field} is required, e.g. o=Salford,c=gb`);
  }
  const rdn =
    /^\s*[A-Za-z][\w-]*(\.\d+)*\s*=\s*(\\.|[^,+\\])+(\+\s*[A-Za-z][\w-]*\s*=\s*(\\.|[^,+\\])+)*$/;
  for (const part of splitDn(trimmed)) {
    if (!rdn.test(part)) {
      const [whole, bad] = [dn, part].map((text) => inputExcerpt(text, { maxChars: 200 }));
      throw invalid(field, `${whole} is not a DN: ${bad} should look like attribute=value`);
    }
  }
}

function splitDn(dn: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < dn.length; i++) {
    const ch = dn[i] as string;
    if (ch === '\\' && i + 1 < dn.length) {
      current += ch + (dn[i + 1] as string);
      i++;
    } else if (ch === ',') {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

/** Validates a target form; throws on the first bad field. */
export function validateTargetInput(input: TargetInput): void {
  // The form arrives as JSON from the GUI or an HTTP client: a wrong type is a field error too.
  if (typeof input !== 'object' || input === null)
    throw invalid('name', 'the target must be an object');
  textField(input.name, 'name');
  if (input.startTls !== undefined && typeof input.startTls !== 'boolean')
    throw invalid('startTls', 'startTls must be true or false');
  if (input.name.trim() === '') throw invalid('name', 'name is required');
  if (input.name.length > 200) throw invalid('name', 'name is longer than 200 characters');
  const { scheme } = parseLdapUrl(input.url);
  if (scheme === 'ldaps' && input.startTls) {
    throw invalid(
      'startTls',
      'StartTLS cannot be used with ldaps:// (the connection is already TLS)',
    );
  }
  const mechanism = input.bindMechanism ?? 'simple';
  if (!TARGET_BIND_MECHANISMS.includes(mechanism)) {
    throw invalid(
      'bindMechanism',
      `bindMechanism must be one of ${TARGET_BIND_MECHANISMS.join(', ')}; got ${shownValue(mechanism)}`,
    );
  }
  // A SASL bind names a user, not an entry: any text but blank.
  if (mechanism === 'simple') checkDn(input.bindDn, 'bindDn', true);
  else if (typeof input.bindDn !== 'string' || input.bindDn.trim() === '') {
    throw invalid('bindDn', `a ${mechanism} bind needs the user name in bindDn (e.g. jdoe)`);
  }
  checkDn(input.baseDn, 'baseDn', false);
}

/** Longest piece of a refused value an error message quotes. */
const SHOWN_VALUE_CHARS = 100;

/**
 * A refused value as an error message may quote it: cut short, and never throwing (an object from
 * JSON input may hold a `toString` that is not a function, a BigInt has no JSON form).
 */
export function shownValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = `a ${typeof value}`;
  }
  return text.length > SHOWN_VALUE_CHARS ? `${text.slice(0, SHOWN_VALUE_CHARS)}...` : text;
}

/** Checks that `value` is a string, naming the field otherwise (JSON input may hold anything). */
function textField(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string') {
    throw invalid(field, `${field} must be text, got ${shownValue(value)}`);
  }
}

/**
 * Checks that `value` is an integer in [min, max], naming the field otherwise; `subject` is what the
 * message calls it (the field by default). The error's detail is the rule alone ("must be between 1
 * and 64"), and a blank (null, NaN, missing) is code `required`.
 */
export function checkInteger(
  value: unknown,
  field: string,
  min: number,
  max: number,
  subject = field,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    const blank = value === null || value === undefined || Number.isNaN(value);
    const rule = 'must be a whole number';
    throw invalid(field, `${subject} ${rule}, got ${JSON.stringify(value)}`, {
      detail: subjectDetail(field, subject, rule),
      ...(blank ? { code: 'required' as const } : {}),
    });
  }
  if (value < min || value > max) {
    const rule = `must be between ${min} and ${max}`;
    throw invalid(field, `${subject} ${rule}, got ${value}`, {
      detail: subjectDetail(field, subject, rule),
    });
  }
  return value;
}

/** The detail of a message about `subject`: the rule, after what the subject adds to the field's name. */
function subjectDetail(field: string, subject: string, rule: string): string {
  return subject.startsWith(`${field} `) ? `${subject.slice(field.length + 1)} ${rule}` : rule;
}

/** Validates a run request's numbers and workload reference (the definition itself is checked in core); throws on the first bad field. */
export function validateRunRequest(req: RunRequest): void {
  if (typeof req.targetId !== 'string' || req.targetId === '')
    throw invalid('targetId', 'choose a target');
  if (typeof req.workload !== 'string' || req.workload.trim() === '') {
    throw invalid('workload', 'choose a workload, e.g. read-random or salford/S.1');
  }
  const spec: unknown = req.workloadSpec;
  if (spec !== undefined && (typeof spec !== 'object' || spec === null || Array.isArray(spec))) {
    throw invalid('workloadSpec', 'workloadSpec must be a workload definition object');
  }
  if (req.poolEntries !== undefined)
    checkInteger(req.poolEntries, 'poolEntries', 1, LIMITS.labEntries);
  checkInteger(req.connections, 'connections', 1, LIMITS.connections);
  checkInteger(req.depth, 'depth', 1, LIMITS.depth);
  checkInteger(req.warmupS, 'warmupS', 0, LIMITS.warmupS);
  checkInteger(req.durationS, 'durationS', 1, LIMITS.durationS);
  if (req.workers !== undefined) checkInteger(req.workers, 'workers', 1, LIMITS.workers);
  if (req.seed !== undefined) checkInteger(req.seed, 'seed', 0, 2 ** 31 - 1);
  if (req.policy !== undefined) validatePolicy(req.policy);
  if (req.cooldownS !== undefined) checkInteger(req.cooldownS, 'cooldownS', 0, LIMITS.warmupS);
  if (req.opTimeoutS !== undefined)
    checkInteger(req.opTimeoutS, 'opTimeoutS', 1, LIMITS.opTimeoutS);
  if (req.targetOpsPerSec !== undefined && req.rateProfile !== undefined) {
    throw invalid('rateProfile', 'give either a constant target rate or a rate profile, not both');
  }
  if (req.targetOpsPerSec !== undefined) {
    checkInteger(req.targetOpsPerSec, 'targetOpsPerSec', 1, LIMITS.targetOpsPerSec);
  }
  if (req.rateProfile !== undefined)
    validateRateProfile(req.rateProfile, req.warmupS + req.durationS + (req.cooldownS ?? 0));
  if (req.thresholds !== undefined) parseThresholds(req.thresholds, 'thresholds');
  if (req.agents !== undefined) validateRunAgents(req.agents);
  if (req.replication !== undefined) validateReplicationTopology(req.replication);
}

/** Checks a connection policy; throws naming `policy`. */
export function validatePolicy(policy: ConnectionPolicy): void {
  const kind = (Object(policy) as { kind?: unknown }).kind;
  if (kind === 'reconnect') {
    checkInteger(
      (policy as { everyOps?: unknown }).everyOps,
      'policy',
      1,
      LIMITS.reconnectEveryOps,
    );
  } else if (kind !== 'persistent' && kind !== 'per-op' && kind !== 'rebind') {
    throw invalid(
      'policy',
      `unknown connection policy "${String(kind)}": use persistent, reconnect:N, per-op or rebind`,
    );
  }
}

/** A request field that names something by id: non-empty text, else a validation error naming the field. */
export function checkId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(
      field,
      `${field} must be the id as text, got ${JSON.stringify(value) ?? 'nothing'}`,
    );
  }
  return value;
}

/** Parses the CLI form persistent | reconnect:N | per-op | rebind. */
export function parsePolicy(text: string, field = 'policy'): ConnectionPolicy {
  const trimmed = text.trim();
  const reconnect = /^reconnect:(\d+)$/.exec(trimmed);
  if (reconnect) {
    return {
      kind: 'reconnect',
      everyOps: checkInteger(Number(reconnect[1]), field, 1, LIMITS.reconnectEveryOps),
    };
  }
  if (trimmed === 'persistent' || trimmed === 'per-op' || trimmed === 'rebind')
    return { kind: trimmed };
  throw invalid(
    field,
    `unknown connection policy "${text}": use persistent, reconnect:N, per-op or rebind`,
  );
}

/** Checks an open-model rate profile: whole-second steps with rates >= 0 covering the whole run. */
export function validateRateProfile(steps: RateStep[], runS: number): void {
  if (!Array.isArray(steps) || steps.length === 0)
    throw invalid('rateProfile', 'the rate profile has no steps');
  if (steps.length > LIMITS.rateSteps)
    throw invalid('rateProfile', `the rate profile has more than ${LIMITS.rateSteps} steps`);
  let totalS = 0;
  for (const [i, step] of steps.entries()) {
    const where = `rateProfile step ${i + 1}`;
    if (typeof step !== 'object' || step === null)
      throw invalid('rateProfile', `${where} must be {durationS, fromOpsPerSec, toOpsPerSec}`);
    checkInteger(step.durationS, 'rateProfile', 1, LIMITS.durationS, where);
    checkInteger(step.fromOpsPerSec, 'rateProfile', 0, LIMITS.targetOpsPerSec, where);
    checkInteger(step.toOpsPerSec, 'rateProfile', 0, LIMITS.targetOpsPerSec, where);
    totalS += step.durationS;
  }
  if (totalS < runS) {
    throw invalid(
      'rateProfile',
      `the rate profile covers ${totalS} s but the run lasts ${runS} s (warm-up + measured + cool-down)`,
    );
  }
}
