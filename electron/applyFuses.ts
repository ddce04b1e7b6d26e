// Packaging step: `node electron/applyFuses.ts PATH` flips DirBench's fuses on a packaged Electron binary and checks them.
import { statSync } from 'node:fs';
import { applyDirbenchFuses } from './fuses.ts';

async function main(argv: string[]): Promise<number> {
  const binary = argv[0];
  if (binary === undefined || !statSync(binary, { throwIfNoEntry: false })?.isFile()) {
    process.stderr.write(
      'usage: node electron/applyFuses.ts PATH: the packaged Electron executable (e.g. out/DirBench-linux-x64/dirbench)\n',
    );
    return 2;
  }
  try {
    const flipped = await applyDirbenchFuses(binary, false);
    process.stdout.write(`DirBench fuses set on ${binary} (${flipped} written)\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
