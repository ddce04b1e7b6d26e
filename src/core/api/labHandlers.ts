// Handlers of the lab/* channels; a running lab is also published as a target.
import type { ApiEventMessage, ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { LabInfo } from '../../shared/labTypes.ts';
import { shippedIndexProfiles } from '../lab/indexProfiles.ts';
import type { LabManager } from '../lab/labManager.ts';
import type { LabStartRequest } from '../lab/labRecord.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import { checkId } from '../../shared/validation.ts';

/** Starts a lab and registers the target that points at it. */
export async function startLabWithTarget(
  labs: LabManager,
  targets: TargetsRepo,
  req: LabStartRequest,
  signal?: AbortSignal,
): Promise<LabInfo> {
  const lab = await labs.start(req, signal);
  const stored = labs.get(lab.id);
  const target = targets.save(
    {
      name: `${lab.serverVersion ?? lab.kind} lab ${lab.id} (${lab.entries.toLocaleString('en-US')} entries)`,
      // A TLS lab's target verifies the server against the lab's own CA.
      url: lab.tls?.mode === 'ldaps' ? lab.tls.ldapsUrl : lab.url,
      startTls: lab.tls?.mode === 'starttls',
      bindDn: lab.bindDn,
      // The lab's mode-600 password file: its password never goes into the targets table.
      ...(stored ? { passwordFile: stored.passwordFile } : { password: '' }),
      baseDn: lab.baseDn,
      ...(lab.tls === null ? {} : { caFile: lab.tls.caFile }),
    },
    lab.id,
  );
  return { ...lab, targetId: target.id };
}

/** Builds the lab handlers; `emit` announces target changes when labs come and go. */
export function labHandlers(
  labs: LabManager,
  targets: TargetsRepo,
  emit: (m: ApiEventMessage) => void,
) {
  const withTarget = (lab: LabInfo): LabInfo => {
    const target = targets.list().find((t) => t.labId === lab.id);
    return { ...lab, targetId: target?.id ?? null };
  };
  return {
    'lab/availability': async () => labs.availability(),
    'lab/list': async () => labs.list().map(withTarget),
    'lab/start': async (req) => {
      const lab = await startLabWithTarget(labs, targets, { ...req, persistent: false });
      emit({ event: 'targets/changed', payload: {} });
      return lab;
    },
    'lab/stop': async (req) => {
      const id = checkId(req.id, 'id');
      const lab = await labs.stop(id);
      targets.deleteForLab(id);
      emit({ event: 'targets/changed', payload: {} });
      return { ...lab, targetId: null };
    },
    'lab/indexProfiles': async () => [...shippedIndexProfiles()],
    'lab/install': async ({ kind }) => labs.install(kind),
    'lab/destroy': async (req) => {
      const id = checkId(req.id, 'id');
      await labs.destroy(id);
      targets.deleteForLab(id);
      emit({ event: 'lab/removed', payload: { id } });
      emit({ event: 'targets/changed', payload: {} });
    },
  } satisfies Pick<ApiHandlers, ChannelsOf<'lab'>>;
}
