// The run screen: the live view while a run is shown, otherwise the new-run form.
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { LoadingBlock } from '../../components/Loading.tsx';
import { useActiveRun } from './ActiveRunProvider.tsx';
import { LiveRunView } from './LiveRunView.tsx';
import { NewRunView } from './NewRunView.tsx';

/** Shows the active (or just-ended) run, or the form to start one. */
export function RunView() {
  const { loaded, run } = useActiveRun();
  if (!loaded) return <LoadingRun />;
  return run ? <LiveRunView /> : <NewRunView />;
}

function LoadingRun() {
  useReadyMarker(false);
  return (
    <div className="page">
      <LoadingBlock label="Checking for a run in progress" />
    </div>
  );
}
