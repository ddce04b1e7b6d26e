// A modal built on <dialog>: focus trapping, Escape and the backdrop come from the browser.
import { useEffect, useEffectEvent, useRef } from 'react';
import type { ReactNode } from 'react';

/** Shows `children` in a modal dialog while mounted; Escape calls `onClose`. */
export function Modal({
  title,
  onClose,
  children,
  wide,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Extra class on the dialog, for a screen-specific size. */
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement | null>(null);
  const close = useEffectEvent(onClose);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={['modal', wide && 'modal-wide', className].filter(Boolean).join(' ')}
      aria-label={title}
    >
      <header className="modal-header">
        <h2>{title}</h2>
        <button type="button" className="btn-icon" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
