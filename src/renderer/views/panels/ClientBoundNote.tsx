// Whether the load workers, not the server, limited the run: a warning banner or a quiet note.
import { Icon } from '../../components/Icon.tsx';
import type { RunSummary } from '../../../shared/types.ts';

/** The "Client-bound" warning with its evidence; nothing unless the run was flagged. */
export function ClientBoundBanner({ summary }: { summary: RunSummary }) {
  if (summary.clientBound !== true) return null;
  return (
    <div className="banner banner-warning" role="status" data-testid="client-bound">
      <div className="banner-stack">
        <strong className="banner-title">
          <Icon name="alert" size={15} />
          Client-bound: the load workers, not the server, limited this run.
        </strong>
        {summary.clientBoundEvidence && (
          <span className="banner-detail">{summary.clientBoundEvidence}</span>
        )}
        <span className="banner-detail">
          The throughput is a floor for this server, not its capacity: add workers or use a bigger
          client machine.
        </span>
      </div>
    </div>
  );
}

/** A quiet note that the client was not the limit, with the evidence; nothing unless assessed so. */
export function ClientHeadroomNote({ summary }: { summary: RunSummary | null }) {
  if (summary?.clientBound !== false) return null;
  return (
    <p className="quiet-note" data-testid="client-headroom">
      <strong>Client had headroom.</strong>
      {summary.clientBoundEvidence && <span>{summary.clientBoundEvidence}</span>}
    </p>
  );
}
