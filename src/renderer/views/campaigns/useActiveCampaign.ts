// The campaign in progress (running or paused), kept current from `campaign/progress` events.
import { useState } from 'react';
import type { CampaignProgress } from '../../../shared/matrix.ts';
import { useApiEvent, useQuery } from '../../api/useApi.ts';

const ENDED = new Set(['completed', 'cancelled', 'failed']);

/** The active campaign's latest progress, or null when none runs or is paused. */
export function useActiveCampaign(): CampaignProgress | null {
  const initial = useQuery('campaign-active', (api) => api.call('campaigns/active'));
  const [live, setLive] = useState<CampaignProgress | null | undefined>(undefined);
  useApiEvent('campaign/progress', (progress) =>
    setLive(ENDED.has(progress.status) ? null : progress),
  );
  return live === undefined ? (initial.data ?? null) : live;
}
