// The Agents screen: start and stop a broker on this machine, pick a broker (or one elsewhere by
// URL), see its agents (refreshed every 2 s while visible), start and stop agents inside DirBench,
// and find the files and commands for agents on other machines.
import { useState } from 'react';
import type { BrokerListing, LocalAgent } from '../../../shared/agentTypes.ts';
import { useApi, useQuery } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { defaultBrokerId, isBrokerUrl, runningBrokers } from './agentFacts.ts';
import { agentRows, connectedCount } from './agentRows.ts';
import { AgentsSection } from './AgentsSection.tsx';
import { BrokerFacts } from './BrokerFacts.tsx';
import { BrokerPicker } from './BrokerPicker.tsx';
import { RemoteAgentSetup } from './RemoteAgentSetup.tsx';
import { StartBrokerCard } from './StartBrokerCard.tsx';
import { useConfirmedAction } from './useConfirmedAction.tsx';
import { useAgentsPoll } from './useAgentsPoll.ts';
import type { BrokerRef } from './useAgentsPoll.ts';

/** The request to poll with: none until a broker is named (and a URL has its credentials file). */
function pollRef(ref: BrokerRef): BrokerRef | null {
  if (ref.broker === '') return null;
  if (isBrokerUrl(ref.broker) && ref.credentialsFile === undefined) return null;
  return ref;
}

const BROKER_STOP = {
  title: 'Stop broker',
  confirmLabel: 'Stop broker',
  consequence:
    'Agents DirBench runs stop now, agents elsewhere stop by themselves 5 s later, and a run taking its load from the broker fails. Its passwords and JetStream data are deleted; its log is kept.',
};

const AGENT_STOP = {
  title: 'Stop agent',
  confirmLabel: 'Stop agent',
  consequence: 'The run loses this agent: it fails, or goes on without it if it was told to.',
};

/** The broker card, the chosen broker's agents and, for a local one, how to add agents elsewhere. */
function BrokerAgents({
  brokers,
  local,
}: {
  brokers: BrokerListing[];
  local: readonly LocalAgent[];
}) {
  const api = useApi();
  const [ref, setRef] = useState<BrokerRef>(() => ({ broker: defaultBrokerId(brokers) }));
  const asked = pollRef(ref);
  const poll = useAgentsPoll(asked);
  const actions = useConfirmedAction();
  const broker = runningBrokers(brokers).find((b) => b.id === ref.broker);
  useReadyMarker(asked === null || poll.agents !== undefined || poll.error !== undefined);
  const rows = agentRows(
    broker?.agents ?? [],
    poll.agents ?? [],
    local.filter((a) => a.broker === broker?.id),
  );
  const firstFree = rows.find((r) => r.canStart)?.name;

  const stopBroker = (id: string): void =>
    actions.run('broker', { ...BROKER_STOP, failure: `Broker ${id} did not stop` }, (confirmed) =>
      api.call('brokers/stop', { id, confirmed }),
    );
  const startAgent = (id: string, name: string): void =>
    actions.run(name, { ...AGENT_STOP, failure: `Agent ${name} did not start` }, () =>
      api.call('agents/start', { broker: id, name }),
    );
  const stopAgent = (id: string, name: string): void =>
    actions.run(name, { ...AGENT_STOP, failure: `Agent ${name} did not stop` }, (confirmed) =>
      api.call('agents/stop', { broker: id, name, confirmed }),
    );

  return (
    <>
      <section className="card card-pad agents-broker" aria-label="Broker choice">
        <BrokerPicker idPrefix="agents" brokers={brokers} value={ref} onChange={setRef} />
        {broker && (
          <div className="agents-broker-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => stopBroker(broker.id)}
              disabled={actions.busy === 'broker'}
            >
              <Icon name="stop" size={14} />
              {actions.busy === 'broker' ? 'Stopping…' : 'Stop broker'}
            </button>
          </div>
        )}
      </section>
      {broker && (
        <BrokerFacts
          broker={broker}
          connected={poll.agents === undefined ? undefined : connectedCount(rows)}
        />
      )}
      {actions.error && (
        <ErrorPanel
          title={actions.error.title}
          message={actions.error.message}
          testId="agents-action-error"
        />
      )}
      <AgentsSection
        polling={asked !== null}
        anyRunning={runningBrokers(brokers).length > 0}
        poll={poll}
        rows={rows}
        busy={actions.busy}
        handlers={
          broker === undefined
            ? {}
            : {
                onStart: (name: string) => startAgent(broker.id, name),
                onStop: (name: string) => stopAgent(broker.id, name),
              }
        }
      />
      {broker && (
        <section className="section">
          <h2 className="section-title">Agents on other machines</h2>
          <RemoteAgentSetup
            broker={broker}
            {...(firstFree === undefined ? {} : { first: firstFree })}
          />
        </section>
      )}
      {actions.dialog}
    </>
  );
}

/** The Agents screen. */
export function AgentsView() {
  const brokers = useQuery('brokers', (api) => api.call('brokers/list'), ['brokers/changed']);
  const local = useQuery('local-agents', (api) => api.call('agents/local'), ['agents/changed']);
  const [adding, setAdding] = useState(false);
  const running = brokers.data === undefined ? undefined : runningBrokers(brokers.data);
  const showStart = running !== undefined && (running.length === 0 || adding);
  return (
    <div className="page">
      <PageHeader
        title="Agents"
        subtitle="Load agents on this and other machines, reached through a NATS broker. Runs and matrices take their load from them with Load from: agents."
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={brokers.reload}>
              <Icon name="refresh" />
              Refresh brokers
            </button>
            {running !== undefined && running.length > 0 && !adding && (
              <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
                <Icon name="plus" />
                New broker
              </button>
            )}
          </>
        }
      />
      {brokers.error && (
        <ErrorPanel
          title="Could not list the brokers"
          message={brokers.error.message}
          onRetry={brokers.reload}
        />
      )}
      {brokers.loading && <LoadingBlock label="Listing brokers" />}
      {showStart && (
        <StartBrokerCard {...(running.length > 0 ? { onCancel: () => setAdding(false) } : {})} />
      )}
      {brokers.data && (
        // A broker started or stopped since starts the choice over from the first running one.
        <BrokerAgents
          key={(running ?? []).map((b) => b.id).join(',')}
          brokers={brokers.data}
          local={local.data ?? []}
        />
      )}
    </div>
  );
}
