// The one API contract: every channel's request and response, and the live events.
import type {
  LabAvailability,
  LabEnded,
  LabInfo,
  LabKind,
  LabLoadMethod,
  LabProgress,
  LabShape,
  LabTlsMode,
} from './labTypes.ts';
import type { ConnectionTestResult, Target, TargetInput } from './targetTypes.ts';
import type {
  ActiveRun,
  RunDetail,
  RunListItem,
  RunRequest,
  RunSample,
  RunStatus,
} from './types.ts';
import type { IndexProfile, WorkloadListItem, WorkloadSpec } from './workload.ts';
import type { ChartKind } from './charts/chartKinds.ts';
import type { CompareRun } from './compare.ts';
import type {
  ChartImageFormat,
  ChartImageSize,
  DataExportFormat,
  ExportFile,
  ExportFilter,
  ExportSelection,
  ImportFormat,
} from './exchange.ts';
import type { HistoryFacets, HistoryFilter, RunAnnotation } from './history.ts';
import type {
  CampaignDetail,
  CampaignListItem,
  CampaignProgress,
  MatrixCheck,
  MatrixListItem,
  MatrixSpec,
} from './matrix.ts';
import type { ReferenceTable } from './reference.ts';
import type {
  AgentListing,
  BrokerListing,
  BrokerStartRequest,
  LocalAgent,
  RunAgentsRequest,
} from './agentTypes.ts';

