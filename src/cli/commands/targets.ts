// `dirbench targets list`: the saved targets (passwords never shown).
import { invalid } from '../../shared/errors.ts';
import { publicTarget } from '../../core/store/targetsRepo.ts';
import { openCliCore } from '../coreForCli.ts';
import { printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** Dispatches the targets sub-commands. */
export async function targetsCommand(args: string[], options: RawOptions): Promise<number> {
  const [sub] = args;
  if (sub !== undefined && sub !== 'list') {
    throw invalid('command', `unknown targets command "${sub}": use targets list`);
  }
  const core = await openCliCore(options);
  try {
    const targets = core.targets.list().map(publicTarget);
    if (options.json === true) process.stdout.write(`${JSON.stringify(targets, null, 2)}\n`);
    else if (targets.length === 0)
      process.stdout.write('No targets yet. Add one in the UI or run against --target URL.\n');
    else
      printTable(
        ['ID', 'NAME', 'URL', 'BIND DN', 'BASE DN'],
        targets.map((t) => [t.id, t.name, t.url, t.bindDn || '(anonymous)', t.baseDn]),
      );
    return 0;
  } finally {
    await core.shutdown('CLI command ended');
  }
}
