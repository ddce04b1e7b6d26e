// The commands that start a local broker's agent elsewhere: copy its two files to the agent's
// machine and run it there against the address agents reach, or (a broker for this machine only)
// run it in another terminal here.
import type { BrokerListing } from '../../../shared/agentTypes.ts';

/** What a broker's agent setup needs to know. */
export type SetupBroker = Pick<
  BrokerListing,
  'agentUrl' | 'listen' | 'caFile' | 'agentCredentialFiles' | 'agents'
>;

/** The last part of a path (the name a copied file keeps). */
function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** The host part of a tls:// URL (an IPv6 address keeps its brackets). */
export function urlHost(url: string): string {
  const rest = url.replace(/^[a-z]+:\/\//i, '');
  return rest.startsWith('[') ? rest.slice(0, rest.indexOf(']') + 1) : (rest.split(':')[0] ?? rest);
}

/** True when only this machine can reach the broker. */
export function loopbackOnly(broker: Pick<BrokerListing, 'listen'>): boolean {
  return broker.listen === '127.0.0.1' || broker.listen === '::1';
}

/** The credentials file of agent `name` (the broker names them agent-NAME.creds.json). */
export function credentialsFileOf(broker: SetupBroker, name: string): string {
  return broker.agentCredentialFiles[name] ?? `agent-${name}.creds.json`;
}

/** One step of starting an agent: what it is for and the exact command. */
export interface SetupCommand {
  what: string;
  command: string;
}

/** The commands that start agent `name` on another machine, or in a terminal here for a loopback broker. */
export function agentSetupCommands(broker: SetupBroker, name: string): SetupCommand[] {
  const file = credentialsFileOf(broker, name);
  if (loopbackOnly(broker))
    return [
      {
        what: 'Run it in a terminal here',
        command: `dirbench agent --name ${name} --credentials-file ${file}`,
      },
    ];
  const host = urlHost(broker.agentUrl);
  return [
    {
      what: "Copy its files (on the agent's machine)",
      command: `scp ${host}:${file} ${host}:${broker.caFile} .`,
    },
    {
      what: 'Start it there',
      command: `dirbench agent --name ${name} --credentials-file ${baseName(file)} --ca-file ${baseName(broker.caFile)} --broker ${broker.agentUrl}`,
    },
  ];
}
