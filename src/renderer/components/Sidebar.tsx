// The dark navigation rail: brand, one link per screen, a live-run marker, the appearance and
// notification settings and the link status.
import { useApiContext } from '../api/useApi.ts';
import { routeHref } from '../hooks/useHashRoute.ts';
import type { Route } from '../hooks/useHashRoute.ts';
import { NotifySwitch } from '../notify/NotifySwitch.tsx';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { useActiveRun } from '../views/run/ActiveRunProvider.tsx';
import { Icon } from './Icon.tsx';
import type { IconName } from './Icon.tsx';

const ITEMS: { route: Route; label: string; icon: IconName }[] = [
  { route: { name: 'targets' }, label: 'Targets', icon: 'server' },
  { route: { name: 'labs' }, label: 'Labs', icon: 'flask' },
  { route: { name: 'agents' }, label: 'Agents', icon: 'agents' },
  { route: { name: 'run' }, label: 'Run', icon: 'play' },
  { route: { name: 'matrix' }, label: 'Matrices', icon: 'grid' },
  { route: { name: 'campaigns' }, label: 'Campaigns', icon: 'layers' },
  { route: { name: 'history' }, label: 'History', icon: 'history' },
  { route: { name: 'reference' }, label: 'Published figures', icon: 'book' },
];

/** Screens that belong under another's navigation entry. */
const PARENT: Partial<Record<Route['name'], Route['name']>> = {
  'run-detail': 'history',
  compare: 'history',
  campaign: 'campaigns',
};

function isCurrent(item: Route, route: Route): boolean {
  return item.name === route.name || PARENT[route.name] === item.name;
}

/** Left navigation for `route`, the current screen. */
export function Sidebar({ route }: { route: Route }) {
  const { run, ending } = useActiveRun();
  const running = run !== null && ending === null;
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          DB
        </span>
        <span className="brand-name">DirBench</span>
      </div>
      <ul className="nav-list">
        {ITEMS.map((item) => (
          <li key={item.route.name}>
            <a
              href={routeHref(item.route)}
              className={isCurrent(item.route, route) ? 'nav-item nav-item-current' : 'nav-item'}
              aria-current={isCurrent(item.route, route) ? 'page' : undefined}
            >
              <Icon name={item.icon} />
              <span>{item.label}</span>
              {item.route.name === 'run' && running && (
                <span className="nav-live" title="A run is in progress">
                  live
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
      <div className="sidebar-footer">
        <ThemeToggle />
        <NotifySwitch />
        <LinkStatus />
      </div>
    </nav>
  );
}

function LinkStatus() {
  const { linkUp } = useApiContext();
  const label = linkUp === false ? 'Reconnecting…' : linkUp ? 'Connected' : 'Connecting…';
  return (
    <div
      className="link-status"
      role="status"
      data-link={linkUp === null ? 'pending' : String(linkUp)}
    >
      <span className={linkUp ? 'link-dot link-dot-up' : 'link-dot'} aria-hidden="true" />
      {label}
    </div>
  );
}
