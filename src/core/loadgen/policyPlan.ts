// How a connection policy turns a worker's share (C connections x depth D) into opened slots and load loops.
import type { ConnectionPolicy } from '../../shared/types.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { ConnectionCounters } from '../ldap/connectionCounters.ts';
import type { ConnectionSlot } from './connectionSlot.ts';
import type { LoadControl } from './loadControl.ts';
import { persistentLoop } from './persistentLoop.ts';
import { perOpLoop, rebindLoop, reconnectEveryLoop } from './policyLoops.ts';

/** The policy runs that leave a policy unset: today's behaviour. */
export const PERSISTENT: ConnectionPolicy = { kind: 'persistent' };

/**
 * Bound connections a worker opens before load starts. Depth D means: persistent and reconnect,
 * D requests pipelined on each bound connection; rebind and per-op, D concurrent sequences per
 * connection slot, each on its own connection (a bind must not share a connection with
 * outstanding requests, RFC 4511 4.2.1) - so rebind opens C x D, per-op opens none up front.
 */
export function slotsToOpen(policy: ConnectionPolicy, connections: number, depth: number): number {
  switch (policy.kind) {
    case 'persistent':
    case 'reconnect':
      return connections;
    case 'rebind':
      return connections * depth;
    case 'per-op':
      return 0;
  }
}

/** Everything the loops of a run need. */
export interface PolicyLoopsContext {
  policy: ConnectionPolicy;
  /** The slots opened per `slotsToOpen`. */
  slots: ConnectionSlot[];
  connections: number;
  depth: number;
  params: LdapConnectionParams;
  counters: ConnectionCounters;
  control: LoadControl;
}

/** Starts every load loop of the policy; a loop's unexpected error goes to `fail`. */
export function startPolicyLoops(ctx: PolicyLoopsContext, fail: (err: unknown) => void): void {
  const { policy, control } = ctx;
  const loops: Promise<void>[] = [];
  switch (policy.kind) {
    case 'persistent':
      for (const slot of ctx.slots) {
        for (let d = 0; d < ctx.depth; d++) loops.push(persistentLoop(slot, control));
      }
      break;
    case 'reconnect':
      for (const slot of ctx.slots) {
        for (let d = 0; d < ctx.depth; d++) {
          loops.push(reconnectEveryLoop(slot, control, policy.everyOps));
        }
      }
      break;
    case 'rebind':
      // Each slot binds as its own server's user (runs on several servers).
      for (const slot of ctx.slots) loops.push(rebindLoop(slot, control, slot.connectionParams));
      break;
    case 'per-op':
      for (let i = 0; i < ctx.connections * ctx.depth; i++) {
        loops.push(perOpLoop(ctx.params, ctx.counters, control));
      }
      break;
  }
  for (const loop of loops) loop.catch(fail);
}
