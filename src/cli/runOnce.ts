// One `dirbench run` (of its --repeats): starts it, prints its progress on stderr
// (src/cli/progress.ts), and resolves with the stored run.
import type { Core } from '../core/app/core.ts';
import type { RunDetail, RunRequest } from '../shared/types.ts';
import { inAgentOptionTerms } from './agentRunOptions.ts';
import { confirmWithYes } from './loadConfirmation.ts';
import { progress } from './progress.ts';
import { progressLine } from './runOutput.ts';
import { inUserTerms } from './workloadFromOptions.ts';
import type { CliWorkload } from './workloadFromOptions.ts';

/** Starts one run and waits for it, printing its seconds' progress on stderr. */
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
  // A line per second on a terminal; elsewhere each phase's first and last, and one every 5 s of
  // the run between (its own seconds: the lines fall on the same seconds every time).
  let second = 0;
  const shown = progress({ nowMs: () => second * 1000 });
  const unsubscribe = core.subscribe((m) => {
    if (m.event === 'run/sample' && m.payload.runId === runId) {
      const { sample } = m.payload;
      second = sample.second;
      shown.show(sample.phase, progressLine(sample, totalS));
    }
  });
  try {
    return await done;
  } finally {
    unsubscribe();
    shown.end();
  }
}
