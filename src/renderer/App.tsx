// The app shell: sidebar plus the screen the hash route names, each screen fetched when first shown.
import { useEffect } from 'react';
import { ScreenSuspense } from './components/ScreenSuspense.tsx';
import { Sidebar } from './components/Sidebar.tsx';
import { DropImport } from './dropImport/DropImport.tsx';
import { useDesktopCommands } from './desktop/useDesktopCommands.ts';
import { routeHref, useHashRoute } from './hooks/useHashRoute.ts';
import { useCampaignNotifications } from './notify/campaignNotifications.ts';
import type { Route } from './hooks/useHashRoute.ts';
import {
  AgentsView,
  CampaignsView,
  CampaignView,
  CompareView,
  HistoryView,
  LabsView,
  MatrixView,
  ReferenceView,
  RunDetailView,
  RunView,
  TargetsView,
} from './lazyScreens.ts';

const TITLES: Record<Route['name'], string> = {
  targets: 'Targets',
  labs: 'Labs',
  agents: 'Agents',
  run: 'Run',
  history: 'History',
  'run-detail': 'Run detail',
  matrix: 'Matrices',
  campaigns: 'Campaigns',
  campaign: 'Campaign',
  compare: 'Compare',
  reference: 'Published figures',
};

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'targets':
      return <TargetsView />;
    case 'labs':
      return <LabsView />;
    case 'agents':
      return <AgentsView />;
    case 'run':
      return <RunView />;
    case 'history':
      return <HistoryView />;
    case 'run-detail':
      return <RunDetailView key={route.runId} runId={route.runId} />;
    case 'matrix':
      return <MatrixView matrixId={route.matrixId} />;
    case 'campaigns':
      return <CampaignsView />;
    case 'campaign':
      return <CampaignView key={route.campaignId} campaignId={route.campaignId} />;
    case 'compare':
      return <CompareView key={route.runIds.join(',')} runIds={route.runIds} />;
    case 'reference':
      return <ReferenceView />;
  }
}

/** Root component; keyed screens remount when the route changes so each loads fresh. */
export function App() {
  const route = useHashRoute();
  useDesktopCommands();
  useCampaignNotifications();
  useEffect(() => {
    document.title = `${TITLES[route.name]} · DirBench`;
  }, [route.name]);
  return (
    <div className="app">
      <Sidebar route={route} />
      <main className="main">
        <ScreenSuspense title={TITLES[route.name]} route={routeHref(route)}>
          <Screen route={route} />
        </ScreenSuspense>
      </main>
      <DropImport />
    </div>
  );
}
