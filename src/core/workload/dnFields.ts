// The DN-valued fields of a workload, in one place: read to find the subtree a workload addresses,
// rewritten to move a workload onto a lab whose entries sit under another suffix.
import type { WorkloadOperation, WorkloadSpec } from '../../shared/workload.ts';

/** How a DN field names entries: a search base names a subtree, an entry DN one entry (its parent is the subtree). */
export type DnRole = 'subtree' | 'entry';

/** Replaces one DN pattern; called once per DN field, in field order. */
export type DnFieldMap = (pattern: string, role: DnRole) => string;

/** `operation` with each DN pattern replaced by `map`'s answer (other fields as they were). */
export function mapOperationDns(operation: WorkloadOperation, map: DnFieldMap): WorkloadOperation {
  switch (operation.kind) {
    case 'search':
      return { ...operation, base: map(operation.base, 'subtree') };
    case 'search-and-modify':
      return {
        ...operation,
        search: { ...operation.search, base: map(operation.search.base, 'subtree') },
      };
    case 'add':
      return {
        ...operation,
        template: { ...operation.template, dn: map(operation.template.dn, 'entry') },
      };
    case 'modify':
    case 'compare':
      return { ...operation, entryDn: map(operation.entryDn, 'entry') };
    case 'delete':
    case 'modrdn':
      return operation.entryDn === undefined
        ? operation
        : { ...operation, entryDn: map(operation.entryDn, 'entry') };
    case 'bind':
      if (operation.search !== undefined)
        return {
          ...operation,
          search: { ...operation.search, base: map(operation.search.base, 'subtree') },
        };
      // PLAIN and EXTERNAL identities are not DNs.
      return (operation.mechanism ?? 'simple') === 'simple'
        ? { ...operation, bindDn: map(operation.bindDn, 'entry') }
        : operation;
  }
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
