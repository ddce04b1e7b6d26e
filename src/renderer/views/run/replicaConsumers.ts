// The run form's replication consumers: servers that replicate the run's target (then its supplier),
// typed as LDAP URLs, sent as the request's replication topology so the run measures their lag.
import type { ApiError } from '../../../shared/errors.ts';
import type { ReplicationTopology } from '../../../shared/replicationTypes.ts';

/** The consumer URLs typed: one per line, or separated by commas or spaces. */
export function parseReplicaConsumers(text: string): string[] {
  return text.split(/[\s,]+/).filter((url) => url !== '');
}

/** The request's topology for the typed consumers; undefined when none is typed. */
export function replicationOf(text: string): ReplicationTopology | undefined {
  const consumers = parseReplicaConsumers(text);
  return consumers.length > 0 ? { consumers } : undefined;
}

/** Whether a validation error is about the consumers (then the field shows it). */
export function isReplicationField(field: string | undefined): boolean {
  return field?.startsWith('replication') === true;
}

/** A consumers error in the form's words: which consumer (by its place in the list) and what to fix. */
export function replicaConsumerMessage(error: Pick<ApiError, 'field' | 'message'>): string {
  const at = /^replication\.consumers\[(\d+)\]/.exec(error.field ?? '');
  const rest = error.message.replace(/^replication\.consumers(\[\d+\])?\s*/, '');
  if (at !== null) return `Consumer ${Number(at[1]) + 1} ${rest}`;
  return `Replication consumers: ${rest}`;
}
