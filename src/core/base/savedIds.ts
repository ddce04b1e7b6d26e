// Saved matrices and workloads live under `user/` ids; every other id ships with DirBench.
import { ApiError } from '../../shared/errors.ts';

/** Refuses to delete a built-in entry: only `user/` ids were saved, so only they can go; `plural` names the kind ("matrices"). */
export function refuseBuiltInDelete(id: string, plural: string): void {
  if (!id.startsWith('user/')) {
    throw new ApiError(
      'conflict',
      `${id} is part of DirBench; only saved user/ ${plural} can be deleted`,
      'id',
    );
  }
}
