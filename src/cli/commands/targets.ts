// `dirbench targets list`: the saved targets (passwords never shown).
import { publicTarget } from '../../core/store/targetsRepo.ts';
import type { CommandFamily } from '../commandSpec.ts';
import type { Core } from '../../core/app/core.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJson, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { plainCommand } from '../plainCommand.ts';

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

/** `dirbench targets list`. */
export const targetsFamily: CommandFamily = {
  name: 'targets',
  summary: 'the saved targets',
  subcommands: [
    plainCommand('targets list', {
      summary: 'the saved targets: id, name, URL, bind DN and base DN (never a password)',
      json: 'the targets as a JSON array',
      examples: [{ what: 'the saved targets', line: 'dirbench targets list' }],
      run: (_args, options) => withCliCore(options, (core) => listTargets(core, options)),
    }),
  ],
  defaultSub: 'list',
};
