// Entry of the `dirbench` process: guards it, runs the command line and sets the exit code.
import { enableCompileCache } from '../core/base/compileCache.ts';
import { stopWhenLauncherEnds } from './launcherWatch.ts';

// Every module loaded from here on is compiled once per version, not once per start.
enableCompileCache();
// Before the commands load (a fraction of a second), during which the launcher may die.
stopWhenLauncherEnds();
const { main } = await import('./dirbench.ts');
const { exitCodeAfter, installProcessGuard } = await import('./guard.ts');
installProcessGuard();
process.exitCode = exitCodeAfter(await main(process.argv.slice(2)));
