// A thin determinate progress bar with an accessible value.

/** Progress from 0 to 1; `label` names it for screen readers. */
export function ProgressBar({
  fraction,
  label,
  testId,
}: {
  fraction: number;
  label: string;
  testId?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
