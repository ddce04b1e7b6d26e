// The row of directory-size presets beside the lab form's Entries box.
import { formatEntries } from '../../format/numbers.ts';
import { ENTRY_PRESETS } from './labForm.ts';

/** Toggle-styled buttons, one per preset; the one equal to `entries` is pressed. */
export function EntryPresets({
  entries,
  onPick,
}: {
  entries: string;
  onPick: (entries: string) => void;
}) {
  return (
    <div className="segmented" role="group" aria-label="Entry presets">
      {ENTRY_PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          className={Number(entries) === preset ? 'segment segment-on' : 'segment'}
          aria-pressed={Number(entries) === preset}
          onClick={() => onPick(String(preset))}
        >
          {formatEntries(preset)}
        </button>
      ))}
    </div>
  );
}
