// The worker's channel to its parent, under child_process.fork (process.send) or Electron's utilityProcess (process.parentPort).

/** A duplex message channel to the parent process. */
export interface ParentPort {
  /** Sends a message; resolves once it has been handed to the channel. */
  post(message: unknown): Promise<void>;
  onMessage(callback: (message: unknown) => void): void;
  /** Called when the parent goes away (fork only; a utility process dies with its parent). */
  onDisconnect(callback: () => void): void;
  kind: 'fork' | 'utility';
}

/** Electron's utilityProcess parent port, described structurally so core never imports electron. */
interface UtilityParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

/** The parent channel of this process, or null when it was not started as a worker. */
export function openParentPort(): ParentPort | null {
  const utility = (process as unknown as { parentPort?: UtilityParentPort }).parentPort;
  if (utility !== undefined) {
    return {
      kind: 'utility',
      post(message) {
        utility.postMessage(message);
        // postMessage has no completion callback; a turn of the loop lets it leave before an exit.
        return new Promise((resolve) => setTimeout(resolve, 20));
      },
      onMessage(callback) {
        utility.on('message', (event) => callback(event.data));
      },
      onDisconnect() {
        // Nothing to watch: Electron ends utility processes with their parent.
      },
    };
  }
  const send = process.send?.bind(process);
  if (send !== undefined) {
    return {
      kind: 'fork',
      post(message) {
        return new Promise((resolve) => {
          // The callback fires once the message is written; errors mean the parent is gone.
          if (!process.connected) resolve();
          else send(message, undefined, undefined, () => resolve());
        });
      },
      onMessage(callback) {
        process.on('message', callback);
      },
      onDisconnect(callback) {
        process.on('disconnect', callback);
      },
    };
  }
  return null;
}
