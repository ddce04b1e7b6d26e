// The Agents screen: pick a broker, see the load agents it has heard from (refreshed every 2 s
// while visible), or how to start a broker and agents when there are none.
import { useState } from 'react';
import type { BrokerListing } from '../../../shared/agentTypes.ts';
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { defaultBrokerId, isBrokerUrl, runningBrokers } from './agentFacts.ts';
import { agentCommands, BROKER_START_COMMAND, CommandBlocks } from './AgentSetupHelp.tsx';
import { AgentsTable } from './AgentsTable.tsx';
import { BrokerPicker } from './BrokerPicker.tsx';
import { AGENTS_REFRESH_MS, useAgentsPoll } from './useAgentsPoll.ts';
import type { BrokerRef } from './useAgentsPoll.ts';

/** The request to poll with: none until a broker is named (and a URL has its credentials file). */
function pollRef(ref: BrokerRef): BrokerRef | null {
  if (ref.broker === '') return null;
  if (isBrokerUrl(ref.broker) && ref.credentialsFile === undefined) return null;
  return ref;
}

/** The broker card and the agents of the chosen broker. */
function BrokerAgents({ brokers }: { brokers: BrokerListing[] }) {
  const [ref, setRef] = useState<BrokerRef>(() => ({ broker: defaultBrokerId(brokers) }));
  const asked = pollRef(ref);
  const poll = useAgentsPoll(asked);
  const local = brokers.find((b) => b.id === ref.broker);
  useReadyMarker(asked === null || poll.agents !== undefined || poll.error !== undefined);
  return (
    <>
      <section className="card card-pad agents-broker" aria-label="Broker choice">
        <BrokerPicker idPrefix="agents" brokers={brokers} value={ref} onChange={setRef} />
      </section>
      <section className="section">
        <h2 className="section-title">
          Agents
          {asked !== null && (
            <span className="section-title-note">
              updated every {AGENTS_REFRESH_MS / 1_000} s while this page is open
            </span>
          )}
        </h2>
        {asked === null && runningBrokers(brokers).length === 0 && (
          <EmptyState
            icon="agents"
            title="No broker is running"
            action={
              <CommandBlocks
                what="that starts a broker"
                commands={[
                  BROKER_START_COMMAND,
                  'dirbench agent --name agent-1 --credentials-file FILE',
                ]}
              />
            }
          >
            Agents reach DirBench through a NATS broker. Start one on this machine (it prints each
            agent&apos;s credentials file), then start an agent here or on another machine with its
            file. Or pick &ldquo;Another broker, by URL&rdquo; above.
          </EmptyState>
        )}
        {asked === null && runningBrokers(brokers).length > 0 && (
          <p className="muted">
            Give the broker&apos;s URL and the coordinator&apos;s credentials file.
          </p>
        )}
        {poll.error && (
          <ErrorPanel
            title="Could not reach the broker"
            message={poll.error.message}
            testId="agents-error"
          >
            <p className="muted small">
              DirBench keeps trying every {AGENTS_REFRESH_MS / 1_000} s.
            </p>
          </ErrorPanel>
        )}
        {poll.loading && <LoadingBlock label="Asking the broker for its agents" />}
        {poll.agents?.length === 0 && (
          <EmptyState
            icon="agents"
            title="No agent has connected to this broker yet"
            action={
              local && local.agents.length > 0 ? (
                <CommandBlocks what="that starts this agent" commands={agentCommands(local)} />
              ) : undefined
            }
          >
            Start an agent with its credentials file (the broker wrote one per agent); it appears
            here within 2 s. On another machine, copy the file and the broker&apos;s CA there and
            add --broker with the broker&apos;s address.
          </EmptyState>
        )}
        {poll.agents !== undefined && poll.agents.length > 0 && (
          <AgentsTable agents={poll.agents} />
        )}
      </section>
    </>
  );
}

/** The Agents screen. */
export function AgentsView() {
  const brokers = useQuery('brokers', (api) => api.call('brokers/list'));
  return (
    <div className="page">
      <PageHeader
        title="Agents"
        subtitle="Load agents on this and other machines, reached through a NATS broker. Runs and matrices take their load from them with Load from: agents."
        actions={
          <button type="button" className="btn btn-secondary" onClick={brokers.reload}>
            <Icon name="refresh" />
            Refresh brokers
          </button>
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
      {brokers.data && (
        // A broker started or stopped since (by the CLI) starts the choice over from the first running one.
        <BrokerAgents
          key={runningBrokers(brokers.data)
            .map((b) => b.id)
            .join(',')}
          brokers={brokers.data}
        />
      )}
    </div>
  );
}
