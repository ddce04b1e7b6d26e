// "Start a broker": agent names, who may reach it and its port; the host starts nats-server and
// answers once it serves. A refusal is shown at its field (names, port, address) or under the form.
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { BrokerFormFields } from './BrokerFormFields.tsx';
import { useStartBrokerForm } from './useStartBrokerForm.ts';

/** The start form; `onCancel` (when there is a broker already) closes it. */
export function StartBrokerCard({ onCancel }: { onCancel?: () => void }) {
  const { values, set, shown, starting, failure, submit } = useStartBrokerForm(onCancel);
  return (
    <form
      className="card card-pad start-broker"
      onSubmit={submit}
      noValidate
      aria-label="Start a broker"
      data-testid="start-broker"
    >
      <div className="start-lab-head">
        <h2 className="card-title">Start a broker</h2>
        <span className="muted small">
          nats-server with TLS and JetStream, a user and a credentials file per agent. It stops when
          DirBench exits.
        </span>
      </div>
      <fieldset className="start-broker-fields" disabled={starting}>
        <BrokerFormFields values={values} set={set} shown={shown} />
      </fieldset>
      {failure !== null && (
        <ErrorPanel
          title="The broker did not start"
          message={failure}
          testId="broker-start-error"
        />
      )}
      <div className="start-lab-footer">
        <p className="field-hint">
          Passwords go to mode-600 files in the broker&apos;s folder, never to this screen. Each
          agent then starts here with one click, or on another machine with its file.
        </p>
        <div className="start-lab-actions">
          {onCancel && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onCancel}
              disabled={starting}
            >
              Cancel
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={starting}>
            {starting ? <Spinner /> : <Icon name="play" />}
            {starting ? 'Starting broker…' : 'Start broker'}
          </button>
        </div>
      </div>
    </form>
  );
}
