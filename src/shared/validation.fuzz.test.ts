import { test } from 'node:test';
import fc from 'fast-check';
import { ApiError } from './errors.ts';
import {
  fuzz,
  joined,
  looseRecord,
  maybeTruncated,
  mostly,
  oddText,
  oddValue,
} from '../core/testing/fuzzCheck.ts';
import type { TargetInput } from './targetTypes.ts';
import type { RunRequest } from './types.ts';
import { validateRunRequest, validateTargetInput } from './validation.ts';

const ownError = (err: unknown): boolean =>
  err instanceof ApiError && err.kind === 'validation' && typeof err.field === 'string';

// DNs from RDN pieces, escapes, plus signs and long runs of spaces (what would make a regex backtrack).
const dnPiece = fc.oneof(
  fc.constantFrom(
    'cn',
    'o',
    '2.5.4.3',
    'ou',
    '=',
    ',',
    '+',
    '\\',
    '\\,',
    '\\2C',
    ' ',
    '"',
    '#',
    ';',
    'Salford',
    'c=gb',
  ),
  fc.nat(400).map((n) => ' '.repeat(n)),
  fc.nat(200).map((n) => 'a='.repeat(n)),
  oddText,
);
const dn = maybeTruncated(joined(dnPiece, 10));
const url = maybeTruncated(
  fc
    .tuple(
      fc.constantFrom('ldap://', 'ldaps://', 'http://', 'ldap:/', '', 'LDAP://'),
      fc.constantFrom('127.0.0.1', '[::1]', 'dir.example.com', '', '[', 'a b', '::1'),
      fc.oneof(
        fc.constant(''),
        fc.constantFrom(':389', ':0', ':65536', ':99999999999999999999', ':', ':-1'),
      ),
      fc.constantFrom('', '/', '/o=x', '?'),
    )
    .map((parts) => parts.join('')),
);

const targetInput = looseRecord({
  name: mostly(fc.constant('t'), fc.constantFrom('', 'x'.repeat(201))),
  url: fc.oneof(fc.constant('ldap://127.0.0.1:389'), url, oddValue),
  startTls: fc.boolean(),
  bindDn: mostly(dn, oddValue),
  baseDn: mostly(dn, oddValue),
});

test('target forms: URLs and DNs validate or raise a validation error naming the field, quickly', async () => {
  await fuzz('target input', targetInput, (t) => validateTargetInput(t as TargetInput), ownError);
});

const count = mostly(fc.integer({ min: 1, max: 64 }), oddValue);
const runRequest = looseRecord({
  targetId: mostly(fc.constant('t1'), fc.constant('')),
  workload: mostly(fc.constant('read-random'), fc.constant(' ')),
  workloadSpec: mostly(fc.constant(undefined), oddValue),
  connections: count,
  depth: count,
  warmupS: count,
  durationS: count,
  workers: count,
  seed: count,
  cooldownS: count,
  poolEntries: count,
  targetOpsPerSec: count,
  policy: mostly(
    fc.constantFrom({ kind: 'persistent' }, { kind: 'reconnect', everyOps: 10 }),
    oddValue,
  ),
  rateProfile: mostly(
    fc.array(looseRecord({ durationS: count, fromOpsPerSec: count, toOpsPerSec: count }), {
      maxLength: 3,
    }),
    oddValue,
  ),
});

test('run requests: numbers out of range, NaN, wrong types raise a validation error naming the field', async () => {
  await fuzz('run request', runRequest, (r) => validateRunRequest(r as RunRequest), ownError);
});
