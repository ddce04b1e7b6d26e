// Handlers of the targets/* channels.
import type { ApiHandlers } from '../../shared/api.ts';
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import { validateTargetInput } from '../../shared/validation.ts';
import { testConnection } from '../ldap/testConnection.ts';
import { checkCaFile } from '../ldap/caFile.ts';
import { publicTarget } from '../store/targetsRepo.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';

/** Builds the targets handlers over the targets table. */
export function targetsHandlers(targets: TargetsRepo, emit: (m: ApiEventMessage) => void) {
  return {
    'targets/list': async () => targets.list().map(publicTarget),
    'targets/save': async (input) => {
      validateTargetInput(input);
      checkCaFile(input.caFile);
      if (input.id && targets.get(input.id).labId) {
        throw new ApiError(
          'conflict',
          'a lab target is managed by DirBench; stop the lab instead of editing it',
        );
      }
      const saved = publicTarget(targets.save(input));
      emit({ event: 'targets/changed', payload: {} });
      return saved;
    },
    'targets/delete': async ({ id }) => {
      if (targets.get(id).labId) {
        throw new ApiError(
          'conflict',
          'a lab target goes away when its lab is stopped; stop the lab instead',
        );
      }
      targets.delete(id);
      emit({ event: 'targets/changed', payload: {} });
    },
    'targets/test': async (req) => {
      if ('id' in req) {
        const t = targets.get(req.id);
        return testConnection({
          url: t.url,
          startTls: t.startTls,
          bindDn: t.bindDn,
          password: t.password ?? '',
          tcpNoDelay: true,
          ...(t.caFile === null ? {} : { caFile: t.caFile }),
        });
      }
      validateTargetInput(req.input);
      checkCaFile(req.input.caFile);
      // Testing an edited target without retyping its password uses the stored one.
      const stored = req.input.id ? targets.get(req.input.id).password : null;
      return testConnection({
        url: req.input.url,
        startTls: req.input.startTls,
        bindDn: req.input.bindDn,
        password: req.input.password ?? stored ?? '',
        tcpNoDelay: true,
        ...(req.input.caFile?.trim() ? { caFile: req.input.caFile.trim() } : {}),
      });
    },
  } satisfies Pick<
    ApiHandlers,
    'targets/list' | 'targets/save' | 'targets/delete' | 'targets/test'
  >;
}
