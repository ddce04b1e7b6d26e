// The workload a stored run used: what it is, its mix, and the full definition as run.
import type { WorkloadSpec } from '../../../shared/workload.ts';
import { MixBar, sharesFromWeights } from '../../components/MixBar.tsx';
import { expectsText } from '../run/workload/WorkloadDetails.tsx';
import { WorkloadFact } from '../run/workload/WorkloadFact.tsx';

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
        <WorkloadFact term="Id">
          <span className="mono" data-testid="run-workload-id">
            {spec.id}
          </span>
          {origin && <span className="tag">{origin}</span>}
        </WorkloadFact>
        <WorkloadFact term="Title">{spec.title}</WorkloadFact>
        {spec.description && <WorkloadFact term="Description">{spec.description}</WorkloadFact>}
        {spec.source && <WorkloadFact term="Source">{spec.source}</WorkloadFact>}
        <WorkloadFact term="Mix">
          <MixBar mix={sharesFromWeights(spec.operations)} />
        </WorkloadFact>
        {expects && <WorkloadFact term="Expects">{expects}</WorkloadFact>}
        {spec.pool && (
          <WorkloadFact term="Pool">
            {spec.pool.entries.toLocaleString('en-US')} entries added before load from{' '}
            <span className="mono">{spec.pool.template.dn}</span>
          </WorkloadFact>
        )}
        {spec.concurrency && (
          <WorkloadFact term="Study's load">
            {spec.concurrency.connections}{' '}
            {spec.concurrency.connections === 1 ? 'connection' : 'connections'} ×{' '}
            {spec.concurrency.depth} outstanding
          </WorkloadFact>
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
