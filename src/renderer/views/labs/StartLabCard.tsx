// "Start OpenLDAP lab": entries with presets, or the install hint when slapd is missing.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { LabAvailability, LabProgress } from '../../../shared/types.ts';
import { checkInteger, LIMITS } from '../../../shared/validation.ts';
import { useApi } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { describedBy, Field } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { formatEntries } from '../../format/numbers.ts';
import { LabProgressLine } from './LabProgressLine.tsx';

const PRESETS = [10_000, 100_000, 1_000_000, 10_000_000];

function entriesError(text: string): string | undefined {
  try {
    checkInteger(text.trim() === '' ? NaN : Number(text), 'entries', 1, LIMITS.labEntries);
    return undefined;
  } catch (err) {
    return err instanceof Error
      ? err.message.replace(/^entries/, 'Entries').replace(/, got null$/, '')
      : String(err);
  }
}

/** The start form; while `lab/start` runs it shows the newest progress event. */
export function StartLabCard({
  availability,
  progress,
}: {
  availability: LabAvailability;
  progress: Record<string, LabProgress>;
}) {
  const api = useApi();
  const [entriesText, setEntriesText] = useState('10000');
  const [attempted, setAttempted] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldError = attempted ? entriesError(entriesText) : undefined;
  const latest = Object.values(progress).at(-1);

  if (!availability.available) {
    return (
      <ErrorPanel
        title="OpenLDAP (slapd) is not installed on this machine"
        message="Labs need slapd and slapadd. Install them, then reload this page."
      >
        <pre className="hint-block">{availability.detail}</pre>
      </ErrorPanel>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    if (entriesError(entriesText)) return;
    setStarting(true);
    try {
      await api.call('lab/start', { kind: 'openldap', entries: Number(entriesText) });
    } catch (err) {
      setError((err instanceof ApiError ? err : ApiError.fromBody(err)).message);
    } finally {
      setStarting(false);
    }
  };

  return (
    <form
      className="card card-pad start-lab"
      onSubmit={submit}
      noValidate
      aria-label="Start OpenLDAP lab"
    >
      <div className="start-lab-head">
        <h2 className="card-title">Start an OpenLDAP lab</h2>
        <span className="availability" title={availability.detail}>
          <span className="link-dot link-dot-up" aria-hidden="true" />
          slapd available <code>{availability.detail}</code>
        </span>
      </div>
      <div className="start-lab-row">
        <Field id="lab-entries" label="Entries" error={fieldError}>
          <input
            id="lab-entries"
            type="number"
            min={1}
            max={LIMITS.labEntries}
            step={1}
            value={entriesText}
            onChange={(e) => setEntriesText(e.target.value)}
            className="input-entries"
            {...describedBy('lab-entries', fieldError, false)}
          />
        </Field>
        <div className="segmented" role="group" aria-label="Entry presets">
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className={Number(entriesText) === preset ? 'segment segment-on' : 'segment'}
              aria-pressed={Number(entriesText) === preset}
              onClick={() => setEntriesText(String(preset))}
            >
              {formatEntries(preset)}
            </button>
          ))}
        </div>
        <button type="submit" className="btn btn-primary" disabled={starting}>
          {starting ? <Spinner /> : <Icon name="play" />}
          {starting ? 'Starting lab…' : 'Start OpenLDAP lab'}
        </button>
      </div>
      <p className="field-hint">
        Salford-shaped person entries under o=Salford,c=gb, bulk loaded with slapadd. About 40 s per
        million entries; 10M need about 11 GB of disk.
      </p>
      {starting && latest && <LabProgressLine progress={latest} />}
      {error && <ErrorPanel title="The lab did not start" message={error} />}
    </form>
  );
}
