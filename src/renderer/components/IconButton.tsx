// A button that acts on the page (never submits a form), its icon before its label.
import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './Icon.tsx';
import type { IconName } from './Icon.tsx';

/** How an IconButton looks: the `btn-*` class it takes. */
export type IconButtonVariant = 'primary' | 'secondary' | 'ghost-danger';

/** A `type="button"` button with an icon, styled like RouteButton; `iconSize` is the icon's px. */
export function IconButton({
  icon,
  iconSize,
  variant = 'secondary',
  small = false,
  children,
  ...button
}: {
  icon: IconName;
  iconSize?: number;
  variant?: IconButtonVariant;
  small?: boolean;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return (
    <button type="button" className={`btn btn-${variant}${small ? ' btn-sm' : ''}`} {...button}>
      <Icon name={icon} size={iconSize} />
      {children}
    </button>
  );
}
