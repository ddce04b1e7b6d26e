// The relaunched `dirbench` (bin.mjs on Node < 22.18 starts main.ts on the project's Node) stops
// when the process that started it dies, SIGKILL included: Linux has no portable parent-death
// signal for Node, so the launcher gives the child an IPC channel used only as a lifeline.

/** The launcher's PID once its lifeline has ended (null while it lives, or with no launcher). */
let endedLauncherPid: number | null = null;

function launcherEnded(launcherPid: number): void {
  if (endedLauncherPid !== null) return;
  endedLauncherPid = launcherPid;
  // Every command already stops cleanly on SIGTERM (a run keeps its seconds, owned labs stop);
  // one without a handler ends at once, and its workers and labs follow through their own lifelines.
  process.kill(process.pid, 'SIGTERM');
}

/**
 * Makes this process stop as on SIGTERM when the process that started it with an IPC channel (the
 * bin.mjs launcher) ends in any way. Call it before the commands load: the launcher may die then.
 */
export function stopWhenLauncherEnds(): void {
  // Started without a channel (node main.ts, Electron, a shell): nothing to watch.
  if (process.send === undefined) return;
  const launcherPid = process.ppid;
  // The channel ended before we looked (process.channel is then null).
  if (process.connected !== true) {
    launcherEnded(launcherPid);
    return;
  }
  // The lifeline must not keep the process alive after its command ends.
  process.channel?.unref();
  process.once('disconnect', () => launcherEnded(launcherPid));
}

/** What stopped this process, for its message and a run's stored reason: the signal or the launcher's end. */
export function stopCause(signal: NodeJS.Signals): string {
  return endedLauncherPid === null
    ? signal
    : `the launching dirbench process (PID ${endedLauncherPid}) ended`;
}
