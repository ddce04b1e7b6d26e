// A button that acts on the page (never submits a form), its icon before its label.
import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './Icon.tsx';
import type { IconName } from './Icon.tsx';

/** A `type="button"` button with an icon; `className` gives its look, `iconSize` the icon's px. */
export function IconButton({
  icon,
  iconSize,
  children,
  ...button
}: { icon: IconName; iconSize?: number } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  return (
    <button type="button" {...button}>
      <Icon name={icon} size={iconSize} />
      {children}
    </button>
  );
}
