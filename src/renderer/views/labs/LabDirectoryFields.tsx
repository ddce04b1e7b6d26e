// The start-lab form's directory part: how many entries, the seed, the tree's shape and its indexes.
import type { IndexProfile } from '../../../shared/workload.ts';
import { RadioSegments } from '../../components/RadioSegments.tsx';
import { EntryPresets } from './EntryPresets.tsx';
import { IndexProfileField } from './IndexProfileField.tsx';
import { SHAPES } from './labForm.ts';
import { LabNumberField } from './LabNumberField.tsx';
import type { LabFormBinding } from './useStartLabForm.ts';

/** Entries (with presets), seed, shape and index profile of the lab's generated directory. */
export function LabDirectoryFields({
  form,
  profiles,
  profilesError,
}: {
  form: LabFormBinding;
  profiles: readonly IndexProfile[];
  profilesError: string | undefined;
}) {
  const { values, set, touch, shown } = form;
  return (
    <>
      <div className="start-lab-entries">
        <LabNumberField
          form={form}
          field="entries"
          className="input-entries"
          wrap={(input) => (
            <div className="entries-control">
              {input}
              <EntryPresets entries={values.entries} onPick={(n) => set('entries', n)} />
            </div>
          )}
        />
      </div>
      <div className="start-lab-seed">
        <LabNumberField form={form} field="seed" />
      </div>
      <RadioSegments
        id="lab-shape"
        legend="Shape"
        name="lab-shape"
        value={values.shape}
        options={SHAPES.map((s) => ({ value: s.value, label: s.label, title: s.hint }))}
        onChange={(v) => set('shape', v)}
        error={shown('shape')}
        className="start-lab-shape"
      />

      <div className="start-lab-profile">
        <IndexProfileField
          profiles={profiles}
          loadError={profilesError}
          value={values.profile}
          custom={values.customIndexes}
          onChange={(v) => set('profile', v, 'indexProfile')}
          onCustomChange={(v) => set('customIndexes', v)}
          onCustomBlur={() => touch('customIndexes')}
          error={shown('indexProfile')}
          customError={shown('customIndexes')}
        />
      </div>
    </>
  );
}
