// "Start a lab": server kind, directory size and shape, indexes, load method and TLS; then its steps.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { familyWords, LAB_KINDS } from '../../../shared/labKinds.ts';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import { LIMITS } from '../../../shared/validation.ts';
import type { IndexProfile } from '../../../shared/workload.ts';
import { NumericField } from '../../components/FieldControls.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { EntryPresets } from './EntryPresets.tsx';
import { IndexProfileField } from './IndexProfileField.tsx';
import { KindPicker } from './KindPicker.tsx';
import {
  defaultKind,
  defaultLabValues,
  effectiveTls,
  fieldForHostError,
  labFieldErrors,
  SHAPES,
  REPLICA_KINDS,
  TLS_KINDS,
  toLabStartRequest,
} from './labForm.ts';
import type { LabField, LabFieldErrors, LabFormValues } from './labForm.ts';
import { LabStartResult } from './LabStartResult.tsx';
import { LabSteps } from './LabSteps.tsx';
import type { LabProgressMap } from './labProgress.ts';
import { useLabStart } from './useLabStart.ts';

/** The form's number boxes: their ids, labels and bounds. */
const NUMBER_FIELDS = {
  entries: { id: 'lab-entries', label: 'Entries', min: 1, max: LIMITS.labEntries },
  seed: { id: 'lab-seed', label: 'Seed', min: 0 },
  loadConnections: { id: 'lab-load-connections', label: 'Connections', min: 1, max: 1024 },
} as const;

/** The kinds that serve TLS and those that have replicas, in words for the hints. */
const TLS_FAMILIES = familyWords([...TLS_KINDS]);
const REPLICA_FAMILIES = familyWords([...REPLICA_KINDS]);

/** The start form; while the lab it started builds it lists that lab's steps with a Cancel button. */
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
  const formRef = useRef<HTMLFormElement | null>(null);
  const [values, setValues] = useState<LabFormValues>(() =>
    defaultLabValues(defaultKind(availability)),
  );
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<LabField>>(new Set());
  const [hostErrors, setHostErrors] = useState<LabFieldErrors>({});
  const [focusTick, setFocusTick] = useState(0);
  const start = useLabStart();
  const starting = start.running;

  const anyAvailable = availability.some((a) => a.available);
  const clientErrors = labFieldErrors(values, availability);
  const shown = (field: LabField): string | undefined =>
    hostErrors[field] ?? (attempted || touched.has(field) ? clientErrors[field] : undefined);
  const text = LAB_KINDS[values.kind].form;
  const short = LAB_KINDS[values.kind].family.name;
  const tlsCapable = TLS_KINDS.has(values.kind);
  const replicaCapable = REPLICA_KINDS.has(values.kind);
  const shape = SHAPES.find((s) => s.value === values.shape) ?? SHAPES[0];
  // The lab this form started, by the id `lab/start` answered.
  const mine = start.lab === null ? undefined : progress[start.lab.id];

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
  /** A whole-number box bound to `field`; its error shows once it was left or the form submitted. */
  const numberField = (
    field: keyof typeof NUMBER_FIELDS,
    more: Pick<Parameters<typeof NumericField>[0], 'className' | 'wrap'> = {},
  ) => (
    <NumericField
      {...NUMBER_FIELDS[field]}
      error={shown(field)}
      value={values[field]}
      onValue={(text) => set(field, text)}
      onBlur={() => touch(field)}
      {...more}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (starting) return;
    setAttempted(true);
    setHostErrors({});
    start.clear();
    if (Object.keys(labFieldErrors(values, availability)).length > 0) {
      setFocusTick((n) => n + 1);
      return;
    }
    const refused = await start.begin(toLabStartRequest(values));
    if (refused === null) {
      // The host took the values: the form starts afresh while the lab builds.
      setAttempted(false);
      setTouched(new Set());
      return;
    }
    const field = fieldForHostError(refused.field, values);
    if (field !== null) {
      setHostErrors({ [field]: refused.message });
      setFocusTick((n) => n + 1);
    }
  };

  const outcome = start.outcome;
  // A refusal naming one of the form's fields is shown there, not again under the form.
  const outcomeShown =
    outcome !== null &&
    !(outcome.kind === 'refused' && fieldForHostError(outcome.field, values) !== null);
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
            {numberField('entries', {
              className: 'input-entries',
              wrap: (input) => (
                <div className="entries-control">
                  {input}
                  <EntryPresets entries={values.entries} onPick={(n) => set('entries', n)} />
                </div>
              ),
            })}
          </div>
          <div className="start-lab-seed">{numberField('seed')}</div>
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
                    title:
                      text.offlineLoad ??
                      `${text.loader} into the stopped server (Salford's load times)`,
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
                    ? (text.offlineLoad ?? `${text.loader} while the server is stopped`)
                    : 'LDAP adds on the running server, parents first'
                }
              />
              {values.load === 'protocol' && numberField('loadConnections')}
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
                  : `Only ${TLS_FAMILIES} labs serve TLS so far; ${short} labs use plain LDAP`
              }
              className="start-lab-tls"
            />
            <RadioSegments
              id="lab-replicas"
              legend="Replicas"
              name="lab-replicas"
              value={replicaCapable ? values.replicas : '0'}
              options={(['0', '1', '2'] as const).map((n) => ({
                value: n,
                label: n === '0' ? 'None' : n,
                disabled: n !== '0' && !replicaCapable,
              }))}
              onChange={(v) => set('replicas', v)}
              error={shown('replicas')}
              hint={
                replicaCapable
                  ? values.replicas === '0'
                    ? 'One server'
                    : `Each consumer is its own ${short} server; runs report their lag`
                  : `Only ${REPLICA_FAMILIES} labs have replicas so far`
              }
              className="start-lab-replicas"
            />
          </div>
        </div>
      </fieldset>

      <div className="start-lab-footer">
        <p className="field-hint">
          {shape?.hint}.{' '}
          {values.load === 'protocol'
            ? 'Adds over LDAP are much slower than the bulk loader: keep to 100K or less.'
            : (text.loadHint ??
              `${text.loader} loads the LDIF into the stopped server; 10M entries need over 10 GB of disk.`)}
        </p>
        <div className="start-lab-actions">
          {starting && start.lab !== null && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void start.cancel()}
              disabled={start.cancelling}
              aria-label={`Cancel lab ${start.lab.id}`}
            >
              {start.cancelling ? <Spinner /> : <Icon name="stop" size={14} />}
              {start.cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={starting || !anyAvailable}>
            {starting ? <Spinner /> : <Icon name="play" />}
            {starting ? `Starting ${short} lab…` : `Start ${short} lab`}
          </button>
        </div>
      </div>

      {showSteps && mine && start.lab !== null && (
        <LabSteps state={mine} kind={start.lab.kind} load={start.lab.loadMethod} />
      )}
      {outcomeShown && <LabStartResult outcome={outcome} />}
    </form>
  );
}
