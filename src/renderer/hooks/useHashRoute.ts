// A tiny hash router: views survive reloads and work from file:// in Electron.
import { useSyncExternalStore } from 'react';

/** Every screen the app can show. */
export type Route =
  | { name: 'targets' }
  | { name: 'labs' }
  | { name: 'run' }
  | { name: 'history' }
  | { name: 'run-detail'; runId: string };

/** Parses `#/runs/<id>` and friends; anything unknown lands on the targets screen. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '');
  const detail = /^\/runs\/([^/]+)$/.exec(path);
  if (detail?.[1]) return { name: 'run-detail', runId: decodeURIComponent(detail[1]) };
  if (path === '/labs') return { name: 'labs' };
  if (path === '/run') return { name: 'run' };
  if (path === '/history') return { name: 'history' };
  return { name: 'targets' };
}

/** The hash (with `#`) that shows `route`. */
export function routeHref(route: Route): string {
  return route.name === 'run-detail'
    ? `#/runs/${encodeURIComponent(route.runId)}`
    : `#/${route.name}`;
}

/** Shows `route`, adding a history entry. */
export function navigate(route: Route): void {
  window.location.hash = routeHref(route);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route; re-renders on hash changes. */
export function useHashRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
