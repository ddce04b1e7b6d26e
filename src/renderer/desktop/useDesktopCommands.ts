// Carries out the desktop menu's commands in the renderer: screens by hash route, stop the active
// run through the typed API, focus the history search box, open the import dialog, export what is
// on screen. Mounted once by App; does nothing in browser mode.
import { useEffect, useEffectEvent } from 'react';
import type { DesktopBridge, DesktopCommand } from '../../shared/desktopCommands.ts';
import { ApiError } from '../../shared/errors.ts';
import { useApi } from '../api/useApi.ts';
import { downloadFile } from '../components/download.ts';
import { navigate, useHashRoute } from '../hooks/useHashRoute.ts';
import { useActiveRun } from '../views/run/ActiveRunProvider.tsx';
import type { CommandPlan } from './commandPlan.ts';
import { planCommand } from './commandPlan.ts';
import { desktopBridge } from './desktopBridge.ts';
import { requestImportDialog } from './importRequest.ts';

/** Frames to wait for a screen to render the element a command focuses. */
const FOCUS_WAIT_FRAMES = 60;

/** Focuses (and selects) the element `selector` names once the screen has rendered it. */
function focusWhenShown(selector: string, framesLeft = FOCUS_WAIT_FRAMES): void {
  const element = document.querySelector<HTMLInputElement>(selector);
  if (element) {
    element.focus();
    element.select();
  } else if (framesLeft > 0) {
    requestAnimationFrame(() => focusWhenShown(selector, framesLeft - 1));
  }
}

/** Runs the desktop menu's commands while mounted (Electron only). */
export function useDesktopCommands(): void {
  const api = useApi();
  const route = useHashRoute();
  const { run, ending, dismiss } = useActiveRun();

  const carryOut = async (plan: CommandPlan, bridge: DesktopBridge): Promise<void> => {
    switch (plan.kind) {
      case 'navigate':
        navigate(plan.route);
        if (plan.then === 'focus-history-search') focusWhenShown('[data-testid="history-search"]');
        if (plan.then === 'open-import') requestImportDialog();
        return;
      case 'new-run':
        if (plan.dismissEndedRun) dismiss();
        navigate({ name: 'run' });
        return;
      case 'stop-run':
        await api.call('runs/stop', { runId: plan.runId });
        return;
      case 'export-data':
        downloadFile(
          await api.call('export/data', { ...plan.selection, format: 'csv', content: 'summaries' }),
        );
        return;
      case 'export-report':
        downloadFile(await api.call('export/report', plan.selection));
        return;
      case 'explain':
        await bridge.showError(plan.title, plan.message);
        return;
    }
  };

  const onCommand = useEffectEvent((command: DesktopCommand, bridge: DesktopBridge) => {
    const activeRun = run ? { runId: run.runId, ended: ending !== null } : null;
    const plan = planCommand(command, { route, activeRun });
    carryOut(plan, bridge).catch((err: unknown) => {
      const message = err instanceof ApiError ? err.message : String(err);
      void bridge.showError(
        `${command.command === 'stop-run' ? 'Stop run' : 'Export'} failed`,
        message,
      );
    });
  });

  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return;
    return bridge.onCommand((command) => onCommand(command, bridge));
  }, []);
}
