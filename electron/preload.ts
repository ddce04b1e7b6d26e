// Sandboxed preload: exposes the API bridge (invoke, subscribe) and the desktop bridge (menu
// commands, native save dialog, error box) to the renderer, nothing of Node or Electron.
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { ApiEventMessage } from '../src/shared/api.ts';
import { isApiChannel } from '../src/shared/api.ts';
import type { DesktopBridge, DesktopCommand } from '../src/shared/desktopCommands.ts';
import {
  IPC_COMMAND,
  IPC_SAVE_FILE,
  IPC_SHOW_ERROR,
  isDesktopCommand,
} from '../src/shared/desktopCommands.ts';
import { IPC_EVENT, IPC_INVOKE } from './channels.ts';

interface InvokeReply {
  ok: boolean;
  res?: unknown;
  error?: unknown;
}

contextBridge.exposeInMainWorld('dirbench', {
  async invoke(channel: string, req: unknown): Promise<unknown> {
    // Only the API's own task channels cross the bridge (main checks again).
    if (typeof channel !== 'string' || !isApiChannel(channel)) {
      throw { kind: 'not-found', message: `unknown API channel ${String(channel)}` };
    }
    // Errors travel as data: Electron would flatten a thrown error into an unparseable string.
    const reply = (await ipcRenderer.invoke(IPC_INVOKE, channel, req)) as InvokeReply;
    if (!reply.ok) throw reply.error;
    return reply.res;
  },
  subscribe(listener: (message: ApiEventMessage) => void): () => void {
    const handler = (_event: IpcRendererEvent, message: ApiEventMessage) => listener(message);
    ipcRenderer.on(IPC_EVENT, handler);
    return () => ipcRenderer.removeListener(IPC_EVENT, handler);
  },
});

const desktop: DesktopBridge = {
  onCommand(listener: (command: DesktopCommand) => void): () => void {
    const handler = (_event: IpcRendererEvent, command: unknown) => {
      if (isDesktopCommand(command)) listener(command);
    };
    ipcRenderer.on(IPC_COMMAND, handler);
    return () => ipcRenderer.removeListener(IPC_COMMAND, handler);
  },
  async saveFile(defaultName: string, bytes: Uint8Array): Promise<string | null> {
    return (await ipcRenderer.invoke(IPC_SAVE_FILE, String(defaultName), bytes)) as string | null;
  },
  async showError(title: string, message: string): Promise<void> {
    await ipcRenderer.invoke(IPC_SHOW_ERROR, String(title), String(message));
  },
};
contextBridge.exposeInMainWorld('dirbenchDesktop', desktop);
