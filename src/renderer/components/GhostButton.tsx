// A small ghost button, as in table rows' actions: an optional icon, then its text.
import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A `type="button"` ghost button; `danger` colours it for destructive actions. */
export function GhostButton({
  icon,
  danger = false,
  children,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> & {
  icon?: ReactNode;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={danger ? 'btn btn-ghost btn-sm btn-ghost-danger' : 'btn btn-ghost btn-sm'}
      {...button}
    >
      {icon}
      {children}
    </button>
  );
}
