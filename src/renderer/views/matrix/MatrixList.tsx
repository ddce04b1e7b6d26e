// The saved and built-in matrices beside the builder: pick one to open it.
import type { MatrixListItem } from '../../../shared/matrix.ts';
import { formatDurationS, formatInt } from '../../format/numbers.ts';

/** Built-in matrices first, then the user's; `currentId` is highlighted. */
export function MatrixList({
  items,
  currentId,
  onOpen,
}: {
  items: readonly MatrixListItem[];
  currentId: string | undefined;
  onOpen: (id: string) => void;
}) {
  const groups = [
    { title: 'Studies', items: items.filter((m) => m.builtin) },
    { title: 'Saved', items: items.filter((m) => !m.builtin) },
  ];
  return (
    <nav className="card matrix-list" aria-label="Matrices">
      {groups.map((group) => (
        <div key={group.title} className="matrix-list-group">
          <h2 className="matrix-list-title">{group.title}</h2>
          {group.items.length === 0 && (
            <p className="muted small matrix-list-empty">Matrices you save appear here.</p>
          )}
          <ul>
            {group.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={
                    item.id === currentId
                      ? 'matrix-list-item matrix-list-item-on'
                      : 'matrix-list-item'
                  }
                  aria-current={item.id === currentId ? 'true' : undefined}
                  onClick={() => onOpen(item.id)}
                  title={item.description}
                >
                  <span className="matrix-list-name">{item.name}</span>
                  <span className="matrix-list-facts">
                    {formatInt(item.cells)} cells · ~{formatDurationS(item.estimatedS)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
