// Compared runs laid out like the Salford paper: tests x servers down, directory sizes across.
import type { CompareRun } from '../../../shared/compare.ts';
import type { CompareMetric } from '../../../shared/compareSeries.ts';
import { METRIC_TITLES } from '../../../shared/compareSeries.ts';
import { paperTable } from '../../../shared/compareTable.ts';
import { num, TableCard } from '../../components/TableCard.tsx';

/** The table of `metric`; a cell's title shows the repeats and the confidence interval. */
export function PaperTableView({
  runs,
  metric,
}: {
  runs: readonly CompareRun[];
  metric: CompareMetric;
}) {
  const table = paperTable(runs, metric);
  return (
    <TableCard
      tableClassName="table paper-table"
      testId="paper-table"
      caption={`${METRIC_TITLES[metric]} by test, server and size`}
      columns={['Test', 'Server', ...table.sizeHeadings.map(num)]}
    >
      {table.rows.map((row) => (
        <tr key={`${row.test} ${row.server}`}>
          <td className="mono small">{row.test}</td>
          <td title={row.serverFullName}>
            <span className="cell-title">{row.server}</span>
            {!row.server.startsWith(row.serverFullName) && (
              <span className="cell-sub">{row.serverFullName}</span>
            )}
          </td>
          {row.cells.map((cell, i) => {
            const figure = row.figures[i];
            const ci =
              figure?.ci95HalfWidth != null ? ` ± ${figure.ci95HalfWidth.toFixed(1)} (95%)` : '';
            return (
              <td
                key={i}
                className={cell === 'failed' ? 'num paper-failed' : 'num'}
                title={figure ? `${figure.n} run(s)${ci}` : 'not run'}
              >
                {cell}
              </td>
            );
          })}
        </tr>
      ))}
    </TableCard>
  );
}
