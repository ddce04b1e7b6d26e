// "Start a lab": server kind, directory size and shape, indexes, load method and TLS; then its steps.
import type { LabAvailability } from '../../../shared/labTypes.ts';
import type { IndexProfile } from '../../../shared/workload.ts';
import { KindPicker } from './KindPicker.tsx';
import { fieldForHostError } from './labForm.ts';
import { LabDirectoryFields } from './LabDirectoryFields.tsx';
import { LabOptionFields } from './LabOptionFields.tsx';
import { LabStartResult } from './LabStartResult.tsx';
import { LabSteps } from './LabSteps.tsx';
import type { LabProgressMap } from './labProgress.ts';
import { StartLabFooter } from './StartLabFooter.tsx';
import { useStartLabForm } from './useStartLabForm.ts';

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
  const { formRef, binding, submit, start } = useStartLabForm(availability);
  const { values, set, shown } = binding;
  const starting = start.running;
  const anyAvailable = availability.some((a) => a.available);
  // The lab this form started, by the id `lab/start` answered.
  const mine = start.lab === null ? undefined : progress[start.lab.id];
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
          <LabDirectoryFields form={binding} profiles={profiles} profilesError={profilesError} />
          <LabOptionFields form={binding} />
        </div>
      </fieldset>

      <StartLabFooter values={values} start={start} anyAvailable={anyAvailable} />

      {showSteps && mine && start.lab !== null && (
        <LabSteps state={mine} kind={start.lab.kind} load={start.lab.loadMethod} />
      )}
      {outcomeShown && <LabStartResult outcome={outcome} />}
    </form>
  );
}
