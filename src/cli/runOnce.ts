// One `dirbench run` (of its --repeats): starts it, prints a progress line per second on stderr,
// and resolves with the stored run.
import type { Core } from '../core/app/core.ts';
import type { RunDetail, RunRequest } from '../shared/types.ts';
import { inAgentOptionTerms } from './agentRunOptions.ts';
import { confirmWithYes } from './loadConfirmation.ts';
import { progressLine } from './runOutput.ts';
import { inUserTerms } from './workloadFromOptions.ts';
import type { CliWorkload } from './workloadFromOptions.ts';

/** Starts one run and waits for it, printing a progress line per second on stderr. */
export async function runOnce(
  core: Core,
  request: RunRequest,
  password: string | undefined,
  label: string,
  source: CliWorkload,
): Promise<RunDetail> {
  const { runId, done, notes } = await core
    .startRun(request, {
      ...(password === undefined ? {} : { password }),
      ...(source.baseDir === undefined ? {} : { workloadBaseDir: source.baseDir }),
    })
    .catch((err: unknown) => {
      throw inAgentOptionTerms(inUserTerms(confirmWithYes(err), source));
    });
  const totalS = request.warmupS + request.durationS + (request.cooldownS ?? 0);
  process.stderr.write(
    `Run ${runId}${label}: ${request.connections} connections x depth ${request.depth}, ${request.warmupS} s warm-up + ${request.durationS} s\n`,
  );
  // Said once, here; the run keeps it in its notes.
  for (const note of notes) process.stderr.write(`Note: ${note}\n`);
  const unsubscribe = core.subscribe((m) => {
    if (m.event === 'run/sample' && m.payload.runId === runId) {
      process.stderr.write(progressLine(m.payload.sample, totalS));
    }
  });
  try {
    return await done;
  } finally {
    unsubscribe();
  }
}
