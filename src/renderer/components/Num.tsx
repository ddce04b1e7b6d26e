// A number cell with a muted unit, for right-aligned table columns.

/** `12,345 ops/sec` with the unit de-emphasised; a dash when the value is missing. */
export function Num({
  value,
  unit,
  testId,
}: {
  value: string | null;
  unit?: string;
  testId?: string;
}) {
  if (value === null) return <span className="muted">—</span>;
  return (
    <>
      <span data-testid={testId}>{value}</span>
      {unit && <span className="unit"> {unit}</span>}
    </>
  );
}
