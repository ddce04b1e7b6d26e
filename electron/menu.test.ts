import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { MenuItemConstructorOptions } from 'electron';
import type { DesktopCommand } from '../src/shared/desktopCommands.ts';
import { DESKTOP_PAGES, isDesktopCommand } from '../src/shared/desktopCommands.ts';
import { aboutBox } from './about.ts';
import { menuTemplate, SHORTCUTS, VIEW_PAGES } from './menu.ts';
import type { MenuContext } from './menu.ts';

interface Recorder {
  ctx: MenuContext;
  sent: DesktopCommand[];
  calls: string[];
}

function recorder(platform: NodeJS.Platform, development = false): Recorder {
  const sent: DesktopCommand[] = [];
  const calls: string[] = [];
  return {
    sent,
    calls,
    ctx: {
      platform,
      development,
      send: (command) => sent.push(command),
      showAbout: () => calls.push('about'),
      openDocs: (page) => calls.push(`docs:${page}`),
    },
  };
}

function submenu(item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] {
  assert.ok(item && Array.isArray(item.submenu), `${item?.label ?? item?.role} has a submenu`);
  return item.submenu as MenuItemConstructorOptions[];
}

function menu(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  return submenu(template.find((m) => m.label === label));
}

function item(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const found = items.find((i) => i.label === label);
  assert.ok(found, `menu item ${label}`);
  return found;
}

/** Clicks an item as Electron would (the arguments are unused by DirBench's handlers). */
function click(entry: MenuItemConstructorOptions): void {
  assert.ok(entry.click, `${entry.label} is clickable`);
  (entry.click as () => void)();
}

