// Load worker process entry (child_process.fork or Electron utilityProcess): wires the parent port to a LoadWorker.
import { debugWanted, stackFrames, unexpectedMessage } from '../ldap/unexpected.ts';
import { LoadWorker } from './loadWorker.ts';
import { openParentPort } from './port.ts';
import { isParentToWorker } from './protocol.ts';

export type { DnSource } from '../workload/dnSource.ts';

// No V8 GC flags here: --no-allocation-site-pretenuring, which removed a bimodal GC mode (12-16
// mark-compacts per 2.7 s) in a micro-benchmark, changed nothing on 56 real runs on 2026-11-25
// (50 against an OpenLDAP lab, 6 against the responder, half with it): 1-21 mark-compacts per
// 13-18 s run either way; in the 12 runs traced for it, V8 made no tenuring decision under load.
// The per-second telemetry (gcPauseMs, majorGcCount) would show that mode if it appeared.

const port = openParentPort();
// Imported outside a worker process (no parent channel), this module does nothing.
if (port !== null) {
  const worker = new LoadWorker(port, (code) => process.exit(code));
  port.onMessage((message) => {
    if (isParentToWorker(message)) worker.handle(message);
  });
  // Orphaned (the parent died): nobody is left to report to.
  port.onDisconnect(() => process.exit(0));
  const onUnexpected = (err: unknown): void => {
    // The parent words the run's end; this stderr is the host's, so the trace waits for --debug.
    if (debugWanted())
      process.stderr.write(`dirbench: load worker: ${unexpectedMessage(err)}${stackFrames(err)}\n`);
    worker.fail(err);
  };
  process.on('uncaughtException', onUnexpected);
  process.on('unhandledRejection', onUnexpected);
}
