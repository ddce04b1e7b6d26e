// The workload a stored run used: what it is, its mix, and the full definition as run.
import type { WorkloadSpec } from '../../../shared/workload.ts';
import { MixBar, sharesFromWeights } from '../../components/MixBar.tsx';
import { expectsText } from '../run/workload/WorkloadDetails.tsx';

/** Where a stored run's workload came from, read off its id (the definition itself is stored whole). */
function originOf(id: string): string | null {
  if (id === 'adhoc') return 'Custom operation';
  if (id === 'read-random') return 'Built-in';
  const slash = id.indexOf('/');
  if (slash <= 0) return null;
  const catalog = id.slice(0, slash);
  return catalog === 'user' ? 'Saved' : `${catalog} catalog`;
}

/** Card with the workload's id, title, description, mix and a collapsible pretty-printed definition. */
export function WorkloadCard({ spec }: { spec: WorkloadSpec }) {
  const origin = originOf(spec.id);
  const expects = expectsText(spec.expects ?? null);
  return (
    <section className="card card-pad workload-card" data-testid="run-workload">
      <h2 className="card-title">Workload</h2>
      <dl className="wd-facts">
        <div className="wd-fact">
          <dt>Id</dt>
          <dd>
            <span className="mono" data-testid="run-workload-id">
              {spec.id}
            </span>
            {origin && <span className="tag">{origin}</span>}
          </dd>
        </div>
        <div className="wd-fact">
          <dt>Title</dt>
          <dd>{spec.title}</dd>
        </div>
        {spec.description && (
          <div className="wd-fact">
            <dt>Description</dt>
            <dd>{spec.description}</dd>
          </div>
        )}
        {spec.source && (
          <div className="wd-fact">
            <dt>Source</dt>
            <dd>{spec.source}</dd>
          </div>
        )}
        <div className="wd-fact">
          <dt>Mix</dt>
          <dd>
            <MixBar mix={sharesFromWeights(spec.operations)} />
          </dd>
        </div>
        {expects && (
          <div className="wd-fact">
            <dt>Expects</dt>
            <dd>{expects}</dd>
          </div>
        )}
        {spec.pool && (
          <div className="wd-fact">
            <dt>Pool</dt>
            <dd>
              {spec.pool.entries.toLocaleString('en-US')} entries added before load from{' '}
              <span className="mono">{spec.pool.template.dn}</span>
            </dd>
          </div>
        )}
        {spec.concurrency && (
          <div className="wd-fact">
            <dt>Study's load</dt>
            <dd>
              {spec.concurrency.connections}{' '}
              {spec.concurrency.connections === 1 ? 'connection' : 'connections'} ×{' '}
              {spec.concurrency.depth} outstanding
            </dd>
          </div>
        )}
      </dl>
      <details className="definition-toggle">
        <summary>Full definition as run (JSON)</summary>
        <pre className="definition-json" data-testid="run-workload-json">
          {JSON.stringify(spec, null, 2)}
        </pre>
      </details>
    </section>
  );
}
