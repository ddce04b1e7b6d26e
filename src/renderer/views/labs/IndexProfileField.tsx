// Index profile: a named profile (its indexes shown), none, or a custom `attr:types;attr:types` list.
import type { IndexProfile } from '../../../shared/workload.ts';
import { describedBy, Field } from '../../components/Field.tsx';
import { PROFILE_CUSTOM, PROFILE_NONE, profileIndexLines, profileSummary } from './labForm.ts';

/** The indexes a choice builds, as chips; objectClass equality is always there. */
function IndexChips({ lines }: { lines: readonly string[] }) {
  return (
    <ul className="index-chips" aria-label="Indexes built">
      <li className="index-chip index-chip-system" title="Every lab keeps this system index">
        objectClass eq
      </li>
      {lines.map((line) => (
        <li key={line} className="index-chip">
          {line}
        </li>
      ))}
    </ul>
  );
}

/** Select plus what the choice means; "Custom…" reveals the text field with its own error. */
export function IndexProfileField({
  profiles,
  loadError,
  value,
  custom,
  onChange,
  onCustomChange,
  onCustomBlur,
  error,
  customError,
}: {
  profiles: readonly IndexProfile[];
  loadError: string | undefined;
  value: string;
  custom: string;
  onChange: (value: string) => void;
  onCustomChange: (text: string) => void;
  onCustomBlur: () => void;
  error: string | undefined;
  customError: string | undefined;
}) {
  const selected = profiles.find((p) => p.name === value);
  const hint = loadError ? `Could not load the named profiles: ${loadError}` : undefined;
  return (
    <div className="index-profile">
      <Field id="lab-index-profile" label="Index profile" error={error} hint={hint}>
        <select
          id="lab-index-profile"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...describedBy('lab-index-profile', error, hint !== undefined)}
        >
          {profiles.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name} — {profileSummary(p)}
            </option>
          ))}
          <option value={PROFILE_NONE}>None (objectClass only)</option>
          <option value={PROFILE_CUSTOM}>Custom…</option>
        </select>
      </Field>
      {value === PROFILE_CUSTOM ? (
        <Field
          id="lab-custom-indexes"
          label="Custom indexes"
          error={customError}
          hint={
            <>
              <code>attribute:types</code> separated by <code>;</code> — types are eq, sub, pres,
              approx
            </>
          }
        >
          <input
            id="lab-custom-indexes"
            className="mono"
            value={custom}
            placeholder="cn:eq,sub,pres;uid:eq"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => onCustomChange(e.target.value)}
            onBlur={onCustomBlur}
            {...describedBy('lab-custom-indexes', customError, true)}
          />
        </Field>
      ) : (
        <div className="index-profile-about" data-testid="index-profile-about">
          <IndexChips lines={selected ? profileIndexLines(selected) : []} />
          {selected && (
            <p className="index-profile-description" title={selected.description}>
              {selected.description}
            </p>
          )}
          {value === PROFILE_NONE && (
            <p className="index-profile-description">
              No attribute indexes: every filter but objectClass equality scans the directory.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
