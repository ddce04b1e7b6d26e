// Closed or open load model; the open model takes a target rate or an optional rate profile.
import { NumericField, TextAreaField } from '../../components/FieldControls.tsx';
import type { RunFieldProps, RunFormValues } from './runForm.ts';
import { usesProfile } from './runForm.ts';

const MODELS: { value: RunFormValues['loadModel']; label: string; hint: string }[] = [
  { value: 'closed', label: 'Closed', hint: 'as fast as the server answers' },
  { value: 'open', label: 'Open', hint: 'target rate' },
];

/** The load model radios and the target-rate field. */
export function LoadModelFields({ values, errors, onChange }: RunFieldProps) {
  const open = values.loadModel === 'open';
  const profile = usesProfile(values);
  return (
    <div className="load-model">
      <fieldset className="field radio-group">
        <legend>Load model</legend>
        {MODELS.map((m) => (
          <label key={m.value} className="radio">
            <input
              type="radio"
              name="run-loadModel"
              value={m.value}
              checked={values.loadModel === m.value}
              onChange={() => onChange({ loadModel: m.value })}
            />
            <span>
              <strong>{m.label}:</strong> {m.hint}
            </span>
          </label>
        ))}
      </fieldset>
      {open && (
        <NumericField
          id="run-targetOpsPerSec"
          label="Target (ops/s)"
          error={errors.targetOpsPerSec}
          hint={profile ? 'The rate profile sets the rate.' : 'Scheduled evenly.'}
          min={1}
          step={100}
          disabled={profile}
          value={values.targetOpsPerSec}
          onValue={(targetOpsPerSec) => onChange({ targetOpsPerSec })}
        />
      )}
    </div>
  );
}

/** The optional rate profile of the open model, one step per line. */
export function RateProfileField({ values, errors, onChange }: RunFieldProps) {
  return (
    <TextAreaField
      id="run-rateProfile"
      label={
        <>
          Rate profile <span className="label-optional">optional, replaces the target rate</span>
        </>
      }
      error={errors.rateProfile}
      hint={
        <>
          One step per line: <code>SECONDS RATE</code> holds, <code>SECONDS FROM TO</code> ramps;
          covers warm-up, measured and cool-down seconds.
        </>
      }
      className="mono"
      rows={3}
      spellCheck={false}
      placeholder={'5 500\n10 500 2000\n5 2000'}
      value={values.rateProfile}
      onValue={(rateProfile) => onChange({ rateProfile })}
    />
  );
}
