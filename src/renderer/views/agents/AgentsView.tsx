// The Agents screen: start and stop a broker on this machine, pick a broker (or one elsewhere by
// URL), see its agents (refreshed every 2 s while visible), start and stop agents inside DirBench,
// and find the files and commands for agents on other machines.
import { useState } from 'react';
import type { BrokerListing, LocalAgent } from '../../../shared/agentTypes.ts';
import { useQuery } from '../../api/useApi.ts';
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
import { useAgentActions } from './useAgentActions.ts';
import { useAgentsPoll } from './useAgentsPoll.ts';
import type { BrokerRef } from './useAgentsPoll.ts';

/** The request to poll with: none until a broker is named (and a URL has its credentials file). */
function pollRef(ref: BrokerRef): BrokerRef | null {
  if (ref.broker === '') return null;
  if (isBrokerUrl(ref.broker) && ref.credentialsFile === undefined) return null;
  return ref;
}

/** The broker card, the chosen broker's agents and, for a local one, how to add agents elsewhere. */
function BrokerAgents({
  brokers,
  local,
}: {
  brokers: BrokerListing[];
  local: readonly LocalAgent[];
}) {
  const [ref, setRef] = useState<BrokerRef>(() => ({ broker: defaultBrokerId(brokers) }));
  const asked = pollRef(ref);
  const poll = useAgentsPoll(asked);
  const { actions, stopBroker, startAgent, stopAgent } = useAgentActions();
  const broker = runningBrokers(brokers).find((b) => b.id === ref.broker);
  useReadyMarker(asked === null || poll.agents !== undefined || poll.error !== undefined);
  const rows = agentRows(
    broker?.agents ?? [],
    poll.agents ?? [],
    local.filter((a) => a.broker === broker?.id),
  );
  const firstFree = rows.find((r) => r.canStart)?.name;

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
