// The history filters: a search box, a dropdown per facet (with run counts) that adds a removable
// chip, and a date range. Native controls throughout, so the keyboard works as everywhere else.
import { useEffect, useState } from 'react';
import type { FacetValue, HistoryFacets, HistoryFilter } from '../../../shared/history.ts';
import { formatEntries } from '../../format/numbers.ts';
import { isEmptyFilter, toggleValue } from './historyFilter.ts';
import type { FacetField } from './historyFilter.ts';

/** How each facet is named and its values worded. */
const FACETS: readonly {
  field: FacetField;
  label: string;
  word?: (v: string | number) => string;
}[] = [
  { field: 'targetNames', label: 'Target' },
  { field: 'vendors', label: 'Vendor' },
  { field: 'serverVersions', label: 'Version' },
  { field: 'workloads', label: 'Workload' },
  { field: 'entries', label: 'Size', word: (v) => `${formatEntries(Number(v))} entries` },
  { field: 'statuses', label: 'Status' },
  { field: 'tags', label: 'Tag' },
  { field: 'sources', label: 'Source', word: (v) => SOURCE_WORDS[String(v)] ?? String(v) },
];

/** Where runs came from, in words. */
export const SOURCE_WORDS: Record<string, string> = {
  dirbench: 'DirBench',
  'searchrate-csv': 'UnboundID searchrate',
  'opendj-csv': 'OpenDJ searchrate',
};

/** Waits for typing to pause before searching. */
const TEXT_DELAY_MS = 250;

function FacetSelect({
  field,
  label,
  values,
  chosen,
  word,
  onPick,
}: {
  field: FacetField;
  label: string;
  values: FacetValue<string | number>[];
  chosen: (string | number)[];
  word: (v: string | number) => string;
  onPick: (value: string | number) => void;
}) {
  const open = values.filter((v) => !chosen.includes(v.value));
  return (
    <label className="facet">
      <span className="facet-label">{label}</span>
      <select
        className="facet-select"
        data-facet={field}
        value=""
        disabled={open.length === 0}
        onChange={(e) => {
          const picked = open.find((v) => String(v.value) === e.target.value);
          if (picked) onPick(picked.value);
        }}
      >
        <option value="">{chosen.length ? 'add…' : 'any'}</option>
        {open.map((v) => (
          <option key={String(v.value)} value={String(v.value)}>
            {word(v.value)} ({v.count})
          </option>
        ))}
      </select>
    </label>
  );
}

/** The two ends of the date range: their label and test id. */
const DATE_BOUNDS = {
  startedFrom: { label: 'From', testId: 'history-from' },
  startedTo: { label: 'To', testId: 'history-to' },
} as const;

type DateKey = keyof typeof DATE_BOUNDS;

/** One end of the date range; the other end, when set, is its limit. */
function DateBound({
  filter,
  bound,
  onPick,
}: {
  filter: HistoryFilter;
  bound: DateKey;
  onPick: (key: DateKey, value: string) => void;
}) {
  const { label, testId } = DATE_BOUNDS[bound];
  return (
    <label className="facet">
      <span className="facet-label">{label}</span>
      <input
        type="date"
        value={filter[bound] ?? ''}
        min={bound === 'startedTo' ? filter.startedFrom : undefined}
        max={bound === 'startedFrom' ? filter.startedTo : undefined}
        onChange={(e) => onPick(bound, e.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

/** The filter bar; `onChange` gets the whole new filter. */
export function HistoryFilterBar({
  filter,
  facets,
  onChange,
}: {
  filter: HistoryFilter;
  facets: HistoryFacets | undefined;
  onChange: (filter: HistoryFilter) => void;
}) {
  const [text, setText] = useState(filter.text ?? '');
  const applied = filter.text ?? '';
  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(() => {
      const next = { ...filter };
      if (text.trim()) next.text = text.trim();
      else delete next.text;
      onChange(next);
    }, TEXT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, applied, filter, onChange]);
  const setDate = (key: DateKey, value: string): void => {
    const { [key]: _old, ...rest } = filter;
    onChange(value ? { ...rest, [key]: value } : rest);
  };
  const chips = FACETS.flatMap(({ field, label, word }) =>
    ((filter[field] ?? []) as (string | number)[]).map((value) => ({
      field,
      value,
      text: `${label}: ${word ? word(value) : String(value)}`,
    })),
  );
  return (
    <section className="card history-filters" aria-label="Filters">
      <div className="history-filter-row">
        <label className="history-search">
          <span className="facet-label">Search</span>
          <input
            type="search"
            placeholder="Search target, workload, server, notes, tags…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="history-search"
          />
        </label>
        <DateBound filter={filter} bound="startedFrom" onPick={setDate} />
        <DateBound filter={filter} bound="startedTo" onPick={setDate} />
      </div>
      <div className="history-facets">
        {FACETS.map(({ field, label, word }) => (
          <FacetSelect
            key={field}
            field={field}
            label={label}
            values={(facets?.[field] ?? []) as FacetValue<string | number>[]}
            chosen={(filter[field] ?? []) as (string | number)[]}
            word={word ?? String}
            onPick={(value) => onChange(toggleValue(filter, field, value))}
          />
        ))}
      </div>
      {!isEmptyFilter(filter) && (
        <div className="history-chips" aria-label="Active filters">
          {chips.map((chip) => (
            <button
              key={`${chip.field}:${String(chip.value)}`}
              type="button"
              className="filter-chip"
              aria-label={`Remove filter ${chip.text}`}
              onClick={() => onChange(toggleValue(filter, chip.field, chip.value))}
            >
              {chip.text}
              <span className="filter-chip-x" aria-hidden="true">
                ×
              </span>
            </button>
          ))}
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setText('');
              onChange({});
            }}
          >
            Clear filters
          </button>
        </div>
      )}
    </section>
  );
}
