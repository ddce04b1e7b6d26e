// The running (or paused, or interrupted) campaign: bar, current activity, ETA and its controls.
import { useState } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import { timeLeftText } from '../../../shared/matrixSpecCells.ts';
import type { CampaignDetail, CampaignProgress, CampaignStatus } from '../../../shared/matrix.ts';
import { useApi, useApiEvent } from '../../api/useApi.ts';
import type { IconName } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import type { IconButtonVariant } from '../../components/IconButton.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { formatDurationS } from '../../format/numbers.ts';
import { CampaignLiveCharts } from './CampaignLiveCharts.tsx';
import { liveCellColor } from './campaignColors.ts';
import type { CampaignColors } from './campaignColors.ts';

/** The campaign controls: what each asks the host, how it looks, and the states it is offered in. */
const CONTROLS: readonly {
  channel: 'campaigns/pause' | 'campaigns/resume' | 'campaigns/cancel';
  icon: IconName;
  label: string;
  look: IconButtonVariant;
  /** The statuses it is offered in; always when absent. */
  shownWhen?: readonly CampaignStatus[];
}[] = [
  {
    channel: 'campaigns/pause',
    icon: 'pause',
    label: 'Pause after this cell',
    look: 'secondary',
    shownWhen: ['running'],
  },
  {
    channel: 'campaigns/resume',
    icon: 'play',
    label: 'Resume',
    look: 'primary',
    shownWhen: ['paused', 'interrupted'],
  },
  {
    channel: 'campaigns/cancel',
    icon: 'stop',
    label: 'Cancel campaign',
    look: 'ghost-danger',
  },
];

/**
 * Progress and controls; shown while the campaign can still do something. The live chart of the
 * current cell draws its server in the campaign's colour for it (`palette`).
 */
export function CampaignProgressCard({
  campaign,
  palette,
}: {
  campaign: CampaignDetail;
  palette: CampaignColors;
}) {
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
  const control = async (channel: (typeof CONTROLS)[number]['channel']) => {
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
          {CONTROLS.filter((c) => c.shownWhen?.includes(status) ?? true).map((c) => (
            <IconButton
              key={c.channel}
              icon={c.icon}
              iconSize={14}
              variant={c.look}
              small
              disabled={busy}
              onClick={() => void control(c.channel)}
            >
              {c.label}
            </IconButton>
          ))}
        </div>
      </div>
      <ProgressBar
        fraction={total === 0 ? 0 : done / total}
        label="Campaign progress"
        testId="campaign-bar"
      />
      <p className="muted small campaign-progress-foot" data-testid="campaign-eta">
        {live?.currentCell !== null &&
          live?.currentCell !== undefined &&
          `Cell ${live.currentCell + 1} · `}
        {(live && timeLeftText(live, formatDurationS)) ?? 'estimating time left'}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <CampaignLiveCharts
        runId={live?.runId ?? null}
        color={liveCellColor(palette, live?.currentCell ?? null)}
      />
    </section>
  );
}
