// The tables agentBudget.ts prints: traffic through the broker by kind, CPU of the broker, the
// coordinator and the agents, and an on-paper budget for 100 agents by linear extrapolation.
import type { Counts, Tally } from './agentBudgetChild.ts';

/** The agents a budget is extrapolated to. */
const BUDGET_AGENTS = 100;

/** CPU and message counts at one moment. */
export interface Snapshot {
  /** performance.now() when taken. */
  atMs: number;
  /** CPU used so far, microseconds: this process (the coordinator), nats-server. */
  coordinatorUs: number;
  brokerUs: number;
  /** Per agent: its own process, and its worker processes (its descendants). */
  agents: { agentUs: number; workersUs: number }[];
  counts: Counts;
}

/** What the benchmark measured. */
export interface BudgetInput {
  machine: string;
  agentCount: number;
  connections: number;
  durationS: number;
  rateOpsPerSec: number;
  /** The run's measured ops/s. */
  opsPerSec: number;
  /** Snapshots opening and closing the idle window and the measured phase. */
  idle: [Snapshot, Snapshot];
  measured: [Snapshot, Snapshot];
  /** Before the run and after its end: what a run sends once (prepare, go, stop, clock probes). */
  whole: [Snapshot, Snapshot];
}

/** Who sends each kind of message the observer counts. */
function direction(kind: string): string {
  if (kind.startsWith('relay ') || kind === 'heartbeat') return 'agents -> broker';
  if (kind === 'jetstream ack') return 'broker -> agents';
  return 'coordinator -> agents';
}

/** Rates over one window: messages and bytes per second by kind, CPU in % of one core. */
interface WindowRates {
  seconds: number;
  perKind: Map<string, Tally>;
  brokerPercent: number;
  coordinatorPercent: number;
  agentPercents: number[];
  workerPercents: number[];
}

function rates([from, to]: [Snapshot, Snapshot]): WindowRates {
  const seconds = (to.atMs - from.atMs) / 1000;
  const percent = (us: number): number => us / (seconds * 1e4);
  const perKind = new Map<string, Tally>();
  for (const [kind, end] of Object.entries(to.counts)) {
    const start = from.counts[kind] ?? { messages: 0, bytes: 0 };
    perKind.set(kind, {
      messages: (end.messages - start.messages) / seconds,
      bytes: (end.bytes - start.bytes) / seconds,
    });
  }
  return {
    seconds,
    perKind,
    brokerPercent: percent(to.brokerUs - from.brokerUs),
    coordinatorPercent: percent(to.coordinatorUs - from.coordinatorUs),
    agentPercents: to.agents.map((a, i) => percent(a.agentUs - (from.agents[i]?.agentUs ?? 0))),
    workerPercents: to.agents.map((a, i) =>
      percent(a.workersUs - (from.agents[i]?.workersUs ?? 0)),
    ),
  };
}

/** Sum of the rates of the kinds `pick` keeps. */
function total(perKind: Map<string, Tally>, pick: (kind: string) => boolean): Tally {
  const sum = { messages: 0, bytes: 0 };
  for (const [kind, t] of perKind)
    if (pick(kind)) {
      sum.messages += t.messages;
      sum.bytes += t.bytes;
    }
  return sum;
}

const num = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const kb = (bytes: number): string => `${num(bytes / 1000, 1)} kB`;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

function line(cells: string[], widths: number[]): string {
  return `${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}\n`;
}

