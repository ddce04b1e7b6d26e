// Saves a file the host made (or the page drew) through the browser's download, in Electron and browser mode.
import type { ExportFile } from '../../shared/exchange.ts';

/** Offers `file` as a download named `file.fileName`. */
export function downloadFile(file: ExportFile): void {
  const blob =
    file.base64 !== undefined
      ? new Blob([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], {
          type: file.mimeType,
        })
      : new Blob([file.text ?? ''], { type: file.mimeType });
  downloadBlob(blob, file.fileName);
}

/** Offers `blob` as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
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

/** Reads a file the user picked as text. */
export function readFileText(file: File): Promise<string> {
  return file.text();
}
