// Entry of the `dirbench` process: guards it, runs the command line and sets the exit code.
import { stopWhenLauncherEnds } from './launcherWatch.ts';

// Before the commands load (a fraction of a second), during which the launcher may die.
stopWhenLauncherEnds();
const { main } = await import('./dirbench.ts');
const { exitCodeAfter, installProcessGuard } = await import('./guard.ts');
installProcessGuard();
process.exitCode = exitCodeAfter(await main(process.argv.slice(2)));
