// `dirbench run --target A --target B [--server-set failover]`: several servers in one run, and
// each server's share in the text summary and in --json.
import { invalid } from '../shared/errors.ts';
import { SERVER_SET_MODES } from '../shared/serverSetTypes.ts';
import type { ServerSetMode } from '../shared/serverSetTypes.ts';
import type { RunDetail } from '../shared/types.ts';
import type { OptionSpec } from './commandSpec.ts';
import type { RawOptions } from './options.ts';

/** The option that says how connections are spread over repeated --target servers. */
export const SERVER_SET_OPTIONS: Record<string, OptionSpec> = {
  'server-set': {
    type: 'string',
    value: SERVER_SET_MODES.join('|'),
    description:
      'with --target repeated: round-robin (default) spreads connections over the servers, failover puts them all on the first that answers and moves them to the next when it fails',
  },
};

/** Each --target given, in order (the option is repeatable); empty when there is none. */
export function targetsOf(options: RawOptions): string[] {
  const raw = options.target;
  if (raw === undefined || typeof raw === 'boolean') return [];
  return Array.isArray(raw) ? raw : [raw];
}

/** The --server-set mode; refused without a second --target, or with --lab. */
export function serverSetModeOf(options: RawOptions): ServerSetMode | undefined {
  const raw = options['server-set'];
  const targets = targetsOf(options).length;
  if (targets > 1 && typeof options.lab === 'string')
    throw invalid(
      '--target',
      '--lab runs on its own server: give several --target servers without --lab',
    );
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !(SERVER_SET_MODES as readonly string[]).includes(raw))
    throw invalid('--server-set', `--server-set takes ${SERVER_SET_MODES.join(' or ')}`);
  if (targets < 2) throw invalid('--server-set', '--server-set needs two or more --target servers');
  return raw as ServerSetMode;
}

/** The summary's per-server lines: each server's connections, ops/s, share, p99 and errors. */
export function serverLines(run: RunDetail): string[] {
  const shares = run.summary?.servers ?? [];
  if (shares.length === 0) return [];
  const total = shares.reduce((n, s) => n + s.ops, 0);
  const mode = run.config.serverSet?.mode ?? 'round-robin';
  return [
    `  servers (${mode}):`,
    ...shares.map((s) => {
      const share = total > 0 ? Math.round((s.ops / total) * 1000) / 10 : 0;
      return `    ${s.url.padEnd(28)} ${String(s.connections).padStart(4)} conns ${s.opsPerSec.toFixed(1).padStart(9)} ops/s (${share}%)  p99 ${(s.p99Us / 1000).toFixed(2)} ms  ${s.errors} errors`;
    }),
  ];
}

/** The --json `servers` field: [{url, connections, opsPerSec, errors, p99Us}] (absent on one server). */
export function serversJson(run: RunDetail): { servers?: unknown[] } {
  const shares = run.summary?.servers;
  if (shares === undefined) return {};
  return {
    servers: shares.map(({ url, connections, ops, opsPerSec, errors, errorsByCode, p99Us }) => ({
      url,
      connections,
      ops,
      opsPerSec: Math.round(opsPerSec * 10) / 10,
      errors,
      errorsByCode,
      p99Us,
    })),
  };
}
