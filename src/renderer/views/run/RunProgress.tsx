// Phase, elapsed and remaining seconds of the live run, with its progress bar.
import type { RunStatus } from '../../../shared/types.ts';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import type { LiveFigures } from './liveFigures.ts';

function phaseLabel(figures: LiveFigures, status: RunStatus, cleaning: boolean): string {
  if (status === 'preparing' || figures.phase === null) return 'Preparing workers and connections';
  if (status !== 'running') return 'Finished';
  if (cleaning) return 'Cleaning up (not measured)';
  if (figures.phase === 'warmup') return 'Warm-up (not measured)';
  return figures.phase === 'cooldown' ? 'Cool-down (not measured)' : 'Measuring';
}

/** The progress strip of the live view. */
export function RunProgress({
  figures,
  status,
  cleaning = false,
}: {
  figures: LiveFigures;
  status: RunStatus;
  /** Load is over and the workers are removing the entries the run added. */
  cleaning?: boolean;
}) {
  const elapsedS = Math.min(figures.elapsedS, figures.totalS);
  const remainingS = Math.max(0, figures.totalS - elapsedS);
  return (
    <div className="card card-pad run-progress">
      <div className="run-progress-text">
        <span className={`phase phase-${figures.phase ?? 'none'}`} data-testid="run-phase">
          {phaseLabel(figures, status, cleaning)}
        </span>
        <span className="num muted">
          <span data-testid="run-elapsed">{Math.round(elapsedS)}</span> s elapsed ·{' '}
          {Math.round(remainingS)} s remaining · {figures.totalS} s total
        </span>
      </div>
      <ProgressBar
        fraction={figures.totalS > 0 ? elapsedS / figures.totalS : 0}
        label="Run progress"
        testId="run-progress"
      />
    </div>
  );
}
