// The "Start a broker" form's values and the request they make: agent names typed as a list or a
// count, who may reach the broker, and an optional port.
import type { BrokerStartRequest } from '../../../shared/agentTypes.ts';

/** Who may connect: this machine only, or other machines too (every interface). */
export type BrokerReach = 'local' | 'network';

/** The address each reach listens on. */
export const REACH_LISTEN: Readonly<Record<BrokerReach, string>> = {
  local: '127.0.0.1',
  network: '0.0.0.0',
};

/** What the form holds, as typed. */
export interface BrokerFormValues {
  agents: string;
  reach: BrokerReach;
  port: string;
}

/** A new form: two agents, this machine only, a free port. */
export const DEFAULT_BROKER_FORM: BrokerFormValues = {
  agents: 'agent-1, agent-2',
  reach: 'local',
  port: '',
};

/** Most agents a count may ask for (the broker's own limit). */
const MAX_COUNT = 1000;

/** The names typed (comma or space separated), or agent-1..agent-N for a count N. */
export function agentNamesOf(text: string): string[] {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const count = Math.min(Number(trimmed), MAX_COUNT);
    return Array.from({ length: count }, (_, i) => `agent-${i + 1}`);
  }
  return trimmed.split(/[\s,]+/).filter((name) => name !== '');
}

/** The form's own objections, by field (the host checks the names' rules and the port's use). */
export function brokerFormErrors(
  values: BrokerFormValues,
): Partial<Record<'agents' | 'port', string>> {
  const errors: Partial<Record<'agents' | 'port', string>> = {};
  if (agentNamesOf(values.agents).length === 0)
    errors.agents = 'Name at least one agent, or give a count';
  const port = values.port.trim();
  if (port !== '' && !(/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535))
    errors.port = 'A port is a whole number from 1 to 65535; leave it blank for a free one';
  return errors;
}

/** The brokers/start request of valid form values. */
export function toBrokerStartRequest(values: BrokerFormValues): BrokerStartRequest {
  const port = values.port.trim();
  return {
    agents: agentNamesOf(values.agents),
    listen: REACH_LISTEN[values.reach],
    ...(port === '' ? {} : { port: Number(port) }),
  };
}
