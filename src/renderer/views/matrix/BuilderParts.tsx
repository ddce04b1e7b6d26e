// Small pieces of the matrix builder: a titled card section and a number box that keeps what is typed.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { splitThresholds } from '../../../shared/thresholds.ts';
import { describedBy, Field } from '../../components/Field.tsx';

/** A card of the builder with its title and one line on what it sets. */
export function Section({
  title,
  about,
  children,
}: {
  title: string;
  about: string;
  children: ReactNode;
}) {
  return (
    <section className="card card-pad matrix-section">
      <header className="matrix-section-head">
        <h2 className="card-title">{title}</h2>
        <p className="muted small">{about}</p>
      </header>
      {children}
    </section>
  );
}

/** A number field; the host's check names it while its text is not a number. */
export function NumberField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  // The box keeps what was typed (even empty); the host's check names the field while it is not a number.
  const [text, setText] = useState(String(value));
  const shown =
    Number(text) === value || (text.trim() === '' && Number.isNaN(value)) ? text : String(value);
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        type="number"
        min={0}
        value={shown}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.trim() === '' ? Number.NaN : Number(e.target.value));
        }}
        {...describedBy(id, error, false)}
      />
    </Field>
  );
}

/** The matrix's thresholds as text, one per line or comma-separated; keeps what is typed between checks. */
export function ThresholdsField({
  value,
  error,
  onChange,
}: {
  value: readonly string[];
  error: string | undefined;
  onChange: (thresholds: string[]) => void;
}) {
  const [text, setText] = useState(value.join(', '));
  // A matrix opened or imported elsewhere replaces the text; typing between checks keeps it.
  const shown = splitThresholds(text).join('\n') === value.join('\n') ? text : value.join(', ');
  return (
    <Field
      id="matrix-thresholds"
      label="Thresholds"
      error={error}
      hint="Every cell's run is checked against these (beside its workload's own): p99<5ms, opsPerSec>=1000, errorRate<0.1%, LABEL.p99<2ms. A breach marks the cell; dirbench matrix run exits 3."
    >
      <textarea
        id="matrix-thresholds"
        className="mono"
        rows={2}
        spellCheck={false}
        placeholder="p99<5ms, errorRate<0.1%"
        value={shown}
        onChange={(e) => {
          setText(e.target.value);
          onChange(splitThresholds(e.target.value));
        }}
        {...describedBy('matrix-thresholds', error, true)}
      />
    </Field>
  );
}
