// Starts, tracks and stores benchmark runs: resolves the target, runs the orchestrator, persists every second.
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { ActiveRun, RunConfig, RunDetail, RunRequest, RunSample } from '../../shared/types.ts';
import type { RunAgentsRequest } from '../../shared/agentTypes.ts';
import { validateRunRequest } from '../../shared/validation.ts';
import type { LabManager } from '../lab/labManager.ts';
import { watchReplication } from '../replication/runLag.ts';
import { workloadOnLab } from '../lab/labPlacement.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import { openServerMonitor } from '../monitor/serverMonitor.ts';
import { MONITOR_READERS } from '../lab/drivers.ts';
import { targetConnection } from '../ldap/targetConnection.ts';
import { testConnection } from '../ldap/testConnection.ts';
import { defaultWorkerCount } from '../runner/defaults.ts';
import type { WorkerLauncher } from '../runner/launcher.ts';
import { startRun } from '../runner/orchestrator.ts';
import { OP_TIMEOUT_MS } from '../runner/runContract.ts';
import type { RunHandle, RunOutcome } from '../runner/runContract.ts';
import { databaseFailure } from '../store/databaseErrors.ts';
import { runDnSource } from './runDnSource.ts';
import { startOnAgents } from './runOnAgents.ts';
import type { AgentsOpener } from '../agents/runAgents.ts';
import { endFigures, launchPlan, storeSample } from './runLaunch.ts';
import type { LaunchParts } from './runLaunch.ts';
import { resolveServerSet } from './serverSet.ts';
import type { RunServerSide } from './serverSet.ts';
import { ServerWatch } from './serverWatch.ts';
import { newId, nowIso } from '../store/ids.ts';
import type { CalibrationsRepo } from '../store/calibrationsRepo.ts';
import type { RunsRepo } from '../store/runsRepo.ts';
import type { TargetsRepo } from '../store/targetsRepo.ts';
import type { WorkloadLibrary } from '../workload/library.ts';
import { captureEnvironment } from './environment.ts';
import { checkRunLength, hardCap, loadGuardLimits } from './loadGuard.ts';
import { checkExternalBinds, resolveWorkload } from './resolveWorkload.ts';
import { runThresholds } from './runThresholds.ts';
import { unstoredEnding } from './unstoredEnding.ts';
import type { RunOutcomeText } from './unstoredEnding.ts';

/** What the run service needs from its host. */
export interface RunServiceDeps {
  runs: RunsRepo;
  targets: TargetsRepo;
  calibrations: CalibrationsRepo;
  labs: LabManager;
  workloads: WorkloadLibrary;
  launcher: WorkerLauncher;
  emit: (message: ApiEventMessage) => void;
  /** Connects to the load agents a request names (absent: runs on agents are refused). */
  openAgents?: AgentsOpener;
}

/** Per-call options that never get stored (e.g. a password read from a file by the CLI). */
export interface RunStartOptions {
  password?: string;
  /** Folder relative file paths in the workload start from (a workload file's folder). */
  workloadBaseDir?: string;
}

interface ActiveState {
  runId: string;
  config: RunConfig;
  startedAt: string;
  status: ActiveRun['status'];
  samples: RunSample[];
  handle: RunHandle;
  /** Resolves once the outcome is stored. */
  stored: Promise<RunDetail> | null;
  cleaning: boolean;
}

/** One run at a time per host; the results of every run land in the store. */
export class RunService {
  private readonly deps: RunServiceDeps;
  private active: ActiveState | null = null;

  constructor(deps: RunServiceDeps) {
    this.deps = deps;
  }

