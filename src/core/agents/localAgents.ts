// Load agents a host runs itself for its own brokers (the Agents page's "Start here"): the same
// startAgent as `dirbench agent`, inside the host, so they end with it; their workers are started
// by the host's own launcher (utility processes in the desktop app, forks in browser mode).
import type { LocalAgent } from '../../shared/agentTypes.ts';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { WorkerLauncher } from '../runner/launcher.ts';
import { startAgent } from './agentProcess.ts';
import type { AgentOptions, RunningAgent } from './agentProcess.ts';
import type { BrokerLookup } from './runAgents.ts';

/** What the host gives its agents. */
export interface LocalAgentsOptions {
  /** Starts the workers of the runs they host. */
  launcher: WorkerLauncher;
  /** This data folder's brokers, by id. */
  brokers: BrokerLookup;
  /** Told of every change of an agent's state. */
  onChange: (agent: LocalAgent) => void;
  /** Where each agent's lines go (connected, lost the broker, stopping). */
  log: (line: string) => void;
  /** startAgent, unless a test says otherwise. */
  start?: (options: AgentOptions) => Promise<RunningAgent>;
}

/** One agent and, while it runs, its handle. */
interface Held {
  info: LocalAgent;
  running: RunningAgent | null;
}

const LIVE = new Set<LocalAgent['state']>(['starting', 'running', 'stopping']);

function key(broker: string, name: string): string {
  return `${broker}\u0000${name}`;
}

/** The agents this host runs, at most one per broker and name. */
export class LocalAgents {
  readonly #options: LocalAgentsOptions;
  readonly #held = new Map<string, Held>();

  constructor(options: LocalAgentsOptions) {
    this.#options = options;
  }

  /** Every agent started here and not forgotten with its broker, by broker then name. */
  list(): LocalAgent[] {
    return [...this.#held.values()]
      .map((h) => ({ ...h.info }))
      .sort((a, b) => a.broker.localeCompare(b.broker) || a.name.localeCompare(b.name));
  }

  /**
   * Runs agent `name` of running broker `brokerId` with the credentials file the broker wrote for
   * it; resolves once it is connected. An agent that cannot connect is recorded failed and thrown.
   */
  async start(brokerId: string, name: string): Promise<LocalAgent> {
    const { file, url } = this.#where(brokerId, name);
    const k = key(brokerId, name);
    const before = this.#held.get(k);
    if (before !== undefined && LIVE.has(before.info.state))
      throw new ApiError(
        'conflict',
        `agent ${name} of broker ${brokerId} already runs here (${before.info.state})`,
        'name',
      );
    const held: Held = {
      info: {
        broker: brokerId,
        name,
        state: 'starting',
        reason: null,
        startedAt: new Date().toISOString(),
        endedAt: null,
      },
      running: null,
    };
    this.#held.set(k, held);
    this.#changed(held);
    try {
      held.running = await (this.#options.start ?? startAgent)({
        name,
        credentialsFile: file,
        // The address this machine reaches (the file's is other machines' when it listens everywhere).
        url,
        log: this.#options.log,
        launcher: this.#options.launcher,
      });
    } catch (err) {
      this.#set(held, 'failed', err instanceof Error ? err.message : String(err));
      throw err;
    }
    const running = held.running;
    void running.ended.then((end) =>
      this.#set(held, end.code === 0 ? 'stopped' : 'failed', end.reason),
    );
    if (this.#held.get(k) !== held) {
      // Its broker was stopped while it connected.
      await running.stop('its broker was stopped');
      throw new ApiError('conflict', `broker ${brokerId} was stopped while agent ${name} started`);
    }
    this.#set(held, 'running', null);
    return { ...held.info };
  }

  /**
   * Stops agent `name` of broker `brokerId` (not there or already ended: its record as it is). One
   * hosting a run's workers is refused with code needs-confirmation unless `confirmed`.
   */
  async stop(brokerId: string, name: string, confirmed = false): Promise<LocalAgent> {
    const held = this.#held.get(key(brokerId, name));
    if (held === undefined)
      throw new ApiError(
        'not-found',
        `this DirBench runs no agent ${name} for broker ${brokerId}`,
        'name',
      );
    const running = held.running;
    if (running === null || !LIVE.has(held.info.state)) return { ...held.info };
    if (!confirmed && running.busy()) {
      const reason = `agent ${name} is running a run's workers; stopping it ends them`;
      throw new ApiError('validation', `${reason}: send confirmed: true to stop it`, 'confirmed', {
        code: 'needs-confirmation',
        detail: reason,
      });
    }
    this.#set(held, 'stopping', null);
    await running.stop('stopped from DirBench');
    return { ...held.info };
  }

  /** Names of the agents of `brokerId` running here now. */
  runningFor(brokerId: string): string[] {
    return this.list()
      .filter((a) => a.broker === brokerId && LIVE.has(a.state))
      .map((a) => a.name);
  }

  /** True when agent `name` of `brokerId` ran here and ended after `heardAtMs` (its last heartbeat). */
  endedSince(brokerId: string, name: string, heardAtMs: number): boolean {
    const endedAt = this.#held.get(key(brokerId, name))?.info.endedAt ?? null;
    return endedAt !== null && Date.parse(endedAt) >= heardAtMs;
  }

  /** True when an agent of `brokerId` here hosts a run's workers. */
  busyFor(brokerId: string): boolean {
    return [...this.#held.values()].some(
      (h) => h.info.broker === brokerId && LIVE.has(h.info.state) && h.running?.busy() === true,
    );
  }

  /** Stops the agents of `brokerId` (before it stops) and forgets them. */
  async stopFor(brokerId: string): Promise<void> {
    const mine = [...this.#held.entries()].filter(([, h]) => h.info.broker === brokerId);
    await Promise.all(mine.map(([, h]) => this.stop(brokerId, h.info.name, true)));
    for (const [k] of mine) this.#held.delete(k);
  }

  /** Stops every agent; called when the host exits. */
  async stopAll(): Promise<void> {
    const brokers = new Set([...this.#held.values()].map((h) => h.info.broker));
    await Promise.all([...brokers].map((b) => this.stopFor(b)));
  }

  /** The broker's file for agent `name` and its address here; errors name the request field at fault. */
  #where(brokerId: string, name: string): { file: string; url: string } {
    const broker = this.#options.brokers(brokerId);
    if (broker === null)
      throw new ApiError('not-found', `there is no broker "${brokerId}" on this machine`, 'broker');
    if (broker.state !== 'running')
      throw invalid('broker', `broker ${brokerId} is ${broker.state}, not running; start one`);
    const file = broker.agentCredentialFiles[name];
    if (!broker.agents.includes(name) || file === undefined)
      throw invalid(
        'name',
        `broker ${brokerId} has no agent "${name}"; its agents are ${broker.agents.join(', ')}`,
      );
    return { file, url: broker.url };
  }

  #set(held: Held, state: LocalAgent['state'], reason: string | null): void {
    const live = LIVE.has(state);
    held.info = { ...held.info, state, reason, endedAt: live ? null : new Date().toISOString() };
    if (!live) held.running = null;
    this.#changed(held);
  }

  #changed(held: Held): void {
    this.#options.onChange({ ...held.info });
  }
}
