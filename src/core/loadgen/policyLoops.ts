// Load loops of the non-persistent connection policies: reconnect every N ops, a connection per op, rebind per op.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Client } from 'ldapts';
import { bindAs, closeQuietly, startTlsOptions } from '../ldap/connection.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { ConnectionCounters } from '../ldap/connectionCounters.ts';
import { failureCodeName } from '../ldap/failure.ts';
import { clientOnSocket, connectSocket } from '../ldap/steppedConnect.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import { reconnectSlot, recordFailureNow } from './loadControl.ts';
import { watched } from './opDeadline.ts';
import type { OpSlot } from './opDeadline.ts';
import type { LoadControl } from './loadControl.ts';

/** What a loop keeps between its turns: its watched op slot and, open model, the start it holds. */
class LoopState {
  /** This loop's op in flight, failed as `timeout` when unanswered too long (null: no op timeout). */
  readonly opSlot: OpSlot | null;
  private readonly control: LoadControl;
  /** Open model: the intended start of the next op (-1: none yet); kept across a reconnect. */
  private intendedNs = -1;

  constructor(control: LoadControl) {
    this.control = control;
    this.opSlot = control.opWatch?.slot() ?? null;
  }

  /** Open model: waits for the next op's intended start unless one is held; false when the run ended meanwhile. */
  async holdStart(): Promise<boolean> {
    const { open } = this.control;
    if (open === null || this.intendedNs >= 0) return true;
    const next = await open.scheduler.next();
    // Null: the run ended while this loop waited for an op.
    if (next === null) return false;
    this.intendedNs = next;
    return true;
  }

  /** Hands the held intended start to the op being issued (-1 in the closed model). */
  takeStart(): number {
    const intendedNs = this.intendedNs;
    this.intendedNs = -1;
    return intendedNs;
  }
}

/** The slot's connection when it is open; null once a dropped one was reopened (the loop goes round again). */
async function connectedClient(slot: ConnectionSlot, control: LoadControl): Promise<Client | null> {
  const { client } = slot;
  if (client.isConnected) return client;
  await reconnectSlot(slot, control);
  return null;
}

/** Counts a finished op in the second it completed; false when it outlived the run or a stop. */
function recordSuccess(
  control: LoadControl,
  startNs: bigint,
  endNs: bigint,
  entries: number,
  intendedNs: number,
  labelIndex: number,
  server = 0,
): boolean {
  if (!control.recording) return false;
  const elapsedNs = control.clock.elapsedNs(endNs);
  if (elapsedNs >= control.clock.endElapsedNs) return false;
  control.recorder.success(elapsedNs, Number(endNs - startNs), entries, labelIndex, server);
  // After success(): the recorder has moved to this op's second, so every histogram agrees on it.
  if (control.open !== null) control.open.recorder.intended(elapsedNs - intendedNs);
  return true;
}

/** Counts a failed op and yields (a failure may come without I/O; timers must keep running). */
async function failed(
  control: LoadControl,
  err: unknown,
  labelIndex: number,
  server = -1,
): Promise<void> {
  recordFailureNow(control, failureCodeName(err), labelIndex, server);
  await yieldToEventLoop();
}

/**
 * Reconnect every `everyOps` ops: each connection serves exactly that many ops, then the slot
 * closes it and opens, upgrades and binds a new one (between ops, never inside an op's latency).
 * Depth D loops share the slot (pipelining after the bind), as for persistent connections.
 */
export async function reconnectEveryLoop(
  slot: ConnectionSlot,
  control: LoadControl,
  everyOps: number,
): Promise<void> {
  const state = new LoopState(control);
  while (control.issuing) {
    if (!(await state.holdStart())) break;
    const client = await connectedClient(slot, control);
    if (client === null) continue;
    if (!slot.claimOp(everyOps)) {
      // As in perOpLoop: past the end, before the end tick stops the loops, a reopen would be
      // counted in the last second while the ops it serves are dropped.
      if (control.clock.elapsedNowNs() >= control.clock.endElapsedNs) break;
      await slot.recycle(
        () => control.issuing,
        (codeName) => recordFailureNow(control, codeName, -1, slot.server),
      );
      continue;
    }
    const op = control.workload.next();
    const opIntendedNs = state.takeStart();
    const startNs = process.hrtime.bigint();
    let entries: number;
    control.outstanding++;
    try {
      entries = await watched(state.opSlot, op.run(client));
    } catch (err) {
      control.outstanding--;
      slot.releaseOp();
      await failed(control, err, op.labelIndex, slot.server);
      continue;
    }
    control.outstanding--;
    slot.releaseOp();
    const endNs = process.hrtime.bigint();
    recordSuccess(control, startNs, endNs, entries, opIntendedNs, op.labelIndex, slot.server);
  }
}

