// A worker process on a load agent as the orchestrator sees it: the coordinator's messages go out
// through `send`, the agent's relays come in through `deliver`. A relay delivered twice (a retried
// publish) is passed on once; a worker whose agent was lost ends, or, when the run goes on without
// it, is reported lost.
import type { ParentToWorker, WorkerToParent } from '../loadgen/protocol.ts';
import type { WorkerHandle } from '../runner/launcher.ts';
import { relayKey } from './agentRunProtocol.ts';
import type { Relayed, ToWorker } from './agentRunProtocol.ts';

/** A remote worker's handle and the callbacks the orchestrator gave it. */
export class RemoteWorker implements WorkerHandle {
  pid: number | undefined = undefined;
  /** True once it exited or was lost: nothing more is passed on. */
  exited = false;
  readonly #messageCallbacks: ((message: WorkerToParent) => void)[] = [];
  readonly #exitCallbacks: ((code: number | null, signal: string | null) => void)[] = [];
  readonly #lostCallbacks: ((reason: string) => void)[] = [];
  #exit: { code: number | null; signal: string | null } | null = null;
  readonly #seen = new Set<string>();
  readonly #send: (message: ToWorker) => void;
  readonly #observe: (message: WorkerToParent) => void;

  /** `observe` sees each message first, once, before the orchestrator does. */
  constructor(
    send: (message: ToWorker) => void,
    observe: (message: WorkerToParent) => void = () => undefined,
  ) {
    this.#send = send;
    this.#observe = observe;
  }

  send(message: ParentToWorker): void {
    if (!this.exited) this.#send(message);
  }
  onMessage(callback: (message: WorkerToParent) => void): void {
    this.#messageCallbacks.push(callback);
  }
  onExit(callback: (code: number | null, signal: string | null) => void): void {
    if (this.#exit !== null) callback(this.#exit.code, this.#exit.signal);
    else this.#exitCallbacks.push(callback);
  }
  onLost(callback: (reason: string) => void): void {
    this.#lostCallbacks.push(callback);
  }
  kill(): void {
    if (!this.exited) this.#send({ type: 'kill' });
  }

  /** A relayed message or exit arrived; false when it was one already passed on (a duplicate). */
  deliver(relayed: Relayed): boolean {
    if (this.exited) return false;
    const key = relayKey(relayed);
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    if (relayed.kind === 'exit') {
      this.end(relayed.code, relayed.signal);
      return true;
    }
    this.#observe(relayed.message);
    for (const cb of this.#messageCallbacks) cb(relayed.message);
    return true;
  }

  /** The worker is gone (its exit relayed, or its agent lost): reported once. */
  end(code: number | null, signal: string | null): void {
    if (this.exited) return;
    this.exited = true;
    this.#exit = { code, signal };
    for (const cb of this.#exitCallbacks) cb(code, signal);
  }

  /**
   * Its agent was lost and the run goes on without it: the orchestrator hears `reason` (or, if it
   * does not listen for losses, an exit) and the worker is told to stop in case the agent returns.
   */
  lose(reason: string): void {
    if (this.exited) return;
    if (this.#lostCallbacks.length === 0) {
      this.end(null, reason);
      return;
    }
    this.#send({ type: 'kill' });
    this.exited = true;
    for (const cb of this.#lostCallbacks) cb(reason);
  }
}
