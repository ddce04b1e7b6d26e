// The only two IPC channel names between the renderer and the main process.

/** Request/response channel carrying `(apiChannel, request)`. */
export const IPC_INVOKE = 'dirbench:invoke';

/** Main-to-renderer channel carrying one ApiEventMessage. */
export const IPC_EVENT = 'dirbench:event';
