// Handlers of the lab/* channels; a running lab is also published as a target.
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { LabInfo } from '../../shared/labTypes.ts';
import { shippedIndexProfiles } from '../lab/indexProfiles.ts';
import type { LabManager } from '../lab/labManager.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import { beginLabStart } from '../lab/labStart.ts';
import type { LabStartDeps } from '../lab/labStart.ts';

/** Builds the lab handlers; `emit` announces starts ending and targets changing as labs come and go. */
export function labHandlers(labs: LabManager, targets: TargetsRepo, emit: LabStartDeps['emit']) {
  const withTarget = (lab: LabInfo): LabInfo => {
    const target = targets.list().find((t) => t.labId === lab.id);
    return { ...lab, targetId: target?.id ?? null };
  };
  return {
    'lab/availability': async () => labs.availability(),
    'lab/list': async () => labs.list().map(withTarget),
    'lab/start': async (req) => {
      // Labs started from a UI die with the host; only the CLI keeps them (persistent).
      const lab = await beginLabStart({ labs, targets, emit }, { ...req, persistent: false });
      return { labId: lab.id, lab };
    },
    'lab/stop': async (req) => {
      const { id } = req;
      const lab = await labs.stop(id);
      targets.deleteForLab(id);
      emit({ event: 'targets/changed', payload: {} });
      return { ...lab, targetId: null };
    },
    'lab/cancel': async ({ id }) => withTarget(await labs.cancelStart(id)),
    'lab/indexProfiles': async () => [...shippedIndexProfiles()],
    'lab/install': async ({ kind }) => labs.install(kind),
    'lab/destroy': async (req) => {
      const { id } = req;
      await labs.destroy(id);
      targets.deleteForLab(id);
      emit({ event: 'lab/removed', payload: { id } });
      emit({ event: 'targets/changed', payload: {} });
    },
  } satisfies Pick<ApiHandlers, ChannelsOf<'lab'>>;
}
