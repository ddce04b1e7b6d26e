// The workload list grouped by catalog, with a filter; arrow keys move the choice from the filter or the list.
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { WorkloadListItem } from '../../../../shared/workload.ts';
import { PickerGroup, WorkloadFilter, WorkloadOptionText } from './PickerParts.tsx';
import { groupWorkloads, matchesQuery } from './workloadGroups.ts';

function optionId(base: string, id: string): string {
  return `${base}-${id.replace(/[^\w-]/g, '_')}`;
}

/** Scrolls only the list (never the page) so `option` shows below the sticky group heading. */
function keepInView(list: HTMLElement, option: HTMLElement, center: boolean): void {
  const heading = 30;
  const top = option.offsetTop;
  const bottom = top + option.offsetHeight;
  if (center) {
    list.scrollTop = Math.max(0, top - (list.clientHeight - option.offsetHeight) / 2);
  } else if (top - heading < list.scrollTop) {
    list.scrollTop = top - heading;
  } else if (bottom > list.scrollTop + list.clientHeight) {
    list.scrollTop = bottom - list.clientHeight;
  }
}

/** A listbox of workloads; `selectedId` is the chosen one (selection follows the keyboard). */
export function WorkloadPicker({
  items,
  selectedId,
  onSelect,
}: {
  items: readonly WorkloadListItem[];
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const base = useId().replace(/:/g, '');
  const [query, setQuery] = useState('');
  const listRef = useRef<HTMLDivElement | null>(null);
  const moved = useRef(false);
  const visible = items.filter((item) => matchesQuery(item, query));
  const groups = groupWorkloads(visible);
  const ordered = groups.flatMap((g) => g.items);

  // Shows the chosen option when the list opens, and keeps it in view after keyboard moves.
  const opened = useRef(false);
  useEffect(() => {
    const list = listRef.current;
    const option = document.getElementById(optionId(base, selectedId));
    if (!list || !option) return;
    if (!opened.current) {
      opened.current = true;
      keepInView(list, option, true);
    } else if (moved.current) {
      keepInView(list, option, false);
    }
    moved.current = false;
  }, [base, selectedId]);

  const move = (event: KeyboardEvent) => {
    if (ordered.length === 0) return;
    const at = ordered.findIndex((item) => item.id === selectedId);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(ordered.length - 1, at + 1);
    else if (event.key === 'ArrowUp') next = at < 0 ? 0 : Math.max(0, at - 1);
    else if (event.key === 'PageDown') next = Math.min(ordered.length - 1, Math.max(0, at) + 8);
    else if (event.key === 'PageUp') next = Math.max(0, at - 8);
    else if (event.key === 'Home' && event.currentTarget === listRef.current) next = 0;
    else if (event.key === 'End' && event.currentTarget === listRef.current)
      next = ordered.length - 1;
    if (next === null) return;
    event.preventDefault();
    const item = ordered[next];
    if (item && item.id !== selectedId) {
      moved.current = true;
      onSelect(item.id);
    }
  };

  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter picks the first match instead of submitting the run form.
      event.preventDefault();
      const first = ordered[0];
      if (first && !ordered.some((item) => item.id === selectedId)) onSelect(first.id);
      return;
    }
    if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      setQuery('');
      return;
    }
    move(event);
  };

  const activeVisible = ordered.some((item) => item.id === selectedId);
  return (
    <div className="picker">
      <WorkloadFilter
        id="run-workload"
        query={query}
        onQuery={setQuery}
        onKeyDown={onFilterKey}
        aria-controls={`${base}-list`}
        aria-activedescendant={activeVisible ? optionId(base, selectedId) : undefined}
      />
      <div
        ref={listRef}
        id={`${base}-list`}
        className="picker-list"
        role="listbox"
        aria-label="Workloads"
        tabIndex={0}
        aria-activedescendant={activeVisible ? optionId(base, selectedId) : undefined}
        onKeyDown={move}
        data-testid="workload-picker"
      >
        {groups.length === 0 && (
          <p className="picker-empty">
            No workload matches “{query}”.{' '}
            <button type="button" className="link-button" onClick={() => setQuery('')}>
              Clear the filter
            </button>
          </p>
        )}
        {groups.map((group) => (
          <PickerGroup
            key={group.catalog}
            group={group}
            headId={`${base}-g-${group.catalog}`}
            className="picker-group"
            aside={<span className="picker-count">{group.items.length}</span>}
          >
            {group.items.map((item) => {
              const selected = item.id === selectedId;
              return (
                <div
                  key={item.id}
                  id={optionId(base, item.id)}
                  role="option"
                  aria-selected={selected}
                  data-workload-id={item.id}
                  className={selected ? 'picker-option picker-option-on' : 'picker-option'}
                  onClick={() => onSelect(item.id)}
                  title={item.id}
                >
                  <WorkloadOptionText item={item} />
                </div>
              );
            })}
          </PickerGroup>
        ))}
      </div>
    </div>
  );
}
