// Packaging step: `node electron/applyFuses.ts PATH` flips DirBench's fuses on a packaged Electron binary and checks them.
import { statSync } from 'node:fs';
import { FuseState, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import type { FuseConfig } from '@electron/fuses';
import { DIRBENCH_FUSES } from './fuses.ts';

/** The fuses whose state in `wire` differs from `wanted`, named by their index. */
export function mismatchedFuses(
  wanted: FuseConfig,
  wire: FuseConfig<FuseState>,
): { fuse: string; wanted: boolean; found: FuseState | undefined }[] {
  const states = new Map<string, unknown>(Object.entries(wire));
  // The fuse options are the numeric keys; `version` and the flags beside them are not fuses.
  const entries = Object.entries(wanted).filter(([key]) => /^\d+$/.test(key));
  return entries
    .map(([fuse, value]) => {
      const found = states.get(fuse) as FuseState | undefined;
      return { fuse, wanted: value === true, found };
    })
    .filter(({ wanted: on, found }) => found !== (on ? FuseState.ENABLE : FuseState.DISABLE));
}

async function main(argv: string[]): Promise<number> {
  const binary = argv[0];
  if (binary === undefined || !statSync(binary, { throwIfNoEntry: false })?.isFile()) {
    process.stderr.write(
      'usage: node electron/applyFuses.ts PATH: the packaged Electron executable (e.g. out/DirBench-linux-x64/dirbench)\n',
    );
    return 2;
  }
  const flipped = await flipFuses(binary, DIRBENCH_FUSES);
  const wrong = mismatchedFuses(DIRBENCH_FUSES, await getCurrentFuseWire(binary));
  if (wrong.length > 0) {
    process.stderr.write(`fuses not set on ${binary}: ${JSON.stringify(wrong)}\n`);
    return 1;
  }
  process.stdout.write(`DirBench fuses set on ${binary} (${flipped} written)\n`);
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
