// The banner after an import: the run is in the list, with a link to open it.
import { Icon } from '../../components/Icon.tsx';
import { routeHref } from '../../hooks/useHashRoute.ts';

/** "Imported." with an Open it link to the run `runId`. */
export function ImportedBanner({ runId }: { runId: string }) {
  return (
    <div className="banner banner-success" role="status" data-testid="import-done">
      <div>
        <strong>Imported.</strong>
        <span className="banner-detail"> The run is in the list below.</span>
      </div>
      <a className="btn btn-secondary btn-sm" href={routeHref({ name: 'run-detail', runId })}>
        Open it
        <Icon name="arrowRight" size={14} />
      </a>
    </div>
  );
}
