// The matrix builder's sections: servers, directory, load, and timing with thresholds.
import type { MatrixServer, MatrixSpec } from '../../../shared/matrix.ts';
import type { LabAvailability, LabLoadMethod, LabShape } from '../../../shared/labTypes.ts';
import { LAB_KIND_LIST, LAB_KINDS } from '../../../shared/labKinds.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import type { IndexProfile } from '../../../shared/workload.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { ChipToggles } from '../../components/ChipToggles.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import type { Segment } from '../../components/RadioSegments.tsx';
import { LoadFromFields } from '../agents/LoadFromFields.tsx';
import { SHAPES } from '../labs/labForm.ts';
import { POLICY_CHOICES, samePolicy, sameServer, toggleValue } from './matrixDraft.ts';
import type { MatrixField } from './matrixDraft.ts';
import { COUNT_AXES, CountToggles } from './CountToggles.tsx';
import { NumberField, Section, ThresholdsField } from './BuilderParts.tsx';

/** What every section reads and writes: the spec, a patch setter and the error for a field. */
export interface SectionProps {
  spec: MatrixSpec;
  set: (patch: Partial<MatrixSpec>) => void;
  onChange: (spec: MatrixSpec) => void;
  errorFor: (name: MatrixField) => string | undefined;
}

/** The timing section's number boxes; `fallback` is shown for a field a spec may leave out. */
const TIMING_FIELDS: {
  key: 'warmupS' | 'durationS' | 'repeats' | 'depth' | 'seed';
  id: string;
  label: string;
  fallback?: number;
}[] = [
  { key: 'warmupS', id: 'matrix-warmup', label: 'Warm-up (s)' },
  { key: 'durationS', id: 'matrix-duration', label: 'Measured (s)' },
  { key: 'repeats', id: 'matrix-repeats', label: 'Repeats' },
  { key: 'depth', id: 'matrix-depth', label: 'Depth', fallback: 1 },
  { key: 'seed', id: 'matrix-seed', label: 'Seed', fallback: 1 },
];

/** The lab shapes, with what each holds on hover. */
const SHAPE_OPTIONS: readonly Segment<LabShape>[] = SHAPES.map((s) => ({
  value: s.value,
  label: s.label,
  title: s.hint,
}));

/** How labs are loaded: the server's bulk loader, or adds over LDAP. */
const LOAD_OPTIONS: readonly Segment<LabLoadMethod>[] = [
  { value: 'offline', label: 'Bulk loader' },
  { value: 'protocol', label: 'Over LDAP' },
];

/** The server chips: every lab kind (greyed when not installed) and the saved targets that are no lab. */
function serverChips(
  spec: MatrixSpec,
  labKinds: readonly LabAvailability[],
  targets: readonly Target[],
) {
  return [
    ...LAB_KIND_LIST.map((kind) => {
      const availability = labKinds.find((a) => a.kind === kind);
      const available = availability?.available ?? false;
      return {
        value: { lab: kind } as MatrixServer,
        label: `${LAB_KINDS[kind].title} lab`,
        disabled: !available && !spec.servers.some((s) => 'lab' in s && s.lab === kind),
        ...(available ? {} : { title: availability?.detail ?? 'Not available on this machine' }),
      };
    }),
    ...targets
      .filter((target) => target.labId === null)
      .map((target) => ({
        value: { targetId: target.id } as MatrixServer,
        label: target.name,
        title: `${target.url} (saved target: runs at the size it holds)`,
      })),
  ];
}

/** Which lab kinds and saved targets the matrix runs on. */
export function ServersSection({
  spec,
  set,
  errorFor,
  labKinds,
  targets,
}: SectionProps & { labKinds: readonly LabAvailability[]; targets: readonly Target[] }) {
  return (
    <Section title="Servers" about="Labs are built at each size; saved targets run as they are.">
      <ChipToggles
        id="matrix-servers"
        legend="Servers"
        chips={serverChips(spec, labKinds, targets)}
        isOn={(server) => spec.servers.some((s) => sameServer(s, server))}
        onToggle={(server) => set({ servers: toggleValue(spec.servers, server, sameServer) })}
        error={errorFor('servers')}
        hint="Lab kinds that are not installed are greyed out; the labs screen says how to install them."
      />
    </Section>
  );
}

