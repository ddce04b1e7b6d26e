// Stop while the run is going; "New run" once it has ended.
import { useState } from 'react';
import { useApi } from '../../api/useApi.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { useActiveRun } from './ActiveRunProvider.tsx';

/** Header actions of the live view. */
export function LiveRunActions({ runId, ended }: { runId: string; ended: boolean }) {
  const api = useApi();
  const { dismiss } = useActiveRun();
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (ended) {
    return (
      <button type="button" className="btn btn-secondary" onClick={dismiss}>
        <Icon name="plus" />
        New run
      </button>
    );
  }
  const stop = async () => {
    setStopping(true);
    setError(null);
    try {
      await api.call('runs/stop', { runId });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setStopping(false);
    }
  };
  return (
    <>
      {error && <span className="field-error">{error}</span>}
      <button type="button" className="btn btn-danger" onClick={stop} disabled={stopping}>
        {stopping ? <Spinner /> : <Icon name="stop" size={14} />}
        {stopping ? 'Stopping…' : 'Stop run'}
      </button>
    </>
  );
}
