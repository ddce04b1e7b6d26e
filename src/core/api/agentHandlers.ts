// Handlers of the agents/* channels: the load agents a broker of this data folder (or one
// elsewhere, by URL) has heard from, and the agents this host runs itself for its brokers.
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import { ApiError, withField } from '../../shared/errors.ts';
import { listBrokerAgents } from '../agents/agentsList.ts';
import type { LocalAgents } from '../agents/localAgents.ts';
import { resolveCoordinator } from '../agents/runAgents.ts';
import type { BrokerLookup } from '../agents/runAgents.ts';

/** A page refreshing every 2 s should hear of an unreachable broker well before its next look. */
const LIST_CONNECT_TIMEOUT_MS = 3_000;

/** A clock probe unanswered this long ends that agent's probing (loopback answers in < 1 ms). */
const LIST_PROBE_TIMEOUT_MS = 500;

/** The connection's `url` is the request's `broker`: errors name the field the caller filled. */
function inRequestFields(err: unknown): unknown {
  return err instanceof ApiError && err.field === 'url' ? withField(err, 'broker') : err;
}

/** Builds the agent handlers over this data folder's brokers and this host's agents. */
export function agentHandlers(brokers: BrokerLookup, localAgents: LocalAgents) {
  return {
    'agents/list': async (req) => {
      const target = resolveCoordinator(req, brokers);
      try {
        return await listBrokerAgents(
          { ...target, name: 'dirbench-agents-view', timeoutMs: LIST_CONNECT_TIMEOUT_MS },
          { timeoutMs: LIST_PROBE_TIMEOUT_MS },
        );
      } catch (err) {
        throw inRequestFields(err);
      }
    },
    'agents/local': async () => localAgents.list(),
    'agents/start': async ({ broker, name }) => localAgents.start(broker, name),
    'agents/stop': async ({ broker, name, confirmed }) =>
      localAgents.stop(broker, name, confirmed === true),
  } satisfies Pick<ApiHandlers, ChannelsOf<'agents'>>;
}
