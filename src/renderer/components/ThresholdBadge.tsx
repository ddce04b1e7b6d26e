// A pill saying whether a run held its thresholds, for headers, history rows and campaign cells.

/** "2 breached" (danger) or "held" (success); nothing when the run had no thresholds checked. */
export function ThresholdBadge({ breached }: { breached: number | null | undefined }) {
  if (breached === null || breached === undefined) return null;
  const title =
    breached === 0
      ? 'Every threshold held'
      : `${breached} threshold${breached === 1 ? '' : 's'} breached`;
  return (
    <span
      className={`badge badge-${breached === 0 ? 'success' : 'danger'} badge-threshold`}
      title={title}
      data-testid="threshold-badge"
      data-breached={breached}
    >
      {breached === 0 ? 'thresholds held' : `${breached} breached`}
    </span>
  );
}
