// The modrdn (rename) kind: its request, its form fields and its row.
import type { WithControls } from './common.ts';
import type { FormField, FormReader } from './formFields.ts';
import {
  blank,
  mapOwnEntryDn,
  ownEntryDnField,
  POOL_FIELDS,
  poolEntriesField,
  poolFrom,
} from './ownEntries.ts';
import type { BuiltOperation, OperationTraits } from './traits.ts';

/** Renames an entry: by DN pattern to `newRdn`, or (no pattern) one of the run's own entries to a fresh name. */
export interface ModifyDnOperation extends WithControls {
  kind: 'modrdn';
  entryDn?: string;
  /** New RDN pattern, e.g. `cn=[unique]` (required with entryDn). */
  newRdn?: string;
  /** Remove the old RDN value (default true). */
  deleteOldRdn?: boolean;
}

const MODRDN_DN = ownEntryDnField('modrdnDn', {
  verb: 'rename',
  poolHint: 'Blank: renames entries of a pool the run adds before load.',
  dnHint: 'Renames existing entries of the target.',
});
const NEW_RDN: FormField = {
  name: 'newRdn',
  type: 'pattern',
  at: ['newRdn'],
  cli: {
    option: 'new-rdn',
    value: 'PATTERN',
    description: 'modrdn: the new RDN',
    example: 'cn=renamed [unique]',
  },
  gui: {
    label: 'New RDN pattern',
    initial: 'cn=dirbench [unique]',
    disabled: (v) => blank(v, 'modrdnDn'),
    hint: (v) =>
      blank(v, 'modrdnDn') ? 'Pool entries get fresh names.' : 'e.g. `cn=dirbench [unique]`',
  },
};
const DELETE_OLD_RDN: FormField = {
  name: 'deleteOldRdn',
  type: 'check',
  at: ['deleteOldRdn'],
  cli: {
    option: 'keep-old-rdn',
    description: 'modrdn: keep the old RDN value in the entry',
    inverted: true,
  },
  gui: { label: 'Delete the old RDN value', initial: true },
};
const POOL_ENTRIES = poolEntriesField('modrdnDn');

/** A rename by DN pattern, or of the pool's entries when no DN is given. */
function renameFrom(r: FormReader): BuiltOperation<ModifyDnOperation> {
  const dn = r.given(MODRDN_DN);
  const deleteOldRdn = r.flag(DELETE_OLD_RDN);
  if (dn === undefined) {
    return {
      operation: { kind: 'modrdn', deleteOldRdn },
      pool: poolFrom(r, MODRDN_DN, POOL_ENTRIES),
    };
  }
  const newRdn = r.need(NEW_RDN).trim();
  return { operation: { kind: 'modrdn', entryDn: dn.trim(), newRdn, deleteOldRdn } };
}

/** The modrdn kind's row. */
export const MODRDN_TRAITS: OperationTraits<ModifyDnOperation> = {
  kind: 'modrdn',
  title: 'Modify DN (rename)',
  summary: 'Renames entries by DN pattern, or entries the run adds to a pool first.',
  writes: 'entries',
  controls: ['proxied-auth', 'assertion', 'pre-read', 'post-read', 'raw'],
  serverCounters: ['modrdn'],
  mapDns: mapOwnEntryDn,
  form: {
    fields: [MODRDN_DN, NEW_RDN, DELETE_OLD_RDN, POOL_ENTRIES, ...POOL_FIELDS],
    usage: ['--entry-dn PATTERN --new-rdn PATTERN [--keep-old-rdn], or --pool N --template FILE'],
    layout: [
      { className: 'custom-row-2', fields: [MODRDN_DN, NEW_RDN] },
      { className: 'custom-row-2-1 custom-row-center', fields: [DELETE_OLD_RDN, POOL_ENTRIES] },
    ],
    build: renameFrom,
  },
};
