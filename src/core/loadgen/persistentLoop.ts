// Load loop of persistent connections: one request at a time on a slot; closed model as fast as the
// server answers, open model when the schedule hands out an op.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { failureCodeName } from '../ldap/failure.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import { reconnectSlot, recordFailureNow } from './loadControl.ts';
import { watched } from './opDeadline.ts';
import type { LoadControl } from './loadControl.ts';

/** Keeps one request outstanding on `slot` until `control.issuing` turns false. */
export async function persistentLoop(slot: ConnectionSlot, control: LoadControl): Promise<void> {
  const { clock, recorder, workload, open } = control;
  // Open model: the intended start of the op this loop holds (-1: none yet); kept across a reconnect.
  let intendedNs = -1;
  // This loop's op in flight, failed as `timeout` when unanswered too long (null: no op timeout).
  const opSlot = control.opWatch?.slot() ?? null;
  while (control.issuing) {
    if (open !== null && intendedNs < 0) {
      const next = await open.scheduler.next();
      // Null: the run ended while this loop waited for an op.
      if (next === null) break;
      intendedNs = next;
    }
    const client = slot.client;
    if (!client.isConnected) {
      await reconnectSlot(slot, control);
      continue;
    }
    // Patterns are expanded before the clock starts: client-side preparation is not server latency.
    const op = workload.next();
    const startNs = process.hrtime.bigint();
    const opIntendedNs = intendedNs;
    intendedNs = -1;
    let entries: number;
    control.outstanding++;
    try {
      entries = await watched(opSlot, op.run(client));
      control.outstanding--;
    } catch (err) {
      control.outstanding--;
      recordFailureNow(control, failureCodeName(err), op.labelIndex);
      // A failure may come without any I/O; yielding keeps timers (interval shipping) running.
      await yieldToEventLoop();
      continue;
    }
    const endNs = process.hrtime.bigint();
    if (!control.recording) continue;
    const elapsedNs = clock.elapsedNs(endNs);
    // Completed after the end of the run: dropped, like every op that outlives the measurement.
    if (elapsedNs >= clock.endElapsedNs) continue;
    recorder.success(elapsedNs, Number(endNs - startNs), entries, op.labelIndex);
    // After success(): the recorder has moved to this op's second, so both histograms agree on it.
    if (open !== null) open.recorder.intended(elapsedNs - opIntendedNs);
  }
}