/** Request and response of each API channel. */
export interface ApiSpec {
  'targets/list': { req: undefined; res: Target[] };
  'targets/save': { req: TargetInput; res: Target };
  'targets/delete': { req: { id: string }; res: void };
  /** Tests a saved target (by id) or unsaved form values. */
  'targets/test': { req: { id: string } | { input: TargetInput }; res: ConnectionTestResult };
  /** How a typed password is kept: sealed by the OS (desktop) or in a mode-600 file under `secretsDir`. */
  'targets/secretStorage': { req: undefined; res: { sealed: boolean; secretsDir: string } };
  'lab/availability': { req: undefined; res: LabAvailability[] };
  'lab/list': { req: undefined; res: LabInfo[] };
  /**
   * Checks the request and records the new lab, then answers at once (like runs/start): the build
   * goes on and reports by `lab/progress` and one `lab/ended` carrying `labId`; `lab/stop` cancels it.
   */
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
      /** Consumers replicating from the lab's server, each its own process (0: none). */
      replicas?: number;
    };
    /** The new lab as recorded (state `loading`, no target until it is ready). */
    res: { labId: string; lab: LabInfo };
  };
  /** Downloads server software DirBench can fetch itself (OpenDJ); answers the kind's new availability. */
  'lab/install': { req: { kind: LabKind }; res: LabAvailability };
  /** The named index profiles a lab can be built with (data/index-profiles.json). */
  'lab/indexProfiles': { req: undefined; res: IndexProfile[] };
  /** Stops a lab; one still starting is cancelled, and its `lab/ended` fails with code `cancelled`. */
  'lab/stop': { req: { id: string }; res: LabInfo };
  /**
   * Cancels a lab's start: one still starting is stopped as by `lab/stop`; one already ready (the
   * cancel came too late) or ended is left as it is. Answers the lab as it then stands.
   */
  'lab/cancel': { req: { id: string }; res: LabInfo };
  /** Stops a lab and deletes everything it has on disk. */
  'lab/destroy': { req: { id: string }; res: void };
  'runs/start': { req: RunRequest; res: { runId: string } };
  'runs/stop': { req: { runId: string }; res: void };
  'runs/active': { req: undefined; res: ActiveRun | null };
  /** Stored runs, newest first, narrowed by the filter (all of them without one). */
  'history/list': { req: HistoryFilter; res: RunListItem[] };
  'history/get': { req: { runId: string }; res: RunDetail };
  /** The values the history filters can take, with counts. */
  'history/facets': { req: undefined; res: HistoryFacets };
  /** Sets a run's notes and/or tags. */
  'history/annotate': { req: RunAnnotation; res: RunListItem };
  /** Deletes stored runs (not ones in progress) with their samples. */
  'history/delete': { req: { runIds: string[] }; res: { deleted: number } };
  /** Saved and built-in matrices. */
  'matrix/list': { req: undefined; res: MatrixListItem[] };
  'matrix/get': { req: { id: string }; res: MatrixSpec };
  /** Validates a matrix (e.g. one being built) and answers its cells and estimated time; rejects naming the field. */
  'matrix/check': { req: { spec: unknown }; res: MatrixCheck };
  /** Saves a matrix as `user/NAME`, replacing one with the same name. */
  'matrix/save': { req: { spec: MatrixSpec }; res: MatrixListItem };
  'matrix/delete': { req: { id: string }; res: void };
  /** Starts running a matrix as a new campaign (one campaign at a time). */
  /** `confirmed` acknowledges heavy load on saved targets that are not labs (see runs/start). */
  'campaigns/start': {
    req: { spec: MatrixSpec; confirmed?: boolean };
    res: { campaignId: string };
  };
  /** Pauses after the current cell; resume continues with the next. */
  'campaigns/pause': { req: { campaignId: string }; res: void };
  /** Continues a paused or interrupted campaign from its first unfinished cell. */
  'campaigns/resume': { req: { campaignId: string }; res: void };
  /** Stops the current cell (its run is kept as stopped) and ends the campaign. */
  'campaigns/cancel': { req: { campaignId: string }; res: void };
  'campaigns/list': { req: undefined; res: CampaignListItem[] };
  'campaigns/get': { req: { campaignId: string }; res: CampaignDetail };
  'campaigns/active': { req: undefined; res: CampaignProgress | null };
  /** Deletes a campaign and its runs. */
  'campaigns/delete': { req: { campaignId: string }; res: void };
  /** The selected runs (or a campaign's) reduced to what the compare charts draw. */
  'compare/runs': { req: ExportSelection; res: CompareRun[] };
  /** Runs, samples and summaries as CSV or JSON, or a run's HdrHistogram interval log. */
  'export/data': {
    req: ExportSelection &
      ExportFilter & { format: DataExportFormat; content?: 'summaries' | 'samples' };
    res: ExportFile;
  };
  /** A chart drawn on the host as the CLI draws it (PNG or SVG). */
  'export/chart': {
    req: ExportSelection &
      ExportFilter &
      ChartImageSize & {
        chart: ChartKind;
        format: ChartImageFormat;
        metric?: string;
        /** Ids of reference tables (reference/list) to overlay, marked as published figures. */
        references?: string[];
      };
    res: ExportFile;
  };
  /** A self-contained HTML report of a campaign (or of selected runs) that opens offline. */
  'export/report': {
    req: ExportSelection &
      ExportFilter &
      ChartImageSize & { references?: string[]; metric?: string };
    res: ExportFile;
  };
  /** Stores a peer tool's output as an external run. */
  'import/run': {
    req: { format: ImportFormat; fileName: string; text: string; targetName?: string };
    res: { runId: string };
  };
  /** Published figures of the studies (data/reference). */
  'reference/list': { req: undefined; res: ReferenceTable[] };
  /** The built-in workload, every catalog entry and the user's saved workloads. */
  'workloads/list': { req: undefined; res: WorkloadListItem[] };
  'workloads/get': { req: { id: string }; res: WorkloadSpec };
  /** Validates a definition (e.g. one being edited) and returns it normalized; rejects naming the field. */
  'workloads/check': { req: { spec: unknown }; res: WorkloadSpec };
  /** Saves a user workload (id `user/NAME`), replacing one with the same id. */
  'workloads/save': { req: { spec: WorkloadSpec }; res: WorkloadListItem };
  'workloads/delete': { req: { id: string }; res: void };
  /** The NATS brokers of this data folder, newest first, without their credentials. */
  'brokers/list': { req: undefined; res: BrokerListing[] };
  /**
   * The load agents a broker has heard from (as `dirbench agents list --json`): connects as the
   * coordinator, lists, closes. `broker` is a broker id of this data folder or a tls:// URL with
   * the coordinator's credentials file.
   */
  'agents/list': {
    req: Pick<RunAgentsRequest, 'broker' | 'caFile' | 'credentialsFile'>;
    res: AgentListing[];
  };
  /**
   * Starts a broker on this machine (as `dirbench broker start`) that stops with this host; answers
   * once it serves. nats-server missing or the port taken are refused naming the cause.
   */
  'brokers/start': { req: BrokerStartRequest; res: BrokerListing };
  /**
   * Stops a broker of this data folder and this host's agents of it. One that connected agents or
   * a run are using is refused with code `needs-confirmation` (the reason in `detail`) unless
   * `confirmed`.
   */
  'brokers/stop': { req: { id: string; confirmed?: boolean }; res: BrokerListing };
  /** The load agents this host runs itself, by broker and name. */
  'agents/local': { req: undefined; res: LocalAgent[] };
  /** Runs agent `name` of local broker `broker` inside this host (as `dirbench agent`); answers once it is connected. */
  'agents/start': { req: { broker: string; name: string }; res: LocalAgent };
  /** Stops an agent this host runs; one hosting a run's workers needs `confirmed` (code `needs-confirmation`). */
  'agents/stop': { req: { broker: string; name: string; confirmed?: boolean }; res: LocalAgent };
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
  /** A start from `lab/start` is over: ready (with its target) or failed; one per start. */
  'lab/ended': LabEnded;
  'lab/changed': { lab: LabInfo };
  /** A lab was destroyed: it is gone from lab/list. */
  'lab/removed': { id: string };
  'targets/changed': Record<string, never>;
  'workloads/changed': Record<string, never>;
  'campaign/progress': CampaignProgress;
  /** Runs were added, deleted or annotated: history lists reload. */
  'history/changed': Record<string, never>;
  'matrices/changed': Record<string, never>;
  /** A broker of this data folder started, stopped or failed. */
  'brokers/changed': { broker: BrokerListing };
  /** An agent this host runs started, stopped or failed. */
  'agents/changed': { agent: LocalAgent };
}

