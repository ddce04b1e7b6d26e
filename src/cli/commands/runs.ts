// `dirbench runs list|show`: the stored history.
import { invalid } from '../../shared/errors.ts';
import { openCliCore } from '../coreForCli.ts';
import { ms, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** Dispatches the runs sub-commands. */
export async function runsCommand(args: string[], options: RawOptions): Promise<number> {
  const [sub, id] = args;
  const core = await openCliCore(options);
  try {
    if (sub === 'list' || sub === undefined) {
      const runs = core.runs.list();
      if (options.json === true) process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
      else if (runs.length === 0)
        process.stdout.write('No runs yet. Try: dirbench run --lab openldap --entries 10000\n');
      else {
        printTable(
          [
            'ID',
            'STARTED',
            'TARGET',
            'WORKLOAD',
            'ENTRIES',
            'CONN x D',
            'OPS/S',
            'P99 MS',
            'STATUS',
          ],
          runs.map((r) => [
            r.id,
            r.startedAt.replace('T', ' ').slice(0, 19),
            r.targetName,
            r.workload,
            r.entries ?? '-',
            `${r.connections}x${r.depth}`,
            r.opsPerSec === null ? '-' : Math.round(r.opsPerSec),
            ms(r.p99Us),
            r.status,
          ]),
        );
      }
      return 0;
    }
    if (sub === 'show') {
      if (!id)
        throw invalid('id', 'which run? use "dirbench runs show ID" (see "dirbench runs list")');
      const run = core.runs.get(id);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
        return 0;
      }
      const s = run.summary;
      process.stdout.write(
        `Run ${run.id}: ${run.status}${run.endReason ? ` (${run.endReason})` : ''}\n` +
          `Target: ${run.config.targetName} ${run.config.url} base ${run.config.baseDn}` +
          ` [${run.environment.rootDse?.vendorName ?? 'unknown vendor'} ${run.environment.rootDse?.vendorVersion ?? ''}]\n` +
          `Workload: ${run.config.workload}, ${run.config.connections} connections x depth ${run.config.depth}, ${run.config.workers} workers, ` +
          `warm-up ${run.config.warmupS} s, measured ${run.config.durationS} s, TCP_NODELAY ${run.config.tcpNoDelay ? 'on' : 'off'}\n` +
          `Client: ${run.environment.cpuModel} (${run.environment.cpuCores} cores), ${run.environment.os}, Node ${run.environment.node}, DirBench ${run.environment.dirbenchVersion}\n` +
          (s
            ? `Summary: ${s.opsPerSec.toFixed(1)} ops/s, ${s.errors} errors, latency ms p50 ${ms(s.latencyUs.p50)} p99 ${ms(s.latencyUs.p99)} max ${ms(s.latencyUs.max)}\n`
            : 'Summary: none (the run did not finish)\n'),
      );
      printTable(
        ['SECOND', 'PHASE', 'OPS', 'ERRORS', 'P50 MS', 'P99 MS', 'MAX MS'],
        run.samples.map((x) => [
          x.second,
          x.phase,
          x.ops,
          x.errors,
          ms(x.latencyUs.p50),
          ms(x.latencyUs.p99),
          ms(x.latencyUs.max),
        ]),
      );
      return 0;
    }
    throw invalid('command', `unknown runs command "${sub}": use runs list|show`);
  } finally {
    await core.shutdown('CLI command ended');
  }
}
