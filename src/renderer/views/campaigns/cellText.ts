// How a campaign cell's axes read in tables: server, size, profile, policy.
import { describePolicy } from '../../../shared/describe.ts';
import type { MatrixCell, MatrixServer } from '../../../shared/matrix.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import { formatEntries } from '../../format/numbers.ts';
import { LAB_KINDS } from '../../../shared/labKinds.ts';

/** A server of a matrix in words: the lab kind, or the saved target's name (a group's names joined). */
export function serverText(server: MatrixServer, targets: readonly Target[] = []): string {
  if ('lab' in server) return LAB_KINDS[server.lab].title;
  const name = (id: string) => targets.find((t) => t.id === id)?.name ?? id;
  return [server.targetId, ...(server.moreTargetIds ?? [])].map(name).join(' + ');
}

/** The directory of a cell: "100K · salford-indexed", or "as it is" for saved targets. */
export function directoryText(cell: Pick<MatrixCell, 'entries' | 'indexProfile'>): string {
  if (cell.entries === null) return 'as it is';
  return `${formatEntries(cell.entries)} · ${cell.indexProfile ?? 'default'}`;
}

/** A cell's load settings: "8 conn · persistent". */
export function loadText(cell: Pick<MatrixCell, 'connections' | 'policy'>): string {
  return `${cell.connections} conn · ${describePolicy(cell.policy)}`;
}
