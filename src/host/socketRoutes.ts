// The browser host's answers off the request path: parser refusals and the event WebSocket upgrade.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { isAuthorized, isTrustedOrigin } from './auth.ts';
import { refuseOnSocket, watchEventClient } from './eventSocket.ts';
import { describeRequest } from './httpAnswers.ts';
import type { HostLog } from './hostLog.ts';
import { RequestRefused, checkMethod, parseRequestTarget } from './requestChecks.ts';

/** Where the live-event WebSocket is. */
export const EVENTS_PATH = '/api/events';

/** Refused for a Host or Origin header the host does not serve. */
export const FORBIDDEN_MESSAGE = 'Forbidden: unexpected Host or Origin header.';
/** Refused for a request without the session's token. */
export const UNAUTHORIZED_MESSAGE =
  'DirBench: open the URL that "dirbench serve" printed; it carries this session\'s access token.';

/** Answers and logs what Node's HTTP parser refuses (bad request lines, oversized headers, timeouts). */
export function answerClientError(log: HostLog, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
        ? 413
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
  log.refused(`http-${err.code ?? 'parse-error'}`, status, err.message);
  // No body, as Node's own answer: the request may have been a HEAD, whose answer must carry none.
  refuseOnSocket(socket, status, '');
}

/** What an upgrade needs: the socket server, the log, the token and the hosts served. */
export interface UpgradeContext {
  wss: WebSocketServer;
  log: HostLog;
  token: string;
  allowedHosts: () => ReadonlySet<string>;
}

/** Upgrades an authorized, same-origin GET of the events path to the live-event socket. */
export function answerUpgrade(
  ctx: UpgradeContext,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  const { wss, log } = ctx;
  try {
    if (!isTrustedOrigin(req, ctx.allowedHosts()))
      throw new RequestRefused(403, 'forbidden-origin', FORBIDDEN_MESSAGE);
    if (parseRequestTarget(req.url).pathname !== EVENTS_PATH)
      throw new RequestRefused(
        404,
        'unknown-channel',
        `WebSocket upgrades go to ${EVENTS_PATH} only.`,
      );
    if (!isAuthorized(req, ctx.token))
      throw new RequestRefused(401, 'unauthorized', UNAUTHORIZED_MESSAGE);
    checkMethod(req.method, ['GET']);
    wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        watchEventClient(ws, log);
      } catch (err) {
        log.unexpected('event socket', err);
        ws.terminate();
      }
    });
  } catch (err) {
    if (err instanceof RequestRefused) {
      log.refused(err.kind, err.status, `upgrade ${describeRequest(req)}`);
      refuseOnSocket(socket, err.status, err.message, err.headers);
    } else {
      log.unexpected('WebSocket upgrade', err);
      refuseOnSocket(socket, 500, 'DirBench hit an internal error; the host logged it.');
    }
  }
}
