// What the coordinator and an agent say to each other about a run's workers: the subjects, the
// prepare request, the relayed worker messages, and the pure rules (placement, clock conversion).
import type { ParentToWorker, WorkerStartMessage, WorkerToParent } from '../loadgen/protocol.ts';
import { isParentToWorker, isWorkerToParent } from '../loadgen/protocol.ts';
import { agentSubjectPrefix } from '../broker/permissions.ts';

/** How long the coordinator waits for an agent to answer a prepare request. */
export const PREPARE_TIMEOUT_MS = 10_000;

/** After a run's end (t0 + its seconds), how long an agent keeps its workers (they may still clean up). */
export const RUN_END_MARGIN_MS = 140_000;

/** Before 'go', how long an agent keeps prepared workers waiting for it. */
export const GO_WAIT_LIMIT_MS = 130_000;

/** The subject agent `name` takes prepare requests on (only the coordinator may publish there). */
export function prepareSubject(name: string): string {
  return `${agentSubjectPrefix(name)}.prepare`;
}

/** The subject agent `name` takes the parts of a big DN list on, before the prepare request. */
export function dnPartSubject(name: string): string {
  return `${agentSubjectPrefix(name)}.prepare.dns`;
}

/** The subject agent `name` relays worker `workerIndex`'s messages of run `runId` on. */
export function relaySubject(name: string, runId: string, workerIndex: number | '*'): string {
  return `${agentSubjectPrefix(name)}.run.${runId}.worker.${workerIndex}`;
}

/** The subject the coordinator sends worker `workerIndex` of run `runId` messages on, via agent `name`. */
export function toWorkerSubject(name: string, runId: string, workerIndex: number | '*'): string {
  return `${agentSubjectPrefix(name)}.run.${runId}.to.${workerIndex}`;
}

/** One worker an agent is asked to host: its global index (0-based) and its start message. */
export interface PreparedWorker {
  workerIndex: number;
  start: WorkerStartMessage;
}

/** Coordinator -> agent (request): fork these workers of run `runId`. */
export interface PrepareRequest {
  runId: string;
  /** Agent clock minus the coordinator's, from its clock probes: local t0 = t0 + this. */
  clockOffsetMs: number;
  /** Load time of the run (warm-up + measured + cool-down), to bound how long the agent keeps it. */
  loadMs: number;
  workers: PreparedWorker[];
  /** The workers' DN list came ahead in this many parts (dnListParts.ts); their start lists are empty. */
  dnParts?: number;
}

/** Agent -> coordinator (reply to prepare). */
export type PrepareReply = { ok: true; pids: (number | null)[] } | { ok: false; error: string };

/** Coordinator -> agent, per worker: a worker message, or end the worker at once. */
export type ToWorker = ParentToWorker | { type: 'kill' };

/** Agent -> coordinator, per worker: one worker message, or its exit (always the last). */
export type Relayed =
  | { kind: 'message'; message: WorkerToParent }
  | { kind: 'exit'; code: number | null; signal: string | null };

/** What tells a relay apart from every other relay of the same worker: `interval 7`, `ready`, `exit`. */
export function relayKey(relayed: Relayed): string {
  if (relayed.kind === 'exit') return 'exit';
  const { message } = relayed;
  return message.type === 'interval' ? `interval ${message.second}` : message.type;
}

/** The relay's JetStream message id: (run, agent, worker, second or kind), the same on a retry. */
export function relayMessageId(
  runId: string,
  name: string,
  workerIndex: number,
  relayed: Relayed,
): string {
  return `${runId}/${name}/${workerIndex}/${relayKey(relayed)}`;
}

/** The agent for each worker of `workers`: round-robin over `agents` (worker i on agent i mod n). */
export function placeWorkers(workers: number, agents: readonly string[]): string[] {
  if (agents.length === 0) throw new Error('a run on agents needs at least one agent');
  return Array.from({ length: workers }, (_, i) => agents[i % agents.length] as string);
}

/** A coordinator message made ready for the agent's worker: a 'go' moves t0 onto the agent's clock. */
export function toAgentClock(message: ParentToWorker, clockOffsetMs: number): ParentToWorker {
  return message.type === 'go' ? { type: 'go', t0Ms: message.t0Ms + clockOffsetMs } : message;
}

/** When an agent gives up on a run (its clock): t0 on its clock plus the load plus the margin. */
export function runDeadlineMs(localT0Ms: number, loadMs: number): number {
  return localT0Ms + loadMs + RUN_END_MARGIN_MS;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON; undefined when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A prepare request read back; null when it is not one. */
export function parsePrepare(text: string): PrepareRequest | null {
  const value = parsed(text);
  if (!isRecord(value) || typeof value.runId !== 'string' || !/^[A-Za-z0-9_-]+$/.test(value.runId))
    return null;
  if (typeof value.clockOffsetMs !== 'number' || typeof value.loadMs !== 'number') return null;
  if (!Array.isArray(value.workers) || value.workers.length === 0) return null;
  const ok = value.workers.every(
    (w: unknown) =>
      isRecord(w) &&
      Number.isInteger(w.workerIndex) &&
      isParentToWorker(w.start) &&
      w.start.type === 'start',
  );
  return ok ? (value as unknown as PrepareRequest) : null;
}

/** A coordinator message for a worker read back; null when it is not one. */
export function parseToWorker(text: string): ToWorker | null {
  const value = parsed(text);
  if (isRecord(value) && value.type === 'kill') return { type: 'kill' };
  return isParentToWorker(value) ? value : null;
}

/** A relayed worker message or exit read back; null when it is not one. */
export function parseRelayed(text: string): Relayed | null {
  const value = parsed(text);
  if (!isRecord(value)) return null;
  if (value.kind === 'message' && isWorkerToParent(value.message))
    return { kind: 'message', message: value.message };
  if (value.kind === 'exit') {
    const code = typeof value.code === 'number' ? value.code : null;
    const signal = typeof value.signal === 'string' ? value.signal : null;
    return { kind: 'exit', code, signal };
  }
  return null;
}

/** The worker index at the end of a relay or to-worker subject; null when there is none. */
export function workerIndexOfSubject(subject: string): number | null {
  const last = subject.slice(subject.lastIndexOf('.') + 1);
  return /^\d+$/.test(last) ? Number(last) : null;
}
