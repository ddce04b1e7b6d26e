// A banner on screens that start load: a campaign is running (or paused) and owns the servers.
import type { CampaignProgress } from '../../../shared/matrix.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';

/** Says which campaign is active and links to it; `hint` says what the user can do about it. */
export function CampaignBanner({ campaign, hint }: { campaign: CampaignProgress; hint: string }) {
  const paused = campaign.status === 'paused';
  return (
    <div
      className={paused ? 'banner banner-info' : 'banner banner-warning'}
      role="status"
      data-testid="campaign-banner"
    >
      <span>
        Campaign <strong>{campaign.campaignId}</strong> is {campaign.status}:{' '}
        {campaign.cellsDone + campaign.cellsFailed} of {campaign.cellsTotal} cells done. {hint}
      </span>
      <a
        className="btn btn-secondary btn-sm"
        href={routeHref({ name: 'campaign', campaignId: campaign.campaignId })}
      >
        Open it
      </a>
    </div>
  );
}
