// Checks of a request's load agents (RunRequest.agents, and a matrix's agents for its cells).
import { invalid } from './errors.ts';
import type { RunAgentsRequest } from './agentTypes.ts';

/** Agent names are subject tokens and file names: letters, digits, _ and -. */
const AGENT_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/** Throws naming `field` (e.g. `agents`, `agents.names`) unless `value` is a RunAgentsRequest. */
export function validateRunAgents(
  value: unknown,
  field = 'agents',
): asserts value is RunAgentsRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(field, `${field} must be an object: {broker, names, onAgentLoss?}`);
  const v = value as Record<string, unknown>;
  if (typeof v.broker !== 'string' || v.broker.trim() === '')
    throw invalid(
      `${field}.broker`,
      'choose a broker: a broker id (see broker list) or a tls:// URL',
    );
  const names = v.names;
  if (names !== 'all') {
    if (!Array.isArray(names) || names.length === 0)
      throw invalid(
        `${field}.names`,
        'name the agents to run on, or "all" for every connected one',
      );
    const bad = names.find((n) => typeof n !== 'string' || !AGENT_NAME.test(n));
    if (bad !== undefined)
      throw invalid(
        `${field}.names`,
        `agent name ${JSON.stringify(bad)} must be 1-40 letters, digits, _ or -`,
      );
  }
  if (v.onAgentLoss !== undefined && v.onAgentLoss !== 'fail' && v.onAgentLoss !== 'continue')
    throw invalid(`${field}.onAgentLoss`, 'onAgentLoss is "fail" (the default) or "continue"');
  for (const key of ['caFile', 'credentialsFile'] as const)
    if (v[key] !== undefined && (typeof v[key] !== 'string' || v[key] === ''))
      throw invalid(`${field}.${key}`, `${key} must be a file path`);
  if (v.credentialsFile === undefined && /^[a-z]+:\/\//i.test(v.broker))
    throw invalid(
      `${field}.credentialsFile`,
      "a broker URL needs the coordinator's credentials file (the broker wrote it)",
    );
}
