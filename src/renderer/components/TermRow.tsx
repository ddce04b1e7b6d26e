// One term and its value in a definition list (<dl>): the row wrapper, <dt> and <dd>.
import type { ReactNode } from 'react';

/** A `<div>` row of a `<dl>` (`dl-row` unless `className` says otherwise); `valueClassName` is the `<dd>`'s class. */
export function TermRow({
  term,
  children,
  className = 'dl-row',
  valueClassName,
}: {
  term: ReactNode;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
