// The composition root both hosts use: database, labs, run service and the one handler map.
import { join } from 'node:path';
import type {
  ApiChannel,
  ApiEventMessage,
  ApiHandlers,
  ApiRequest,
  ApiResponse,
} from '../../shared/api.ts';
import { brokerListing } from '../api/brokerHandlers.ts';
import { coreHandlers } from './coreHandlers.ts';
import { LocalAgents } from '../agents/localAgents.ts';
import { callApi } from '../api/dispatch.ts';
import type { CampaignProgress } from '../../shared/matrix.ts';
import type { RunRequest } from '../../shared/types.ts';
import { BrokerManager } from '../broker/brokerManager.ts';
import { LabManager } from '../lab/labManager.ts';
import { CampaignRunner } from '../matrix/campaignRunner.ts';
import { MatrixLibrary } from '../matrix/matrixLibrary.ts';
import type { WorkerLauncher } from '../runner/launcher.ts';
import { startGuardedRun } from '../runs/guardedStart.ts';
import type { StartedRun } from '../runs/guardedStart.ts';
import { loadGuardLimits } from '../runs/loadGuard.ts';
import { RunService } from '../runs/runService.ts';
import type { RunStartOptions } from '../runs/runService.ts';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { CalibrationsRepo } from '../store/calibrationsRepo.ts';
import { BrokersRepo } from '../store/brokersRepo.ts';
import { CampaignsRepo } from '../store/campaignsRepo.ts';
import { MatrixRepo } from '../store/matrixRepo.ts';
import { LabsRepo } from '../store/labsRepo.ts';
import { RunsRepo } from '../store/runsRepo.ts';
import { TargetsRepo } from '../store/targetsRepo.ts';
import type { SecretSealer } from '../secrets/secretRef.ts';
import { TargetSecrets } from '../secrets/targetSecrets.ts';
import { WorkloadsRepo } from '../store/workloadsRepo.ts';
import { WorkloadLibrary } from '../workload/library.ts';
import { openRunAgents } from '../agents/runAgents.ts';

/** Where the core keeps its state and how it starts load workers. */
export interface CoreOptions {
  dbFile: string;
  dataDir: string;
  launcher: WorkerLauncher;
  /** The desktop's OS-backed sealer for typed passwords; without one they go to mode-600 files. */
  sealer?: SecretSealer;
  /** Where the lines of agents the host runs itself go (connected, broker lost, stopping); none by default. */
  log?: (line: string) => void;
}

