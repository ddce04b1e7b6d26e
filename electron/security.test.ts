import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { API_CHANNELS } from '../src/shared/api.ts';
import type { DesktopBridge } from '../src/shared/desktopCommands.ts';
import { IPC_COMMAND, IPC_SAVE_FILE, IPC_SHOW_ERROR } from '../src/shared/desktopCommands.ts';
import { IPC_EVENT, IPC_INVOKE } from './channels.ts';
import {
  CONTENT_SECURITY_POLICY,
  hardenedWebPreferences,
  isAppPage,
  isOpenableExternally,
} from './security.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const APP = 'app://dirbench/index.html';

test('the renderer runs isolated, sandboxed and without Node', () => {
  const prefs = hardenedWebPreferences('/opt/DirBench/preload.cjs');
  assert.equal(prefs.contextIsolation, true);
  assert.equal(prefs.sandbox, true);
  assert.equal(prefs.nodeIntegration, false);
  assert.equal(prefs.nodeIntegrationInWorker, false);
  assert.equal(prefs.nodeIntegrationInSubFrames, false);
  assert.equal(prefs.webSecurity, true);
  assert.equal(prefs.webviewTag, false);
  assert.equal(prefs.preload, '/opt/DirBench/preload.cjs');
});

test('the CSP is strict and the same text as the meta tag of the renderer page', () => {
  const html = readFileSync(`${root}src/renderer/index.html`, 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  assert.equal(meta?.[1], CONTENT_SECURITY_POLICY);
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
  assert.equal(directives.get('default-src'), "'self'");
  assert.equal(directives.get('script-src'), "'self'", 'no inline or eval scripts');
  assert.equal(directives.get('object-src'), "'none'");
  assert.equal(directives.get('base-uri'), "'none'");
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-eval|\*|https?:/);
});

test('only our own app:// page may call the API, and only https links leave for the browser', () => {
  assert.equal(isAppPage(APP), true);
  assert.equal(isAppPage(`${APP}#/history?target=a`), true);
  assert.equal(isAppPage('app://DIRBENCH/index.html'), true);
  for (const url of [
    'file:///opt/DirBench/resources/app.asar/dist/renderer/index.html',
    'file:///tmp/evil.html',
    `${APP}?x=1`,
    'app://dirbench/assets/index.html',
    'app://evil/index.html',
    'app://user@dirbench/index.html',
    'https://dirbench/index.html',
    'not a url',
  ]) {
    assert.equal(isAppPage(url), false, url);
  }
  assert.equal(isOpenableExternally('https://www.openldap.org/'), true);
  for (const url of [
    'http://example.com',
    'file:///etc/passwd',
    'smb://host/share',
    'javascript:1',
    'app://dirbench/index.html',
    '',
  ]) {
    assert.equal(isOpenableExternally(url), false, url);
  }
});

test('the preload exposes the API bridge and the desktop bridge, and forwards only API channels and well-formed commands', async () => {
  const bundle = await build({
    absWorkingDir: root,
    entryPoints: ['electron/preload.ts'],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  const exposed = new Map<string, unknown>();
  const invoked: unknown[][] = [];
  const listening: string[] = [];
  const handlers = new Map<string, (event: unknown, message: unknown) => void>();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => {
        invoked.push(args);
        return { ok: true, res: 'answer' };
      },
      on: (channel: string, handler: (event: unknown, message: unknown) => void) => {
        listening.push(channel);
        handlers.set(channel, handler);
      },
      removeListener: (channel: string) => handlers.delete(channel),
    },
  };
  const module = { exports: {} };
  const requireStub = (name: string) => {
    assert.equal(name, 'electron', 'the preload requires nothing but electron');
    return electron;
  };
  runInNewContext(bundle.outputFiles[0]?.text ?? '', {
    require: requireStub,
    module,
    exports: module.exports,
  });
  assert.deepEqual([...exposed.keys()], ['dirbench', 'dirbenchDesktop']);
  const api = exposed.get('dirbench') as {
    invoke: (channel: string, req: unknown) => Promise<unknown>;
    subscribe: (listener: () => void) => () => void;
  };
  assert.deepEqual(Object.keys(api).sort(), ['invoke', 'subscribe']);
  const channel = API_CHANNELS[0] as string;
  assert.equal(await api.invoke(channel, { a: 1 }), 'answer');
  assert.deepEqual(invoked, [[IPC_INVOKE, channel, { a: 1 }]]);
  await assert.rejects(api.invoke('fs/readFile', '/etc/passwd'), { kind: 'not-found' });
  assert.equal(invoked.length, 1, 'an unknown channel never reaches IPC');
  api.subscribe(() => undefined)();
  assert.deepEqual(listening, [IPC_EVENT]);

  const desktop = exposed.get('dirbenchDesktop') as DesktopBridge;
  assert.deepEqual(Object.keys(desktop).sort(), ['onCommand', 'saveFile', 'showError']);
  const commands: unknown[] = [];
  const stop = desktop.onCommand((command) => commands.push(command));
  const deliver = handlers.get(IPC_COMMAND);
  assert.ok(deliver, 'the desktop bridge listens for menu commands');
  deliver({}, { command: 'stop-run' });
  deliver({}, { command: 'show', page: 'history' });
  deliver({}, { command: 'eval', code: '1' });
  deliver({}, 'stop-run');
  assert.deepEqual(commands, [{ command: 'stop-run' }, { command: 'show', page: 'history' }]);
  stop();
  assert.equal(handlers.has(IPC_COMMAND), false, 'unsubscribing removes the listener');
  const bytes = new Uint8Array([1, 2]);
  await desktop.saveFile('report.html', bytes);
  await desktop.showError('Export failed', 'no runs');
  assert.deepEqual(invoked.slice(1), [
    [IPC_SAVE_FILE, 'report.html', bytes],
    [IPC_SHOW_ERROR, 'Export failed', 'no runs'],
  ]);
});
