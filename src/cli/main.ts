// Entry of the `dirbench` process: guards it, runs the command line and sets the exit code.
import { main } from './dirbench.ts';
import { exitCodeAfter, installProcessGuard } from './guard.ts';

installProcessGuard();
process.exitCode = exitCodeAfter(await main(process.argv.slice(2)));
