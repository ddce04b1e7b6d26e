// The run form's custom operation: its values, the host's live check as it is typed, and its
// errors (local, checked, or from a start the host refused) shown next to the field at fault.
import { useState } from 'react';
import { ApiError } from '../../../../shared/errors.ts';
import type { WorkloadSpec } from '../../../../shared/workload.ts';
import { useApi } from '../../../api/useApi.ts';
import {
  checkMessage,
  customFieldForPath,
  customFieldId,
  customSpec,
  defaultCustomValues,
  localCustomErrors,
} from './customOperation.ts';
import type { CustomErrors, CustomOpValues, CustomPatch } from './customOperation.ts';
import { useWorkloadCheck } from './useWorkloadCheck.ts';
import type { WorkloadCheck } from './useWorkloadCheck.ts';

/** The custom operation's check error, shown next to its control (or above the fields when none owns it). */
function customCheckErrors(kind: CustomOpValues['kind'], error: ApiError | null): CustomErrors {
  if (!error) return {};
  const field = customFieldForPath(kind, error.field ?? '');
  return field ? { [field]: checkMessage(error) } : { general: error.message };
}

function focusCustom(errors: CustomErrors): void {
  const field = Object.keys(errors).find((key) => key !== 'general');
  if (field) document.getElementById(customFieldId(field))?.focus();
}

/** What the run form needs of its custom operation. */
export interface CustomOperationState {
  values: CustomOpValues;
  errors: CustomErrors;
  checkState: WorkloadCheck['state'];
  change(patch: CustomPatch): void;
  /** Shows an error the host gave for the custom workload and focuses its field. */
  showError(error: ApiError): void;
  /** The host's checked workload; null when it is not valid (its errors then show, focused). */
  checkedSpec(): Promise<WorkloadSpec | null>;
}

/** The custom operation's state; `active` while the form is in custom mode (only then is it checked). */
export function useCustomOperation(active: boolean): CustomOperationState {
  const api = useApi();
  const [values, setValues] = useState<CustomOpValues>(defaultCustomValues);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  // Checked by the host as it is typed, so mistakes show before any run.
  const localErrors = active ? localCustomErrors(values) : {};
  const localOk = Object.keys(localErrors).length === 0;
  const check = useWorkloadCheck(active && localOk ? customSpec(values) : undefined);
  const showError = (error: ApiError) => {
    setServerError(error);
    focusCustom(customCheckErrors(values.kind, error));
  };
  return {
    values,
    errors: {
      ...customCheckErrors(values.kind, check.state === 'invalid' ? check.error : null),
      ...customCheckErrors(values.kind, serverError),
      ...localErrors,
    },
    checkState: check.state,
    change: (patch) => {
      setValues((prev) => ({ ...prev, ...patch }));
      setServerError(null);
    },
    showError,
    async checkedSpec() {
      if (!localOk) {
        focusCustom(localErrors);
        return null;
      }
      try {
        return await api.call('workloads/check', { spec: customSpec(values) });
      } catch (err) {
        showError(err instanceof ApiError ? err : ApiError.fromBody(err));
        return null;
      }
    },
  };
}