/** Radio segments for one of the lab choices a spec may leave out (`fallback` is shown then). */
function LabChoice<K extends 'shape' | 'load'>({
  spec,
  set,
  errorFor,
  choiceKey: key,
  legend,
  options,
  fallback,
}: SectionProps & {
  choiceKey: K;
  legend: string;
  options: readonly Segment<NonNullable<MatrixSpec[K]>>[];
  fallback: NonNullable<MatrixSpec[K]>;
}) {
  return (
    <RadioSegments<NonNullable<MatrixSpec[K]>>
      id={`matrix-${key}`}
      legend={legend}
      name={`matrix-${key}`}
      value={spec[key] ?? fallback}
      options={options}
      onChange={(value) => set({ [key]: value })}
      error={errorFor(key)}
    />
  );
}

/** The lab directories: sizes, index profiles, shape and how they are loaded. */
export function DirectorySection(props: SectionProps & { indexProfiles: readonly IndexProfile[] }) {
  const { spec, set, errorFor, indexProfiles } = props;
  const profileChips = indexProfiles.map((profile) => ({
    value: profile.name,
    label: profile.name,
    title: profile.description,
  }));
  return (
    <Section
      title="Directory"
      about="Each lab is generated, bulk loaded and verified at every size, once per index profile."
    >
      <CountToggles
        axis={COUNT_AXES.sizes}
        values={spec.sizes}
        onChange={(sizes) => set({ sizes })}
        error={errorFor('sizes')}
      />
      <ChipToggles
        id="matrix-index-profiles"
        legend="Index profiles"
        chips={profileChips}
        isOn={(name) => spec.indexProfiles.includes(name)}
        onToggle={(name) => set({ indexProfiles: toggleValue(spec.indexProfiles, name) })}
        error={errorFor('indexProfiles')}
      />
      <div className="matrix-row">
        <LabChoice
          {...props}
          choiceKey="shape"
          legend="Shape"
          options={SHAPE_OPTIONS}
          fallback="salford"
        />
        <LabChoice
          {...props}
          choiceKey="load"
          legend="Load"
          options={LOAD_OPTIONS}
          fallback="offline"
        />
      </div>
    </Section>
  );
}

/** Where the load comes from, connection counts and connection policies. */
export function LoadSection({ spec, set, onChange, errorFor }: SectionProps) {
  return (
    <Section title="Load" about="Concurrency levels and connection policies multiply the cells.">
      <LoadFromFields
        idPrefix="matrix-agents"
        value={spec.agents}
        onChange={(agents) => {
          const { agents: _old, ...rest } = spec;
          onChange(agents === undefined ? rest : { ...rest, agents });
        }}
        error={errorFor('agents')}
      />
      <CountToggles
        axis={COUNT_AXES.connections}
        values={spec.connections}
        onChange={(connections) => set({ connections })}
        error={errorFor('connections')}
      />
      <Checkbox
        title="Each catalog entry carries the connections and depth its study used"
        checked={spec.studyConcurrency === true}
        onCheck={(studyConcurrency) => set({ studyConcurrency })}
      >
        Use each study&apos;s own concurrency where the workload has one (instead of the connections
        above)
      </Checkbox>
      <ChipToggles
        id="matrix-policies"
        legend="Connection policies"
        chips={POLICY_CHOICES.map((c) => ({ value: c.policy, label: c.label }))}
        isOn={(policy) => (spec.policies ?? []).some((p) => samePolicy(p, policy))}
        onToggle={(policy) =>
          set({ policies: toggleValue(spec.policies ?? [], policy, samePolicy) })
        }
        error={errorFor('policies')}
      />
    </Section>
  );
}

/** Warm-up, duration, repeats, depth, seed and the thresholds that judge each cell. */
export function TimingSection({ spec, set, onChange, errorFor }: SectionProps) {
  return (
    <Section
      title="Timing and thresholds"
      about="Warm-up is excluded from the figures; repeats give confidence intervals; thresholds judge each cell."
    >
      <div className="form-row form-row-5">
        {TIMING_FIELDS.map(({ key, id, label, fallback }) => (
          <NumberField
            key={key}
            id={id}
            label={label}
            // Required fields have no fallback: the spec's value, as typed, is shown.
            value={(spec[key] ?? fallback) as number}
            error={errorFor(key)}
            onChange={(value) => set({ [key]: value })}
          />
        ))}
      </div>
      <ThresholdsField
        value={spec.thresholds ?? []}
        error={errorFor('thresholds')}
        onChange={(thresholds) => {
          const { thresholds: _old, ...rest } = spec;
          onChange(thresholds.length === 0 ? rest : { ...rest, thresholds });
        }}
      />
    </Section>
  );
}
