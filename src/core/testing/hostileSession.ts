// One session against the hostile server, driven as a load worker drives a connection: a bound
// client from openBoundClient, the persistent loop (lean or ldapts path), the op-timeout sweep and
// the slot's reconnects; every operation's end is taken as the worker records it.
import type { Client } from 'ldapts';
import type { WorkloadOperation, WorkloadSpec } from '../../shared/workload.ts';
import { Prng } from '../datagen/prng.ts';
import { openBoundClient } from '../ldap/connection.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import { ConnectionCounters } from '../ldap/connectionCounters.ts';
import { failureCodeName } from '../ldap/failure.ts';
import { keepOnLdapts } from '../ldap/lean/channel.ts';
import { ConnectionSlot } from '../loadgen/connectionSlot.ts';
import { IntervalRecorder } from '../loadgen/intervalRecorder.ts';
import type { LoadControl } from '../loadgen/loadControl.ts';
import { OpWatch } from '../loadgen/opDeadline.ts';
import { persistentLoop } from '../loadgen/persistentLoop.ts';
import { RunClock } from '../loadgen/runClock.ts';
import { CompiledWorkload } from '../workload/compileWorkload.ts';
import type { PreparedOp, WorkloadRuntime } from '../workload/compileWorkload.ts';
import { planDn } from './hostileFaults.ts';
import type { FaultPlan } from './hostileFaults.ts';

/** Which request path the session's operations take. */
export type ClientPath = 'lean' | 'ldapts';

/** Operations a session sends (each has a lean form and an ldapts form). */
export const SESSION_OPS = ['search', 'base', 'compare', 'modify', 'delete'] as const;

/** One session operation. */
export type SessionOp = (typeof SESSION_OPS)[number];

/** What one session does: the server's plan, the client's path and its operation. */
export interface SessionSpec {
  plan: FaultPlan;
  path: ClientPath;
  op: SessionOp;
}

/** How long a session may wait and how many operation ends it collects. */
export interface SessionLimits {
  opTimeoutMs: number;
  connectTimeoutMs: number;
  /** Operation ends (successes, failures, failed reconnects) after which the session stops. */
  ends: number;
}

/** The operation ends a session saw: `ok` or the worker's failure code, the bind's first if it failed. */
export type SessionOutcomes = string[];

/** The workload operation of `op`. */
function operationOf(op: SessionOp): WorkloadOperation {
  switch (op) {
    case 'search':
      return {
        kind: 'search',
        base: 'o=x',
        scope: 'sub',
        filter: '(uid=user.[1-9])',
        attributes: [],
      };
    case 'base':
      return {
        kind: 'search',
        base: 'uid=u,o=x',
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: ['cn'],
      };
    case 'compare':
      return { kind: 'compare', entryDn: 'uid=u,o=x', attribute: 'cn', value: 'v' };
    case 'modify':
      return {
        kind: 'modify',
        entryDn: 'uid=u,o=x',
        changes: [{ operation: 'replace', attribute: 'description', values: ['d[1-99]'] }],
      };
    case 'delete':
      return { kind: 'delete', entryDn: 'uid=gone.[1-999],o=x' };
  }
}

function workloadOf(op: SessionOp): WorkloadSpec {
  return {
    id: 'adhoc',
    title: op,
    operations: [{ label: op, weight: 1, operation: operationOf(op) }],
  };
}

/** A workload whose operations always take ldapts' own path (as non-lean operations do). */
class LdaptsPathWorkload extends CompiledWorkload {
  override next(): PreparedOp {
    const op = super.next();
    const run = (client: Client): Promise<number> => {
      keepOnLdapts(client);
      return op.run(client);
    };
    return { labelIndex: op.labelIndex, lean: null, run };
  }
}

/** Compiled workloads by path and operation: compiling one per session would cost more than its I/O. */
const workloads = new Map<string, CompiledWorkload>();

/** The compiled workload of `spec`'s path and operation (its first session's runtime is kept). */
function workloadFor(
  spec: SessionSpec,
  params: LdapConnectionParams,
  counters: ConnectionCounters,
): CompiledWorkload {
  const key = `${spec.path} ${spec.op}`;
  let workload = workloads.get(key);
  if (workload === undefined) {
    const runtime: WorkloadRuntime = {
      rng: new Prng(spec.plan.seed),
      picker: null,
      uniquePrefix: 's.',
      sequence: { offset: 0, stride: 1 },
      params,
      counters,
      passwordFiles: {},
    };
    const Workload = spec.path === 'lean' ? CompiledWorkload : LdaptsPathWorkload;
    workload = new Workload(workloadOf(spec.op), runtime);
    workloads.set(key, workload);
  }
  return workload;
}

/** Collects operation ends as the worker records them, and stops the loop once it has enough. */
class EndsRecorder extends IntervalRecorder {
  readonly ends: string[] = [];
  private readonly wanted: number;
  private readonly enough: () => void;

  constructor(wanted: number, enough: () => void) {
    super(() => undefined);
    this.wanted = wanted;
    this.enough = enough;
  }

  override success(): void {
    this.note('ok');
  }

  override failure(_elapsedNs: number, codeName: string): void {
    this.note(codeName);
  }

  private note(end: string): void {
    this.ends.push(end);
    if (this.ends.length >= this.wanted) this.enough();
  }
}

/** Runs one session against the hostile server at `url`; resolves with every operation end. */
export async function runSession(
  url: string,
  spec: SessionSpec,
  limits: SessionLimits,
): Promise<SessionOutcomes> {
  const counters = new ConnectionCounters();
  const params: LdapConnectionParams = {
    url,
    startTls: false,
    bindDn: planDn(spec.plan),
    password: 'x',
    tcpNoDelay: true,
    connectTimeoutMs: limits.connectTimeoutMs,
  };
  let client: Client;
  try {
    client = await openBoundClient(params, counters);
  } catch (err) {
    return [failureCodeName(err)];
  }
  const opWatch = new OpWatch(limits.opTimeoutMs);
  const control: LoadControl = {
    issuing: true,
    recording: true,
    clock: new RunClock(Date.now(), 3600),
    recorder: new EndsRecorder(limits.ends, () => (control.issuing = false)),
    workload: workloadFor(spec, params, counters),
    open: null,
    outstanding: 0,
    opWatch,
  };
  const slot = new ConnectionSlot(client, params, counters);
  try {
    await persistentLoop(slot, control);
  } finally {
    opWatch.stop();
    await slot.close(100);
  }
  return (control.recorder as EndsRecorder).ends;
}
