// Several servers in one run: the request's further targets resolved into each one's connection
// (passwords only travel to the workers) and the set recorded with the run.
import { ApiError, invalid } from '../../shared/errors.ts';
import { SERVER_SET_MODES } from '../../shared/serverSetTypes.ts';
import type { RunServerSet, ServerSetMode } from '../../shared/serverSetTypes.ts';
import type { Target } from '../../shared/targetTypes.ts';
import type { RunRequest } from '../../shared/types.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import { targetConnection } from '../ldap/targetConnection.ts';
import { testConnection } from '../ldap/testConnection.ts';
import type { RunPlan } from '../runner/runContract.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import type { TargetSide } from './serverWatch.ts';

/** Most servers one run spreads its connections over. */
export const MAX_SERVERS = 16;

/** The set as the workers get it and as the run records it. */
export interface ResolvedServerSet {
  plan: NonNullable<RunPlan['servers']>;
  record: RunServerSet;
}

/** The request's server set fields checked; throws naming the field and how to fix it. */
function checkRequest(req: RunRequest): { more: string[]; mode: ServerSetMode } {
  const more: unknown = req.moreTargetIds ?? [];
  if (!Array.isArray(more) || more.some((id) => typeof id !== 'string' || id === ''))
    throw invalid('moreTargetIds', 'moreTargetIds must be a list of saved target ids');
  if (more.length + 1 > MAX_SERVERS)
    throw invalid(
      'moreTargetIds',
      `a run spreads its connections over at most ${MAX_SERVERS} servers; it named ${more.length + 1}`,
    );
  const mode = req.serverSetMode ?? 'round-robin';
  if (!SERVER_SET_MODES.includes(mode))
    throw invalid(
      'serverSetMode',
      `serverSetMode must be ${SERVER_SET_MODES.join(' or ')}, not ${JSON.stringify(mode)}`,
    );
  return { more: more as string[], mode };
}

/**
 * The run's servers when the request names more than its target: each further target's
 * connection (its own bind; `password` when the caller gave one for this run), all reachable for
 * round-robin (failover only needs the first, checked by the caller). Null for a run on one server.
 */
export async function resolveServerSet(
  targets: TargetsRepo,
  req: RunRequest,
  first: Target,
  firstConnection: LdapConnectionParams,
  password: string | undefined,
): Promise<ResolvedServerSet | null> {
  const { more, mode } = checkRequest(req);
  if (more.length === 0) return null;
  if (req.policy?.kind === 'per-op')
    throw invalid(
      'policy',
      'a run on several servers spreads connections that stay open: use the persistent, reconnect or rebind policy (per-op opens a connection for every operation)',
    );
  const others = more.map((id) => targets.get(id));
  const all = [first, ...others];
  const servers = [firstConnection];
  for (const target of others) {
    const params = targetConnection(
      target,
      password ?? targets.password(target),
      firstConnection.tcpNoDelay,
    );
    if (all.filter((t) => t.url === target.url).length > 1)
      throw invalid(
        'moreTargetIds',
        `${target.url} is named twice among the run's servers: name each server once`,
      );
    if (mode === 'round-robin') {
      const probe = await testConnection(params);
      if (!probe.ok)
        throw new ApiError(
          'unavailable',
          `cannot reach ${target.name} (${target.url}), one of the run's servers: ${probe.error.message}`,
          'moreTargetIds',
        );
    }
    servers.push(params);
  }
  return {
    plan: { servers, mode },
    record: {
      mode,
      servers: all.map((t) => ({ targetId: t.id, name: t.name, url: t.url })),
    },
  };
}

/** The server side of a run as the run service launches it: a target's monitor and the server set. */
export interface RunServerSide {
  /** A target's monitor (null for labs, whose monitor is read as their root). */
  target: TargetSide | null;
  /** Runs on several servers: each one's connection; undefined for one server. */
  servers: RunPlan['servers'];
}
