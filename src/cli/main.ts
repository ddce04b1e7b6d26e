// Entry of the `dirbench` process: runs the command line and sets the exit code.
import { main } from './dirbench.ts';

process.exitCode = await main(process.argv.slice(2));
