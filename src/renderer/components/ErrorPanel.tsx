// A failure explained in a bordered panel, with an optional retry.
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

/** Red panel with a title, the message and optional details or actions. */
export function ErrorPanel({
  title,
  message,
  children,
  onRetry,
  testId,
}: {
  title: string;
  message?: ReactNode;
  children?: ReactNode;
  onRetry?: () => void;
  testId?: string;
}) {
  return (
    <div className="error-panel" role="alert" data-testid={testId}>
      <Icon name="alert" size={18} />
      <div className="error-body">
        <strong>{title}</strong>
        {message && <p>{message}</p>}
        {children}
      </div>
      {onRetry && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
