// Load loop of persistent connections: one request at a time on a slot; closed model as fast as the
// server answers, open model when the schedule hands out an op. Driven by callbacks, not awaits: a
// lean op's answer (src/core/ldap/lean) records it and sends the next op in the same read, with no
// promise or microtask per op; other ops complete through their promise into the same methods.
import { failureCodeName } from '../ldap/failure.ts';
import { sendLeanTo } from '../ldap/lean/channel.ts';
import type { LeanSink } from '../ldap/lean/channel.ts';
import type { PreparedOp } from '../workload/compileWorkload.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import { reconnectSlot, recordFailureNow } from './loadControl.ts';
import { watched } from './opDeadline.ts';
import type { OpExpiryListener, OpSlot, OpTimeoutError } from './opDeadline.ts';
import type { LoadControl } from './loadControl.ts';

/** No op in flight (tickets start at 1). */
const NONE = 0;

/** One loop: issues an op, and on its end records it and issues the next, until the run stops issuing. */
class PersistentLoop implements LeanSink, OpExpiryListener {
  private readonly slot: ConnectionSlot;
  private readonly control: LoadControl;
  /** This loop's op in flight, failed as `timeout` when unanswered too long (null: no op timeout). */
  private readonly opSlot: OpSlot | null;
  /** The op in flight and when it started. */
  private op: PreparedOp | null = null;
  private startNs = 0n;
  /** Open model: the intended start of the op this loop holds (-1: none yet); kept across a reconnect. */
  private intendedNs = -1;
  private opIntendedNs = -1;
  /** Ticket of the op in flight (NONE once it ended: a late answer or expiry of it is ignored). */
  private pending = NONE;
  private lastTicket = NONE;
  private endLoop!: () => void;
  private failLoop!: (err: unknown) => void;
  /** Settles when the loop stops (rejects on an unexpected error, which fails the worker). */
  readonly ended: Promise<void>;
  // Bound once: a loop passes the same functions for every op.
  private readonly next = (): void => this.step();
  private readonly resolved = (entries: number): void => this.succeeded(entries);
  private readonly rejected = (err: unknown): void => this.failed(err);
  private readonly scheduled = (intendedNs: number | null): void => {
    // Null: the run ended while this loop waited for an op.
    if (intendedNs === null) return this.endLoop();
    this.intendedNs = intendedNs;
    this.step();
  };

  constructor(slot: ConnectionSlot, control: LoadControl) {
    this.slot = slot;
    this.control = control;
    this.opSlot = control.opWatch?.slot() ?? null;
    this.ended = new Promise<void>((resolve, reject) => {
      this.endLoop = resolve;
      this.failLoop = reject;
    });
  }

  /** Issues the next op, or ends the loop; called after each op and each wait. */
  step(): void {
    try {
      this.issue();
    } catch (err) {
      this.failLoop(err);
    }
  }

  leanDone(ticket: number, entries: number): void {
    if (ticket === this.pending) this.succeeded(entries);
  }

  leanFailed(ticket: number, err: unknown): void {
    if (ticket === this.pending) this.failed(err);
  }

  opExpired(ticket: number, err: OpTimeoutError): void {
    // The op is not cancelled: its late answer finds the ticket gone and is ignored.
    if (ticket === this.pending) this.failed(err);
  }

  private issue(): void {
    const { control, slot } = this;
    if (!control.issuing) return this.endLoop();
    if (control.open !== null && this.intendedNs < 0) {
      control.open.scheduler.next().then(this.scheduled, this.failLoop);
      return;
    }
    const client = slot.client;
    if (!client.isConnected) {
      reconnectSlot(slot, control).then(this.next, this.failLoop);
      return;
    }
    // Patterns are expanded before the clock starts: client-side preparation is not server latency.
    const op = control.workload.next();
    this.op = op;
    this.opIntendedNs = this.intendedNs;
    this.intendedNs = -1;
    const ticket = ++this.lastTicket;
    this.pending = ticket;
    control.outstanding++;
    this.startNs = process.hrtime.bigint();
    try {
      if (sendLeanTo(client, op.lean, this, ticket)) {
        this.opSlot?.arm(this, ticket);
      } else {
        watched(this.opSlot, op.run(client)).then(this.resolved, this.rejected);
      }
    } catch (err) {
      this.failed(err);
    }
  }

  private succeeded(entries: number): void {
    const endNs = process.hrtime.bigint();
    this.pending = NONE;
    const { control } = this;
    control.outstanding--;
    const { clock } = control;
    if (control.recording) {
      const elapsedNs = clock.elapsedNs(endNs);
      // Completed after the end of the run: dropped, like every op that outlives the measurement.
      if (elapsedNs < clock.endElapsedNs) {
        const op = this.op as PreparedOp;
        const latencyNs = Number(endNs - this.startNs);
        control.recorder.success(elapsedNs, latencyNs, entries, op.labelIndex, this.slot.server);
        // After success(): the recorder has moved to this op's second, so both histograms agree on it.
        if (control.open !== null) control.open.recorder.intended(elapsedNs - this.opIntendedNs);
      }
    }
    this.step();
  }

  private failed(err: unknown): void {
    this.pending = NONE;
    const { control } = this;
    control.outstanding--;
    const { labelIndex } = this.op as PreparedOp;
    recordFailureNow(control, failureCodeName(err), labelIndex, this.slot.server);
    // A failure may come without any I/O; yielding keeps timers (interval shipping) running.
    setImmediate(this.next);
  }
}

/** Keeps one request outstanding on `slot` until `control.issuing` turns false. */
export function persistentLoop(slot: ConnectionSlot, control: LoadControl): Promise<void> {
  const loop = new PersistentLoop(slot, control);
  loop.step();
  return loop.ended;
}