/** A running core: services for the CLI, handlers for the hosts, live events for UIs. */
export interface Core {
  db: Db;
  targets: TargetsRepo;
  runs: RunsRepo;
  calibrations: CalibrationsRepo;
  labs: LabManager;
  /** NATS brokers for load agents. */
  brokers: BrokerManager;
  /** Load agents this host runs itself for its brokers. */
  localAgents: LocalAgents;
  workloads: WorkloadLibrary;
  runService: RunService;
  /** Saved and built-in matrices. */
  matrices: MatrixLibrary;
  /** The campaign runner (one campaign at a time). */
  campaigns: CampaignRunner;
  handlers: ApiHandlers;
  /** Calls a channel as the hosts do, its request validator first (see callApi). */
  call<C extends ApiChannel>(channel: C, req: ApiRequest<C>): Promise<ApiResponse<C>>;
  /** Starts a run under the rules every host shares (see startGuardedRun), for hosts that await its end. */
  startRun(req: RunRequest, options?: RunStartOptions): Promise<StartedRun>;
  /** Sends a live event to every listener; with `subscribe`, lets `startLabAndWait` take the core. */
  emit(message: ApiEventMessage): void;
  /** Registers a listener for live events; returns the unsubscribe function. */
  subscribe(listener: (message: ApiEventMessage) => void): () => void;
  /**
   * Stops the active run and the labs, agents and brokers this process owns, then closes the database.
   * With `ending` 'failed' (the host hit an error) the run, or a campaign's current cell, is stored
   * as failed with `reason`.
   */
  shutdown(reason: string, ending?: 'stopped' | 'failed'): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The labs, brokers and local agents, each rid of the processes a crashed host left behind. */
async function openManagers(
  options: CoreOptions,
  db: Db,
  emit: (message: ApiEventMessage) => void,
): Promise<Pick<Core, 'labs' | 'brokers' | 'localAgents'>> {
  const labs = new LabManager({
    dataDir: options.dataDir,
    registry: new LabsRepo(db),
    onProgress: (progress) => emit({ event: 'lab/progress', payload: progress }),
    onChange: (lab) => emit({ event: 'lab/changed', payload: { lab } }),
  });
  await labs.reapOrphans();
  const brokers = new BrokerManager({
    dataDir: options.dataDir,
    registry: new BrokersRepo(db),
    onChange: (broker) =>
      emit({ event: 'brokers/changed', payload: { broker: brokerListing(broker) } }),
  });
  await brokers.reapOrphans();
  const localAgents = new LocalAgents({
    launcher: options.launcher,
    brokers: (id) => brokers.get(id),
    onChange: (agent) => emit({ event: 'agents/changed', payload: { agent } }),
    log: options.log ?? (() => undefined),
  });
  return { labs, brokers, localAgents };
}

/** The core's shutdown: stops what this process owns, once, then closes the database. */
function shutdownOf(
  core: Pick<
    Core,
    'db' | 'targets' | 'labs' | 'brokers' | 'localAgents' | 'runService' | 'campaigns'
  >,
): Core['shutdown'] {
  const { db, targets, labs, brokers, localAgents, runService, campaigns } = core;
  let closed = false;
  return async (reason, ending = 'stopped') => {
    if (closed) return;
    closed = true;
    // Failed first: a campaign's shutdown would otherwise stop its cell's run as "shutting down".
    if (ending === 'failed') runService.failActive(reason);
    await campaigns.shutdown();
    await runService.stopAll(reason);
    await localAgents.stopAll();
    await labs.stopOwned();
    await brokers.stopOwned();
    for (const lab of labs.list()) if (lab.state !== 'running') targets.deleteForLab(lab.id);
    db.close();
  };
}

/** Opens the database, recovers from a previous crash and wires the services. */
export async function openCore(options: CoreOptions): Promise<Core> {
  const db = openDatabase(options.dbFile);
  const listeners = new Set<(message: ApiEventMessage) => void>();
  const emit = (message: ApiEventMessage): void => {
    for (const listener of listeners) listener(message);
  };
  const targets = new TargetsRepo(
    db,
    new TargetSecrets(join(options.dataDir, 'secrets'), options.sealer ?? null),
  );
  // Databases from before secret references held plain passwords: they move to files here.
  targets.movePlainPasswords();
  const runs = new RunsRepo(db);
  runs.markInterrupted(isAlive);
  const { labs, brokers, localAgents } = await openManagers(options, db, emit);
  // Targets of labs that are gone would only fail when used.
  for (const lab of labs.list()) {
    if (lab.state !== 'running' && lab.state !== 'loading' && lab.state !== 'starting')
      targets.deleteForLab(lab.id);
  }
  const calibrations = new CalibrationsRepo(db);
  const workloads = new WorkloadLibrary(new WorkloadsRepo(db));
  const runService = new RunService({
    workloads,
    runs,
    targets,
    calibrations,
    labs,
    launcher: options.launcher,
    emit,
    openAgents: (request) => openRunAgents(request, (id) => brokers.get(id)),
  });
  const campaignsRepo = new CampaignsRepo(db);
  const matrices = new MatrixLibrary(new MatrixRepo(db), workloads, targets);
  const campaigns = new CampaignRunner({
    campaigns: campaignsRepo,
    matrices,
    workloads,
    runService,
    labs,
    targets,
    emit,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isAlive,
  });
  campaigns.markInterrupted();
  const activeCampaign = (): CampaignProgress | null => campaigns.active();
  const handlers = coreHandlers({
    db,
    targets,
    runs,
    labs,
    brokers,
    localAgents,
    workloads,
    runService,
    matrices,
    campaignsRepo,
    campaigns,
    emit,
  });
  return {
    db,
    targets,
    runs,
    calibrations,
    labs,
    brokers,
    localAgents,
    workloads,
    runService,
    matrices,
    campaigns,
    handlers,
    call: (channel, req) => callApi(handlers, channel, req),
    startRun: (req, options) =>
      startGuardedRun(
        { service: runService, activeCampaign, targets, limits: loadGuardLimits },
        req,
        options,
      ),
    emit,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    shutdown: shutdownOf({ db, targets, labs, brokers, localAgents, runService, campaigns }),
  };
}
