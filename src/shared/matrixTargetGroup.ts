// A matrix server that is a group of saved targets: {"targets": ["tgt-a", "tgt-b"], "serverSet":
// "failover"}, run as one run on several servers. Stored as the first target's id and the others.
import { invalid } from './errors.ts';
import type { MatrixServer } from './matrix.ts';
import { SERVER_SET_MODES } from './serverSetTypes.ts';
import type { ServerSetMode } from './serverSetTypes.ts';

/** Most servers one run spreads its connections over (as the run service allows). */
const MAX_GROUP = 16;

/** The keys a target group may have, in the file's form or as stored. */
const GROUP_KEYS = new Set(['targets', 'targetId', 'moreTargetIds', 'serverSet']);

/** True when a matrix server object is a target group (it names targets or more target ids). */
export function isTargetGroup(s: Record<string, unknown>): boolean {
  return 'targets' in s || 'moreTargetIds' in s;
}

function ids(value: unknown, field: string, min: number): string[] {
  if (
    !Array.isArray(value) ||
    value.length < min ||
    value.some((v) => typeof v !== 'string' || v.trim() === '')
  )
    throw invalid(field, `${field} must list saved target ids, e.g. ["tgt-a", "tgt-b"]`);
  return value as string[];
}

/** A target group checked and in its stored form; every error names the field and the fix. */
export function targetGroupServer(s: Record<string, unknown>, field: string): MatrixServer {
  const unknown = Object.keys(s).find((k) => !GROUP_KEYS.has(k));
  if (unknown !== undefined)
    throw invalid(
      `${field}.${unknown}`,
      `${field} is a target group: it takes targets (and serverSet), not ${unknown}`,
    );
  let all: string[];
  if ('targets' in s) {
    if ('targetId' in s || 'moreTargetIds' in s)
      throw invalid(field, `${field}: give targets alone, not beside targetId or moreTargetIds`);
    all = ids(s.targets, `${field}.targets`, 2);
  } else {
    if (typeof s.targetId !== 'string' || s.targetId === '')
      throw invalid(`${field}.targetId`, `${field}.targetId must be a saved target id`);
    all = [s.targetId, ...ids(s.moreTargetIds, `${field}.moreTargetIds`, 1)];
  }
  if (all.length > MAX_GROUP)
    throw invalid(field, `${field} names ${all.length} targets; a run takes at most ${MAX_GROUP}`);
  const twice = all.find((id, i) => all.indexOf(id) !== i);
  if (twice !== undefined) throw invalid(field, `${field} names ${twice} twice: name each once`);
  const mode = s.serverSet;
  if (mode !== undefined && !(SERVER_SET_MODES as readonly unknown[]).includes(mode))
    throw invalid(
      `${field}.serverSet`,
      `${field}.serverSet must be ${SERVER_SET_MODES.join(' or ')}, not ${JSON.stringify(mode)}`,
    );
  const [targetId, ...moreTargetIds] = all as [string, ...string[]];
  return {
    targetId,
    moreTargetIds,
    ...(mode === undefined ? {} : { serverSet: mode as ServerSetMode }),
  };
}

/** A matrix server's identity for the duplicate check and for descriptions. */
export function matrixServerKey(s: MatrixServer): string {
  if ('lab' in s) return `lab ${s.lab}${s.replicas ? ` with ${s.replicas} replicas` : ''}`;
  const more = s.moreTargetIds ?? [];
  if (more.length === 0) return `target ${s.targetId}`;
  return `targets ${[s.targetId, ...more].join(' + ')} (${s.serverSet ?? 'round-robin'})`;
}
