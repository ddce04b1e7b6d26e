// The run form's workload block: a catalog entry (picker + details) or a custom operation.
import { ErrorPanel } from '../../../components/ErrorPanel.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { CatalogWorkload } from './CatalogWorkload.tsx';
import type { CatalogWorkloadProps } from './CatalogWorkload.tsx';
import { CustomOperationFields } from './CustomOperationFields.tsx';
import type { CustomOperationState } from './useCustomOperation.ts';
import type { WorkloadCheck } from './useWorkloadCheck.ts';

export { DEFAULT_WORKLOAD_ID } from './CatalogWorkload.tsx';

/** Where the run's workload comes from. */
export type WorkloadMode = 'catalog' | 'custom';

const MODES: { mode: WorkloadMode; label: string }[] = [
  { mode: 'catalog', label: 'Catalog' },
  { mode: 'custom', label: 'Custom operation' },
];

/** Where the host's check of the custom operation stands, in words. */
function CheckStatus({ state }: { state: WorkloadCheck['state'] }) {
  return (
    <span
      className={`workload-check workload-check-${state}`}
      role="status"
      data-testid="custom-check"
      data-state={state}
    >
      {state === 'checking' && 'Checking…'}
      {state === 'valid' && (
        <>
          <Icon name="check" size={13} />
          Checked: ready to run
        </>
      )}
    </span>
  );
}

/** The heading, the mode toggle and (custom mode) the check's state. */
function WorkloadSectionHead({
  mode,
  onModeChange,
  checkState,
}: {
  mode: WorkloadMode;
  onModeChange: (mode: WorkloadMode) => void;
  checkState: WorkloadCheck['state'];
}) {
  return (
    <div className="workload-section-head">
      <h2 id="workload-heading" className="section-title">
        Workload
      </h2>
      <div className="segmented" role="group" aria-label="Workload source">
        {MODES.map((m) => (
          <button
            key={m.mode}
            type="button"
            className={m.mode === mode ? 'segment segment-on' : 'segment'}
            aria-pressed={m.mode === mode}
            onClick={() => onModeChange(m.mode)}
          >
            {m.label}
          </button>
        ))}
      </div>
      {mode === 'custom' && <CheckStatus state={checkState} />}
    </div>
  );
}

/** Mode toggle, then the picker and details card or the custom operation fields. */
export function WorkloadSection(
  props: CatalogWorkloadProps & {
    mode: WorkloadMode;
    onModeChange: (mode: WorkloadMode) => void;
    custom: CustomOperationState;
  },
) {
  const { mode, custom } = props;
  return (
    <section className="workload-section" aria-labelledby="workload-heading">
      <WorkloadSectionHead
        mode={mode}
        onModeChange={props.onModeChange}
        checkState={custom.checkState}
      />
      {mode === 'catalog' && <CatalogWorkload {...props} />}
      {mode === 'custom' && (
        <>
          {custom.errors.general && (
            <ErrorPanel title="The operation is not valid" message={custom.errors.general} />
          )}
          <CustomOperationFields
            values={custom.values}
            errors={custom.errors}
            onChange={custom.change}
          />
        </>
      )}
    </section>
  );
}
