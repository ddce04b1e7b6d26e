// Human wording of run settings, shared by the UI, the CLI and reports.
import type { ConnectionPolicy, RunConfig } from './types.ts';

/** "persistent connections", "reconnect every 100 ops", ... */
export function describePolicy(policy: ConnectionPolicy): string {
  switch (policy.kind) {
    case 'persistent':
      return 'persistent connections';
    case 'reconnect':
      return `reconnect every ${policy.everyOps} ops`;
    case 'per-op':
      return 'new connection per operation';
    case 'rebind':
      return 'rebind before every operation';
  }
}

/** Compact policy syntax as the CLI takes it: persistent | reconnect:N | per-op | rebind. */
export function policyToken(policy: ConnectionPolicy): string {
  return policy.kind === 'reconnect' ? `reconnect:${policy.everyOps}` : policy.kind;
}

/** "closed model" or "open model at 2,000 ops/s" (or "with a rate profile"). */
export function describeLoadModel(
  config: Pick<RunConfig, 'loadModel' | 'targetOpsPerSec' | 'rateProfile'>,
): string {
  if (config.loadModel === 'closed') return 'closed model (as fast as the server answers)';
  if (config.rateProfile) return `open model, rate profile of ${config.rateProfile.length} steps`;
  return `open model at ${(config.targetOpsPerSec ?? 0).toLocaleString('en-US')} ops/s`;
}

/** The warning a run carries when it trusted an unverified server certificate; null otherwise. */
export function tlsTrustWarning(config: Pick<RunConfig, 'tlsVerify'>): string | null {
  return config.tlsVerify === false
    ? 'TLS certificate NOT verified: the target trusts an unverified server certificate'
    : null;
}
