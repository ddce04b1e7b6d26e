// What `dirbench workloads list|show|check` do (their specs are in workloads.ts).
import { dirname, resolve } from 'node:path';
import type { WorkloadListItem } from '../../shared/workload.ts';
import type { Core } from '../../core/app/core.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJson, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { neededArg } from '../plainCommand.ts';
import { readWorkloadFile } from '../workloadFromOptions.ts';

/** "search 50%, add 12%, ..." */
function mixText(item: WorkloadListItem): string {
  if (item.mix.length === 1) return item.mix[0]?.label ?? '';
  return item.mix.map((m) => `${m.label} ${m.percent}%`).join(', ');
}

/** Runs `work` with the core's workload library. */
function withLibrary(
  options: RawOptions,
  work: (library: Core['workloads']) => number,
): Promise<number> {
  return withCliCore(options, (core) => work(core.workloads));
}

function list(library: Core['workloads'], options: RawOptions): number {
  const items = library.list();
  if (options.json === true) {
    const { catalogs } = library.catalogData();
    const versions = Object.fromEntries(
      catalogs.map((c) => [c.catalog, { title: c.title, version: c.version, source: c.source }]),
    );
    printJson({ catalogs: versions, workloads: items });
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
}

function check(library: Core['workloads'], file: string, options: RawOptions): number {
  const spec = library.check(readWorkloadFile(file, 'workloads check'), dirname(resolve(file)));
  if (options.json === true) printJson(spec);
  else
    process.stdout.write(`${file}: ${spec.id} is valid (${spec.operations.length} operation(s))\n`);
  return 0;
}

/** `workloads list`. */
export function workloadsListCommand(options: RawOptions): Promise<number> {
  return withLibrary(options, (library) => list(library, options));
}

/** `workloads show ID`. */
export function workloadsShowCommand(
  arg: string | undefined,
  options: RawOptions,
): Promise<number> {
  const id = neededArg('workloads show', arg, 'an id, e.g. salford/S.3');
  return withLibrary(options, (library) => {
    printJson(library.get(id));
    return 0;
  });
}

/** `workloads check FILE`. */
export function workloadsCheckCommand(
  arg: string | undefined,
  options: RawOptions,
): Promise<number> {
  const file = neededArg('workloads check', arg, 'a file');
  return withLibrary(options, (library) => check(library, file, options));
}
