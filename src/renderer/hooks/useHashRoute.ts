// A tiny hash router: views survive reloads and work from file:// in Electron.
import { useSyncExternalStore } from 'react';

/** Every screen the app can show. */
export type Route =
  | { name: 'targets' }
  | { name: 'labs' }
  | { name: 'agents' }
  | { name: 'run' }
  | { name: 'history' }
  | { name: 'run-detail'; runId: string }
  | { name: 'matrix'; matrixId?: string }
  | { name: 'campaigns' }
  | { name: 'campaign'; campaignId: string }
  | { name: 'compare'; runIds: string[] }
  | { name: 'reference' };

/** Parses `#/runs/<id>` and friends; anything unknown lands on the targets screen. */
export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?', 2);
  const params = new URLSearchParams(query);
  const detail = /^\/runs\/([^/]+)$/.exec(path);
  if (detail?.[1]) return { name: 'run-detail', runId: decodeURIComponent(detail[1]) };
  const campaign = /^\/campaigns\/([^/]+)$/.exec(path);
  if (campaign?.[1]) return { name: 'campaign', campaignId: decodeURIComponent(campaign[1]) };
  if (path === '/labs') return { name: 'labs' };
  if (path === '/agents') return { name: 'agents' };
  if (path === '/run') return { name: 'run' };
  if (path === '/history') return { name: 'history' };
  if (path === '/campaigns') return { name: 'campaigns' };
  if (path === '/reference') return { name: 'reference' };
  if (path === '/matrix') {
    const matrixId = params.get('id');
    return matrixId ? { name: 'matrix', matrixId } : { name: 'matrix' };
  }
  if (path === '/compare') {
    const runIds = (params.get('runs') ?? '').split(',').filter((id) => id !== '');
    return { name: 'compare', runIds };
  }
  return { name: 'targets' };
}

/** The hash (with `#`) that shows `route`. */
export function routeHref(route: Route): string {
  switch (route.name) {
    case 'run-detail':
      return `#/runs/${encodeURIComponent(route.runId)}`;
    case 'campaign':
      return `#/campaigns/${encodeURIComponent(route.campaignId)}`;
    case 'matrix':
      return route.matrixId ? `#/matrix?id=${encodeURIComponent(route.matrixId)}` : '#/matrix';
    case 'compare':
      return `#/compare?runs=${route.runIds.map(encodeURIComponent).join(',')}`;
    default:
      return `#/${route.name}`;
  }
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
