// The Agents screen's agents section: the chosen broker's agents, or why there are none to show.
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import type { AgentRow } from './agentRows.ts';
import { AgentsTable } from './AgentsTable.tsx';
import { AGENTS_REFRESH_MS } from './useAgentsPoll.ts';
import type { AgentsPoll } from './useAgentsPoll.ts';

/** The section; `polling` is false until a broker is named, `handlers` start and stop agents. */
export function AgentsSection({
  polling,
  anyRunning,
  poll,
  rows,
  busy,
  handlers,
}: {
  polling: boolean;
  anyRunning: boolean;
  poll: AgentsPoll;
  rows: AgentRow[];
  busy: string | null;
  handlers: { onStart?: (name: string) => void; onStop?: (name: string) => void };
}) {
  return (
    <section className="section">
      <h2 className="section-title">
        Agents
        {polling && (
          <span className="section-title-note">
            updated every {AGENTS_REFRESH_MS / 1_000} s while this page is open
          </span>
        )}
      </h2>
      {!polling && !anyRunning && (
        <EmptyState icon="agents" title="No broker is running">
          Agents reach DirBench through a NATS broker. Start one above (or with dirbench broker
          start), then start its agents here or on other machines. Or pick &ldquo;Another broker, by
          URL&rdquo; to watch one elsewhere.
        </EmptyState>
      )}
      {!polling && anyRunning && (
        <p className="muted">
          Give the broker&apos;s URL and the coordinator&apos;s credentials file.
        </p>
      )}
      {poll.error && (
        <ErrorPanel
          title="Could not reach the broker"
          message={poll.error.message}
          testId="agents-error"
        >
          <p className="muted small">DirBench keeps trying every {AGENTS_REFRESH_MS / 1_000} s.</p>
        </ErrorPanel>
      )}
      {poll.loading && rows.length === 0 && (
        <LoadingBlock label="Asking the broker for its agents" />
      )}
      {poll.agents?.length === 0 && rows.length === 0 && (
        <EmptyState icon="agents" title="No agent has connected to this broker yet">
          An agent started with its credentials file appears here within 2 s.
        </EmptyState>
      )}
      {rows.length > 0 && <AgentsTable rows={rows} busy={busy} {...handlers} />}
    </section>
  );
}
