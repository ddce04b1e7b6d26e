// Handlers of the matrix/* and campaigns/* channels.
import type { ApiEventMessage, ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { CampaignsRepo } from '../store/campaignsRepo.ts';
import type { CampaignRunner } from '../matrix/campaignRunner.ts';
import type { MatrixLibrary } from '../matrix/matrixLibrary.ts';

type MatrixChannels = ChannelsOf<'matrix' | 'campaigns'>;

/** Builds the matrix and campaign handlers over the library, the store and the runner. */
export function matrixHandlers(
  matrices: MatrixLibrary,
  campaigns: CampaignsRepo,
  runner: CampaignRunner,
  emit: (message: ApiEventMessage) => void,
) {
  return {
    'matrix/list': async () => matrices.list(),
    'matrix/get': async ({ id }) => matrices.get(id),
    'matrix/check': async ({ spec }) => matrices.check(spec),
    'matrix/save': async ({ spec }) => {
      const item = matrices.save(spec);
      emit({ event: 'matrices/changed', payload: {} });
      return item;
    },
    'matrix/delete': async ({ id }) => {
      matrices.delete(id);
      emit({ event: 'matrices/changed', payload: {} });
    },
    'campaigns/start': async ({ spec, confirmed }) => ({
      campaignId: runner.start(spec, confirmed),
    }),
    'campaigns/pause': async ({ campaignId }) => runner.pause(campaignId),
    'campaigns/resume': async ({ campaignId }) => runner.resume(campaignId),
    'campaigns/cancel': async ({ campaignId }) => runner.cancel(campaignId),
    'campaigns/list': async () => campaigns.list(),
    'campaigns/get': async ({ campaignId }) => campaigns.get(campaignId),
    'campaigns/active': async () => runner.active(),
    'campaigns/delete': async ({ campaignId }) => runner.delete(campaignId),
  } satisfies Pick<ApiHandlers, MatrixChannels>;
}
