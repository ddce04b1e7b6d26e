// A local broker at a glance: its state and process, how many of its agents are connected, where
// agents reach it, and whether it stops with DirBench.
import type { BrokerListing } from '../../../shared/agentTypes.ts';
import { StatCard } from '../../components/StatCard.tsx';
import { loopbackOnly } from './agentSetup.ts';

/** The four facts; `connected` counts the agents connected now (undefined until the first answer). */
export function BrokerFacts({
  broker,
  connected,
}: {
  broker: BrokerListing;
  connected: number | undefined;
}) {
  const serverFacts = [
    broker.serverVersion === null ? 'nats-server' : `nats-server ${broker.serverVersion}`,
    broker.pid === null ? null : `PID ${broker.pid}`,
  ];
  return (
    <div
      className="stat-grid stat-grid-4 broker-facts"
      data-testid="broker-facts"
      data-state={broker.state}
      data-connected={connected ?? ''}
    >
      <StatCard
        label="Broker"
        value={broker.state === 'running' ? 'Running' : broker.state}
        note={serverFacts.filter(Boolean).join(' · ')}
        text
      />
      <StatCard
        label="Agents connected"
        value={connected === undefined ? '…' : String(connected)}
        unit={`of ${broker.agents.length}`}
        note="from their heartbeats, every 2 s"
        testId="broker-connected"
      />
      <StatCard
        label="Agents connect to"
        value={broker.agentUrl}
        note={loopbackOnly(broker) ? 'this machine only' : 'from other machines too'}
        text
      />
      <StatCard
        label="Lifetime"
        value={broker.persistent ? 'Kept until stopped' : 'Stops with DirBench'}
        note={
          broker.persistent
            ? 'until dirbench broker stop, or Stop broker here'
            : 'when the DirBench that started it exits'
        }
        text
      />
    </div>
  );
}
