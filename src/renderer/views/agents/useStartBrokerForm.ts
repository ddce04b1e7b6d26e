// The start-broker form's state: its values, the errors shown, and the submit that asks the host.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import { useApi } from '../../api/useApi.ts';
import { brokerFormErrors, DEFAULT_BROKER_FORM, toBrokerStartRequest } from './brokerForm.ts';
import type { BrokerFormValues } from './brokerForm.ts';

/** The form's fields that show errors. */
export type BrokerField = 'agents' | 'port' | 'reach';

/** The host's field names, as the form's. */
const HOST_FIELDS: Readonly<Record<string, BrokerField>> = {
  agents: 'agents',
  port: 'port',
  listen: 'reach',
};

/** The start form's state and submit; `onStarted` follows a broker the host started. */
export function useStartBrokerForm(onStarted: (() => void) | undefined) {
  const api = useApi();
  const [values, setValues] = useState<BrokerFormValues>(DEFAULT_BROKER_FORM);
  const [attempted, setAttempted] = useState(false);
  const [starting, setStarting] = useState(false);
  const [hostErrors, setHostErrors] = useState<Partial<Record<BrokerField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formErrors = attempted ? brokerFormErrors(values) : {};
  const shown = (field: BrokerField): string | undefined =>
    hostErrors[field] ?? (formErrors as Partial<Record<BrokerField, string>>)[field];
  const set = <K extends keyof BrokerFormValues>(key: K, value: BrokerFormValues[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setHostErrors((prev) => ({ ...prev, [key]: undefined }));
  };

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
      onStarted?.();
    } catch (err) {
      const refusal = err instanceof ApiError ? err : ApiError.fromBody(err);
      const field = refusal.field === undefined ? undefined : HOST_FIELDS[refusal.field];
      if (field === undefined) setFailure(refusal.message);
      else setHostErrors({ [field]: refusal.message });
    } finally {
      setStarting(false);
    }
  };
  return { values, set, shown, starting, failure, submit };
}
