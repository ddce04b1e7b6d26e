// "Agents on other machines": the broker's CA and each agent's credentials file (paths to copy),
// and for a chosen agent the exact commands that copy them and start it there.
import { useState } from 'react';
import type { BrokerListing } from '../../../shared/agentTypes.ts';
import { Copyable, CopyButton } from '../../components/CopyButton.tsx';
import { SelectField } from '../../components/FieldControls.tsx';
import { TermRow } from '../../components/TermRow.tsx';
import { agentSetupCommands, credentialsFileOf, loopbackOnly } from './agentSetup.ts';

/** The files and commands for `broker`'s agents; `first` is the agent whose commands show first. */
export function RemoteAgentSetup({ broker, first }: { broker: BrokerListing; first?: string }) {
  // Until one is picked, the commands follow the first agent not connected anywhere.
  const [chosen, setChosen] = useState<string | null>(null);
  const name =
    [chosen, first, broker.agents[0]].find(
      (a): a is string => a != null && broker.agents.includes(a),
    ) ?? '';
  const local = loopbackOnly(broker);
  return (
    <div className="card card-pad agent-setup" data-testid="remote-agent-setup">
      {local ? (
        <div className="banner banner-warning" role="note" data-testid="broker-loopback-note">
          <span>
            This broker listens on {broker.listen} only: agents on other machines cannot reach it.
            Start a broker reachable from other machines for them; an agent in a terminal here can
            use the file below.
          </span>
        </div>
      ) : (
        <p className="muted small agent-setup-intro">
          Copy two files to the agent&apos;s machine: the broker&apos;s CA and that agent&apos;s own
          credentials file (mode 600: it holds its password, which lets it publish only as itself).
          DirBench must be installed there; it needs no nats-server. Open port {broker.port} to that
          machine.
        </p>
      )}
      <dl className="lab-details agent-setup-files">
        <TermRow className="lab-details-row" term="Broker CA">
          <Copyable value={broker.caFile} label={`Copy the path of broker ${broker.id}'s CA`} />
        </TermRow>
        {broker.agents.map((agent) => (
          <TermRow key={agent} className="lab-details-row" term={agent}>
            <Copyable
              value={credentialsFileOf(broker, agent)}
              label={`Copy the path of agent ${agent}'s credentials file`}
            />
          </TermRow>
        ))}
      </dl>
      {name !== '' && (
        <div className="agent-setup-commands">
          <SelectField
            id="agent-setup-name"
            label="Commands for"
            value={name}
            options={broker.agents.map((a) => ({ value: a, label: a }))}
            onValue={setChosen}
          />
          <div className="command-list" data-testid="agent-commands">
            {agentSetupCommands(broker, name).map(({ what, command }) => (
              <div key={what} className="agent-setup-step">
                <span className="field-hint">{what}</span>
                <div className="command-block">
                  <code>{command}</code>
                  <CopyButton value={command} label={`Copy the command: ${what.toLowerCase()}`} />
                </div>
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
