// `dirbench workloads list|show|check`: the catalogs, one definition (to copy and edit), a file's validity.
import { dirname, resolve } from 'node:path';
import { invalid } from '../../shared/errors.ts';
import type { WorkloadListItem } from '../../shared/workload.ts';
import { openCliCore } from '../coreForCli.ts';
import { printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { readWorkloadFile } from '../workloadFromOptions.ts';

/** "search 50%, add 12%, ..." */
function mixText(item: WorkloadListItem): string {
  if (item.mix.length === 1) return item.mix[0]?.label ?? '';
  return item.mix.map((m) => `${m.label} ${m.percent}%`).join(', ');
}

/** Dispatches the workloads sub-commands. */
export async function workloadsCommand(args: string[], options: RawOptions): Promise<number> {
  const [sub = 'list', arg] = args;
  if (!['list', 'show', 'check'].includes(sub)) {
    throw invalid(
      'command',
      `unknown workloads command "${sub}": use workloads list, workloads show ID or workloads check FILE`,
    );
  }
  if (sub !== 'list' && arg === undefined) {
    throw invalid(
      'command',
      sub === 'show'
        ? 'workloads show needs an id, e.g. salford/S.3'
        : 'workloads check needs a file',
    );
  }
  const core = await openCliCore(options);
  try {
    const library = core.workloads;
    if (sub === 'show') {
      process.stdout.write(`${JSON.stringify(library.get(arg as string), null, 2)}\n`);
      return 0;
    }
    if (sub === 'check') {
      const file = arg as string;
      const spec = library.check(readWorkloadFile(file, 'workloads check'), dirname(resolve(file)));
      if (options.json === true) process.stdout.write(`${JSON.stringify(spec, null, 2)}\n`);
      else
        process.stdout.write(
          `${file}: ${spec.id} is valid (${spec.operations.length} operation(s))\n`,
        );
      return 0;
    }
    const items = library.list();
    if (options.json === true) {
      const { catalogs } = library.catalogData();
      const versions = Object.fromEntries(
        catalogs.map((c) => [c.catalog, { title: c.title, version: c.version, source: c.source }]),
      );
      process.stdout.write(
        `${JSON.stringify({ catalogs: versions, workloads: items }, null, 2)}\n`,
      );
      return 0;
    }
    printTable(
      ['ID', 'TITLE', 'OPERATIONS', 'CONCURRENCY', 'EXPECTS'],
      items.map((w) => [
        w.id,
        w.title,
        mixText(w),
        w.concurrency === null ? '-' : `${w.concurrency.connections} x ${w.concurrency.depth}`,
        w.expects === null ? '-' : `${w.expects.shape}, ${w.expects.indexProfile}`,
      ]),
    );
    process.stdout.write(
      '\nRun one with: dirbench run --workload ID ...   Copy one: dirbench workloads show ID > my.json, edit, then --workload-file my.json\n',
    );
    return 0;
  } finally {
    await core.shutdown('CLI command ended');
  }
}
