// Where the run was measured: client machine, DirBench build, target server and lab.
import type { ReactNode } from 'react';
import type { RunEnvironment } from '../../../shared/types.ts';
import { formatInt } from '../../format/numbers.ts';
import { DefinitionCard } from '../../components/DefinitionCard.tsx';

/** Environment of a stored run. */
export function EnvironmentCard({ environment: env }: { environment: RunEnvironment }) {
  const vendor = env.rootDse
    ? [env.rootDse.vendorName, env.rootDse.vendorVersion].filter(Boolean).join(' ') ||
      'not advertised'
    : 'unknown';
  const rows: [string, ReactNode][] = [
    ['Client host', env.hostname],
    ['CPU', `${env.cpuModel} (${env.cpuCores} cores)`],
    ['Memory', `${formatInt(env.totalMemoryMb)} MB`],
    ['OS', env.os],
    ['Node', env.node],
    [
      'DirBench',
      `${env.dirbenchVersion}${env.dirbenchCommit ? ` (${env.dirbenchCommit.slice(0, 10)})` : ''}`,
    ],
    ['Target server', vendor],
    ['Naming contexts', env.rootDse?.namingContexts.join(', ') || '—'],
    [
      'Lab',
      env.lab
        ? `${env.lab.kind}, ${formatInt(env.lab.entries)} entries, seed ${env.lab.seed}, index profile ${env.lab.indexProfile}`
        : 'not a lab',
    ],
  ];
  return <DefinitionCard title="Environment" rows={rows} testId="run-environment" />;
}
