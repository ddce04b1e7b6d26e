// Chips for one of the matrix's count axes (sizes, connections): presets plus the spec's own values.
import { ChipToggles } from '../../components/ChipToggles.tsx';
import { formatEntries } from '../../format/numbers.ts';
import { CONNECTION_PRESETS, parseCount, SIZE_PRESETS, toggleValue } from './matrixDraft.ts';

/** A count axis: its chips, the largest count it takes and what a refused added value is told. */
interface CountAxis {
  id: string;
  legend: string;
  presets: readonly number[];
  format: (count: number) => string;
  max: number;
  refusal: string;
  addLabel: string;
}

/** The matrix's count axes, by spec field. */
export const COUNT_AXES = {
  sizes: {
    id: 'matrix-sizes',
    legend: 'Sizes (entries)',
    presets: SIZE_PRESETS,
    format: formatEntries,
    max: 10_000_000,
    refusal: 'Sizes are entry counts from 1 to 10,000,000 (e.g. 50000 or 50k)',
    addLabel: 'Add a size',
  },
  connections: {
    id: 'matrix-connections',
    legend: 'Connections',
    presets: CONNECTION_PRESETS,
    format: String,
    max: 10_000,
    refusal: 'Connections are whole numbers from 1 to 10,000',
    addLabel: 'Add a connection count',
  },
} satisfies Record<string, CountAxis>;

/** Toggles counts in `values` (kept sorted); the add box takes any count up to the axis's max. */
export function CountToggles({
  axis,
  values,
  onChange,
  error,
}: {
  axis: CountAxis;
  values: readonly number[];
  onChange: (values: number[]) => void;
  error: string | undefined;
}) {
  const chips = [...new Set([...axis.presets, ...values])]
    .sort((a, b) => a - b)
    .map((count) => ({ value: count, label: axis.format(count) }));
  const add = (text: string): string | null => {
    const count = parseCount(text);
    if (count === null || count > axis.max) return axis.refusal;
    if (!values.includes(count)) onChange(toggleValue(values, count));
    return null;
  };
  return (
    <ChipToggles
      id={axis.id}
      legend={axis.legend}
      chips={chips}
      isOn={(count) => values.includes(count)}
      onToggle={(count) => onChange(toggleValue(values, count))}
      onAdd={add}
      addLabel={axis.addLabel}
      error={error}
    />
  );
}
