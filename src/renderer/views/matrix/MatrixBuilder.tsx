// The matrix form: servers, directory sizes and indexes, workloads, concurrency, policies and timing.
import type { ApiError } from '../../../shared/errors.ts';
import type { MatrixSpec } from '../../../shared/matrix.ts';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import type { IndexProfile, WorkloadListItem } from '../../../shared/workload.ts';
import {
  DirectorySection,
  LoadSection,
  ServersSection,
  TimingSection,
} from './BuilderSections.tsx';
import { Section } from './BuilderParts.tsx';
import { errorField, hasLab } from './matrixDraft.ts';
import type { MatrixField } from './matrixDraft.ts';
import { WorkloadChecklist } from './WorkloadChecklist.tsx';

/** What the builder offers: availability of lab kinds, saved targets, index profiles, workloads. */
export interface MatrixChoices {
  labKinds: readonly LabAvailability[];
  targets: readonly Target[];
  indexProfiles: readonly IndexProfile[];
  workloads: readonly WorkloadListItem[];
}

/** The builder; `error` is the host's answer to the last check, shown next to the field it names. */
export function MatrixBuilder({
  spec,
  onChange,
  choices,
  error,
}: {
  spec: MatrixSpec;
  onChange: (spec: MatrixSpec) => void;
  choices: MatrixChoices;
  error: ApiError | undefined;
}) {
  const field = errorField(error);
  const errorFor = (name: MatrixField) => (field === name ? error?.message : undefined);
  const set = (patch: Partial<MatrixSpec>) => onChange({ ...spec, ...patch });
  const props = { spec, set, onChange, errorFor };

  return (
    <div className="matrix-builder">
      <ServersSection {...props} labKinds={choices.labKinds} targets={choices.targets} />
      {hasLab(spec) && <DirectorySection {...props} indexProfiles={choices.indexProfiles} />}
      <Section title="Workloads" about="Every workload runs in every server and size.">
        <WorkloadChecklist
          items={choices.workloads}
          selected={spec.workloads}
          onChange={(workloads) => set({ workloads })}
          error={errorFor('workloads')}
        />
      </Section>
      <LoadSection {...props} />
      <TimingSection {...props} />
    </div>
  );
}
