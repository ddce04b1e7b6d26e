// "Start a lab": server kind, directory size and shape, indexes, load method and TLS; then its steps.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { LabAvailability, LabInfo } from '../../../shared/labTypes.ts';
import { LIMITS } from '../../../shared/validation.ts';
import type { IndexProfile } from '../../../shared/workload.ts';
import { useApi } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { describedBy, Field } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { formatEntries, formatInt, formatSeconds } from '../../format/numbers.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { IndexProfileField } from './IndexProfileField.tsx';
import { KindPicker } from './KindPicker.tsx';
import {
  defaultKind,
  defaultLabValues,
  effectiveTls,
  ENTRY_PRESETS,
  fieldForHostError,
  KIND_TEXT,
  labFieldErrors,
  loadRate,
  SHAPES,
  TLS_KINDS,
  toLabStartRequest,
} from './labForm.ts';
import type { LabField, LabFieldErrors, LabFormValues } from './labForm.ts';
import { labTargetUrl } from './labFacts.ts';
import { LabSteps } from './LabSteps.tsx';
import type { LabProgressMap } from './labProgress.ts';

/** What the last start ended in, shown under the form until the next one. */
type Outcome =
  | { kind: 'started'; lab: LabInfo }
  | { kind: 'cancelled'; message: string }
  | { kind: 'failed'; message: string }
  | null;

/** One line saying the new lab runs, how many entries it holds and how fast they went in. */
function StartedNote({ lab }: { lab: LabInfo }) {
  const entries = lab.verifiedEntries ?? lab.entries;
  const rate = loadRate(entries, lab.loadS);
  return (
    <div className="quiet-note started-note" role="status" data-testid="lab-started">
      <strong>Lab running.</strong>
      <span>
        {lab.serverVersion ?? KIND_TEXT[lab.kind].title} at <code>{labTargetUrl(lab)}</code> with{' '}
        {formatInt(entries)} entries
        {lab.verifiedEntries !== null && ' verified'}
        {lab.loadS !== null && `; loaded in ${formatSeconds(lab.loadS)}`}
        {rate !== null && ` (${formatInt(rate)} entries/s)`}. It is now a target.
      </span>
      <a className="btn btn-secondary btn-sm" href={routeHref({ name: 'run' })}>
        New run
        <Icon name="arrowRight" size={14} />
      </a>
    </div>
  );
}

