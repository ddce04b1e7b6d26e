// The matrix form: servers, directory sizes and indexes, workloads, concurrency, policies and timing.
import type { ApiError } from '../../../shared/errors.ts';
import type { MatrixServer, MatrixSpec } from '../../../shared/matrix.ts';
import type { LabAvailability, LabShape } from '../../../shared/labTypes.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import type { IndexProfile, WorkloadListItem } from '../../../shared/workload.ts';
import { ChipToggles } from '../../components/ChipToggles.tsx';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { formatEntries } from '../../format/numbers.ts';
import { KIND_TEXT, LAB_KINDS, SHAPES } from '../labs/labForm.ts';
import {
  CONNECTION_PRESETS,
  errorField,
  hasLab,
  parseCount,
  POLICY_CHOICES,
  samePolicy,
  sameServer,
  SIZE_PRESETS,
  toggleValue,
} from './matrixDraft.ts';
import type { MatrixField } from './matrixDraft.ts';
import { NumberField, Section, ThresholdsField } from './BuilderParts.tsx';
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
  const labs = hasLab(spec);
  const serverChips = [
    ...LAB_KINDS.map((kind) => {
      const availability = choices.labKinds.find((a) => a.kind === kind);
      const available = availability?.available ?? false;
      return {
        value: { lab: kind } as MatrixServer,
        label: `${KIND_TEXT[kind].title} lab`,
        disabled: !available && !spec.servers.some((s) => 'lab' in s && s.lab === kind),
        ...(available ? {} : { title: availability?.detail ?? 'Not available on this machine' }),
      };
    }),
    ...choices.targets
      .filter((target) => target.labId === null)
      .map((target) => ({
        value: { targetId: target.id } as MatrixServer,
        label: target.name,
        title: `${target.url} (saved target: runs at the size it holds)`,
      })),
  ];
  const addSize = (text: string): string | null => {
    const entries = parseCount(text);
    if (entries === null || entries > 10_000_000)
      return 'Sizes are entry counts from 1 to 10,000,000 (e.g. 50000 or 50k)';
    if (!spec.sizes.includes(entries)) set({ sizes: toggleValue(spec.sizes, entries) });
    return null;
  };
  const addConnections = (text: string): string | null => {
    const connections = parseCount(text);
    if (connections === null || connections > 10_000)
      return 'Connections are whole numbers from 1 to 10,000';
    if (!spec.connections.includes(connections))
      set({ connections: toggleValue(spec.connections, connections) });
    return null;
  };
  const sizeChips = [...new Set([...SIZE_PRESETS, ...spec.sizes])]
    .sort((a, b) => a - b)
    .map((size) => ({ value: size, label: formatEntries(size) }));
  const connectionChips = [...new Set([...CONNECTION_PRESETS, ...spec.connections])]
    .sort((a, b) => a - b)
    .map((n) => ({ value: n, label: String(n) }));
  const profileChips = choices.indexProfiles.map((profile) => ({
    value: profile.name,
    label: profile.name,
    title: profile.description,
  }));

  return (
    <div className="matrix-builder">
      <Section title="Servers" about="Labs are built at each size; saved targets run as they are.">
        <ChipToggles
          id="matrix-servers"
          legend="Servers"
          chips={serverChips}
          isOn={(server) => spec.servers.some((s) => sameServer(s, server))}
          onToggle={(server) => set({ servers: toggleValue(spec.servers, server, sameServer) })}
          error={errorFor('servers')}
          hint="Lab kinds that are not installed are greyed out; the labs screen says how to install them."
        />
      </Section>

      {labs && (
        <Section
          title="Directory"
          about="Each lab is generated, bulk loaded and verified at every size, once per index profile."
        >
          <ChipToggles
            id="matrix-sizes"
            legend="Sizes (entries)"
            chips={sizeChips}
            isOn={(size) => spec.sizes.includes(size)}
            onToggle={(size) => set({ sizes: toggleValue(spec.sizes, size) })}
            onAdd={addSize}
            addLabel="Add a size"
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
            <RadioSegments<LabShape>
              id="matrix-shape"
              legend="Shape"
              name="matrix-shape"
              value={spec.shape ?? 'salford'}
              options={SHAPES.map((s) => ({ value: s.value, label: s.label, title: s.hint }))}
              onChange={(shape) => set({ shape })}
              error={errorFor('shape')}
            />
            <RadioSegments<'offline' | 'protocol'>
              id="matrix-load"
              legend="Load"
              name="matrix-load"
              value={spec.load ?? 'offline'}
              options={[
                { value: 'offline', label: 'Bulk loader' },
                { value: 'protocol', label: 'Over LDAP' },
              ]}
              onChange={(load) => set({ load })}
              error={errorFor('load')}
            />
          </div>
        </Section>
      )}

      <Section title="Workloads" about="Every workload runs in every server and size.">
        <WorkloadChecklist
          items={choices.workloads}
          selected={spec.workloads}
          onChange={(workloads) => set({ workloads })}
          error={errorFor('workloads')}
        />
      </Section>

      <Section title="Load" about="Concurrency levels and connection policies multiply the cells.">
        <ChipToggles
          id="matrix-connections"
          legend="Connections"
          chips={connectionChips}
          isOn={(n) => spec.connections.includes(n)}
          onToggle={(n) => set({ connections: toggleValue(spec.connections, n) })}
          onAdd={addConnections}
          addLabel="Add a connection count"
          error={errorFor('connections')}
        />
        <label
          className="checkbox"
          title="Each catalog entry carries the connections and depth its study used"
        >
          <input
            type="checkbox"
            checked={spec.studyConcurrency === true}
            onChange={(e) => set({ studyConcurrency: e.target.checked })}
          />
          Use each study&apos;s own concurrency where the workload has one (instead of the
          connections above)
        </label>
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

      <Section
        title="Timing and thresholds"
        about="Warm-up is excluded from the figures; repeats give confidence intervals; thresholds judge each cell."
      >
        <div className="form-row form-row-5">
          <NumberField
            id="matrix-warmup"
            label="Warm-up (s)"
            value={spec.warmupS}
            error={errorFor('warmupS')}
            onChange={(warmupS) => set({ warmupS })}
          />
          <NumberField
            id="matrix-duration"
            label="Measured (s)"
            value={spec.durationS}
            error={errorFor('durationS')}
            onChange={(durationS) => set({ durationS })}
          />
          <NumberField
            id="matrix-repeats"
            label="Repeats"
            value={spec.repeats}
            error={errorFor('repeats')}
            onChange={(repeats) => set({ repeats })}
          />
          <NumberField
            id="matrix-depth"
            label="Depth"
            value={spec.depth ?? 1}
            error={errorFor('depth')}
            onChange={(depth) => set({ depth })}
          />
          <NumberField
            id="matrix-seed"
            label="Seed"
            value={spec.seed ?? 1}
            error={errorFor('seed')}
            onChange={(seed) => set({ seed })}
          />
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
    </div>
  );
}
