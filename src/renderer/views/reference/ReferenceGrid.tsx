// A published table as the paper lays it out: one row per server or client, one column per x.
import type { ReferenceTable } from '../../../shared/reference.ts';
import { cellNotes, cellText, gridColumns } from './referenceLayout.ts';

/** The figures with failures and gaps shown as printed, and their numbered notes underneath. */
export function ReferenceGrid({ table }: { table: ReferenceTable }) {
  const columns = gridColumns(table);
  const notes = cellNotes(table);
  const markOf = (series: string, heading: string) =>
    notes.find((n) => n.cells.some((c) => c.series === series && c.heading === heading))?.mark;
  return (
    <div className="reference-grid">
      <div className="table-card">
        <table className="table" data-testid="reference-table">
          <caption className="reference-caption">
            {table.table} - {table.title} <span className="unit">({table.unit})</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{table.columns === undefined ? '' : table.xLabel}</th>
              {columns.map((c) => (
                <th key={c.x} scope="col" className="num">
                  {c.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.series.map((s) => (
              <tr key={s.name} data-testid="reference-row">
                <th scope="row" className="reference-row-name">
                  {s.name}
                </th>
                {columns.map((c) => {
                  const point = s.points.find((p) => p.x === c.x);
                  const mark = markOf(s.name, c.heading);
                  const failed = point === undefined || point.value === null;
                  return (
                    <td
                      key={c.x}
                      className={failed ? 'num reference-failed' : 'num'}
                      title={point?.note}
                      data-x={c.x}
                    >
                      {cellText(table, point)}
                      {mark !== undefined && <sup className="reference-mark">{mark}</sup>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notes.length > 0 && (
        <ol className="reference-notes" data-testid="reference-cell-notes">
          {notes.map((n) => (
            <li key={n.mark} value={n.mark}>
              <strong>{n.cells.map((c) => `${c.series}, ${c.heading}`).join('; ')}:</strong>{' '}
              {n.note}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
