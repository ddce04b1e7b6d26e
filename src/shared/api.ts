// The one API contract: every channel's request and response, and the live events.
import type {
  ActiveRun,
  ConnectionTestResult,
  LabAvailability,
  LabInfo,
  LabKind,
  LabProgress,
  RunDetail,
  RunListItem,
  RunRequest,
  RunSample,
  RunStatus,
  Target,
  TargetInput,
} from './types.ts';

/** Request and response of each API channel. */
export interface ApiSpec {
  'targets/list': { req: undefined; res: Target[] };
  'targets/save': { req: TargetInput; res: Target };
  'targets/delete': { req: { id: string }; res: void };
  /** Tests a saved target (by id) or unsaved form values. */
  'targets/test': { req: { id: string } | { input: TargetInput }; res: ConnectionTestResult };
  'lab/availability': { req: undefined; res: LabAvailability[] };
  'lab/list': { req: undefined; res: LabInfo[] };
  'lab/start': { req: { kind: LabKind; entries: number; seed?: number }; res: LabInfo };
  'lab/stop': { req: { id: string }; res: LabInfo };
  'runs/start': { req: RunRequest; res: { runId: string } };
  'runs/stop': { req: { runId: string }; res: void };
  'runs/active': { req: undefined; res: ActiveRun | null };
  'history/list': { req: undefined; res: RunListItem[] };
  'history/get': { req: { runId: string }; res: RunDetail };
}

/** Name of an API channel. */
export type ApiChannel = keyof ApiSpec;

/** Request type of a channel. */
export type ApiRequest<C extends ApiChannel> = ApiSpec[C]['req'];

/** Response type of a channel. */
export type ApiResponse<C extends ApiChannel> = ApiSpec[C]['res'];

/** The handler map each host registers; implemented once in core. */
export type ApiHandlers = { [C in ApiChannel]: (req: ApiRequest<C>) => Promise<ApiResponse<C>> };

/** Live events pushed from the host to every connected UI. */
export interface ApiEvents {
  'run/started': { runId: string; active: ActiveRun };
  'run/sample': { runId: string; sample: RunSample };
  'run/ended': { runId: string; status: RunStatus; endReason: string | null };
  'lab/progress': LabProgress;
  'lab/changed': { lab: LabInfo };
  'targets/changed': Record<string, never>;
}

/** Name of a live event. */
export type ApiEventName = keyof ApiEvents;

/** One event as it travels over IPC or WebSocket. */
export type ApiEventMessage = {
  [E in ApiEventName]: { event: E; payload: ApiEvents[E] };
}[ApiEventName];

/** Every channel name, for hosts that must enumerate them (IPC gate, HTTP router). */
export const API_CHANNELS: readonly ApiChannel[] = [
  'targets/list',
  'targets/save',
  'targets/delete',
  'targets/test',
  'lab/availability',
  'lab/list',
  'lab/start',
  'lab/stop',
  'runs/start',
  'runs/stop',
  'runs/active',
  'history/list',
  'history/get',
] as const satisfies readonly ApiChannel[];

/** True when `name` is a known channel (for untrusted input from IPC or HTTP). */
export function isApiChannel(name: string): name is ApiChannel {
  return (API_CHANNELS as readonly string[]).includes(name);
}
