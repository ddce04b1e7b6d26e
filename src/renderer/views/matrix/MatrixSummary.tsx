// The builder's footer: cells, labs to build and estimated time from the host's check, and the actions.
import type { ReactNode } from 'react';
import type { MatrixCheck } from '../../../shared/matrix.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { formatDurationS, formatInt } from '../../format/numbers.ts';
import type { LiveCheck } from '../../hooks/useLiveCheck.ts';
import { errorField } from './matrixDraft.ts';

/** Sticky bar under the form; `actions` are the buttons (enabled by the caller). */
export function MatrixSummary({
  check,
  actions,
}: {
  check: LiveCheck<MatrixCheck>;
  actions: ReactNode;
}) {
  return (
    <footer className="matrix-summary" data-testid="matrix-summary" data-state={check.state}>
      <div className="matrix-summary-figures" role="status" aria-live="polite">
        {check.state === 'checking' && (
          <span className="muted">
            <Spinner /> Checking…
          </span>
        )}
        {check.state === 'valid' && (
          <>
            <Figure
              value={formatInt(check.value.cells.length)}
              label="cells"
              testId="matrix-cells"
            />
            <Figure value={formatInt(check.value.labBuilds)} label="lab builds" />
            <Figure value={`~${formatDurationS(check.value.estimatedS)}`} label="estimated" />
          </>
        )}
        {check.state === 'invalid' && (
          <span className="matrix-summary-error">
            <Icon name="alert" size={14} />
            {errorField(check.error) === null ? check.error.message : 'Fix the field marked above'}
          </span>
        )}
      </div>
      <div className="matrix-summary-actions">{actions}</div>
    </footer>
  );
}

function Figure({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <span className="matrix-figure">
      <strong className="num" data-testid={testId}>
        {value}
      </strong>{' '}
      <span className="muted">{label}</span>
    </span>
  );
}
