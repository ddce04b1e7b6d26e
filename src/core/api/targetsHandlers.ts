// Handlers of the targets/* channels.
import type { ApiEventMessage, ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { TargetInput } from '../../shared/targetTypes.ts';
import { testConnection } from '../ldap/testConnection.ts';
import { checkCaFile } from '../ldap/caFile.ts';
import { checkClientCert } from '../ldap/clientCert.ts';
import { targetConnection } from '../ldap/targetConnection.ts';
import { publicTarget } from '../store/targetsRepo.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';

/** Checks what the target form names on this host beyond its validator's rules: CA, client certificate and key files. */
function checkTargetFiles(input: TargetInput): void {
  checkCaFile(input.caFile);
  checkClientCert(input.clientCertFile, input.clientKeyFile);
}

/** Builds the targets handlers over the targets table. */
export function targetsHandlers(targets: TargetsRepo, emit: (m: ApiEventMessage) => void) {
  return {
    'targets/list': async () => targets.list().map(publicTarget),
    'targets/save': async (input) => {
      checkTargetFiles(input);
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
    'targets/delete': async (req) => {
      const { id } = req;
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
        return testConnection(targetConnection(t, targets.password(t), true));
      }
      checkTargetFiles(req.input);
      const input = req.input;
      // Testing an edited target without retyping its password uses the stored one.
      const stored = input.id ? targets.get(input.id) : null;
      const password =
        targets.secrets.passwordIn(input) ?? (stored ? targets.password(stored) : '');
      return testConnection(
        targetConnection(
          {
            url: input.url,
            startTls: input.startTls,
            bindDn: input.bindDn,
            ...(input.bindMechanism === undefined ? {} : { bindMechanism: input.bindMechanism }),
            caFile: input.caFile?.trim() || null,
            tlsVerify: input.tlsVerify !== false,
            clientCertFile: input.clientCertFile?.trim() || null,
            clientKeyFile: input.clientKeyFile?.trim() || null,
          },
          password,
          true,
        ),
      );
    },
    'targets/secretStorage': async () => ({
      sealed: targets.secrets.sealed,
      secretsDir: targets.secrets.secretsDir,
    }),
  } satisfies Pick<ApiHandlers, ChannelsOf<'targets'>>;
}
