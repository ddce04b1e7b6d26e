// The workload list grouped by catalog, with a filter; arrow keys move the choice from the filter or the list.
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { WorkloadListItem } from '../../../../shared/workload.ts';
import { PickerGroup, WorkloadFilter, WorkloadOptionText } from './PickerParts.tsx';
import { groupWorkloads, matchesQuery } from './workloadGroups.ts';
import type { WorkloadGroup } from './workloadGroups.ts';

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

/** The index a key moves the choice to among `length` options (`at` -1: none chosen); null: not a move. */
function nextIndex(key: string, at: number, length: number, inList: boolean): number | null {
  if (key === 'ArrowDown') return at < 0 ? 0 : Math.min(length - 1, at + 1);
  if (key === 'ArrowUp') return at < 0 ? 0 : Math.max(0, at - 1);
  if (key === 'PageDown') return Math.min(length - 1, Math.max(0, at) + 8);
  if (key === 'PageUp') return Math.max(0, at - 8);
  // Home and End move the text cursor in the filter, the choice only in the list.
  if (key === 'Home' && inList) return 0;
  if (key === 'End' && inList) return length - 1;
  return null;
}

/**
 * Shows the chosen option when the list opens, and keeps it in view after keyboard moves (a move
 * sets `movedRef`); `listRef` goes on the list.
 */
function useChosenInView(base: string, selectedId: string) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const movedRef = useRef(false);
  const openedRef = useRef(false);
  useEffect(() => {
    const list = listRef.current;
    const option = document.getElementById(optionId(base, selectedId));
    if (!list || !option) return;
    if (!openedRef.current) {
      openedRef.current = true;
      keepInView(list, option, true);
    } else if (movedRef.current) {
      keepInView(list, option, false);
    }
    movedRef.current = false;
  }, [base, selectedId]);
  return { listRef, movedRef };
}

/** One workload of the list. */
function WorkloadOption({
  base,
  item,
  selected,
  onSelect,
}: {
  base: string;
  item: WorkloadListItem;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <div
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
}

/** The list's groups of options, or why it is empty. */
function PickerGroups({
  base,
  groups,
  query,
  selectedId,
  onSelect,
  onClear,
}: {
  base: string;
  groups: readonly WorkloadGroup[];
  query: string;
  selectedId: string;
  onSelect: (id: string) => void;
  onClear: () => void;
}) {
  if (groups.length === 0) {
    return (
      <p className="picker-empty">
        No workload matches “{query}”.{' '}
        <button type="button" className="link-button" onClick={onClear}>
          Clear the filter
        </button>
      </p>
    );
  }
  return groups.map((group) => (
    <PickerGroup
      key={group.catalog}
      group={group}
      headId={`${base}-g-${group.catalog}`}
      className="picker-group"
      aside={<span className="picker-count">{group.items.length}</span>}
    >
      {group.items.map((item) => (
        <WorkloadOption
          key={item.id}
          base={base}
          item={item}
          selected={item.id === selectedId}
          onSelect={onSelect}
        />
      ))}
    </PickerGroup>
  ));
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
  const groups = groupWorkloads(items.filter((item) => matchesQuery(item, query)));
  const ordered = groups.flatMap((g) => g.items);
  const { listRef, movedRef } = useChosenInView(base, selectedId);

  const move = (event: KeyboardEvent) => {
    if (ordered.length === 0) return;
    const at = ordered.findIndex((item) => item.id === selectedId);
    const inList = event.currentTarget === listRef.current;
    const next = nextIndex(event.key, at, ordered.length, inList);
    if (next === null) return;
    event.preventDefault();
    const item = ordered[next];
    if (item && item.id !== selectedId) {
      movedRef.current = true;
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
        <PickerGroups
          base={base}
          groups={groups}
          query={query}
          selectedId={selectedId}
          onSelect={onSelect}
          onClear={() => setQuery('')}
        />
      </div>
    </div>
  );
}
