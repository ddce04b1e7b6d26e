// A lab's current step: progress bar plus the host's message for it.
import type { LabProgress } from '../../../shared/types.ts';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { progressFraction } from './useLabProgress.ts';

const STEP_LABEL: Record<LabProgress['step'], string> = {
  generate: 'Generating LDIF',
  load: 'Bulk loading',
  start: 'Starting the server',
  verify: 'Counting entries',
  ready: 'Ready',
  failed: 'Failed',
};

/** Step name, bar and message of one progress event. */
export function LabProgressLine({ progress }: { progress: LabProgress }) {
  return (
    <div className="lab-progress" data-testid="lab-progress" data-step={progress.step}>
      <div className="lab-progress-text">
        <strong>{STEP_LABEL[progress.step]}</strong>
        <span className="muted">{progress.message}</span>
        <span className="num">{Math.round(progressFraction(progress) * 100)}%</span>
      </div>
      <ProgressBar
        fraction={progressFraction(progress)}
        label={`Lab ${progress.labId}: ${STEP_LABEL[progress.step]}`}
      />
    </div>
  );
}