/**
 * Rebind before every op on the slot's open connection: the bind is timed into the `bind` phase,
 * the op alone into the op latency. One loop per slot: a bind must not share its connection with
 * outstanding requests (RFC 4511 4.2.1), so the worker opens a slot per sequence instead.
 */
export async function rebindLoop(
  slot: ConnectionSlot,
  control: LoadControl,
  params: LdapConnectionParams,
): Promise<void> {
  const state = new LoopState(control);
  while (control.issuing) {
    if (!(await state.holdStart())) break;
    const client = await connectedClient(slot, control);
    if (client === null) continue;
    const op = control.workload.next();
    const opIntendedNs = state.takeStart();
    const bindStartNs = process.hrtime.bigint();
    let opStartNs: bigint;
    let entries: number;
    control.outstanding++;
    try {
      await bindAs(client, params);
      opStartNs = process.hrtime.bigint();
      entries = await watched(state.opSlot, op.run(client));
    } catch (err) {
      control.outstanding--;
      await failed(control, err, op.labelIndex, slot.server);
      continue;
    }
    control.outstanding--;
    const endNs = process.hrtime.bigint();
    if (
      recordSuccess(control, opStartNs, endNs, entries, opIntendedNs, op.labelIndex, slot.server)
    ) {
      control.recorder.phases.record('bind', Number(opStartNs - bindStartNs));
    }
  }
}

/**
 * A new connection per op: connect, optional StartTLS, bind, op, unbind, each timed into its
 * phase histogram. The op latency (latencyUs) holds the whole connect..unbind time, so ops/sec
 * and latency stay comparable with the other policies; the `op` phase is the operation alone.
 */
export async function perOpLoop(
  params: LdapConnectionParams,
  counters: ConnectionCounters,
  control: LoadControl,
): Promise<void> {
  const tlsOptions = startTlsOptions(params);
  const { phases } = control.recorder;
  const state = new LoopState(control);
  while (control.issuing) {
    if (!(await state.holdStart())) break;
    // Past the end a late tick may not have stopped the loops yet: a connect now would be counted
    // in the last second without an op to show for it.
    if (control.clock.elapsedNowNs() >= control.clock.endElapsedNs) break;
    const op = control.workload.next();
    const opIntendedNs = state.takeStart();
    let client: Client | null = null;
    const startNs = process.hrtime.bigint();
    let connectedNs: bigint, securedNs: bigint, boundNs: bigint, answeredNs: bigint;
    let entries: number;
    control.outstanding++;
    try {
      client = clientOnSocket(params, await connectSocket(params, counters), counters);
      connectedNs = process.hrtime.bigint();
      if (params.startTls) await client.startTLS({ ...tlsOptions });
      securedNs = process.hrtime.bigint();
      await bindAs(client, params);
      boundNs = process.hrtime.bigint();
      entries = await watched(state.opSlot, op.run(client));
      answeredNs = process.hrtime.bigint();
      await client.unbind();
    } catch (err) {
      control.outstanding--;
      if (client !== null) void closeQuietly(client, 100);
      await failed(control, err, op.labelIndex);
      continue;
    }
    control.outstanding--;
    const endNs = process.hrtime.bigint();
    if (!recordSuccess(control, startNs, endNs, entries, opIntendedNs, op.labelIndex)) continue;
    phases.record('connect', Number(connectedNs - startNs));
    if (params.startTls) phases.record('startTls', Number(securedNs - connectedNs));
    phases.record('bind', Number(boundNs - securedNs));
    phases.record('op', Number(answeredNs - boundNs));
    phases.record('unbind', Number(endNs - answeredNs));
  }
}
