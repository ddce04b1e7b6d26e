// Supervision of brokers: starts nats-server in a folder of its own, records it, stops it, and
// makes sure no broker started by a process outlives it unless it was meant to (CLI `broker start`).
import { rmSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import type { BrokerStartRequest as SharedBrokerStart } from '../../shared/agentTypes.ts';
import { ApiError, invalid } from '../../shared/errors.ts';
import { checkInteger } from '../../shared/validation.ts';
import type { ForegroundServer } from '../lab/foregroundServer.ts';
import { bindProblem, freePort } from '../lab/freePort.ts';
import { processAlive } from '../lab/processes.ts';
import { orphanEnd, ownerGone } from '../lab/orphans.ts';
import { RecordBook } from '../lab/recordBook.ts';
import { releaseWatched } from '../lab/watchdog.ts';
import { checkAgentNames, numberedAgentNames, DEFAULT_AGENT_COUNT } from './agentNames.ts';
import {
  BROKER_CONFIG,
  BROKER_LOG,
  createBrokerSecrets,
  removeBrokerFiles,
  writeBrokerSettings,
} from './brokerFiles.ts';
import type { BrokerSecrets, BrokerSettings } from './brokerFiles.ts';
import {
  isBrokerProcess,
  spawnNatsServer,
  stopBrokerProcess,
  waitForBroker,
} from './brokerProcess.ts';
import { DEFAULT_BROKER_LISTEN, toBrokerInfo } from './brokerRecord.ts';
import type { BrokerInfo, BrokerRegistry, StoredBroker } from './brokerRecord.ts';
import { connectWithCredentials } from './connect.ts';
import { ensureHeartbeatStream } from './agentsStream.ts';
import { natsServerVersion, requireNatsServer } from './natsServer.ts';

// A fresh nats-server answers in well under a second; the margin covers a loaded machine.
const READY_TIMEOUT_MS = 30_000;
// Another process may take the port between freePort() and nats-server's bind; retry on a new one.
const PORT_ATTEMPTS = 3;

/** What to start: the API's choices, and whether it outlives this process. */
export interface BrokerStartRequest extends SharedBrokerStart {
  /** Outlive this process until `stop` (CLI `broker start`); default false. */
  persistent?: boolean;
}

/** Where brokers live and how to find nats-server. */
export interface BrokerManagerOptions {
  /** App data directory: brokers go to `<dataDir>/brokers/<id>`. */
  dataDir: string;
  registry: BrokerRegistry;
  /** The nats-server executable, or an 'unavailable' error saying how to install it. */
  natsServer?: () => string;
  onChange?: (broker: BrokerInfo) => void;
}

const ACTIVE_STATES = new Set(['starting', 'running']);

/** A start request checked, defaults filled in. */
interface CheckedBrokerStart {
  port: number | null;
  listen: string;
  agents: string[];
  persistent: boolean;
}

function checkStart(req: BrokerStartRequest): CheckedBrokerStart {
  const listen = req.listen ?? DEFAULT_BROKER_LISTEN;
  if (isIP(listen) === 0) {
    throw invalid(
      'listen',
      `the listen address must be an IP address of this machine (0.0.0.0 for every interface); got "${listen}"`,
    );
  }
  return {
    port: req.port === undefined ? null : checkInteger(req.port, 'port', 1, 65_535),
    listen,
    agents: checkAgentNames(req.agents ?? numberedAgentNames(DEFAULT_AGENT_COUNT)),
    persistent: req.persistent ?? false,
  };
}

/** Why the address asked for cannot be listened on, from the code binding it gave. */
function unbindable(checked: CheckedBrokerStart, code: string): ApiError {
  const where = `${checked.listen}:${checked.port}`;
  if (code === 'EADDRNOTAVAIL')
    return invalid(
      'listen',
      `listen address ${checked.listen} is not an address of this machine: use one of its own, or 0.0.0.0 for every interface`,
    );
  if (code === 'EACCES')
    return invalid(
      'port',
      `port ${checked.port} needs privileges this user lacks: choose a port above 1023, or leave it out for a free one`,
    );
  return new ApiError(
    'conflict',
    code === 'EADDRINUSE'
      ? `port ${checked.port} on ${checked.listen} is already in use by another program: choose another port, or leave it out for a free one`
      : `cannot listen on ${where} (${code}): choose another port, or leave it out for a free one`,
    'port',
  );
}

/** The record's fields that follow from the settings written for a port. */
type SettingsFields = Pick<
  StoredBroker,
  | 'port'
  | 'url'
  | 'agentUrl'
  | 'caFile'
  | 'coordinatorCredentialsFile'
  | 'agentCredentialsFile'
  | 'agentCredentialFiles'
>;

/** The record's fields from the settings written for a port. */
function settingsPatch(settings: BrokerSettings): SettingsFields {
  return {
    port: settings.port,
    url: settings.url,
    agentUrl: settings.agentUrl,
    caFile: settings.caFile,
    coordinatorCredentialsFile: settings.coordinatorCredentialsFile,
    agentCredentialsFile: settings.agentCredentialsFile,
    agentCredentialFiles: settings.agentCredentialFiles,
  };
}

/** Starts, tracks and stops brokers. */
export class BrokerManager {
  readonly #dataDir: string;
  readonly #registry: BrokerRegistry;
  readonly #natsServer: () => string;
  readonly #records: RecordBook<StoredBroker, BrokerInfo>;
  /** Non-persistent brokers this process runs. */
  readonly #owned = new Map<string, ForegroundServer>();
  /** Starts in progress in this process. */
  readonly #starting = new Set<string>();

  constructor(opts: BrokerManagerOptions) {
    this.#dataDir = resolve(opts.dataDir);
    this.#registry = opts.registry;
    this.#natsServer = opts.natsServer ?? (() => requireNatsServer());
    this.#records = new RecordBook(
      opts.registry,
      'broker',
      toBrokerInfo,
      opts.onChange ?? (() => undefined),
    );
  }

  /**
   * Writes the broker's folder, starts nats-server, waits until it serves the coordinator over TLS
   * with JetStream and creates the agents' heartbeat stream (DIRBENCH_AGENTS). A refused request throws before anything is written or recorded; a broker
   * that fails to start is recorded as failed, its process stopped and its secrets removed.
   */
  async start(req: BrokerStartRequest = {}): Promise<BrokerInfo> {
    const checked = checkStart(req);
    const binary = this.#natsServer();
    const id = this.#records.newId();
    const dir = join(this.#dataDir, 'brokers', id);
    const { secrets, settings } = await this.#prepare(id, dir, checked);
    this.#registry.insert(this.#record(id, dir, checked, settings));
    this.#starting.add(id);
    this.#records.changed(id);
    try {
      const server = await this.#launch(id, binary, checked, secrets, settings);
      this.#records.update(id, {
        state: 'running',
        serverVersion: natsServerVersion(binary),
        ownerPid: checked.persistent ? null : process.pid,
      });
      if (!checked.persistent) this.#watchOwned(id, server);
      releaseWatched(server.child);
      return toBrokerInfo(this.#records.get(id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.#records.update(id, { state: 'failed', pid: null, ownerPid: null, error: message });
      removeBrokerFiles(dir);
      throw err instanceof ApiError
        ? err
        : new ApiError('failed', `Broker ${id} could not start: ${message}`);
    } finally {
      this.#starting.delete(id);
    }
  }

  /** Writes the broker's folder; a folder half written (openssl missing, disk full) is removed. */
  async #prepare(
    id: string,
    dir: string,
    checked: CheckedBrokerStart,
  ): Promise<{ secrets: BrokerSecrets; settings: BrokerSettings }> {
    try {
      const port = await this.#port(checked);
      const secrets = await createBrokerSecrets(dir, checked.listen, checked.agents);
      return { secrets, settings: writeBrokerSettings(dir, id, checked.listen, port, secrets) };
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /**
   * Runs nats-server until it is ready; a server that fails is stopped. When the port it was given
   * was taken meanwhile (and none was asked for), tries again on another.
   */
  async #launch(
    id: string,
    binary: string,
    checked: CheckedBrokerStart,
    secrets: BrokerSecrets,
    first: BrokerSettings,
  ): Promise<ForegroundServer> {
    let settings = first;
    for (let attempt = 1; ; attempt++) {
      const server = await spawnNatsServer(
        binary,
        settings.configFile,
        settings.logPath,
        checked.persistent,
      );
      this.#records.update(id, { pid: server.pid });
      try {
        await this.#waitReady(settings, secrets, server);
        return server;
      } catch (err) {
        await stopBrokerProcess(server.pid, settings.configFile);
        const taken = /address already in use/i.test(String(err));
        if (taken && checked.port !== null) throw unbindable(checked, 'EADDRINUSE');
        if (!taken || attempt >= PORT_ATTEMPTS) throw err;
        const port = await freePort(checked.listen);
        settings = writeBrokerSettings(
          dirname(settings.configFile),
          id,
          checked.listen,
          port,
          secrets,
        );
        this.#records.update(id, settingsPatch(settings));
      }
    }
  }

  /** Stops a broker's nats-server and removes its secrets and JetStream data (its log stays). */
  async stop(id: string): Promise<BrokerInfo> {
    const broker = this.#records.get(id);
    if (!ACTIVE_STATES.has(broker.state)) return toBrokerInfo(broker);
    if (
      broker.state === 'starting' &&
      broker.ownerPid !== null &&
      broker.ownerPid !== process.pid &&
      processAlive(broker.ownerPid)
    ) {
      throw new ApiError(
        'conflict',
        `Broker ${id} is still being started by another DirBench process (PID ${broker.ownerPid}); stop it once it runs.`,
      );
    }
    this.#owned.delete(id);
    if (broker.pid !== null) await stopBrokerProcess(broker.pid, this.#configFile(broker));
    this.#records.update(id, { state: 'stopped', pid: null, ownerPid: null });
    removeBrokerFiles(broker.dir);
    return toBrokerInfo(this.#records.get(id));
  }

  /** All brokers, newest first, with liveness refreshed (a running broker whose process is gone is stopped). */
  list(): BrokerInfo[] {
    return this.#registry.list().map((broker) => toBrokerInfo(this.#refresh(broker)));
  }

  /** One broker, liveness refreshed; null when unknown. */
  get(id: string): BrokerInfo | null {
    const broker = this.#registry.get(id);
    return broker === null ? null : toBrokerInfo(this.#refresh(broker));
  }

  /** Stops every non-persistent broker this process started; called when the host exits. */
  async stopOwned(): Promise<void> {
    await Promise.all([...this.#owned.keys()].map((id) => this.stop(id).catch(() => undefined)));
  }

  /** Stops brokers whose owner process is dead (after a crash the watchdog did not cover). */
  async reapOrphans(): Promise<void> {
    for (const broker of this.#registry.list()) {
      if (!ACTIVE_STATES.has(broker.state) || this.#starting.has(broker.id)) continue;
      if (this.#owned.has(broker.id)) continue;
      if (!ownerGone(broker.ownerPid)) continue;
      if (broker.pid !== null) await stopBrokerProcess(broker.pid, this.#configFile(broker));
      this.#records.update(broker.id, orphanEnd(broker.state === 'running'));
      removeBrokerFiles(broker.dir);
    }
  }

  /** The port asked for, refused when it cannot be listened on; else a free one. */
  async #port(checked: CheckedBrokerStart): Promise<number> {
    if (checked.port === null) return freePort(checked.listen);
    const problem = await bindProblem(checked.listen, checked.port);
    if (problem !== null) throw unbindable(checked, problem);
    return checked.port;
  }

  async #waitReady(
    settings: BrokerSettings,
    secrets: BrokerSecrets,
    server: ForegroundServer,
  ): Promise<void> {
    const credentials = {
      url: settings.url,
      caFile: settings.caFile,
      ...secrets.users.coordinator,
    };
    await waitForBroker({
      credentials,
      exited: server.exited,
      logPath: settings.logPath,
      timeoutMs: READY_TIMEOUT_MS,
    });
    // The stream that keeps each agent's last heartbeat (agents may not create streams themselves).
    const nc = await connectWithCredentials(credentials, { reconnect: false });
    try {
      await ensureHeartbeatStream(nc);
    } finally {
      await nc.close();
    }
  }

  #record(
    id: string,
    dir: string,
    checked: CheckedBrokerStart,
    settings: BrokerSettings,
  ): StoredBroker {
    return {
      id,
      state: 'starting',
      pid: null,
      listen: checked.listen,
      ...settingsPatch(settings),
      agents: checked.agents,
      persistent: checked.persistent,
      dir,
      serverVersion: null,
      error: null,
      createdAt: new Date().toISOString(),
      ownerPid: process.pid,
    };
  }

  /** Marks an owned broker stopped if its nats-server exits without `stop` being asked. */
  #watchOwned(id: string, server: ForegroundServer): void {
    this.#owned.set(id, server);
    void server.exited.then((exit) => {
      if (this.#owned.get(id) !== server) return;
      this.#owned.delete(id);
      const how =
        exit.code === null
          ? `was killed (${exit.signal ?? 'unknown signal'})`
          : `exited with code ${exit.code}`;
      const broker = this.#records.get(id);
      this.#records.update(id, {
        state: 'stopped',
        pid: null,
        ownerPid: null,
        error: `nats-server ${how} on its own; see ${join(broker.dir, BROKER_LOG)}`,
      });
      removeBrokerFiles(broker.dir);
    });
  }

  /** Applies liveness: a running broker whose nats-server is gone is marked stopped. */
  #refresh(broker: StoredBroker): StoredBroker {
    if (broker.state !== 'running' || this.#owned.has(broker.id)) return broker;
    if (broker.pid !== null && isBrokerProcess(broker.pid, this.#configFile(broker))) return broker;
    this.#records.update(broker.id, {
      state: 'stopped',
      pid: null,
      ownerPid: null,
      error: `nats-server is no longer running; see ${join(broker.dir, BROKER_LOG)}`,
    });
    removeBrokerFiles(broker.dir);
    return this.#records.get(broker.id);
  }

  #configFile(broker: StoredBroker): string {
    return join(broker.dir, BROKER_CONFIG);
  }
}