/** Name of a live event. */
export type ApiEventName = keyof ApiEvents;

/** One event as it travels over IPC or WebSocket. */
export type ApiEventMessage = {
  [E in ApiEventName]: { event: E; payload: ApiEvents[E] };
}[ApiEventName];

/**
 * Every channel, as the keys of a record the type checker holds to the contract: a channel added to
 * ApiSpec and missing here (or listed here and not in ApiSpec) is a type error, not a run-time
 * "unknown API channel".
 */
const CHANNEL_RECORD = {
  'targets/list': true,
  'targets/save': true,
  'targets/delete': true,
  'targets/test': true,
  'targets/secretStorage': true,
  'lab/availability': true,
  'lab/list': true,
  'lab/start': true,
  'lab/stop': true,
  'lab/cancel': true,
  'lab/destroy': true,
  'lab/indexProfiles': true,
  'lab/install': true,
  'runs/start': true,
  'runs/stop': true,
  'runs/active': true,
  'history/list': true,
  'history/get': true,
  'history/facets': true,
  'history/annotate': true,
  'history/delete': true,
  'matrix/list': true,
  'matrix/get': true,
  'matrix/check': true,
  'matrix/save': true,
  'matrix/delete': true,
  'campaigns/start': true,
  'campaigns/pause': true,
  'campaigns/resume': true,
  'campaigns/cancel': true,
  'campaigns/list': true,
  'campaigns/get': true,
  'campaigns/active': true,
  'campaigns/delete': true,
  'compare/runs': true,
  'export/data': true,
  'export/chart': true,
  'export/report': true,
  'import/run': true,
  'reference/list': true,
  'workloads/list': true,
  'workloads/get': true,
  'workloads/check': true,
  'workloads/save': true,
  'workloads/delete': true,
  'brokers/list': true,
  'agents/list': true,
  'brokers/start': true,
  'brokers/stop': true,
  'agents/local': true,
  'agents/start': true,
  'agents/stop': true,
} as const satisfies Record<ApiChannel, true>;

/** Every channel name, for hosts that must enumerate them (IPC gate, HTTP router). */
export const API_CHANNELS = Object.keys(CHANNEL_RECORD) as readonly ApiChannel[];

/** The channels of one area (`lab`, `runs`, ...): handler modules implement `Pick<ApiHandlers, ChannelsOf<'lab'>>`. */
export type ChannelsOf<Area extends string> = Extract<ApiChannel, `${Area}/${string}`>;

/** True when `name` is a known channel (for untrusted input from IPC or HTTP). */
export function isApiChannel(name: string): name is ApiChannel {
  return Object.hasOwn(CHANNEL_RECORD, name);
}
