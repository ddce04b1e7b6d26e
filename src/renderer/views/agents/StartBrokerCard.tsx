// "Start a broker": agent names, who may reach it and its port; the host starts nats-server and
// answers once it serves. A refusal is shown at its field (names, port, address) or under the form.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import { useApi } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { InputField, NumericField } from '../../components/FieldControls.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import {
  agentNamesOf,
  brokerFormErrors,
  DEFAULT_BROKER_FORM,
  toBrokerStartRequest,
} from './brokerForm.ts';
import type { BrokerFormValues, BrokerReach } from './brokerForm.ts';

type Field = 'agents' | 'port' | 'reach';

/** The host's field names, as the form's. */
const HOST_FIELDS: Readonly<Record<string, Field>> = {
  agents: 'agents',
  port: 'port',
  listen: 'reach',
};

const REACH_HINT: Readonly<Record<BrokerReach, string>> = {
  local: 'Listens on 127.0.0.1: agents on this machine only',
  network: 'Listens on every interface: open its port to the agents’ machines',
};

/** The start form; `onCancel` (when there is a broker already) closes it. */
export function StartBrokerCard({ onCancel }: { onCancel?: () => void }) {
  const api = useApi();
  const [values, setValues] = useState<BrokerFormValues>(DEFAULT_BROKER_FORM);
  const [attempted, setAttempted] = useState(false);
  const [starting, setStarting] = useState(false);
  const [hostErrors, setHostErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formErrors = attempted ? brokerFormErrors(values) : {};
  const shown = (field: Field): string | undefined =>
    hostErrors[field] ?? (formErrors as Partial<Record<Field, string>>)[field];
  const set = <K extends keyof BrokerFormValues>(key: K, value: BrokerFormValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setHostErrors((prev) => ({ ...prev, [key]: undefined }));
  };
  const names = agentNamesOf(values.agents);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (starting) return;
    setAttempted(true);
    setHostErrors({});
    setFailure(null);
    if (Object.keys(brokerFormErrors(values)).length > 0) return;
    setStarting(true);
    try {
      // The broker list follows by its event; this form's work is done.
      await api.call('brokers/start', toBrokerStartRequest(values));
      setValues(DEFAULT_BROKER_FORM);
      setAttempted(false);
      onCancel?.();
    } catch (err) {
      const refusal = err instanceof ApiError ? err : ApiError.fromBody(err);
      const field = refusal.field === undefined ? undefined : HOST_FIELDS[refusal.field];
      if (field === undefined) setFailure(refusal.message);
      else setHostErrors({ [field]: refusal.message });
    } finally {
      setStarting(false);
    }
  };

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
        <InputField
          id="broker-agents"
          label="Agent names"
          className="mono"
          spellCheck={false}
          value={values.agents}
          onValue={(text) => set('agents', text)}
          error={shown('agents')}
          hint={
            names.length > 0
              ? `${names.length} agent${names.length === 1 ? '' : 's'}: comma-separated names, or a count`
              : 'Comma-separated names, or a count (3 gives agent-1 to agent-3)'
          }
        />
        <RadioSegments<BrokerReach>
          id="broker-reach"
          legend="Reachable from"
          name="broker-reach"
          value={values.reach}
          options={[
            { value: 'local', label: 'This machine' },
            { value: 'network', label: 'Other machines too' },
          ]}
          onChange={(reach) => set('reach', reach)}
          error={shown('reach')}
          hint={REACH_HINT[values.reach]}
        />
        <NumericField
          id="broker-port"
          label={
            <>
              Port <span className="label-optional">optional</span>
            </>
          }
          placeholder="a free one"
          min={1}
          max={65_535}
          value={values.port}
          onValue={(text) => set('port', text)}
          error={shown('port')}
        />
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
