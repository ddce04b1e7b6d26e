// The Agents screen's actions: stop a broker, start or stop an agent, each confirmed where it costs a run.
import { useApi } from '../../api/useApi.ts';
import { useConfirmedAction } from './useConfirmedAction.tsx';

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

/** The actions with their busy state, dialog and error (from useConfirmedAction). */
export function useAgentActions() {
  const api = useApi();
  const actions = useConfirmedAction();
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
  return { actions, stopBroker, startAgent, stopAgent };
}
