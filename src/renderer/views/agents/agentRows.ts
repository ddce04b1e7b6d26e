// The rows of the Agents table: every agent name of the broker, each with what its heartbeats say
// and, for one this DirBench runs, what the host says of it; and what the page may do with each.
import type { AgentListing, LocalAgent } from '../../../shared/agentTypes.ts';

/** What a row shows: the heartbeat's state, or this DirBench's word on the agent it runs. */
export type AgentRowState = AgentListing['state'] | LocalAgent['state'] | 'not-connected';

/** One agent of the table. */
export interface AgentRow {
  name: string;
  state: AgentRowState;
  /** Its last heartbeat, while that is the news about it. */
  heard: AgentListing | undefined;
  /** The agent of that name this DirBench runs (or ran, until its broker stops). */
  local: LocalAgent | undefined;
  /** This DirBench may run it: a name of the broker that is connected nowhere now. */
  canStart: boolean;
  /** This DirBench runs it and may stop it. */
  canStop: boolean;
}

const LIVE = new Set<LocalAgent['state']>(['starting', 'running', 'stopping']);

/** A heartbeat this much after a local agent's end comes from another agent of that name. */
const NEWER_MARGIN_MS = 500;

/** True when `heard` is a heartbeat sent after `local` ended (someone else runs that name now). */
function heardSince(heard: AgentListing, local: LocalAgent, nowMs: number): boolean {
  if (local.endedAt === null) return true;
  return nowMs - heard.lastSeenMs > Date.parse(local.endedAt) + NEWER_MARGIN_MS;
}

function rowState(heard: AgentListing | undefined, local: LocalAgent | undefined): AgentRowState {
  if (local !== undefined && local.state !== 'running') return local.state;
  return heard?.state ?? (local === undefined ? 'not-connected' : 'starting');
}

/**
 * One row per name of the broker (`names`, empty for a broker given by URL), per agent heard from
 * and per agent run here, sorted by name. An agent run here that ended shows its end until a newer
 * heartbeat under its name arrives.
 */
export function agentRows(
  names: readonly string[],
  heard: readonly AgentListing[],
  local: readonly LocalAgent[],
  nowMs: number = Date.now(),
): AgentRow[] {
  const all = [...new Set([...names, ...heard.map((a) => a.name), ...local.map((a) => a.name)])];
  return all.sort().map((name) => {
    const mine = local.find((a) => a.name === name);
    const beat = heard.find((a) => a.name === name);
    const live = mine !== undefined && LIVE.has(mine.state);
    const news =
      beat !== undefined && (mine === undefined || live || heardSince(beat, mine, nowMs));
    const shown = news ? beat : undefined;
    const state = rowState(shown, live || !news ? mine : undefined);
    const connectedElsewhere = shown !== undefined && shown.state !== 'lost' && !live;
    return {
      name,
      state,
      heard: shown,
      local: mine,
      canStart: names.includes(name) && !live && !connectedElsewhere,
      canStop: live && mine.state !== 'stopping',
    };
  });
}

/** How many of the rows are connected now (heard from and not lost; an agent ended here is not). */
export function connectedCount(rows: readonly AgentRow[]): number {
  return rows.filter((r) => r.heard !== undefined && r.heard.state !== 'lost').length;
}
