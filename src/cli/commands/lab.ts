// `dirbench lab start|stop|list`: labs started here outlive the command until `lab stop`.
import { invalid } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/validation.ts';
import { startLabWithTarget } from '../../core/api/labHandlers.ts';
import { openCliCore } from '../coreForCli.ts';
import { intOption, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** Dispatches the lab sub-commands. */
export async function labCommand(args: string[], options: RawOptions): Promise<number> {
  const [sub, arg] = args;
  const core = await openCliCore(options);
  try {
    if (sub === 'start') {
      if (arg !== 'openldap')
        throw invalid(
          'kind',
          `unknown lab kind "${arg ?? ''}": use "dirbench lab start openldap --entries N"`,
        );
      const entries = intOption(options, 'entries', 10_000, 1, LIMITS.labEntries);
      const seed = intOption(options, 'seed', 1, 0, 2 ** 31 - 1);
      const lab = await startLabWithTarget(core.labs, core.targets, {
        kind: 'openldap',
        entries,
        seed,
        persistent: true,
      });
      if (options.json === true) process.stdout.write(`${JSON.stringify(lab)}\n`);
      else {
        process.stdout.write(
          `Lab ${lab.id} running at ${lab.url} (${lab.entries} entries, base ${lab.baseDn}, loaded in ${lab.loadS?.toFixed(1) ?? '?'} s)\n` +
            `Target id: ${lab.targetId}. Stop it with: dirbench lab stop ${lab.id}\n`,
        );
      }
      return 0;
    }
    if (sub === 'stop') {
      if (!arg)
        throw invalid('id', 'which lab? use "dirbench lab stop ID" (see "dirbench lab list")');
      const lab = await core.labs.stop(arg);
      core.targets.deleteForLab(arg);
      process.stdout.write(`Lab ${lab.id} stopped.\n`);
      return 0;
    }
    if (sub === 'list') {
      const labs = core.labs.list();
      if (options.json === true) process.stdout.write(`${JSON.stringify(labs, null, 2)}\n`);
      else if (labs.length === 0)
        process.stdout.write(
          'No labs. Start one with: dirbench lab start openldap --entries 10000\n',
        );
      else
        printTable(
          ['ID', 'KIND', 'STATE', 'ENTRIES', 'URL', 'PID', 'CREATED'],
          labs.map((l) => [l.id, l.kind, l.state, l.entries, l.url, l.pid ?? '-', l.createdAt]),
        );
      return 0;
    }
    throw invalid('command', `unknown lab command "${sub ?? ''}": use lab start|stop|list`);
  } finally {
    await core.shutdown('CLI command ended');
  }
}
