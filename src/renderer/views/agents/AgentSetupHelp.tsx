// What to type to get agents: start a broker (when there is none) and one agent per name, with
// the exact commands, copyable.
import type { BrokerListing } from '../../../shared/agentTypes.ts';
import { CopyButton } from '../../components/CopyButton.tsx';

/** The command that starts broker-less setups: a broker on this machine for two agents. */
export const BROKER_START_COMMAND = 'dirbench broker start --agents agent-1,agent-2';

/** The commands that start `broker`'s agents on this machine (each agent's own credentials file). */
export function agentCommands(
  broker: Pick<BrokerListing, 'agents' | 'agentCredentialFiles'>,
): string[] {
  return broker.agents.map((name) => {
    const file = broker.agentCredentialFiles[name] ?? `agent-${name}.creds.json`;
    return `dirbench agent --name ${name} --credentials-file ${file}`;
  });
}

/** Commands as copyable blocks. */
export function CommandBlocks({ commands, what }: { commands: readonly string[]; what: string }) {
  return (
    <div className="command-list" data-testid="agent-commands">
      {commands.map((command) => (
        <div className="command-block" key={command}>
          <code>{command}</code>
          <CopyButton value={command} label={`Copy the command ${what}`} />
        </div>
      ))}
    </div>
  );
}
