// The app shell: sidebar plus the screen the hash route names.
import { useEffect } from 'react';
import { Sidebar } from './components/Sidebar.tsx';
import { DropImport } from './dropImport/DropImport.tsx';
import { useDesktopCommands } from './desktop/useDesktopCommands.ts';
import { useHashRoute } from './hooks/useHashRoute.ts';
import { useCampaignNotifications } from './notify/campaignNotifications.ts';
import type { Route } from './hooks/useHashRoute.ts';
import { AgentsView } from './views/agents/AgentsView.tsx';
import { CampaignsView } from './views/campaigns/CampaignsView.tsx';
import { CampaignView } from './views/campaigns/CampaignView.tsx';
import { CompareView } from './views/compare/CompareView.tsx';
import { RunDetailView } from './views/detail/RunDetailView.tsx';
import { HistoryView } from './views/history/HistoryView.tsx';
import { LabsView } from './views/labs/LabsView.tsx';
import { MatrixView } from './views/matrix/MatrixView.tsx';
import { ReferenceView } from './views/reference/ReferenceView.tsx';
import { RunView } from './views/run/RunView.tsx';
import { TargetsView } from './views/targets/TargetsView.tsx';

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
        <Screen route={route} />
      </main>
      <DropImport />
    </div>
  );
}
