// Handlers of the brokers/* channels: this data folder's brokers, listed, started for this host and
// stopped (with this host's agents of it), asking first when agents or a run are using one.
import type { BrokerListing } from '../../shared/agentTypes.ts';
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import { brokerUses } from '../agents/brokerUse.ts';
import type { BrokerUsers } from '../agents/brokerUse.ts';
import type { LocalAgents } from '../agents/localAgents.ts';
import type { BrokerManager } from '../broker/brokerManager.ts';
import type { BrokerInfo } from '../broker/brokerRecord.ts';

/** A broker's record without its coordinator's files (its agents' and CA's paths only, for copying). */
export function brokerListing(info: BrokerInfo): BrokerListing {
  const { id, url, agentUrl, listen, port, state, pid, serverVersion, persistent } = info;
  const { agents, agentCredentialFiles, caFile, error, createdAt } = info;
  return {
    ...{ id, url, agentUrl, listen, port, state, pid, serverVersion, persistent },
    ...{ agents, agentCredentialFiles, caFile, error, createdAt },
  };
}

/** What the broker handlers work with. */
export interface BrokerHandlerDeps {
  brokers: BrokerManager;
  localAgents: LocalAgents;
  users: BrokerUsers;
}

/** Throws needs-confirmation naming what uses `broker`, unless nothing does. */
async function checkUnused(broker: BrokerInfo, users: BrokerUsers): Promise<void> {
  const uses = await brokerUses(broker, users);
  if (uses.length === 0) return;
  const reason = `${uses.join('; ')}`;
  throw new ApiError(
    'validation',
    `broker ${broker.id} is in use: ${reason}: send confirmed: true to stop it`,
    'confirmed',
    { code: 'needs-confirmation', detail: reason },
  );
}

/** Builds the brokers/* handlers. */
export function brokerHandlers({ brokers, localAgents, users: hostUsers }: BrokerHandlerDeps) {
  // An agent this host stopped keeps its last heartbeat for 6 s: it uses the broker no more.
  const users: BrokerUsers = {
    ...hostUsers,
    ended: (broker, agent) =>
      localAgents.endedSince(broker, agent.name, Date.now() - agent.lastSeenMs),
  };
  return {
    'brokers/list': async () => brokers.list().map(brokerListing),
    // Started here, a broker is this host's: it stops when the host exits.
    'brokers/start': async (req) =>
      brokerListing(await brokers.start({ ...req, persistent: false })),
    'brokers/stop': async ({ id, confirmed }) => {
      const broker = brokers.get(id);
      if (broker === null)
        throw new ApiError('not-found', `there is no broker "${id}" on this machine`, 'id');
      if (broker.state === 'running' && confirmed !== true) await checkUnused(broker, users);
      await localAgents.stopFor(id);
      return brokerListing(await brokers.stop(id));
    },
  } satisfies Pick<ApiHandlers, ChannelsOf<'brokers'>>;
}
