// The chosen workload: what it does, where it comes from, its mix, what it expects and the study's load.
import type { WorkloadConcurrency, WorkloadListItem } from '../../../../shared/workload.ts';
import { Icon } from '../../../components/Icon.tsx';
import { MixBar } from '../../../components/MixBar.tsx';
import { formatInt } from '../../../format/numbers.ts';
import { WorkloadFact } from './WorkloadFact.tsx';

/** "Salford-shaped directory · index profile salford-indexed · at least 10,000 entries". */
export function expectsText(expects: WorkloadListItem['expects']): string | null {
  if (!expects) return null;
  const parts = [
    `${expects.shape}-shaped directory`,
    `index profile ${expects.indexProfile}`,
    expects.minEntries ? `at least ${formatInt(expects.minEntries)} entries` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** Details card of the picked workload, with its actions. */
export function WorkloadDetails({
  item,
  connections,
  depth,
  onUseConcurrency,
  onEdit,
  onDelete,
}: {
  item: WorkloadListItem;
  connections: string;
  depth: string;
  onUseConcurrency: (c: WorkloadConcurrency) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const saved = item.catalog === 'user';
  const study = item.concurrency;
  const inUse =
    study !== null && String(study.connections) === connections && String(study.depth) === depth;
  const expects = expectsText(item.expects);
  const origin =
    item.catalog === 'builtin' || saved
      ? item.catalogTitle
      : `${item.catalogTitle} · v${item.catalogVersion}`;
  return (
    <section
      className="workload-details"
      aria-label="Chosen workload"
      data-testid="workload-details"
      data-workload-id={item.id}
    >
      <header className="wd-head">
        <div className="wd-heading">
          <div className="wd-id">
            <span className="mono">{item.id}</span>
            <span className="tag">{origin}</span>
          </div>
          <h3 className="wd-title">{item.title}</h3>
        </div>
        <div className="wd-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onEdit}>
            <Icon name="edit" size={14} />
            {saved ? 'Edit' : 'Copy and edit'}
          </button>
          {saved && (
            <button
              type="button"
              className="btn btn-ghost btn-ghost-danger btn-sm"
              onClick={onDelete}
              aria-label={`Delete ${item.id}`}
            >
              <Icon name="trash" size={14} />
              Delete
            </button>
          )}
        </div>
      </header>
      {item.description && <p className="wd-description">{item.description}</p>}
      <dl className="wd-facts">
        {item.source && <WorkloadFact term="Source">{item.source}</WorkloadFact>}
        <WorkloadFact term="Mix">
          <MixBar mix={item.mix} testId="workload-mix" />
        </WorkloadFact>
        <WorkloadFact term="Expects">
          {expects ?? <span className="muted">any directory with entries to pick</span>}
        </WorkloadFact>
        <WorkloadFact term="Study's load" valueClassName="wd-load">
          {study ? (
            <>
              <span>
                <strong className="num">{study.connections}</strong>{' '}
                {study.connections === 1 ? 'connection' : 'connections'} ×{' '}
                <strong className="num">{study.depth}</strong> outstanding
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => onUseConcurrency(study)}
                disabled={inUse}
                data-testid="use-study-concurrency"
              >
                {inUse ? (
                  <>
                    <Icon name="check" size={14} />
                    In use
                  </>
                ) : (
                  "Use study's concurrency"
                )}
              </button>
            </>
          ) : (
            <span className="muted">not given; choose connections and depth below</span>
          )}
        </WorkloadFact>
      </dl>
    </section>
  );
}
