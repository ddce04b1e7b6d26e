// The start-lab form's state: its values, which errors show, and the submit that asks the host.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { LabAvailability } from '../../../shared/labTypes.ts';
import {
  defaultKind,
  defaultLabValues,
  fieldForHostError,
  labFieldErrors,
  toLabStartRequest,
} from './labForm.ts';
import type { LabField, LabFieldErrors, LabFormValues } from './labForm.ts';
import { useLabStart } from './useLabStart.ts';

/** Sets one value and clears the host's error on its field (and on the fields it decides). */
export type SetLabValue = <K extends keyof LabFormValues>(
  key: K,
  value: LabFormValues[K],
  field?: LabField,
) => void;

/** What a section of the form reads and writes: the values, their setter and the errors shown. */
export interface LabFormBinding {
  values: LabFormValues;
  set: SetLabValue;
  touch: (field: LabField) => void;
  shown: (field: LabField) => string | undefined;
}

/** Moves focus to the first invalid control each time `focusTick` goes up. */
function useFocusInvalid(focusTick: number) {
  const formRef = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        'input[aria-invalid="true"], select[aria-invalid="true"], [aria-invalid="true"] input:checked',
      )
      ?.focus();
  }, [focusTick]);
  return formRef;
}

/** The start form's state, its submit and the lab start it runs. */
export function useStartLabForm(availability: readonly LabAvailability[]) {
  const [values, setValues] = useState<LabFormValues>(() =>
    defaultLabValues(defaultKind(availability)),
  );
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<LabField>>(new Set());
  const [hostErrors, setHostErrors] = useState<LabFieldErrors>({});
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useFocusInvalid(focusTick);
  const start = useLabStart();

  const clientErrors = labFieldErrors(values, availability);
  const shown = (field: LabField): string | undefined =>
    hostErrors[field] ?? (attempted || touched.has(field) ? clientErrors[field] : undefined);
  const set: SetLabValue = (key, value, field = key as LabField) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    const cleared = new Set<string>([field]);
    if (key === 'profile') cleared.add('customIndexes');
    if (key === 'kind') cleared.add('tls');
    setHostErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([f]) => !cleared.has(f))),
    );
  };
  const touch = (field: LabField) => setTouched((prev) => new Set(prev).add(field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (start.running) return;
    setAttempted(true);
    setHostErrors({});
    start.clear();
    if (Object.keys(labFieldErrors(values, availability)).length > 0) {
      setFocusTick((n) => n + 1);
      return;
    }
    const refused = await start.begin(toLabStartRequest(values));
    if (refused === null) {
      // The host took the values: the form starts afresh while the lab builds.
      setAttempted(false);
      setTouched(new Set());
      return;
    }
    const field = fieldForHostError(refused.field, values);
    if (field !== null) {
      setHostErrors({ [field]: refused.message });
      setFocusTick((n) => n + 1);
    }
  };

  const binding: LabFormBinding = { values, set, touch, shown };
  return { formRef, binding, submit, start };
}