/** The start form; while `lab/start` runs it lists the new lab's steps with a Cancel button. */
export function StartLabCard({
  availability,
  profiles,
  profilesError,
  progress,
}: {
  availability: readonly LabAvailability[];
  profiles: readonly IndexProfile[];
  profilesError: string | undefined;
  progress: LabProgressMap;
}) {
  const api = useApi();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [values, setValues] = useState<LabFormValues>(() =>
    defaultLabValues(defaultKind(availability)),
  );
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<LabField>>(new Set());
  const [hostErrors, setHostErrors] = useState<LabFieldErrors>({});
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [knownIds, setKnownIds] = useState<ReadonlySet<string> | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [focusTick, setFocusTick] = useState(0);

  const anyAvailable = availability.some((a) => a.available);
  const clientErrors = labFieldErrors(values, availability);
  const shown = (field: LabField): string | undefined =>
    hostErrors[field] ?? (attempted || touched.has(field) ? clientErrors[field] : undefined);
  const text = KIND_TEXT[values.kind];
  const tlsCapable = TLS_KINDS.has(values.kind);
  const shape = SHAPES.find((s) => s.value === values.shape) ?? SHAPES[0];
  // The lab this start created: the first to report progress that was not there before.
  const mine =
    knownIds === null
      ? undefined
      : Object.values(progress)
          .filter((p) => !knownIds.has(p.labId))
          .sort((a, b) => a.seq - b.seq)[0];

  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        'input[aria-invalid="true"], select[aria-invalid="true"], [aria-invalid="true"] input:checked',
      )
      ?.focus();
  }, [focusTick]);

  const set = <K extends keyof LabFormValues>(
    key: K,
    value: LabFormValues[K],
    field: LabField = key as LabField,
  ) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    const cleared = new Set<string>([field]);
    if (key === 'profile') cleared.add('customIndexes');
    if (key === 'kind') cleared.add('tls');
    setHostErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([f]) => !cleared.has(f))),
    );
  };
  const touch = (field: LabField) => setTouched((prev) => new Set(prev).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (starting) return;
    setAttempted(true);
    setHostErrors({});
    setOutcome(null);
    if (Object.keys(labFieldErrors(values, availability)).length > 0) {
      setFocusTick((n) => n + 1);
      return;
    }
    setKnownIds(new Set(Object.keys(progress)));
    setStarting(true);
    setCancelling(false);
    try {
      const lab = await api.call('lab/start', toLabStartRequest(values));
      setOutcome({ kind: 'started', lab });
      setAttempted(false);
      setTouched(new Set());
    } catch (err) {
      const error = err instanceof ApiError ? err : ApiError.fromBody(err);
      const field = fieldForHostError(error.field, values);
      if (field !== null) {
        setHostErrors({ [field]: error.message });
        setFocusTick((n) => n + 1);
      } else if (error.code === 'cancelled') {
        setOutcome({ kind: 'cancelled', message: error.message });
      } else {
        setOutcome({ kind: 'failed', message: error.message });
      }
    } finally {
      setStarting(false);
    }
  };

  const cancel = async () => {
    if (!mine) return;
    setCancelling(true);
    try {
      await api.call('lab/stop', { id: mine.labId });
    } catch (err) {
      setOutcome({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
      setCancelling(false);
    }
  };

  const entriesError = shown('entries');
  const seedError = shown('seed');
  const connectionsError = shown('loadConnections');
  const showSteps = mine !== undefined && (starting || outcome?.kind === 'failed');

  return (
    <form
      ref={formRef}
      className="card card-pad start-lab"
      onSubmit={submit}
      noValidate
      aria-label="Start a lab"
      data-testid="start-lab"
    >
      <div className="start-lab-head">
        <h2 className="card-title">Start a lab</h2>
        <span className="muted small">
          A private server on a free loopback port, with a generated directory. It stops when
          DirBench exits.
        </span>
      </div>

      <KindPicker
        availability={availability}
        value={values.kind}
        onChange={(kind) => set('kind', kind)}
        disabled={starting}
        error={shown('kind')}
      />

      <fieldset className="start-lab-fields" disabled={starting || !anyAvailable}>
        <div className="start-lab-grid">
          <div className="start-lab-entries">
            <Field id="lab-entries" label="Entries" error={entriesError}>
              <div className="entries-control">
                <input
                  id="lab-entries"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={LIMITS.labEntries}
                  step={1}
                  value={values.entries}
                  onChange={(e) => set('entries', e.target.value)}
                  onBlur={() => touch('entries')}
                  className="input-entries"
                  {...describedBy('lab-entries', entriesError, false)}
                />
                <div className="segmented" role="group" aria-label="Entry presets">
                  {ENTRY_PRESETS.map((preset) => (
                    <button
                      key={preset}
                      type="button"
                      className={
                        Number(values.entries) === preset ? 'segment segment-on' : 'segment'
                      }
                      aria-pressed={Number(values.entries) === preset}
                      onClick={() => set('entries', String(preset))}
                    >
                      {formatEntries(preset)}
                    </button>
                  ))}
                </div>
              </div>
            </Field>
          </div>
          <div className="start-lab-seed">
            <Field id="lab-seed" label="Seed" error={seedError}>
              <input
                id="lab-seed"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={values.seed}
                onChange={(e) => set('seed', e.target.value)}
                onBlur={() => touch('seed')}
                {...describedBy('lab-seed', seedError, false)}
              />
            </Field>
          </div>
          <RadioSegments
            id="lab-shape"
            legend="Shape"
            name="lab-shape"
            value={values.shape}
            options={SHAPES.map((s) => ({ value: s.value, label: s.label, title: s.hint }))}
            onChange={(v) => set('shape', v)}
            error={shown('shape')}
            className="start-lab-shape"
          />

          <div className="start-lab-profile">
            <IndexProfileField
              profiles={profiles}
              loadError={profilesError}
              value={values.profile}
              custom={values.customIndexes}
              onChange={(v) => set('profile', v, 'indexProfile')}
              onCustomChange={(v) => set('customIndexes', v)}
              onCustomBlur={() => touch('customIndexes')}
              error={shown('indexProfile')}
              customError={shown('customIndexes')}
            />
          </div>

          <div className="start-lab-options">
            <div className="start-lab-load">
              <RadioSegments
                id="lab-load"
                legend="Load"
                name="lab-load"
                value={values.load}
                options={[
                  {
                    value: 'offline',
                    label: 'Bulk loader',
                    title: `${text.loader} into the stopped server (Salford's load times)`,
                  },
                  {
                    value: 'protocol',
                    label: 'Over LDAP',
                    title: 'LDAP adds on the running server, parents first',
                  },
                ]}
                onChange={(v) => set('load', v)}
                error={shown('load')}
                hint={
                  values.load === 'offline'
                    ? `${text.loader} while the server is stopped`
                    : 'LDAP adds on the running server, parents first'
                }
              />
              {values.load === 'protocol' && (
                <Field id="lab-load-connections" label="Connections" error={connectionsError}>
                  <input
                    id="lab-load-connections"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={1024}
                    step={1}
                    value={values.loadConnections}
                    onChange={(e) => set('loadConnections', e.target.value)}
                    onBlur={() => touch('loadConnections')}
                    {...describedBy('lab-load-connections', connectionsError, false)}
                  />
                </Field>
              )}
            </div>

            <RadioSegments
              id="lab-tls"
              legend="TLS"
              name="lab-tls"
              value={effectiveTls(values)}
              options={[
                { value: 'off', label: 'Off' },
                { value: 'starttls', label: 'StartTLS', disabled: !tlsCapable },
                { value: 'ldaps', label: 'LDAPS', disabled: !tlsCapable },
              ]}
              onChange={(v) => set('tls', v)}
              error={shown('tls')}
              hint={
                tlsCapable
                  ? effectiveTls(values) === 'off'
                    ? 'Plain LDAP on the loopback port'
                    : 'The lab makes its own CA; its target verifies against it'
                  : `Only OpenLDAP labs serve TLS so far; ${text.short} labs use plain LDAP`
              }
              className="start-lab-tls"
            />
          </div>
        </div>
      </fieldset>

      <div className="start-lab-footer">
        <p className="field-hint">
          {shape?.hint}.{' '}
          {values.load === 'protocol'
            ? 'Adds over LDAP are much slower than the bulk loader: keep to 100K or less.'
            : values.kind === 'openldap'
              ? 'About 40 s per million entries with slapadd; 10M need about 11 GB of disk.'
              : `${text.loader} loads the LDIF into the stopped server; 10M entries need over 10 GB of disk.`}
        </p>
        <div className="start-lab-actions">
          {starting && mine && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void cancel()}
              disabled={cancelling}
            >
              {cancelling ? <Spinner /> : <Icon name="stop" size={14} />}
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={starting || !anyAvailable}>
            {starting ? <Spinner /> : <Icon name="play" />}
            {starting ? `Starting ${text.short} lab…` : `Start ${text.short} lab`}
          </button>
        </div>
      </div>

      {showSteps && mine && <LabSteps state={mine} kind={values.kind} load={values.load} />}
      {outcome?.kind === 'started' && <StartedNote lab={outcome.lab} />}
      {outcome?.kind === 'cancelled' && (
        <p className="quiet-note quiet-note-neutral" role="status">
          <strong>Cancelled.</strong>
          <span>{outcome.message}</span>
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <ErrorPanel title="The lab did not start" message={outcome.message} testId="lab-error" />
      )}
    </form>
  );
}
