// Workload read-random: base-scope search of a random existing entry, all user attributes.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { PresenceFilter } from 'ldapts';
import type { Client, SearchOptions } from 'ldapts';
import { failureCodeName } from '../ldap/failure.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import { reconnectSlot, recordFailureNow } from './loadControl.ts';
import type { LoadControl } from './loadControl.ts';

// Built once and shared by every op: a string filter would be parsed again on each search.
const SEARCH: SearchOptions = {
  scope: 'base',
  filter: new PresenceFilter({ attribute: 'objectClass' }),
  // An empty list asks for all user attributes (RFC 4511) without ldapts padding each entry for '*'.
  attributes: [],
};

/** One read-random op on a ready client: the number of entries returned (for the non-persistent policies). */
export async function readRandomOp(client: Client, dn: string): Promise<number> {
  return (await client.search(dn, SEARCH)).searchEntries.length;
}

/** Load loop: one base search at a time on `slot`; closed model as fast as the server answers, open model when the schedule hands out an op. */
export async function readRandomLoop(slot: ConnectionSlot, control: LoadControl): Promise<void> {
  const { clock, recorder, pickDn, open } = control;
  // Open model: the intended start of the op this loop holds (-1: none yet); kept across a reconnect.
  let intendedNs = -1;
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
    const dn = pickDn();
    const startNs = process.hrtime.bigint();
    const opIntendedNs = intendedNs;
    intendedNs = -1;
    let entries: number;
    control.outstanding++;
    try {
      entries = (await client.search(dn, SEARCH)).searchEntries.length;
      control.outstanding--;
    } catch (err) {
      control.outstanding--;
      recordFailureNow(control, failureCodeName(err));
      // A failure may come without any I/O; yielding keeps timers (interval shipping) running.
      await yieldToEventLoop();
      continue;
    }
    const endNs = process.hrtime.bigint();
    if (!control.recording) continue;
    const elapsedNs = clock.elapsedNs(endNs);
    // Completed after the end of the run: dropped, like every op that outlives the measurement.
    if (elapsedNs >= clock.endElapsedNs) continue;
    recorder.success(elapsedNs, Number(endNs - startNs), entries);
    // After success(): the recorder has moved to this op's second, so both histograms agree on it.
    if (open !== null) open.recorder.intended(elapsedNs - opIntendedNs);
  }
}
