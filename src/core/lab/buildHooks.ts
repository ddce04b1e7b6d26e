// How a lab build reports on its lab (labBuild.ts, and the replica set it starts): progress events
// and changes to the lab's record.
import type { LabProgress } from '../../shared/labTypes.ts';
import type { StoredLab } from './labRecord.ts';

/** How a build reports on its lab: progress events and changes to its record. */
export interface BuildHooks {
  progress(
    step: LabProgress['step'],
    done: number,
    total: number,
    message: string,
    notice?: string,
  ): void;
  update(patch: Partial<StoredLab>): void;
}
