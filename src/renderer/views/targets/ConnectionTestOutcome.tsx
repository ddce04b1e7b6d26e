// Whatever a connection test currently has to say: progress, result or the request's own error.
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { ConnectionTestResult } from './ConnectionTestResult.tsx';
import type { ConnectionTestState } from './useConnectionTest.ts';

/** Renders the state of a `useConnectionTest` (nothing while idle). */
export function ConnectionTestOutcome({ test }: { test: ConnectionTestState }) {
  if (test.testing) return <LoadingBlock label="Connecting and reading the root DSE" />;
  if (test.error) {
    return (
      <div data-testid="connection-test-result" data-ok="false">
        <ErrorPanel title="Could not test the connection" message={test.error.message} />
      </div>
    );
  }
  return test.result ? <ConnectionTestResult result={test.result} /> : null;
}
