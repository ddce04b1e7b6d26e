// File > Import Results… opens the History screen's import dialog through a window event, so the
// menu need not know how that screen keeps its dialogs.
import { useEffect, useEffectEvent } from 'react';

const IMPORT_EVENT = 'dirbench:open-import';

/** Asks the History screen to open its import dialog (now, or as soon as it mounts). */
export function requestImportDialog(): void {
  pending = true;
  window.dispatchEvent(new Event(IMPORT_EVENT));
}

// A request made before History mounted (the menu navigated there a moment ago) waits here.
let pending = false;

/** Calls `open` when the menu asks for the import dialog, including a request made just before mounting. */
export function useImportRequest(open: () => void): void {
  const onRequest = useEffectEvent(() => {
    pending = false;
    open();
  });
  useEffect(() => {
    if (pending) onRequest();
    const listener = () => onRequest();
    window.addEventListener(IMPORT_EVENT, listener);
    return () => window.removeEventListener(IMPORT_EVENT, listener);
  }, []);
}
