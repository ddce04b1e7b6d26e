// Each screen is its own chunk, fetched the first time it is shown, so the first screen loads only
// the shell and itself. Screens whose charts are their content fetch ECharts alongside, so their
// charts draw with the data rather than after a second round trip.
import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { loadChartLibrary } from './charts/chartLibrary.ts';

/** A screen fetched on first render; `withCharts` fetches the chart library in parallel. */
function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  withCharts = false,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    // A chart library that fails to load is the charts' to report (ChartPanel), not the screen's.
    const charts = withCharts ? loadChartLibrary().catch(() => null) : null;
    const [component] = await Promise.all([load(), charts]);
    return { default: component };
  });
}

/** The targets screen (the default route). */
export const TargetsView = lazyScreen(() =>
  import('./views/targets/TargetsView.tsx').then((m) => m.TargetsView),
);
/** The labs screen. */
export const LabsView = lazyScreen(() =>
  import('./views/labs/LabsView.tsx').then((m) => m.LabsView),
);
/** The load agents screen. */
export const AgentsView = lazyScreen(() =>
  import('./views/agents/AgentsView.tsx').then((m) => m.AgentsView),
);
/** The run screen: the form, or the live charts of a run in progress (which fetch ECharts then). */
export const RunView = lazyScreen(() => import('./views/run/RunView.tsx').then((m) => m.RunView));
/** The history of stored runs. */
export const HistoryView = lazyScreen(() =>
  import('./views/history/HistoryView.tsx').then((m) => m.HistoryView),
);
/** One stored run with its charts. */
export const RunDetailView = lazyScreen(
  () => import('./views/detail/RunDetailView.tsx').then((m) => m.RunDetailView),
  true,
);
/** The matrix builder. */
export const MatrixView = lazyScreen(() =>
  import('./views/matrix/MatrixView.tsx').then((m) => m.MatrixView),
);
/** The list of campaigns. */
export const CampaignsView = lazyScreen(() =>
  import('./views/campaigns/CampaignsView.tsx').then((m) => m.CampaignsView),
);
/** One campaign with its live and result charts. */
export const CampaignView = lazyScreen(
  () => import('./views/campaigns/CampaignView.tsx').then((m) => m.CampaignView),
  true,
);
/** Runs compared side by side in charts. */
export const CompareView = lazyScreen(
  () => import('./views/compare/CompareView.tsx').then((m) => m.CompareView),
  true,
);
/** Published figures from the seed studies, charted. */
export const ReferenceView = lazyScreen(
  () => import('./views/reference/ReferenceView.tsx').then((m) => m.ReferenceView),
  true,
);
