// The workloads of a matrix: the catalogs as a filterable list of checkboxes, grouped by study.
import { useId, useState } from 'react';
import type { WorkloadListItem } from '../../../shared/workload.ts';
import { PickerGroup, WorkloadFilter, WorkloadOptionText } from '../run/workload/PickerParts.tsx';
import { groupWorkloads, matchesQuery } from '../run/workload/workloadGroups.ts';

/** Checkboxes for every workload; `selected` keeps the order the user ticked them in. */
export function WorkloadChecklist({
  items,
  selected,
  onChange,
  error,
}: {
  items: readonly WorkloadListItem[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const base = useId().replace(/:/g, '');
  const [query, setQuery] = useState('');
  const groups = groupWorkloads(items.filter((item) => matchesQuery(item, query)));
  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const setGroup = (ids: string[], on: boolean) =>
    onChange(
      on
        ? [...selected, ...ids.filter((id) => !selected.includes(id))]
        : selected.filter((id) => !ids.includes(id)),
    );
  return (
    <fieldset
      className={error ? 'workload-checklist field-invalid' : 'workload-checklist'}
      id="matrix-workloads"
      aria-describedby={error ? 'matrix-workloads-error' : undefined}
    >
      <legend>
        Workloads <span className="muted">· {selected.length} chosen</span>
      </legend>
      <div className="picker">
        <WorkloadFilter
          query={query}
          onQuery={setQuery}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
        />
        <div className="picker-list checklist-list" data-testid="matrix-workload-list">
          {groups.length === 0 && <p className="picker-empty">No workload matches “{query}”.</p>}
          {groups.map((group) => {
            const ids = group.items.map((item) => item.id);
            const all = ids.every((id) => selected.includes(id));
            return (
              <PickerGroup
                key={group.catalog}
                group={group}
                headId={`${base}-${group.catalog}`}
                aside={
                  <button type="button" className="link-button" onClick={() => setGroup(ids, !all)}>
                    {all ? 'None' : 'All'}
                  </button>
                }
              >
                {group.items.map((item) => (
                  <label key={item.id} className="checklist-option" title={item.description}>
                    <input
                      type="checkbox"
                      checked={selected.includes(item.id)}
                      onChange={() => toggle(item.id)}
                      data-workload-id={item.id}
                    />
                    <WorkloadOptionText item={item} />
                  </label>
                ))}
              </PickerGroup>
            );
          })}
        </div>
      </div>
      {error && (
        <p className="field-error" id="matrix-workloads-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
