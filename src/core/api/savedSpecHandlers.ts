// The save and delete handlers of a library of saved specs (matrices, workloads): each write
// tells the renderer that the list changed.
import type { ApiEventMessage, ApiEventName } from '../../shared/api.ts';

/** A library whose specs users save and delete. */
export interface SavedSpecLibrary<S, I> {
  save(spec: S): I;
  delete(id: string): void;
}

/** The events that announce a changed list of saved specs. */
type SavedSpecsChanged = Extract<ApiEventName, 'matrices/changed' | 'workloads/changed'>;

/** Save and delete handlers over `library`; each emits `changed` once the write is done. */
export function savedSpecHandlers<S, I>(
  library: SavedSpecLibrary<S, I>,
  emit: (message: ApiEventMessage) => void,
  changed: SavedSpecsChanged,
): { save: (req: { spec: S }) => Promise<I>; delete: (req: { id: string }) => Promise<void> } {
  return {
    save: async ({ spec }) => {
      const item = library.save(spec);
      emit({ event: changed, payload: {} });
      return item;
    },
    delete: async ({ id }) => {
      library.delete(id);
      emit({ event: changed, payload: {} });
    },
  };
}