/** Every item of the menu bar, depth first. */
function allItems(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((m) => [
    m,
    ...(Array.isArray(m.submenu) ? allItems(m.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

test('Linux and Windows: File, Edit, View, Run, Window and Help, with no app menu', () => {
  for (const platform of ['linux', 'win32'] as const) {
    const template = menuTemplate(recorder(platform).ctx);
    assert.deepEqual(
      template.map((m) => m.label ?? m.role),
      ['File', 'editMenu', 'View', 'Run', 'Window', 'Help'],
    );
    assert.equal(menu(template, 'File').at(-1)?.role, 'quit');
  }
});

test('File: new run, import and export send their commands; the shortcuts are the documented ones', () => {
  const { ctx, sent } = recorder('linux');
  const file = menu(menuTemplate(ctx), 'File');
  assert.equal(item(file, 'New Run').accelerator, 'CmdOrCtrl+N');
  click(item(file, 'New Run'));
  click(item(file, 'Import Results…'));
  click(item(file, 'Export…'));
  assert.deepEqual(sent, [{ command: 'new-run' }, { command: 'import' }, { command: 'export' }]);
  assert.equal(item(file, 'Import Results…').accelerator, SHORTCUTS.import);
  assert.equal(item(file, 'Export…').accelerator, SHORTCUTS.export);
});

test('Run: stop run and search history, each with a shortcut', () => {
  const { ctx, sent } = recorder('linux');
  const run = menu(menuTemplate(ctx), 'Run');
  assert.equal(item(run, 'Stop Run').accelerator, 'CmdOrCtrl+.');
  assert.equal(item(run, 'Search History').accelerator, 'CmdOrCtrl+F');
  click(item(run, 'Stop Run'));
  click(item(run, 'Search History'));
  assert.deepEqual(sent, [{ command: 'stop-run' }, { command: 'search-history' }]);
});

test('View: one item per screen of the sidebar, numbered shortcuts, zoom and full screen', () => {
  const { ctx, sent } = recorder('linux');
  const view = menu(menuTemplate(ctx), 'View');
  const sidebar = readFileSync(
    new URL('../src/renderer/components/Sidebar.tsx', import.meta.url),
    'utf8',
  );
  const sidebarRoutes = [...sidebar.matchAll(/route: \{ name: '([a-z-]+)' \}/g)].map((m) => m[1]);
  // Compare has no sidebar entry (it lives under History); every sidebar screen is in the menu.
  assert.deepEqual(
    VIEW_PAGES.map((p) => p.page).filter((p) => p !== 'compare'),
    sidebarRoutes,
  );
  assert.deepEqual([...VIEW_PAGES.map((p) => p.page)].sort(), [...DESKTOP_PAGES].sort());
  VIEW_PAGES.forEach(({ label }, i) => {
    const entry = item(view, label);
    assert.equal(entry.accelerator, `CmdOrCtrl+${i + 1}`);
    click(entry);
  });
  assert.deepEqual(
    sent,
    VIEW_PAGES.map(({ page }) => ({ command: 'show', page })),
  );
  assert.ok(sent.every(isDesktopCommand));
  const roles = view.map((v) => v.role).filter(Boolean);
  assert.deepEqual(roles, ['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
});

test('reload and the developer tools only in development', () => {
  const dev = menu(menuTemplate(recorder('linux', true).ctx), 'View').map((v) => v.role);
  assert.ok(
    dev.includes('reload') && dev.includes('toggleDevTools') && dev.includes('forceReload'),
  );
  const shipped = allItems(menuTemplate(recorder('linux').ctx)).map((v) => v.role);
  for (const role of ['reload', 'forceReload', 'toggleDevTools'] as const) {
    assert.ok(!shipped.includes(role), `${role} is not in a packaged app's menu`);
  }
});

test('Help opens the guide, the CLI reference and the About box; nothing links to electronjs.org', () => {
  const { ctx, calls } = recorder('win32');
  const template = menuTemplate(ctx);
  const help = menu(template, 'Help');
  click(item(help, 'DirBench Documentation'));
  click(item(help, 'Command-Line Reference'));
  click(item(help, 'About DirBench'));
  assert.deepEqual(calls, ['docs:guide', 'docs:cli', 'about']);
  assert.deepEqual(
    help.filter((h) => h.label !== undefined && h.label !== 'About DirBench').map((h) => h.label),
    ['DirBench Documentation', 'Command-Line Reference'],
  );
  const labels = allItems(template).map((i) => `${i.label ?? ''} ${i.role ?? ''}`);
  assert.ok(!labels.some((l) => /learn more|electron/i.test(l)), labels.join(', '));
  // Electron's default menu comes back for any role menu that carries its own default submenu.
  assert.ok(!allItems(template).some((i) => i.role === 'help' && !Array.isArray(i.submenu)));
});

test('macOS: the app menu carries About and Quit; File closes the window; Window has Bring All to Front', () => {
  const { ctx, calls } = recorder('darwin');
  const template = menuTemplate(ctx);
  assert.deepEqual(
    template.map((m) => m.label ?? m.role),
    ['DirBench', 'File', 'editMenu', 'View', 'Run', 'Window', 'Help'],
  );
  const app = menu(template, 'DirBench');
  click(item(app, 'About DirBench'));
  assert.deepEqual(calls, ['about']);
  assert.equal(app.at(-1)?.role, 'quit');
  assert.equal(menu(template, 'File').at(-1)?.role, 'close');
  assert.ok(menu(template, 'Window').some((w) => w.role === 'front'));
  const help = menu(template, 'Help');
  assert.ok(!help.some((h) => h.label === 'About DirBench'), 'About once');
  click(item(help, 'DirBench Documentation'));
  assert.deepEqual(calls, ['about', 'docs:guide']);
});

test('no two items share a shortcut', () => {
  for (const platform of ['darwin', 'linux'] as const) {
    const keys = allItems(menuTemplate(recorder(platform, true).ctx))
      .map((i) => i.accelerator)
      .filter((a): a is string => typeof a === 'string');
    assert.equal(new Set(keys).size, keys.length, keys.join(' '));
  }
});

test('the About box names the version, the commit and the runtimes', () => {
  const facts = { version: '0.1.0', electron: '45.4.1', chrome: '142.0', node: '24.9.0' };
  const box = aboutBox({ ...facts, commit: '9577eab1c2d3' });
  assert.equal(box.message, 'DirBench 0.1.0');
  assert.match(box.detail, /^Commit: 9577eab1c2d3$/m);
  assert.match(box.detail, /Electron 45\.4\.1 · Chromium 142\.0 · Node 24\.9\.0/);
  assert.match(aboutBox({ ...facts, commit: null }).detail, /Commit: unknown \(built outside/);
});

test('commands from another process are checked', () => {
  assert.equal(isDesktopCommand({ command: 'show', page: 'history' }), true);
  assert.equal(isDesktopCommand({ command: 'stop-run' }), true);
  for (const bad of [null, 'stop-run', { command: 'show', page: 'settings' }, { command: 'rm' }]) {
    assert.equal(isDesktopCommand(bad), false, JSON.stringify(bad));
  }
});