/** Prints the traffic, CPU and 100-agent budget tables. */
export function printBudget(input: BudgetInput): void {
  const out = (s: string): boolean => process.stdout.write(s);
  const idle = rates(input.idle);
  const run = rates(input.measured);
  const n = input.agentCount;
  out(`\nMachine: ${input.machine}\n`);
  out(
    `${n} agents (1 worker each), ${input.connections} connections, read-random at ${num(input.rateOpsPerSec)} ops/s (open model), ` +
      `measured ${num(input.opsPerSec)} ops/s; window ${num(run.seconds, 1)} s of the ${input.durationS} s measured phase, ` +
      `idle ${num(idle.seconds, 1)} s before it\n\n`,
  );

  const [before, after] = input.whole;
  const perRun = (kind: string): Tally => ({
    messages: (after.counts[kind]?.messages ?? 0) - (before.counts[kind]?.messages ?? 0),
    bytes: (after.counts[kind]?.bytes ?? 0) - (before.counts[kind]?.bytes ?? 0),
  });
  const w = [36, 10, 10, 11, 9, 9, 10];
  out(
    line(
      ['messages by kind', 'idle msg/s', 'run msg/s', 'run B/s', 'B/msg', 'whole run', 'run bytes'],
      w,
    ),
  );
  const kinds = [...new Set([...run.perKind.keys(), ...Object.keys(after.counts)])].sort(
    (a, b) => direction(a).localeCompare(direction(b)) || a.localeCompare(b),
  );
  for (const kind of kinds) {
    const t = run.perKind.get(kind) ?? { messages: 0, bytes: 0 };
    out(
      line(
        [
          `${direction(kind)}: ${kind}`,
          num(idle.perKind.get(kind)?.messages ?? 0, 1),
          num(t.messages, 1),
          num(t.bytes),
          t.messages > 0 ? num(t.bytes / t.messages) : '-',
          num(perRun(kind).messages),
          num(perRun(kind).bytes),
        ],
        w,
      ),
    );
  }
  for (const dir of ['agents -> broker', 'broker -> agents', 'coordinator -> agents']) {
    const t = total(run.perKind, (k) => direction(k) === dir);
    const whole = [...kinds].filter((k) => direction(k) === dir).map(perRun);
    out(
      line(
        [
          `total ${dir}`,
          '',
          num(t.messages, 1),
          num(t.bytes),
          '',
          num(whole.reduce((a, x) => a + x.messages, 0)),
          num(whole.reduce((a, x) => a + x.bytes, 0)),
        ],
        w,
      ),
    );
  }

  const c = [36, 12, 12];
  out(`\n${line(['CPU, % of one core', 'idle', 'run'], c)}`);
  out(line(['nats-server', num(idle.brokerPercent, 2), num(run.brokerPercent, 2)], c));
  out(
    line(
      [
        'coordinator (this process)',
        num(idle.coordinatorPercent, 1),
        num(run.coordinatorPercent, 1),
      ],
      c,
    ),
  );
  out(
    line(
      [
        'agent process, mean of agents',
        num(mean(idle.agentPercents), 1),
        num(mean(run.agentPercents), 1),
      ],
      c,
    ),
  );
  out(line(['agent process, most', '', num(Math.max(...run.agentPercents), 1)], c));
  out(line(["agent's worker, mean of agents", '', num(mean(run.workerPercents), 1)], c));
  out(line(["agent's worker, most", '', num(Math.max(...run.workerPercents), 1)], c));

  const relays = total(run.perKind, (k) => k.startsWith('relay '));
  const intervals = run.perKind.get('relay interval') ?? { messages: 0, bytes: 0 };
  const fromAgents = total(run.perKind, (k) => direction(k) === 'agents -> broker');
  const toAgents = total(run.perKind, (k) => direction(k) !== 'agents -> broker');
  const scale = BUDGET_AGENTS / n;
  const perRelayUs = (percent: number): number =>
    relays.messages > 0 ? (percent * 1e4) / relays.messages : 0;
  const b = [44, 16];
  out(`\n${line([`budget for ${BUDGET_AGENTS} agents (x${num(scale, 2)})`, ''], b)}`);
  out(line(['agents -> broker, messages/s', num(fromAgents.messages * scale)], b));
  out(line(['agents -> broker, bytes/s', kb(fromAgents.bytes * scale)], b));
  out(line(['broker -> coordinator (the relays again), B/s', kb(relays.bytes * scale)], b));
  out(line(['broker/coordinator -> agents, messages/s', num(toAgents.messages * scale)], b));
  out(line(['broker/coordinator -> agents, bytes/s', kb(toAgents.bytes * scale)], b));
  out(line(['nats-server CPU, % of one core', num(run.brokerPercent * scale)], b));
  out(line(['coordinator CPU, % of one core', num(run.coordinatorPercent * scale)], b));
  out(
    `\nPer relay: nats-server ${num(perRelayUs(run.brokerPercent))} us, coordinator ${num(perRelayUs(run.coordinatorPercent))} us ` +
      `(all their CPU in the run divided by the relays; an interval relay is ${num(intervals.messages > 0 ? intervals.bytes / intervals.messages : 0)} bytes).\n`,
  );
  out(
    'Assumptions: one worker per agent, so one interval relay per agent per second; every figure ' +
      'grows linearly with agents (the same relay size at 100 agents, each at a hundredth of the ' +
      "rate; the broker's and the coordinator's whole CPU in the run counted as per-relay cost, " +
      'which overstates it by their fixed part); bytes are subject, headers and payload, before ' +
      "NATS framing and TLS; the broker's JetStream file writes are in its CPU, the disk is not measured.\n",
  );
}
