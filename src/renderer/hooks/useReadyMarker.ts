// Sets `data-ready` on #root so tests wait for data instead of sleeping.
import { useEffect } from 'react';

/** Marks the page ready while the mounted view says its initial data has loaded. */
export function useReadyMarker(ready: boolean): void {
  useEffect(() => {
    const root = document.getElementById('root');
    root?.setAttribute('data-ready', String(ready));
    return () => root?.setAttribute('data-ready', 'false');
  }, [ready]);
}
