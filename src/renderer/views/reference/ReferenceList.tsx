// The published tables grouped by study, as a list to pick one from.
import type { ReferenceTable } from '../../../shared/reference.ts';
import { groupByStudy } from './referenceLayout.ts';

/** Study groups of table buttons; the selected one is marked for screen readers too. */
export function ReferenceList({
  tables,
  selectedId,
  onSelect,
}: {
  tables: readonly ReferenceTable[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <nav className="card reference-list" aria-label="Published tables">
      {groupByStudy(tables).map((group) => (
        <section key={group.study} className="reference-group">
          <h2 className="reference-study">{group.study}</h2>
          <ul>
            {group.tables.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className={t.id === selectedId ? 'reference-item active' : 'reference-item'}
                  aria-current={t.id === selectedId ? 'true' : undefined}
                  data-testid={`reference-item-${t.id}`}
                  onClick={() => onSelect(t.id)}
                >
                  <span className="reference-item-table">{t.table}</span>
                  <span className="reference-item-title">{t.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
