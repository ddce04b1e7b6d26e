// A link that looks like a button: screens send the user on with these, and they open in a new tab too.
import type { ReactNode } from 'react';
import { routeHref } from '../hooks/useHashRoute.ts';
import type { Route } from '../hooks/useHashRoute.ts';

/** Button-styled link to `to`; `small` for banners and cards. */
export function RouteButton({
  to,
  variant = 'primary',
  small = false,
  children,
}: {
  to: Route;
  variant?: 'primary' | 'secondary';
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <a className={`btn btn-${variant}${small ? ' btn-sm' : ''}`} href={routeHref(to)}>
      {children}
    </a>
  );
}
