// Saves a file the host made (or the page drew): the native save dialog in the desktop app, the
// browser's download in browser mode.
import type { ExportFile } from '../../shared/exchange.ts';
import { desktopBridge } from '../desktop/desktopBridge.ts';

/** Offers `file` for saving under `file.fileName`. */
export function downloadFile(file: ExportFile): void {
  const blob =
    file.base64 !== undefined
      ? new Blob([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], {
          type: file.mimeType,
        })
      : new Blob([file.text ?? ''], { type: file.mimeType });
  downloadBlob(blob, file.fileName);
}

/** Offers `blob` for saving under `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const bridge = desktopBridge();
  if (bridge) {
    // The user picks the folder; a cancelled dialog is not an error.
    void blob
      .arrayBuffer()
      .then((buffer) => bridge.saveFile(fileName, new Uint8Array(buffer)))
      .catch((err: unknown) =>
        bridge.showError(
          `Could not save ${fileName}`,
          `${err instanceof Error ? err.message : String(err)}\n\nPick a folder you can write to and export again.`,
        ),
      );
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once click() returns; the URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