  /** Validates, connects, starts the workers; `done` resolves with the stored run when it ends. */
  async start(
    req: RunRequest,
    options: RunStartOptions = {},
  ): Promise<{ runId: string; done: Promise<RunDetail>; notes: string[] }> {
    validateRunRequest(req);
    checkRunLength(req, loadGuardLimits());
    // The workload is checked before anything connects: a mistake costs no connection.
    const workload = resolveWorkload(this.deps.workloads, req, options.workloadBaseDir);
    const thresholds = runThresholds(workload.spec, req);
    if (this.active) {
      throw new ApiError(
        'conflict',
        `run ${this.active.runId} is still in progress; stop it or wait for it to end`,
      );
    }
    const target = this.deps.targets.get(req.targetId);
    const lab = target.labId ? this.deps.labs.get(target.labId) : null;
    if (target.labId && (!lab || lab.state !== 'running')) {
      throw new ApiError(
        'unavailable',
        `lab ${target.labId} is not running; start a new lab first`,
        'targetId',
      );
    }
    // Its DNs name the shape's suffix; some kinds keep the entries elsewhere (Samba AD: in its domain).
    if (lab) workload.spec = workloadOnLab(workload.spec, lab);
    checkExternalBinds(workload.spec, target.clientCertFile !== null, 'workloadSpec');
    // The password is read from its reference now and only travels to the workers, never stored.
    const connection: LdapConnectionParams = targetConnection(
      target,
      options.password ?? this.deps.targets.password(target),
      req.tcpNoDelay ?? true,
    );
    const probe = await testConnection(connection);
    if (!probe.ok) {
      throw new ApiError(
        'unavailable',
        `cannot reach ${target.name} (${target.url}): ${probe.error.message}`,
        'targetId',
      );
    }

    const dnPlan = await runDnSource(lab, workload, connection, target.baseDn);
    const { targets } = this.deps;
    const serverSet = await resolveServerSet(targets, req, target, connection, options.password);

    const onAgents = req.agents === undefined ? null : await this.openAgents(req.agents);
    const workers = Math.min(
      req.workers ?? onAgents?.count ?? defaultWorkerCount(),
      req.connections,
    );
    const config: RunConfig = {
      targetId: target.id,
      workload: workload.spec.id,
      workloadSpec: workload.spec,
      connections: req.connections,
      depth: req.depth,
      warmupS: req.warmupS,
      durationS: req.durationS,
      workers,
      tcpNoDelay: connection.tcpNoDelay,
      seed: req.seed ?? 1,
      targetName: target.name,
      url: target.url,
      startTls: target.startTls,
      bindDn: target.bindDn,
      baseDn: target.baseDn,
      tlsVerify: target.tlsVerify,
      clientCertFile: target.clientCertFile,
      entries: dnPlan.entries,
      loadModel:
        req.targetOpsPerSec !== undefined || req.rateProfile !== undefined ? 'open' : 'closed',
      connectionPolicy: req.policy ?? { kind: 'persistent' },
      targetOpsPerSec: req.targetOpsPerSec ?? null,
      rateProfile: req.rateProfile ?? null,
      cooldownS: req.cooldownS ?? 0,
      opTimeoutS: req.opTimeoutS ?? OP_TIMEOUT_MS / 1000,
    };
    if (thresholds.length > 0) config.thresholds = thresholds.map((t) => t.expression);
    if (req.replication !== undefined) config.replication = req.replication;
    if (serverSet !== null) config.serverSet = serverSet.record;
    if (dnPlan.sampleLimit !== undefined) config.sampleLimit = dnPlan.sampleLimit;
    const runId = newId('run');
    const environment = captureEnvironment(probe.rootDse, lab);
    const session = onAgents === null ? null : await startOnAgents(onAgents, runId, config);
    const side: RunServerSide = {
      // A target's own monitor, read with the run's bind (a lab's is read as its root, at load start).
      target: lab === null ? await openServerMonitor(connection, MONITOR_READERS) : null,
      servers: serverSet?.plan,
    };
    try {
      this.deps.runs.create(runId, config, environment);
      const notes = [side.target?.note, dnPlan.note].filter((n) => n != null);
      if (notes.length > 0) this.deps.runs.annotate({ runId, notes: notes.join('\n') });
    } catch (err) {
      void session?.close();
      void side.target?.monitor?.close();
      // Nothing is half-written: the run cannot be recorded, so load never starts.
      throw databaseFailure(err, 'recording a new run (no load was started)');
    }
    return {
      runId,
      done: this.launch({
        runId,
        config,
        connection,
        dnSource: dnPlan.dnSource,
        workload,
        lab,
        session,
        side,
      }),
      notes: dnPlan.note === null ? [] : [dnPlan.note],
    };
  }

