// The lab a campaign's cell runs against: reused while it matches (kind, size, index profile,
// shape, load method) and holds its entries, otherwise the previous one is destroyed and a new
// one built. Saved targets are used as they are.
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { MatrixCell, MatrixSpec } from '../../shared/matrix.ts';
import { cellLabKey } from '../../shared/matrixSpecCells.ts';
import { matrixServerKey } from '../../shared/matrixTargetGroup.ts';
import { LAB_KINDS } from '../../shared/labKinds.ts';
import type { LabProgress } from '../../shared/labTypes.ts';
import { startLabAndWait } from '../lab/labStart.ts';
import { countEntries } from '../lab/entryCount.ts';
import type { LabManager } from '../lab/labManager.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';

/** What the campaign's labs need from the core. */
export interface CampaignLabsDeps {
  labs: LabManager;
  targets: TargetsRepo;
  emit: (message: ApiEventMessage) => void;
  subscribe: (listener: (message: ApiEventMessage) => void) => () => void;
}

interface CurrentLab {
  key: string;
  labId: string;
  targetId: string;
  /** Entries the server held after its load (headers included), to check after writing workloads. */
  verifiedEntries: number | null;
}

/** "OpenLDAP, 100,000 entries, salford-indexed" for a cell's lab; the target id for a saved target. */
export function describeCellServer(cell: MatrixCell): string {
  if (!('lab' in cell.server)) return matrixServerKey(cell.server);
  const title = LAB_KINDS[cell.server.lab].title;
  const replicas = cell.server.replicas ?? 0;
  const replicated = replicas === 0 ? '' : ` and ${replicas} replica${replicas === 1 ? '' : 's'}`;
  return `${title}${replicated}, ${(cell.entries ?? 0).toLocaleString('en-US')} entries, ${cell.indexProfile ?? ''}`;
}

/** One campaign's lab at a time; `release` destroys it. */
export class CampaignLabs {
  readonly #deps: CampaignLabsDeps;
  #current: CurrentLab | null = null;
  #stale = false;

  constructor(deps: CampaignLabsDeps) {
    this.#deps = deps;
  }

  /** The target to run `cell` against, building its lab when the current one does not fit. */
  async targetFor(
    cell: MatrixCell,
    spec: MatrixSpec,
    signal: AbortSignal,
    onProgress: (progress: LabProgress) => void,
  ): Promise<string> {
    const server = cell.server;
    if (!('lab' in server)) return this.#deps.targets.get(server.targetId).id;
    const key = `${cellLabKey(cell) ?? ''}|${spec.shape ?? 'salford'}|${spec.load ?? 'offline'}|${spec.seed ?? 1}`;
    const current = this.#current;
    if (current !== null && current.key === key && !this.#stale) {
      if (this.#deps.labs.get(current.labId)?.state === 'running') return current.targetId;
    }
    await this.release();
    let labId: string | null = null;
    try {
      const lab = await startLabAndWait(
        this.#deps,
        {
          kind: server.lab,
          entries: cell.entries ?? 0,
          ...(cell.indexProfile === null ? {} : { indexProfile: cell.indexProfile }),
          shape: spec.shape ?? 'salford',
          load: spec.load ?? 'offline',
          seed: spec.seed ?? 1,
          ...(server.replicas === undefined ? {} : { replicas: server.replicas }),
          persistent: false,
        },
        { signal, onProgress, onBegun: (begun) => (labId = begun.id) },
      );
      this.#current = {
        key,
        labId: lab.id,
        targetId: lab.targetId ?? '',
        verifiedEntries: lab.verifiedEntries,
      };
      this.#stale = false;
      return this.#current.targetId;
    } catch (err) {
      // A lab that failed or was cancelled half-built only takes disk space.
      if (labId !== null) await this.#destroy(labId);
      throw err;
    }
  }

  /** After a writing workload: true when the lab still holds its entries, else it is rebuilt next time. */
  async checkEntries(): Promise<{ ok: boolean; expected: number | null; found: number | null }> {
    const current = this.#current;
    const lab = current === null ? null : this.#deps.labs.get(current.labId);
    if (current === null || lab === null || current.verifiedEntries === null)
      return { ok: true, expected: null, found: null };
    let found: number | null = null;
    try {
      found = await countEntries(lab.url, lab.bindDn, lab.rootPassword, lab.suffix);
    } catch {
      // A server that cannot be counted cannot be trusted either.
    }
    const ok = found === current.verifiedEntries;
    if (!ok) this.#stale = true;
    return { ok, expected: current.verifiedEntries, found };
  }

  /** True while a lab of this campaign is up (a campaign on saved targets never has one). */
  get holdsLab(): boolean {
    return this.#current !== null;
  }

  /** Destroys the campaign's current lab, if any (end, cancel, shutdown, or before the next build). */
  async release(): Promise<void> {
    const current = this.#current;
    this.#current = null;
    if (current !== null) await this.#destroy(current.labId);
  }

  async #destroy(labId: string): Promise<void> {
    try {
      await this.#deps.labs.destroy(labId);
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'not-found')) throw err;
    }
    this.#deps.targets.deleteForLab(labId);
    this.#deps.emit({ event: 'lab/removed', payload: { id: labId } });
    this.#deps.emit({ event: 'targets/changed', payload: {} });
  }
}
