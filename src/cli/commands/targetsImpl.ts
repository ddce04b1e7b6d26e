// What `dirbench targets list` does: prints the saved targets (passwords never shown).
import { publicTarget } from '../../core/store/targetsRepo.ts';
import type { Core } from '../../core/app/core.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJson, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** Prints the saved targets. */
function listTargets(core: Core, options: RawOptions): number {
  const targets = core.targets.list().map(publicTarget);
  if (options.json === true) printJson(targets);
  else if (targets.length === 0)
    process.stdout.write('No targets yet. Add one in the UI or run against --target URL.\n');
  else
    printTable(
      ['ID', 'NAME', 'URL', 'BIND DN', 'BASE DN'],
      targets.map((t) => [t.id, t.name, t.url, t.bindDn || '(anonymous)', t.baseDn]),
    );
  return 0;
}

/** `targets list`: opens the store and prints the saved targets. */
export function targetsListCommand(options: RawOptions): Promise<number> {
  return withCliCore(options, (core) => listTargets(core, options));
}
