// A run's replication lag watch: against a replicated lab, the lag probe runs while load runs; its
// figures go into the run's summary and its seconds into the store beside the run's samples.
import type { ReplicationLagSecond, SampleReplicationLag } from '../../shared/replicationTypes.ts';
import type { RunConfig, RunSummary } from '../../shared/types.ts';
import type { StoredLab } from '../lab/labRecord.ts';
import { LagProbe } from './lagProbe.ts';
import type { LagEndpoint } from './lagProbe.ts';

/** Where a watch stores its seconds. */
export interface LagStore {
  appendReplicationLag(runId: string, seconds: readonly ReplicationLagSecond[]): void;
}

/** The probe's life in a run: `begin` when load starts, `end` once it is over. */
export interface RunLagWatch {
  begin(): void;
  /** Each consumer's lag now, for the second being stored (nothing before the probe runs). */
  sampleFields(): SampleReplicationLag;
  /** Stops the probe, stores its seconds and answers `summary` with the lag figures. */
  end(summary: RunSummary | null): Promise<RunSummary | null>;
}

/** The marker entry of a run: under the suffix, beside the data the workloads read. */
export function markerDn(runId: string, suffix: string): string {
  return `cn=dirbench-lag-${runId},${suffix}`;
}

/**
 * A watch over `lab`'s replicas (bound as its root) and the consumers the request names (with the
 * target's bind); null when there are none. The marker goes under the lab's suffix, else the
 * target's base DN, where the target's bind must be allowed to add, modify and delete it.
 */
export function watchReplication(
  lab: StoredLab | null,
  config: Pick<RunConfig, 'baseDn' | 'replication'>,
  target: LagEndpoint,
  runId: string,
  store: LagStore,
): RunLagWatch | null {
  const replicas = lab?.replicas ?? [];
  // A consumer named in the request that is also the lab's replica is watched once.
  const consumers = (config.replication?.consumers ?? []).filter(
    (url) => !replicas.some((r) => r.url.toLowerCase() === url.toLowerCase()),
  );
  if (replicas.length === 0 && consumers.length === 0) return null;
  const { bindDn, password } = target;
  const supplier =
    lab === null || replicas.length === 0
      ? { url: target.url, bindDn, password }
      : { url: lab.url, bindDn: lab.bindDn, password: lab.rootPassword };
  const probe = new LagProbe({
    supplier,
    consumers: [
      ...replicas.map((r) => ({
        url: r.url,
        bindDn: supplier.bindDn,
        password: supplier.password,
      })),
      ...consumers.map((url) => ({ url, bindDn, password })),
    ],
    markerDn: markerDn(runId, lab === null ? config.baseDn : lab.suffix),
  });
  // Settles with null once the probe runs, or with why it could not start.
  let started: Promise<string | null> | null = null;
  let ended: Promise<RunSummary | null> | null = null;
  let running = false;
  const finish = async (summary: RunSummary | null): Promise<RunSummary | null> => {
    running = false;
    if (started === null) return summary;
    const failed = await started;
    if (failed !== null) {
      if (summary === null) return null;
      const why = `the lag probe could not write its marker on ${supplier.url}: ${failed}`;
      return { ...summary, replicationLagErrors: { [supplier.url]: why } };
    }
    const outcome = await probe.stop();
    store.appendReplicationLag(runId, outcome.seconds);
    if (summary === null) return null;
    return {
      ...summary,
      replicationLagMs: outcome.figures,
      replicationLagResolutionMs: outcome.resolutionMs,
      replicationLagMethods: outcome.methods,
      ...(Object.keys(outcome.errors).length === 0 ? {} : { replicationLagErrors: outcome.errors }),
    };
  };
  return {
    begin() {
      // A probe that cannot start (the marker refused) loses the lag figures, never the run.
      started ??= probe.start().then(
        () => {
          running = true;
          return null;
        },
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
    },
    sampleFields() {
      return running ? { replicationLagMs: probe.currentLagMs() } : {};
    },
    end(summary) {
      // Once: the run's end and its clean-up both call it.
      ended ??= finish(summary);
      return ended;
    },
  };
}
