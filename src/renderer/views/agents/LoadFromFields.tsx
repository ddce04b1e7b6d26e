// "Load from: this machine / agents" for the run form and the matrix builder: with agents, the
// broker, which of its agents (or every connected one) and what a lost agent does to the run.
import { useState } from 'react';
import type { BrokerListing } from '../../../shared/agentTypes.ts';
import type { AgentLossPolicy, RunAgentsRequest } from '../../../shared/agentTypes.ts';
import { useQuery } from '../../api/useApi.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import type { Segment } from '../../components/RadioSegments.tsx';
import { connectedAgents, defaultBrokerId, isBrokerUrl, lastSeenText } from './agentFacts.ts';
import { BrokerPicker } from './BrokerPicker.tsx';
import { brokerRefOf, toggleAgent, withBroker } from './loadFrom.ts';
import { useAgentsPoll } from './useAgentsPoll.ts';

type Source = 'local' | 'agents';

const SOURCES: readonly Segment<Source>[] = [
  { value: 'local', label: 'This machine', title: 'Workers are processes on this machine' },
  { value: 'agents', label: 'Agents', title: 'Workers run on load agents, through a NATS broker' },
];

const LOSS: readonly Segment<AgentLossPolicy>[] = [
  { value: 'fail', label: 'Fail the run', title: 'The run fails naming the agent' },
  {
    value: 'continue',
    label: 'Go on without it',
    title: 'The run completes marked partial; each second says which agents reported',
  },
];

/** The agents of the chosen broker as checkboxes, or "every connected agent". */
function AgentChoices({
  idPrefix,
  agents,
  onChange,
}: {
  idPrefix: string;
  agents: RunAgentsRequest;
  onChange: (agents: RunAgentsRequest) => void;
}) {
  const usable = agents.broker !== '' && (!isBrokerUrl(agents.broker) || agents.credentialsFile);
  const poll = useAgentsPoll(usable ? brokerRefOf(agents) : null);
  const listed = poll.agents ?? [];
  const connected = connectedAgents(listed);
  const all = agents.names === 'all';
  const chosen = (name: string) => all || (agents.names as string[]).includes(name);
  return (
    <fieldset className="field agent-picker" id={`${idPrefix}-names`}>
      <legend>Agents</legend>
      <Checkbox
        checked={all}
        onCheck={(on) => onChange({ ...agents, names: on ? 'all' : connected.map((a) => a.name) })}
      >
        Every connected agent{' '}
        <span className="muted">
          ({connected.length} now; the run takes those connected when it starts)
        </span>
      </Checkbox>
      {listed.length > 0 && (
        <div className="agent-choices" data-testid={`${idPrefix}-agent-choices`}>
          {[...listed]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((a) => (
              <Checkbox
                key={a.name}
                checked={chosen(a.name) && (a.state !== 'lost' || !all)}
                disabled={all || (a.state === 'lost' && !chosen(a.name))}
                onCheck={() => onChange(toggleAgent(agents, a.name, connected))}
                title={`${a.host}, ${a.state}, last seen ${lastSeenText(a.lastSeenMs)}`}
              >
                <span className="mono">{a.name}</span>
                <span className="agent-choice-meta">
                  {a.state === 'lost' ? 'lost' : `${a.state} · ${a.host}`}
                </span>
              </Checkbox>
            ))}
        </div>
      )}
      {poll.error && <p className="field-error">{poll.error.message}</p>}
      {poll.agents?.length === 0 && (
        <p className="field-hint">
          No agent has connected to this broker yet: the Agents screen says how to start one.
        </p>
      )}
      {!usable && <p className="field-hint">Choose a broker to see its agents.</p>}
    </fieldset>
  );
}

/** The control; `value` undefined is this machine. `error` is the host's word on the agents. */
export function LoadFromFields({
  idPrefix,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  value: RunAgentsRequest | undefined;
  onChange: (agents: RunAgentsRequest | undefined) => void;
  error?: string | undefined;
}) {
  const brokers = useQuery('brokers', (api) => api.call('brokers/list'), ['brokers/changed']);
  // Back to this machine and then to agents again restores the agents chosen before.
  const [remembered, setRemembered] = useState(value);
  const change = (agents: RunAgentsRequest): void => {
    setRemembered(agents);
    onChange(agents);
  };
  const choose = (source: Source): void => {
    if (source === 'local') return onChange(undefined);
    const list: readonly BrokerListing[] = brokers.data ?? [];
    change(remembered ?? { broker: defaultBrokerId(list), names: 'all' });
  };
  return (
    <div className="load-from" id={idPrefix} tabIndex={-1}>
      <RadioSegments<Source>
        id={`${idPrefix}-source`}
        legend="Load from"
        name={`${idPrefix}-source`}
        value={value === undefined ? 'local' : 'agents'}
        options={SOURCES}
        onChange={choose}
        error={value === undefined ? error : undefined}
      />
      {value !== undefined && (
        <div className="load-from-agents" data-testid={`${idPrefix}-agents`}>
          {brokers.data ? (
            <BrokerPicker
              idPrefix={idPrefix}
              brokers={brokers.data}
              value={brokerRefOf(value)}
              onChange={(ref) => change(withBroker(value, ref))}
            />
          ) : (
            <p className="muted">{brokers.error?.message ?? 'Listing brokers…'}</p>
          )}
          <AgentChoices idPrefix={idPrefix} agents={value} onChange={change} />
          <RadioSegments<AgentLossPolicy>
            id={`${idPrefix}-loss`}
            legend="If an agent is lost"
            name={`${idPrefix}-loss`}
            value={value.onAgentLoss ?? 'fail'}
            options={LOSS}
            onChange={(onAgentLoss) => change({ ...value, onAgentLoss })}
          />
          {error && (
            <p className="field-error" role="alert" data-testid={`${idPrefix}-error`}>
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
