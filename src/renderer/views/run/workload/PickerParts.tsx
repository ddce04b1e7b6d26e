// Pieces the workload picker (one choice) and the matrix checklist (many) share: the filter box,
// a catalog's group with its heading, and an option's id and title.
import type { CSSProperties, InputHTMLAttributes, ReactNode } from 'react';
import type { WorkloadListItem } from '../../../../shared/workload.ts';
import { displayTitle, idChars, shortId } from './workloadGroups.ts';
import type { WorkloadGroup } from './workloadGroups.ts';

/** The search box over the workloads; other input props (keys, ARIA) pass through. */
export function WorkloadFilter({
  query,
  onQuery,
  ...input
}: { query: string; onQuery: (query: string) => void } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="picker-filter">
      <input
        {...input}
        type="search"
        aria-label="Filter workloads"
        placeholder="Filter: id, title or study…"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
      />
    </div>
  );
}

/** One catalog's options under its heading (`headId`), ids padded to the group's longest. */
export function PickerGroup({
  group,
  headId,
  className,
  aside,
  children,
}: {
  group: WorkloadGroup;
  headId: string;
  className?: string;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-labelledby={headId}
      className={className}
      style={{ '--id-chars': idChars(group.items) } as CSSProperties}
    >
      <div id={headId} className="picker-group-head">
        {group.title}
        {aside}
      </div>
      {children}
    </div>
  );
}

/** An option's short id and its title. */
export function WorkloadOptionText({ item }: { item: WorkloadListItem }) {
  return (
    <>
      <span className="picker-option-id">{shortId(item)}</span>
      <span className="picker-option-title">{displayTitle(item)}</span>
    </>
  );
}
