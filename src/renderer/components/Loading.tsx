// Loading indicators: a spinner inline in buttons and a block placeholder for screens.

/** A small spinning ring; decorative. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** A centred "Loading ..." block for a screen or panel whose data is on its way. */
export function LoadingBlock({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-block" role="status">
      <Spinner />
      <span>{label}…</span>
    </div>
  );
}
