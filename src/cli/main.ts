// Entry of the `dirbench` process: runs the command line and sets the exit code.
import { stopWhenLauncherEnds } from './launcherWatch.ts';

// Before the commands load (a fraction of a second), during which the launcher may die.
stopWhenLauncherEnds();
const { main } = await import('./dirbench.ts');
process.exitCode = await main(process.argv.slice(2));
