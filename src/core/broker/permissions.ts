// Who may publish and subscribe where on a broker: the coordinator under dirbench.> with the
// JetStream API, each agent only under its own dirbench.agent.<name>.> subjects.

/** Subjects a user may publish to and subscribe to (NATS wildcards), and whether it may answer requests. */
export interface SubjectPermissions {
  publish: readonly string[];
  subscribe: readonly string[];
  /** May publish once to the reply subject of each request it receives (NATS allow_responses). */
  allowResponses: boolean;
}

/** Every DirBench subject starts with this token. */
export const SUBJECT_ROOT = 'dirbench';

/** Subjects the coordinator broadcasts control messages on; every agent may listen. */
export const CONTROL_SUBJECTS = `${SUBJECT_ROOT}.control.>`;

/** The subject prefix that is agent `name`'s own: it publishes there, direct requests to it go there. */
export function agentSubjectPrefix(name: string): string {
  return `${SUBJECT_ROOT}.agent.${name}`;
}

/** The subject agent `name` publishes its heartbeats on. */
export function heartbeatSubject(name: string): string {
  return `${agentSubjectPrefix(name)}.heartbeat`;
}

/**
 * The inbox prefix agent `name` connects with: replies to its requests (JetStream publish acks
 * among them) come under it, and no other agent may subscribe there.
 */
export function agentInboxPrefix(name: string): string {
  return `_INBOX.agent.${name}`;
}

/**
 * The coordinator's rights: all DirBench subjects, the JetStream API with consumer acks and flow
 * control, and replies to and from its own inboxes (`_INBOX.>`, which covers the agents' too).
 */
export function coordinatorPermissions(): SubjectPermissions {
  return {
    publish: [`${SUBJECT_ROOT}.>`, '$JS.API.>', '$JS.ACK.>', '$JS.FC.>', '_INBOX.>'],
    subscribe: [`${SUBJECT_ROOT}.>`, '_INBOX.>'],
    allowResponses: false,
  };
}

/**
 * Agent `name`'s rights: publish only under its own prefix (a JetStream publish with an ack needs
 * no more: the ack comes to its inbox), hear the control broadcasts and its own subjects, and
 * answer the requests it receives.
 */
export function agentPermissions(name: string): SubjectPermissions {
  const own = `${agentSubjectPrefix(name)}.>`;
  return {
    publish: [own],
    subscribe: [CONTROL_SUBJECTS, own, `${agentInboxPrefix(name)}.>`],
    allowResponses: true,
  };
}
