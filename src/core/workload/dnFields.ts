// The DN-valued fields of a workload, in one place: read to find the subtree a workload addresses,
// rewritten to move a workload onto a lab whose entries sit under another suffix. Each kind's row
// (src/shared/operations) says which of its fields are DNs.
import type { DnFieldMap } from '../../shared/operations/common.ts';
import { traitsOf } from '../../shared/operations/registry.ts';
import type { WorkloadOperation, WorkloadSpec } from '../../shared/workload.ts';

/** `operation` with each DN pattern replaced by `map`'s answer (other fields as they were). */
function mapOperationDns(operation: WorkloadOperation, map: DnFieldMap): WorkloadOperation {
  return traitsOf(operation).mapDns(operation, map);
}

/** `spec` with every DN pattern (operations' and the pool template's) replaced by `map`'s answer. */
export function mapWorkloadDns(spec: WorkloadSpec, map: DnFieldMap): WorkloadSpec {
  const operations = spec.operations.map((o) => ({
    ...o,
    operation: mapOperationDns(o.operation, map),
  }));
  if (spec.pool === undefined) return { ...spec, operations };
  const template = { ...spec.pool.template, dn: map(spec.pool.template.dn, 'entry') };
  return { ...spec, operations, pool: { ...spec.pool, template } };
}
