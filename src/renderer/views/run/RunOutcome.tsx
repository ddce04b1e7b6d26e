// How the run ended, with the way to its stored results.
import { Icon } from '../../components/Icon.tsx';
import { routeHref } from '../../hooks/useHashRoute.ts';
import type { RunEnding } from './activeRunState.ts';

const TITLES: Record<string, string> = {
  completed: 'The run completed.',
  stopped: 'The run was stopped; the seconds measured so far are stored.',
  failed: 'The run failed.',
  interrupted: 'The run was interrupted.',
};

/** Banner shown once `run/ended` arrived. */
export function RunOutcome({ runId, ending }: { runId: string; ending: RunEnding }) {
  const tone =
    ending.status === 'completed' ? 'success' : ending.status === 'stopped' ? 'warning' : 'danger';
  return (
    <div
      className={`banner banner-${tone}`}
      role="status"
      data-testid="run-outcome"
      data-status={ending.status}
    >
      <div>
        <strong>{TITLES[ending.status] ?? `The run ended (${ending.status}).`}</strong>
        {ending.endReason && <span className="banner-detail"> {ending.endReason}</span>}
      </div>
      <a
        className="btn btn-primary btn-sm"
        href={routeHref({ name: 'run-detail', runId })}
        data-testid="open-run-detail"
      >
        Open stored run
        <Icon name="arrowRight" size={14} />
      </a>
    </div>
  );
}
