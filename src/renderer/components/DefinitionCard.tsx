// A titled card holding a term/value list, for configuration and environment facts.
import type { ReactNode } from 'react';

/** A card with a heading and one row per `[term, value]` pair. */
export function DefinitionCard({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: readonly (readonly [string, ReactNode])[];
  testId: string;
}) {
  return (
    <section className="card card-pad">
      <h2 className="card-title">{title}</h2>
      <dl className="dl-grid" data-testid={testId}>
        {rows.map(([term, value]) => (
          <div key={term} className="dl-row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
