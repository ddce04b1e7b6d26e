// The request controls of a workload operation, compiled once: the bytes the lean path appends to
// each request (made once when no control has a pattern that changes) and ldapts Control objects
// for the ops that take ldapts' path. Operations without controls never reach this module.
import { FilterParser } from 'ldapts';
import type { Control } from 'ldapts';
import type { RequestControl } from '../../shared/workload.ts';
import {
  assertionValue,
  CONTROL_OID,
  controlsElement,
  EncodedControl,
  encodeControl,
  proxiedAuthValue,
  readAttributesValue,
  ReadEntryControl,
} from '../ldap/controls/encodeControls.ts';
import type { ControlBytes } from '../ldap/controls/encodeControls.ts';
import type { PreparedRequest } from '../ldap/lean/prepared.ts';
import { filterContext } from './filterContext.ts';
import type { OpContext } from './opContext.ts';
import type { PatternContext } from '../pattern/index.ts';
import type { OpTools } from './ops/opTypes.ts';

/** Thrown when the server answered a write without the pre-read or post-read entry it was asked for. */
export class ReadEntryMissingError extends Error {
  readonly code = 'readEntryMissing';
  constructor(oid: string) {
    super(
      `the server did not return the ${oid === CONTROL_OID.preRead ? 'pre-read' : 'post-read'} entry (control ${oid}): it does not support the control, or the bind may not read those attributes`,
    );
    this.name = 'ReadEntryMissingError';
  }
}

/** One op's controls. */
export interface OpControls {
  /** The [0] Controls element, for the lean path. */
  readonly element: Buffer;
  /** The same controls for an ldapts call, fresh objects (a read control keeps its response). */
  ldapts(): Control[];
}

/** Expands an operation's controls for the next op. */
export type ControlsFactory = (ctx: OpContext) => OpControls;

/** One control: fixed bytes, or bytes from a pattern expanded per op. */
type ControlPart = (ctx: PatternContext) => ControlBytes;

/** True when the control list asks for pre-read or post-read entries (the op then checks they came back). */
export function readsEntries(controls: readonly RequestControl[] | undefined): boolean {
  return (controls ?? []).some((c) => c.type === 'pre-read' || c.type === 'post-read');
}

/** A control's bytes as a function of the op, and whether they never change. */
function compilePart(
  control: RequestControl,
  tools: OpTools,
): { part: ControlPart; fixed: boolean } {
  const fixedPart = (bytes: ControlBytes): { part: ControlPart; fixed: boolean } => ({
    part: () => bytes,
    fixed: true,
  });
  switch (control.type) {
    case 'proxied-auth': {
      const authzId = tools.pattern(control.authzId);
      // RFC 4370: the control MUST be critical.
      const oid = CONTROL_OID.proxiedAuth;
      return authzId.isStatic
        ? fixedPart({ oid, critical: true, value: proxiedAuthValue(authzId.next(STATIC)) })
        : {
            part: (ctx) => ({ oid, critical: true, value: proxiedAuthValue(authzId.next(ctx)) }),
            fixed: false,
          };
    }
    case 'assertion': {
      const filter = tools.pattern(control.filter);
      const oid = CONTROL_OID.assertion;
      // RFC 4528 section 3: critical, so a server without the control refuses instead of ignoring it.
      const bytes = (text: string): ControlBytes => ({
        oid,
        critical: true,
        value: assertionValue(FilterParser.parseString(text)),
      });
      if (filter.isStatic) return fixedPart(bytes(filter.next(STATIC)));
      const fromEntries = filter.entryAttributes.length > 0;
      return {
        part: (ctx) => bytes(filter.next(fromEntries ? filterContext(ctx) : ctx)),
        fixed: false,
      };
    }
    case 'pre-read':
    case 'post-read':
      return fixedPart({
        oid: control.type === 'pre-read' ? CONTROL_OID.preRead : CONTROL_OID.postRead,
        critical: false,
        value: readAttributesValue(control.attributes),
      });
    case 'permissive-modify':
      return fixedPart({ oid: CONTROL_OID.permissiveModify, critical: false, value: null });
    case 'raw':
      return fixedPart({
        oid: control.oid,
        critical: control.critical ?? false,
        value:
          control.valueBase64 !== undefined
            ? Buffer.from(control.valueBase64, 'base64')
            : control.value !== undefined
              ? Buffer.from(control.value, 'utf8')
              : null,
      });
  }
}

/** What a static pattern expands with: it reads nothing of it. */
const STATIC: PatternContext = {
  get rng(): never {
    throw new Error('a static pattern read the random stream');
  },
  entry: () => '',
  unique: () => '',
};

/** The ldapts Control for one control's bytes: read controls take in their response entry. */
function ldaptsControl(bytes: ControlBytes): Control {
  return bytes.oid === CONTROL_OID.preRead || bytes.oid === CONTROL_OID.postRead
    ? new ReadEntryControl(bytes)
    : new EncodedControl(bytes);
}

/** Compiles an operation's controls; null when it has none (the op then sends none, at no cost). */
export function compileControls(
  controls: readonly RequestControl[] | undefined,
  tools: OpTools,
): ControlsFactory | null {
  if (controls === undefined || controls.length === 0) return null;
  const parts = controls.map((c) => compilePart(c, tools));
  const make = (bytes: ControlBytes[]): OpControls => ({
    element: controlsElement(bytes.map(encodeControl)),
    ldapts: () => bytes.map(ldaptsControl),
  });
  if (parts.every((p) => p.fixed)) {
    // Fixed parts never read the op: any context will do, the first op's is not at hand yet.
    const fixed = make(parts.map((p) => p.part(STATIC)));
    return () => fixed;
  }
  return (ctx) => make(parts.map((p) => p.part(ctx)));
}

/** `lean` with the op's controls appended (null stays null: ldapts' path sends them). */
export function leanWithControls(
  lean: PreparedRequest | null,
  controls: OpControls | null,
): PreparedRequest | null {
  return controls === null || lean === null ? lean : lean.withControls(controls.element);
}

/** Runs an ldapts call with the op's controls (fresh objects); throws unless each read control got its entry back. */
export async function callWithControls(
  controls: OpControls,
  call: (sent: Control[]) => Promise<unknown>,
): Promise<number> {
  const sent = controls.ldapts();
  await call(sent);
  for (const control of sent) {
    if (control instanceof ReadEntryControl && control.entry === null) {
      throw new ReadEntryMissingError(control.type);
    }
  }
  return 0;
}
