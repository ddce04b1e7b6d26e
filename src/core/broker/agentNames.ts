// The names of a broker's agents: the defaults, a `--agents` value (a count or a list) and the
// rule every name follows, so a name is always one NATS subject token and one file-name part.
import { invalid } from '../../shared/errors.ts';

/** How many agents a broker gets when none are named. */
export const DEFAULT_AGENT_COUNT = 4;

/** Most agents one broker takes (each gets a user, a file and its own subjects). */
export const MAX_AGENTS = 1000;

/** Longest agent name. */
export const MAX_AGENT_NAME_LENGTH = 40;

/** The user name the coordinator has, which no agent may take. */
export const COORDINATOR_USER = 'coordinator';

const NAME_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_AGENT_NAME_LENGTH}}$`);

/** `agent-1` .. `agent-<count>`. */
export function numberedAgentNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `agent-${i + 1}`);
}

/** Refuses a name that is not 1-40 of A-Z a-z 0-9 _ - or is the coordinator's; `field` names the input. */
export function checkAgentName(name: string, field = 'agents'): string {
  if (!NAME_PATTERN.test(name)) {
    throw invalid(
      field,
      `agent name "${name}" must be 1-${MAX_AGENT_NAME_LENGTH} letters, digits, _ or - (it becomes a subject token and a file name)`,
    );
  }
  if (name === COORDINATOR_USER) {
    throw invalid(
      field,
      `"${COORDINATOR_USER}" is the coordinator's user name; pick another agent name`,
    );
  }
  return name;
}

/**
 * The agent names of `--agents`: a count (`3` gives agent-1..agent-3) or a comma-separated list of
 * names, each checked and none twice (ignoring case, as file names on some systems do).
 */
export function parseAgentNames(value: string | undefined, field = 'agents'): string[] {
  if (value === undefined) return numberedAgentNames(DEFAULT_AGENT_COUNT);
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count < 1 || count > MAX_AGENTS) {
      throw invalid(field, `the agent count must be between 1 and ${MAX_AGENTS}; got ${text}`);
    }
    return numberedAgentNames(count);
  }
  return checkAgentNames(
    text.split(',').map((name) => name.trim()),
    field,
  );
}

/** Checks a list of agent names: at least one, at most MAX_AGENTS, each valid, none twice (ignoring case). */
export function checkAgentNames(names: readonly string[], field = 'agents'): string[] {
  if (names.length === 0) throw invalid(field, 'a broker needs at least one agent name');
  if (names.length > MAX_AGENTS) {
    throw invalid(field, `at most ${MAX_AGENTS} agents; got ${names.length}`);
  }
  const seen = new Set<string>();
  for (const name of names) {
    checkAgentName(name, field);
    const key = name.toLowerCase();
    if (seen.has(key)) throw invalid(field, `agent "${name}" is named twice`);
    seen.add(key);
  }
  return [...names];
}
