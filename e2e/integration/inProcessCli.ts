// Runs `dirbench` commands inside the test process (main() of src/cli/dirbench.ts), several at once,
// each with its own stdout and stderr: a command walk costs no process start per command.
import { AsyncLocalStorage } from 'node:async_hooks';
import { main } from '../../src/cli/dirbench.ts';
import type { CliResult } from './cliHarness.ts';

interface Capture {
  stdout: string;
  stderr: string;
}

const captures = new AsyncLocalStorage<Capture>();
let installed = false;

/** Routes process.stdout/stderr writes made inside a captured command to its capture. */
function installCapture(): void {
  if (installed) return;
  installed = true;
  for (const name of ['stdout', 'stderr'] as const) {
    const stream = process[name];
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const capture = captures.getStore();
      if (capture === undefined) return write(chunk, ...rest);
      capture[name] +=
        typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString();
      // Callers that pass a completion callback (last argument) hear of the write at once.
      const callback = rest.at(-1);
      if (typeof callback === 'function') queueMicrotask(() => (callback as () => void)());
      return true;
    }) as typeof stream.write;
  }
}

/** Runs `dirbench ARGS --data-dir DIR` in this process and resolves with what it printed and its exit code. */
export async function runInProcess(args: readonly string[], dataDir: string): Promise<CliResult> {
  installCapture();
  const capture: Capture = { stdout: '', stderr: '' };
  const code = await captures.run(capture, () => main([...args, '--data-dir', dataDir]));
  return { code, ...capture };
}
