// A whole-number box of the start-lab form, bound to its value and error.
import { LIMITS } from '../../../shared/validation.ts';
import { NumericField } from '../../components/FieldControls.tsx';
import type { LabFormBinding } from './useStartLabForm.ts';

/** The form's number boxes: their ids, labels and bounds. */
const NUMBER_FIELDS = {
  entries: { id: 'lab-entries', label: 'Entries', min: 1, max: LIMITS.labEntries },
  seed: { id: 'lab-seed', label: 'Seed', min: 0 },
  loadConnections: { id: 'lab-load-connections', label: 'Connections', min: 1, max: 1024 },
} as const;

/** A whole-number box bound to `field`; its error shows once it was left or the form submitted. */
export function LabNumberField({
  form,
  field,
  ...more
}: {
  form: LabFormBinding;
  field: keyof typeof NUMBER_FIELDS;
} & Pick<Parameters<typeof NumericField>[0], 'className' | 'wrap'>) {
  return (
    <NumericField
      {...NUMBER_FIELDS[field]}
      error={form.shown(field)}
      value={form.values[field]}
      onValue={(text) => form.set(field, text)}
      onBlur={() => form.touch(field)}
      {...more}
    />
  );
}
