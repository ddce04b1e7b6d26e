// The one API contract: every channel's request and response, and the live events.
import type {
  ActiveRun,
  ConnectionTestResult,
  LabAvailability,
  LabInfo,
  LabKind,
  LabLoadMethod,
  LabProgress,
  LabShape,
  LabTlsMode,
  RunDetail,
  RunListItem,
  RunRequest,
  RunSample,
  RunStatus,
  Target,
  TargetInput,
} from './types.ts';
import type { IndexProfile, WorkloadListItem, WorkloadSpec } from './workload.ts';

/** Request and response of each API channel. */
export interface ApiSpec {
  'targets/list': { req: undefined; res: Target[] };
  'targets/save': { req: TargetInput; res: Target };
  'targets/delete': { req: { id: string }; res: void };
  /** Tests a saved target (by id) or unsaved form values. */
  'targets/test': { req: { id: string } | { input: TargetInput }; res: ConnectionTestResult };
  'lab/availability': { req: undefined; res: LabAvailability[] };
  'lab/list': { req: undefined; res: LabInfo[] };
  'lab/start': {
    req: {
      kind: LabKind;
      entries: number;
      seed?: number;
      indexProfile?: string;
      load?: LabLoadMethod;
      loadConnections?: number;
      tls?: LabTlsMode;
      shape?: LabShape;
    };
    res: LabInfo;
  };
  /** Downloads server software DirBench can fetch itself (OpenDJ); answers the kind's new availability. */
  'lab/install': { req: { kind: LabKind }; res: LabAvailability };
  /** The named index profiles a lab can be built with (data/index-profiles.json). */
  'lab/indexProfiles': { req: undefined; res: IndexProfile[] };
  'lab/stop': { req: { id: string }; res: LabInfo };
  /** Stops a lab and deletes everything it has on disk. */
  'lab/destroy': { req: { id: string }; res: void };
  'runs/start': { req: RunRequest; res: { runId: string } };
  'runs/stop': { req: { runId: string }; res: void };
  'runs/active': { req: undefined; res: ActiveRun | null };
  'history/list': { req: undefined; res: RunListItem[] };
  'history/get': { req: { runId: string }; res: RunDetail };
  /** The built-in workload, every catalog entry and the user's saved workloads. */
  'workloads/list': { req: undefined; res: WorkloadListItem[] };
  'workloads/get': { req: { id: string }; res: WorkloadSpec };
  /** Validates a definition (e.g. one being edited) and returns it normalized; rejects naming the field. */
  'workloads/check': { req: { spec: unknown }; res: WorkloadSpec };
  /** Saves a user workload (id `user/NAME`), replacing one with the same id. */
  'workloads/save': { req: { spec: WorkloadSpec }; res: WorkloadListItem };
  'workloads/delete': { req: { id: string }; res: void };
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
  /** Load is over; workers are removing the entries the run added before it ends. */
  'run/cleaning': { runId: string };
  'lab/progress': LabProgress;
  'lab/changed': { lab: LabInfo };
  /** A lab was destroyed: it is gone from lab/list. */
  'lab/removed': { id: string };
  'targets/changed': Record<string, never>;
  'workloads/changed': Record<string, never>;
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
  'lab/destroy',
  'lab/indexProfiles',
  'lab/install',
  'runs/start',
  'runs/stop',
  'runs/active',
  'history/list',
  'history/get',
  'workloads/list',
  'workloads/get',
  'workloads/check',
  'workloads/save',
  'workloads/delete',
] as const satisfies readonly ApiChannel[];

/** True when `name` is a known channel (for untrusted input from IPC or HTTP). */
export function isApiChannel(name: string): name is ApiChannel {
  return (API_CHANNELS as readonly string[]).includes(name);
}
