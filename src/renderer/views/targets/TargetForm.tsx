// Create or edit a target: validated as you fix it, server errors beside the field they name.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import { useApi, useQuery } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { ConnectionTestOutcome } from './ConnectionTestOutcome.tsx';
import { initialValues, humanize, targetFieldErrors, toInput } from './targetForm.ts';
import type { FieldErrors, TargetFormValues } from './targetForm.ts';
import { TargetFormFields } from './TargetFormFields.tsx';
import { useConnectionTest } from './useConnectionTest.ts';

const FIELD_ORDER = [
  'name',
  'url',
  'bindDn',
  'password',
  'passwordFile',
  'passwordEnv',
  'baseDn',
  'startTls',
  'caFile',
  'tlsVerify',
  'clientCertFile',
  'clientKeyFile',
];

function focusFirst(errors: FieldErrors): void {
  const field = FIELD_ORDER.find((name) => errors[name] !== undefined);
  if (field) document.getElementById(`target-${field}`)?.focus();
}

/** The target form; `target` null creates a new one. */
export function TargetForm({
  target,
  onSaved,
  onCancel,
}: {
  target: Target | null;
  onSaved: (target: Target) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const storage = useQuery('targets/secretStorage', (client) =>
    client.call('targets/secretStorage'),
  );
  const test = useConnectionTest();
  const [values, setValues] = useState<TargetFormValues>(() => initialValues(target));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const input = toInput(values, target?.id);
  const errors: FieldErrors = { ...(attempted ? targetFieldErrors(input) : {}), ...serverErrors };

  const change = (patch: Partial<TargetFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setServerErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([field]) => !(field in patch))),
    );
    test.clear();
  };

  const checkClientSide = (): boolean => {
    setAttempted(true);
    const found = targetFieldErrors(input);
    focusFirst(found);
    return Object.keys(found).length === 0;
  };

  const showServerError = (err: unknown) => {
    const error = err instanceof ApiError ? err : ApiError.fromBody(err);
    if (error.field && FIELD_ORDER.includes(error.field)) {
      setServerErrors({ [error.field]: humanize(error) });
      focusFirst({ [error.field]: error.message });
    } else {
      setFormError(error.message);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!checkClientSide()) return;
    setSaving(true);
    try {
      onSaved(await api.call('targets/save', input));
    } catch (err) {
      showServerError(err);
    } finally {
      setSaving(false);
    }
  };

  const testConnection = () => {
    if (checkClientSide()) void test.run({ input });
  };

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={target ? 'Edit target' : 'New target'}
    >
      <div className="modal-body">
        {formError && <ErrorPanel title="Could not save the target" message={formError} />}
        <TargetFormFields
          values={values}
          errors={errors}
          hasPassword={target?.hasPassword ?? false}
          editing={target !== null}
          storage={storage.data}
          onChange={change}
        />
        <ConnectionTestOutcome test={test} />
      </div>
      <footer className="modal-footer">
        <button
          type="button"
          className="btn btn-secondary footer-left"
          onClick={testConnection}
          disabled={test.testing}
        >
          {test.testing ? <Spinner /> : <Icon name="plug" />}
          Test connection
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <Spinner />}
          {target ? 'Save changes' : 'Create target'}
        </button>
      </footer>
    </form>
  );
}
