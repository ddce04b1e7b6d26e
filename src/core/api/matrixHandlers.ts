// Handlers of the matrix/* and campaigns/* channels.
import type { ApiEventMessage, ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { CampaignsRepo } from '../store/campaignsRepo.ts';
import type { CampaignRunner } from '../matrix/campaignRunner.ts';
import type { MatrixLibrary } from '../matrix/matrixLibrary.ts';
import { savedSpecHandlers } from './savedSpecHandlers.ts';

type MatrixChannels = ChannelsOf<'matrix' | 'campaigns'>;

/** Builds the matrix and campaign handlers over the library, the store and the runner. */
export function matrixHandlers(
  matrices: MatrixLibrary,
  campaigns: CampaignsRepo,
  runner: CampaignRunner,
  emit: (message: ApiEventMessage) => void,
) {
  const writes = savedSpecHandlers(matrices, emit, 'matrices/changed');
  return {
    'matrix/list': async () => matrices.list(),
    'matrix/get': async ({ id }) => matrices.get(id),
    'matrix/check': async ({ spec }) => matrices.check(spec),
    'matrix/save': writes.save,
    'matrix/delete': writes.delete,
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
