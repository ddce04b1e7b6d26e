// In-process stand-ins for load worker processes, scripted by a test, for driving the orchestrator.
import type { ParentToWorker, WorkerToParent } from '../loadgen/protocol.ts';
import type { WorkerHandle, WorkerLauncher } from '../runner/launcher.ts';

/** What a fake worker does with each message it receives from the orchestrator. */
export type WorkerScript = (worker: FakeWorker, message: ParentToWorker) => void;

/** A worker the test scripts: it records what it receives and sends what the script emits. */
export class FakeWorker implements WorkerHandle {
  pid = undefined;
  readonly index: number;
  readonly received: ParentToWorker[] = [];
  private messageCb: ((m: WorkerToParent) => void) | null = null;
  private exitCb: ((code: number | null, signal: string | null) => void) | null = null;
  private exited = false;
  private readonly script: WorkerScript;

  constructor(index: number, script: WorkerScript) {
    this.index = index;
    this.script = script;
  }
  send(message: ParentToWorker): void {
    this.received.push(message);
    // Like IPC: delivered on a later turn.
    setImmediate(() => this.script(this, message));
  }
  onMessage(cb: (m: WorkerToParent) => void): void {
    this.messageCb = cb;
  }
  onExit(cb: (code: number | null, signal: string | null) => void): void {
    this.exitCb = cb;
  }
  kill(): void {
    this.exit(null, 'SIGKILL');
  }
  /** Sends `message` to the orchestrator now. */
  emit(message: WorkerToParent): void {
    this.messageCb?.(message);
  }
  /** Ends the fake process once; the orchestrator hears of it on a later turn. */
  exit(code: number | null, signal: string | null = null): void {
    if (this.exited) return;
    this.exited = true;
    setImmediate(() => this.exitCb?.(code, signal));
  }
}

/** A launcher whose workers all follow `script`; `workers` lists them as they are started. */
export function fakeLauncher(script: WorkerScript): {
  launcher: WorkerLauncher;
  workers: FakeWorker[];
} {
  const workers: FakeWorker[] = [];
  return {
    workers,
    launcher: (index) => {
      const w = new FakeWorker(index, script);
      workers.push(w);
      return w;
    },
  };
}
