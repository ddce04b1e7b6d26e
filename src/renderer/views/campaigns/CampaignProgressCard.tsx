// The running (or paused, or interrupted) campaign: bar, current activity, ETA and its controls.
import { useState } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { CampaignDetail, CampaignProgress } from '../../../shared/matrix.ts';
import { useApi, useApiEvent } from '../../api/useApi.ts';
import { Icon } from '../../components/Icon.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { formatDurationS } from '../../format/numbers.ts';
import { CampaignLiveCharts } from './CampaignLiveCharts.tsx';

/** Progress and controls; shown while the campaign can still do something. */
export function CampaignProgressCard({ campaign }: { campaign: CampaignDetail }) {
  const api = useApi();
  const [live, setLive] = useState<CampaignProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useApiEvent('campaign/progress', (progress) => {
    if (progress.campaignId === campaign.id) setLive(progress);
  });
  const status = live?.status ?? campaign.status;
  const done =
    (live?.cellsDone ?? campaign.cellsDone) + (live?.cellsFailed ?? campaign.cellsFailed);
  const total = campaign.cellsTotal;
  const control = async (channel: 'campaigns/pause' | 'campaigns/resume' | 'campaigns/cancel') => {
    setBusy(true);
    setError(null);
    try {
      await api.call(channel, { campaignId: campaign.id });
    } catch (err) {
      setError((err instanceof ApiError ? err : ApiError.fromBody(err)).message);
    } finally {
      setBusy(false);
    }
  };
  const activity =
    live?.activity ??
    (status === 'paused'
      ? 'Paused between cells.'
      : status === 'interrupted'
        ? 'DirBench stopped while this campaign ran. Finished cells are kept; resume to run the rest.'
        : 'Waiting for the runner…');
  return (
    <section
      className="card card-pad campaign-progress"
      data-testid="campaign-progress"
      data-status={status}
    >
      <div className="campaign-progress-head">
        <div>
          <h2 className="card-title">
            {done} of {total} cells
          </h2>
          <p
            className="muted small"
            role="status"
            aria-live="polite"
            data-testid="campaign-activity"
          >
            {activity}
          </p>
        </div>
        <div className="campaign-progress-actions">
          {live?.runId && (
            <RouteButton to={{ name: 'run' }} variant="secondary" small>
              Watch the run live
            </RouteButton>
          )}
          {status === 'running' && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => void control('campaigns/pause')}
            >
              <Icon name="pause" size={14} /> Pause after this cell
            </button>
          )}
          {(status === 'paused' || status === 'interrupted') && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={() => void control('campaigns/resume')}
            >
              <Icon name="play" size={14} /> Resume
            </button>
          )}
          <button
            type="button"
            className="btn btn-ghost-danger btn-sm"
            disabled={busy}
            onClick={() => void control('campaigns/cancel')}
          >
            <Icon name="stop" size={14} /> Cancel campaign
          </button>
        </div>
      </div>
      <ProgressBar
        fraction={total === 0 ? 0 : done / total}
        label="Campaign progress"
        testId="campaign-bar"
      />
      <p className="muted small campaign-progress-foot">
        {live?.currentCell !== null &&
          live?.currentCell !== undefined &&
          `Cell ${live.currentCell + 1} · `}
        {live?.etaS != null ? `about ${formatDurationS(live.etaS)} left` : 'estimating time left'}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <CampaignLiveCharts runId={live?.runId ?? null} />
    </section>
  );
}
