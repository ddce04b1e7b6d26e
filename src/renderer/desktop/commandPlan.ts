// What a menu command means on the current screen, decided without React or the DOM so it can be tested.
import type { ExportSelection } from '../../shared/exchange.ts';
import type { DesktopCommand, DesktopPage } from '../../shared/desktopCommands.ts';
import type { Route } from '../hooks/useHashRoute.ts';

/** One step the renderer takes for a command. */
export type CommandPlan =
  | { kind: 'navigate'; route: Route; then?: 'focus-history-search' | 'open-import' }
  | { kind: 'new-run'; dismissEndedRun: boolean }
  | { kind: 'stop-run'; runId: string }
  | { kind: 'export-data'; selection: ExportSelection }
  | { kind: 'export-report'; selection: ExportSelection }
  | { kind: 'explain'; title: string; message: string };

/** The route of a View menu page (Compare opens empty: it asks for runs from History). */
export function pageRoute(page: DesktopPage): Route {
  return page === 'compare' ? { name: 'compare', runIds: [] } : { name: page };
}

/** What the renderer knows when a command arrives. */
export interface CommandContext {
  route: Route;
  /** The run in progress, or null; `ended` once it finished but its live view still shows. */
  activeRun: { runId: string; ended: boolean } | null;
}

/** What `command` does given `ctx`. */
export function planCommand(command: DesktopCommand, ctx: CommandContext): CommandPlan {
  switch (command.command) {
    case 'show':
      return { kind: 'navigate', route: pageRoute(command.page) };
    case 'new-run':
      return { kind: 'new-run', dismissEndedRun: ctx.activeRun?.ended === true };
    case 'import':
      return { kind: 'navigate', route: { name: 'history' }, then: 'open-import' };
    case 'search-history':
      return { kind: 'navigate', route: { name: 'history' }, then: 'focus-history-search' };
    case 'stop-run':
      return ctx.activeRun && !ctx.activeRun.ended
        ? { kind: 'stop-run', runId: ctx.activeRun.runId }
        : {
            kind: 'explain',
            title: 'No run to stop',
            message:
              'No run is in progress. Stop Run ends the run shown on the New Run screen; a campaign is paused or cancelled on its own page.',
          };
    case 'export':
      return exportPlan(ctx.route);
  }
}

function exportPlan(route: Route): CommandPlan {
  switch (route.name) {
    case 'run-detail':
      return { kind: 'export-data', selection: { runIds: [route.runId] } };
    case 'compare':
      if (route.runIds.length > 0) {
        return { kind: 'export-data', selection: { runIds: route.runIds } };
      }
      break;
    case 'campaign':
      return { kind: 'export-report', selection: { campaignId: route.campaignId } };
    default:
      break;
  }
  return {
    kind: 'explain',
    title: 'Nothing to export here',
    message:
      'Export saves what is on screen: open a run, a campaign (its HTML report) or a comparison (tick runs in History, then Compare) and choose Export again. Charts export from their own buttons.',
  };
}
