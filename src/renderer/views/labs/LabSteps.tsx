// A lab's start as a list of its steps (generate, load, start, verify): each with a bar and the host's words.
import type { LabKind, LabLoadMethod } from '../../../shared/labTypes.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { progressFraction, stepOrder, stepStatuses } from './labProgress.ts';
import type { LabProgressState, LabWorkStep, StepStatus } from './labProgress.ts';

/** What a working step is called, given how the lab loads. */
export function stepLabel(step: LabWorkStep, kind: LabKind, load: LabLoadMethod): string {
  switch (step) {
    case 'generate':
      return 'Generate LDIF';
    case 'load':
      return load === 'protocol' ? 'Add over LDAP' : `Bulk load (${LAB_KINDS[kind].form.loader})`;
    case 'start':
      return 'Start the server';
    case 'verify':
      return 'Verify the load';
  }
}

function StepIcon({ status }: { status: StepStatus }) {
  if (status === 'active') return <Spinner />;
  if (status === 'done') return <Icon name="check" size={14} />;
  if (status === 'failed') return <Icon name="x" size={14} />;
  return <span className="lab-step-dot" aria-hidden="true" />;
}

const STATUS_WORDS: Record<StepStatus, string> = {
  done: 'done',
  active: 'in progress',
  pending: 'waiting',
  failed: 'failed',
};

/** One row per step, in the order this lab goes through them. */
export function LabSteps({
  state,
  kind,
  load,
}: {
  state: LabProgressState;
  kind: LabKind;
  load: LabLoadMethod;
}) {
  const order = stepOrder(load);
  const statuses = stepStatuses(state, order);
  return (
    <ol
      className="lab-steps"
      data-testid="lab-steps"
      data-lab-id={state.labId}
      aria-label={`Progress of lab ${state.labId}`}
    >
      {order.map((step) => {
        const status = statuses[step];
        const event = state.steps[step];
        const fraction =
          status === 'done' ? 1 : status === 'pending' || !event ? 0 : progressFraction(event);
        const label = stepLabel(step, kind, load);
        const message =
          status === 'failed' && state.latest.step === 'failed'
            ? state.latest.message
            : (event?.message ?? '');
        return (
          <li
            key={step}
            className={`lab-step lab-step-${status}`}
            data-step={step}
            data-status={status}
          >
            <span className="lab-step-icon">
              <StepIcon status={status} />
            </span>
            <span className="lab-step-name">
              {label}
              <span className="sr-only">: {STATUS_WORDS[status]}</span>
            </span>
            <ProgressBar fraction={fraction} label={`${label} (lab ${state.labId})`} />
            <span className="lab-step-message" title={message}>
              {message}
            </span>
            <span className="lab-step-percent num">
              {status === 'pending' ? '' : `${Math.round(fraction * 100)}%`}
            </span>
            {event?.notice !== undefined && status !== 'done' ? (
              <span className="lab-step-notice" role="note">
                <Icon name="alert" size={14} /> {event.notice}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