  private launch(parts: LaunchParts): Promise<RunDetail> {
    const { runId, config, connection, lab, session, side } = parts;
    const { runs, emit, labs } = this.deps;
    const launcher = session?.launcher ?? this.deps.launcher;
    const labSide = lab && { pid: lab.pid, operationCounts: () => labs.operationCounts(lab.id) };
    const watch = new ServerWatch(labSide, side.target, config.serverSet ? config.url : null);
    // A replicated lab or a target with consumers: each consumer's replication lag while load runs.
    const lag = watchReplication(lab && labs.get(lab.id), config, connection, runId, runs);
    // Every run has a hard maximum length, whatever happens to its phases.
    const cap = hardCap(loadGuardLimits().maxRunS, (reason) => handle.stop(reason));
    const handle = startRun(launchPlan(parts), launcher, {
      onSample: (measuredSample, histogramBase64, intendedHistogramBase64, operationHistograms) => {
        const merged = session?.withAgents(measuredSample) ?? measuredSample;
        const sample = { ...merged, ...watch.sampleFields(), ...lag?.sampleFields() };
        storeSample(runs, runId, sample, {
          histogramBase64,
          intendedHistogramBase64,
          operationHistograms,
        });
        this.active?.samples.push(sample);
        emit({ event: 'run/sample', payload: { runId, sample } });
      },
      onPhase: (phase) => {
        // Load starts now: connecting and binding are not part of the first second.
        if (phase === 'running') watch.loadStarted();
        if (phase === 'running') lag?.begin();
        if (phase === 'running') cap.arm();
        if (phase === 'running' && this.active) {
          this.active.status = 'running';
          runs.setStatus(runId, 'running');
        }
        if (phase === 'cleaning' && this.active) {
          this.active.cleaning = true;
          emit({ event: 'run/cleaning', payload: { runId } });
        }
      },
    });
    const state: ActiveState = {
      runId,
      config,
      startedAt: nowIso(),
      status: 'preparing',
      samples: [],
      handle,
      stored: null,
      cleaning: false,
    };
    this.active = state;
    emit({ event: 'run/started', payload: { runId, active: this.snapshot(state) } });
    const stored = handle.done.then(
      (runOutcome) => this.storeEnding(parts, runOutcome, { watch, lag, samples: state.samples }),
      (err: unknown) => {
        const reason = `internal error: ${err instanceof Error ? err.message : String(err)}`;
        const failed = { status: 'failed' as const, endReason: reason };
        this.store(runId, failed, () => runs.finish(runId, 'failed', reason, null, null));
        return this.finish(runId, 'failed', reason);
      },
    );
    void stored
      .finally(() => {
        cap.disarm();
        void session?.close();
        void watch.close();
        void lag?.end(null);
      })
      .catch(() => undefined);
    state.stored = stored;
    return stored;
  }

  /** Stores a finished run's outcome with its end figures, and frees the service. */
  private async storeEnding(
    { runId, config, session }: LaunchParts,
    runOutcome: RunOutcome,
    watched: Parameters<typeof endFigures>[3],
  ): Promise<RunDetail> {
    await session?.close();
    const outcome = session?.withAgentFigures(runOutcome, config) ?? runOutcome;
    const { summary, thresholdResults } = await endFigures(
      outcome,
      config,
      this.deps.calibrations,
      watched,
    );
    this.store(runId, outcome, () =>
      this.deps.runs.finish(
        runId,
        outcome.status,
        outcome.endReason,
        summary,
        outcome.histogramBase64,
        thresholdResults,
      ),
    );
    return this.finish(runId, outcome.status, outcome.endReason);
  }

  /** The load agents `request` names, connected; an error when this host has no broker access. */
  private openAgents(request: RunAgentsRequest): ReturnType<AgentsOpener> {
    if (this.deps.openAgents === undefined)
      throw new ApiError('unavailable', 'this host cannot run load on agents', 'agents');
    return this.deps.openAgents(request);
  }

  /**
   * Stores a run's ending; when the database refuses it (locked, read-only, full), the service is
   * freed for the next run and the error says what to do: the ending's first cause is kept beside
   * the database and stored, with the seconds stored before, when DirBench next opens it.
   */
  private store(runId: string, ending: RunOutcomeText, write: () => void): void {
    try {
      write();
    } catch (err) {
      const endReason = unstoredEnding(this.deps.runs, runId, ending, err);
      this.active = null;
      this.deps.emit({ event: 'run/ended', payload: { runId, status: 'failed', endReason } });
      throw new ApiError('unavailable', endReason, 'db');
    }
  }

  private finish(runId: string, status: RunDetail['status'], endReason: string | null): RunDetail {
    this.active = null;
    this.deps.emit({ event: 'run/ended', payload: { runId, status, endReason } });
    return this.deps.runs.get(runId);
  }

  private snapshot(state: ActiveState): ActiveRun {
    return {
      runId: state.runId,
      config: state.config,
      status: state.status,
      startedAt: state.startedAt,
      samples: [...state.samples],
      ...(state.cleaning ? { cleaning: true } : {}),
    };
  }

  /** The run in progress, if any, with its samples so far. */
  activeRun(): ActiveRun | null {
    return this.active ? this.snapshot(this.active) : null;
  }

  /** Asks the run to stop; it ends within a second and keeps every sample taken. */
  stop(runId: string, reason = 'stopped by user'): void {
    if (!this.active || this.active.runId !== runId) {
      throw new ApiError('not-found', `run ${runId} is not in progress`, 'runId');
    }
    this.active.handle.stop(reason);
  }

  /** Stops whatever runs and waits for it to be stored (host shutdown). */
  async stopAll(reason: string): Promise<void> {
    const state = this.active;
    if (!state) return;
    state.handle.stop(reason);
    await state.stored?.catch(() => undefined);
  }

  /** Ends the run in progress, if any, as failed with `reason`: its host is going down on an error. */
  failActive(reason: string): void {
    this.active?.handle.fail(reason);
  }
}
