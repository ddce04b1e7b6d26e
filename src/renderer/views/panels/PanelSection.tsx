// A titled block of the run pages (connections, client and server) with an optional muted aside.
import type { ReactNode } from 'react';

/** Section with a small heading; `aside` is a muted explanation after the title. */
export function PanelSection({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="panel-section" data-testid={testId}>
      <h2 className="panel-section-title">
        {title}
        {aside && <span className="muted">{aside}</span>}
      </h2>
      {children}
    </section>
  );
}
