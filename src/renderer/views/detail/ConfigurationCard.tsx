// What the run asked for, resolved against its target, as a definition list.
import type { ReactNode } from 'react';
import { describeLoadModel, describePolicy, tlsTrustWarning } from '../../../shared/describe.ts';
import type { RateStep, RunConfig, RunDetail } from '../../../shared/types.ts';
import { formatDateTime } from '../../format/dates.ts';
import { formatInt } from '../../format/numbers.ts';
import { workloadSpecOf } from '../../format/runConfig.ts';
import { DefinitionCard } from '../../components/DefinitionCard.tsx';

function profileText(steps: RateStep[]): ReactNode {
  return (
    <span className="mono">
      {steps
        .map((s) =>
          s.fromOpsPerSec === s.toOpsPerSec
            ? `${s.durationS} s at ${formatInt(s.fromOpsPerSec)}`
            : `${s.durationS} s ${formatInt(s.fromOpsPerSec)}→${formatInt(s.toOpsPerSec)}`,
        )
        .join(' · ')}{' '}
      ops/s
    </span>
  );
}

/** The workload's id and title; runs stored before workload definitions ran read-random. */
function workloadText(config: RunConfig): ReactNode {
  const spec = workloadSpecOf(config);
  if (!spec) return `${config.workload} (base-DN read of random existing entries)`;
  return (
    <>
      <span className="mono">{config.workload}</span> · {spec.title}
    </>
  );
}

/** TLS rows: a warning badge when the run trusted an unverified certificate, and the client certificate. */
function tlsRows(config: RunConfig): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  const warning = tlsTrustWarning(config);
  if (warning !== null) {
    rows.push([
      'TLS',
      <span className="badge badge-warning" title={warning} data-testid="tls-unverified">
        Certificate not verified
      </span>,
    ]);
  }
  if (config.clientCertFile) {
    rows.push(['Client certificate', <span className="mono">{config.clientCertFile}</span>]);
  }
  return rows;
}

/** Configuration of a stored run (with older runs' missing fields already defaulted). */
export function ConfigurationCard({ run }: { run: RunDetail }) {
  const { config } = run;
  const rows: [string, ReactNode][] = [
    ['Target', config.targetName],
    [
      'URL',
      <span className="mono">
        {config.url}
        {config.startTls ? ' (StartTLS)' : ''}
      </span>,
    ],
    ...tlsRows(config),
    ['Bind DN', <span className="mono">{config.bindDn || 'anonymous'}</span>],
    ['Base DN', <span className="mono">{config.baseDn}</span>],
    ['Entries', config.entries === null ? 'unknown' : formatInt(config.entries)],
    ['Workload', workloadText(config)],
    ['Load model', describeLoadModel(config)],
    ['Connections', describePolicy(config.connectionPolicy)],
    [
      'Concurrency',
      `${config.connections} connections × ${config.depth} outstanding = ${formatInt(config.connections * config.depth)} in flight`,
    ],
    ['Workers', String(config.workers)],
    [
      'Timing',
      `${config.warmupS} s warm-up, ${config.durationS} s measured${config.cooldownS > 0 ? `, ${config.cooldownS} s cool-down` : ''}`,
    ],
    ...(config.opTimeoutS === undefined
      ? []
      : [['Operation timeout', `${config.opTimeoutS} s`] as [string, ReactNode]]),
    ...(config.rateProfile
      ? [['Rate profile', profileText(config.rateProfile)] as [string, ReactNode]]
      : []),
    ['TCP_NODELAY', config.tcpNoDelay ? 'on' : 'off (Nagle enabled)'],
    ['Seed', String(config.seed)],
    ['Started', formatDateTime(run.startedAt)],
    ['Ended', run.endedAt ? formatDateTime(run.endedAt) : '—'],
    ['End reason', run.endReason ?? '—'],
  ];
  return <DefinitionCard title="Configuration" rows={rows} testId="run-configuration" />;
}
