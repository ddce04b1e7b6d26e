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

/**
 * A consumers error in the form's words, from its structured parts: which consumer (the index in
 * its `field`) and the rule written for that field (its `detail`); the message prose is not parsed.
 */
export function replicaConsumerMessage(
  error: Pick<ApiError, 'field' | 'message' | 'detail'>,
): string {
  const at = /^replication\.consumers\[(\d+)\]$/.exec(error.field ?? '');
  if (error.detail === undefined) return error.message;
  if (at !== null) return `Consumer ${Number(at[1]) + 1} ${error.detail}`;
  return `Replication consumers: ${error.detail}`;
}
