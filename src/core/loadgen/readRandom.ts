// Workload read-random: base-scope search of a random existing entry, all user attributes.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { PresenceFilter } from 'ldapts';
import type { SearchOptions } from 'ldapts';
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

/** Closed-model loop: one base search at a time on `slot`, as fast as the server answers. */
export async function readRandomLoop(slot: ConnectionSlot, control: LoadControl): Promise<void> {
  const { clock, recorder, pickDn } = control;
  while (control.issuing) {
    const client = slot.client;
    if (!client.isConnected) {
      await reconnectSlot(slot, control);
      continue;
    }
    const dn = pickDn();
    const startNs = process.hrtime.bigint();
    let entries: number;
    try {
      entries = (await client.search(dn, SEARCH)).searchEntries.length;
    } catch (err) {
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
  }
}
