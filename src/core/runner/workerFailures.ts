// How a run's end is worded when a worker fails, exits or falls silent: each sentence names the
// worker and what is kept, so the stored reason explains itself.
import type { WorkerFatalMessage } from '../loadgen/protocol.ts';

/** The run's end reason for a worker's fatal message. */
export function fatalReason(workerNumber: number, message: WorkerFatalMessage): string {
  return message.stage === 'connect'
    ? `could not connect: ${message.error.message}`
    : message.stage === 'prepare'
      ? `could not add the workload's pool entries before load: ${message.error.message}`
      : `worker ${workerNumber} failed: ${message.error.message}`;
}

/** The run's end reason for a worker that exited before it was done. */
export function exitReason(
  workerNumber: number,
  pid: number | undefined,
  code: number | null,
  signal: string | null,
  at: string,
): string {
  const pidText = pid === undefined ? '' : ` (pid ${pid})`;
  const how = signal !== null ? `was ended by ${signal}` : `exited with code ${String(code)}`;
  return `worker ${workerNumber}${pidText} ${how} ${at}; the seconds merged so far and the other workers' seconds up to then are kept`;
}

/** The message of `err`, whatever was thrown. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
