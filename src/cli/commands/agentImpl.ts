// What `dirbench agent` does: runs a load agent until stopped (its spec is in agent.ts).
import { startAgent } from '../../core/agents/agentProcess.ts';
import { stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { withBrokerOptionNames } from './brokerClientOptions.ts';

// After the agent has stopped, the process exits even if a stray handle would keep it alive.
const EXIT_GRACE_MS = 1_000;

/** Runs the agent until it stops; returns the exit code. */
export async function runAgent(options: RawOptions): Promise<number> {
  // Without --name the credentials file is still read: its error lists the agents it holds.
  const name =
    typeof options.name === 'string' && options.name.trim() !== '' ? options.name : undefined;
  const credentialsFile = stringOption(
    options,
    'credentials-file',
    "the agent's credentials file from the broker's folder (agent-NAME.creds.json, or agents.creds.json with --name)",
  );
  const url = typeof options.broker === 'string' ? options.broker : undefined;
  const caFile = typeof options['ca-file'] === 'string' ? options['ca-file'] : undefined;
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  // Listening before the agent connects: a signal right after "connected" stops it cleanly too.
  let stop: ((signal: NodeJS.Signals) => void) | null = null;
  let pending: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stop === null) pending = signal;
    else stop(signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let end: Awaited<ReturnType<typeof startAgent>>['ended'] extends Promise<infer E> ? E : never;
  try {
    const agent = await withBrokerOptionNames(() =>
      startAgent({
        ...(name === undefined ? {} : { name }),
        credentialsFile,
        log,
        ...(url === undefined ? {} : { url }),
        ...(caFile === undefined ? {} : { caFile }),
      }),
    );
    stop = (signal) => void agent.stop(signal);
    if (pending !== null) stop(pending);
    end = await agent.ended;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  setTimeout(() => process.exit(end.code), EXIT_GRACE_MS).unref();
  return end.code;
}
