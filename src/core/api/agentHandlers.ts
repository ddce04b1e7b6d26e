// Handlers of the brokers/* and agents/* channels: the brokers of this data folder, and the load
// agents one of them (or a broker elsewhere, by URL) has heard from.
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { BrokerListing } from '../../shared/agentTypes.ts';
import { ApiError, withField } from '../../shared/errors.ts';
import { listBrokerAgents } from '../agents/agentsList.ts';
import { resolveCoordinator } from '../agents/runAgents.ts';
import type { BrokerInfo } from '../broker/brokerRecord.ts';
import type { BrokerManager } from '../broker/brokerManager.ts';

/** A page refreshing every 2 s should hear of an unreachable broker well before its next look. */
const LIST_CONNECT_TIMEOUT_MS = 3_000;

/** A clock probe unanswered this long ends that agent's probing (loopback answers in < 1 ms). */
const LIST_PROBE_TIMEOUT_MS = 500;

/** A broker's record without its coordinator's files (agents' file paths only, for the commands). */
function brokerListing(info: BrokerInfo): BrokerListing {
  const { id, url, state, agents, agentCredentialFiles, createdAt } = info;
  return { id, url, state, agents, agentCredentialFiles, createdAt };
}

/** The connection's `url` is the request's `broker`: errors name the field the caller filled. */
function inRequestFields(err: unknown): unknown {
  return err instanceof ApiError && err.field === 'url' ? withField(err, 'broker') : err;
}

/** Builds the broker and agent handlers over this data folder's brokers. */
export function agentHandlers(brokers: BrokerManager) {
  return {
    'brokers/list': async () => brokers.list().map(brokerListing),
    'agents/list': async (req) => {
      const target = resolveCoordinator(req, (id) => brokers.get(id));
      try {
        return await listBrokerAgents(
          { ...target, name: 'dirbench-agents-view', timeoutMs: LIST_CONNECT_TIMEOUT_MS },
          { timeoutMs: LIST_PROBE_TIMEOUT_MS },
        );
      } catch (err) {
        throw inRequestFields(err);
      }
    },
  } satisfies Pick<ApiHandlers, ChannelsOf<'brokers'> | ChannelsOf<'agents'>>;
}
