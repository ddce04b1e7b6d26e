// Load worker process entry (child_process.fork or Electron utilityProcess): wires the parent port to a LoadWorker.
import { LoadWorker } from './loadWorker.ts';
import { openParentPort } from './port.ts';
import { isParentToWorker } from './protocol.ts';

export type { DnSource } from './dnSource.ts';

const port = openParentPort();
// Imported outside a worker process (no parent channel), this module does nothing.
if (port !== null) {
  const worker = new LoadWorker(port, (code) => process.exit(code));
  port.onMessage((message) => {
    if (isParentToWorker(message)) worker.handle(message);
  });
  // Orphaned (the parent died): nobody is left to report to.
  port.onDisconnect(() => process.exit(0));
  process.on('uncaughtException', (err) => worker.fail(err));
  process.on('unhandledRejection', (err) => worker.fail(err));
}
