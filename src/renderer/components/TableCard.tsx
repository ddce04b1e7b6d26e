// The card every list and figure table sits in, so their borders, padding and heading row match.
import type { ReactNode } from 'react';

/** A column heading: plain text, or a label with the class that aligns it like its cells. */
export type Column = string | { label: ReactNode; className: string };

/** A right-aligned heading, for a column of figures. */
export function num(label: ReactNode): Column {
  return { label, className: 'num' };
}

/** A heading with its unit in the lighter heading-unit style: "p99 (ms)". */
export function withUnit(label: string, unit: ReactNode): ReactNode {
  return (
    <>
      {label} <span className="th-unit">({unit})</span>
    </>
  );
}

/** A table in a card: one heading per column (`false` leaves an optional one out), `children` the rows. */
export function TableCard({
  columns,
  children,
  tableClassName = 'table',
  cardClassName,
  label,
  caption,
  testId,
}: {
  columns: readonly (Column | false)[];
  children: ReactNode;
  tableClassName?: string;
  /** Extra class on the card, for a table laid out differently on its screen. */
  cardClassName?: string;
  label?: string;
  /** Read out by screen readers in place of `label` where the table's title is longer. */
  caption?: string;
  testId?: string;
}) {
  return (
    <div className={cardClassName ? `card table-card ${cardClassName}` : 'card table-card'}>
      <table className={tableClassName} aria-label={label} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) =>
              column === false ? null : typeof column === 'string' ? (
                <th key={i}>{column}</th>
              ) : (
                <th key={i} className={column.className}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
