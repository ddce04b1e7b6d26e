// A lab's current step in one line: step name, the host's message, a bar.
import type { LabInfo } from '../../../shared/labTypes.ts';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { stepLabel } from './LabSteps.tsx';
import { progressFraction } from './labProgress.ts';
import type { LabProgressState } from './labProgress.ts';

/** The newest working step of a loading lab, for its row in the labs table. */
export function LabProgressLine({ lab, state }: { lab: LabInfo; state: LabProgressState }) {
  const progress = state.latest;
  const step = state.lastStep;
  const name =
    progress.step === 'ready'
      ? 'Ready'
      : progress.step === 'failed'
        ? 'Failed'
        : step === null
          ? 'Preparing'
          : stepLabel(step, lab.kind, lab.loadMethod);
  const fraction = progressFraction(progress);
  return (
    <div className="lab-progress" data-testid="lab-progress" data-step={progress.step}>
      <div className="lab-progress-text">
        <strong>{name}</strong>
        <span className="muted">{progress.message}</span>
        <span className="num">{Math.round(fraction * 100)}%</span>
      </div>
      <ProgressBar fraction={fraction} label={`Lab ${lab.id}: ${name}`} />
    </div>
  );
}
