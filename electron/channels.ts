// The API's two IPC channel names between the renderer and the main process (the desktop bridge's are in src/shared/desktopCommands.ts).

/** Request/response channel carrying `(apiChannel, request)`. */
export const IPC_INVOKE = 'dirbench:invoke';

/** Main-to-renderer channel carrying one ApiEventMessage. */
export const IPC_EVENT = 'dirbench:event';
