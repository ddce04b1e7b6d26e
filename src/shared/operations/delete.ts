// The delete kind: its request, its form fields and its row.
import type { WithControls } from './common.ts';
import {
  mapOwnEntryDn,
  ownEntryDnField,
  POOL_FIELDS,
  poolEntriesField,
  poolFrom,
} from './ownEntries.ts';
import type { OperationTraits } from './traits.ts';

/** Deletes an entry: by DN pattern, or (no pattern) one the run itself added or pre-added to its pool. */
export interface DeleteOperation extends WithControls {
  kind: 'delete';
  entryDn?: string;
}

const DELETE_DN = ownEntryDnField('deleteDn', {
  verb: 'delete',
  poolHint: 'Blank: the run adds a pool of entries before load and deletes those.',
  dnHint: { warning: 'Deletes existing entries of the target.' },
});
const POOL_ENTRIES = poolEntriesField('deleteDn');

/** The delete kind's row. */
export const DELETE_TRAITS: OperationTraits<DeleteOperation> = {
  kind: 'delete',
  title: 'Delete',
  summary: 'Deletes entries by DN pattern, or entries the run adds to a pool first.',
  writes: 'entries',
  controls: ['proxied-auth', 'assertion', 'pre-read', 'raw'],
  serverCounters: ['delete'],
  mapDns: mapOwnEntryDn,
  form: {
    fields: [DELETE_DN, POOL_ENTRIES, ...POOL_FIELDS],
    usage: ['--entry-dn PATTERN, or --pool N --template FILE (deletes entries it adds first)'],
    layout: [{ className: 'custom-row-2-1', fields: [DELETE_DN, POOL_ENTRIES] }],
    build: (r) => {
      const dn = r.given(DELETE_DN);
      if (dn !== undefined) return { operation: { kind: 'delete', entryDn: dn.trim() } };
      return { operation: { kind: 'delete' }, pool: poolFrom(r, DELETE_DN, POOL_ENTRIES) };
    },
  },
};
