// The start-lab form's start: `lab/start` answers the new lab's id at once; its end comes as
// `lab/ended` for that id, and Cancel stops that id.
import { useState } from 'react';
import type { ApiRequest } from '../../../shared/api.ts';
import { ApiError } from '../../../shared/errors.ts';
import type { LabEnded, LabInfo } from '../../../shared/labTypes.ts';
import { useApi, useApiEvent } from '../../api/useApi.ts';
import { IDLE_START, labStartStatus } from './labStartOutcome.ts';
import type { LabStartOutcome, LabStartRecord } from './labStartOutcome.ts';

/** The form's start, its outcome, and the calls that start and cancel it. */
export interface LabStart {
  /** The lab the last `lab/start` answered with (its steps and Cancel go by its id). */
  lab: LabInfo | null;
  /** From sending `lab/start` until its lab's `lab/ended` (or a refusal). */
  running: boolean;
  cancelling: boolean;
  outcome: LabStartOutcome | null;
  /** Sends `lab/start`; resolves with the host's refusal (nothing started), or null once it started. */
  begin(req: ApiRequest<'lab/start'>): Promise<ApiError | null>;
  /** Stops the lab being started; its end then comes as a cancel. */
  cancel(): Promise<void>;
  /** Forgets the last outcome (a new submit that the form itself refuses). */
  clear(): void;
}

function toApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : ApiError.fromBody(err);
}

/** Starts labs for the form, following each by the id the host answered. */
export function useLabStart(): LabStart {
  const api = useApi();
  const [record, setRecord] = useState<LabStartRecord>(IDLE_START);
  const [ends, setEnds] = useState<Readonly<Record<string, LabEnded>>>({});
  const [cancelling, setCancelling] = useState(false);
  useApiEvent('lab/ended', (end) => setEnds((prev) => ({ ...prev, [end.labId]: end })));
  const { running, outcome } = labStartStatus(record, ends);

  const begin = async (req: ApiRequest<'lab/start'>): Promise<ApiError | null> => {
    setRecord({ requesting: true, lab: null, local: null });
    setCancelling(false);
    try {
      const { lab } = await api.call('lab/start', req);
      setRecord({ requesting: false, lab, local: null });
      return null;
    } catch (err) {
      const error = toApiError(err);
      const local = { kind: 'refused', message: error.message, field: error.field } as const;
      setRecord({ requesting: false, lab: null, local });
      return error;
    }
  };

  const cancel = async (): Promise<void> => {
    const lab = record.lab;
    if (lab === null) return;
    setCancelling(true);
    try {
      // lab/cancel, not lab/stop: a cancel that crosses the lab's ready leaves the lab running.
      await api.call('lab/cancel', { id: lab.id });
    } catch (err) {
      const local = { kind: 'failed', message: toApiError(err).message } as const;
      setRecord((prev) => (prev.lab?.id === lab.id ? { ...prev, local } : prev));
      setCancelling(false);
    }
  };

  const clear = (): void => {
    if (!running) setRecord(IDLE_START);
  };

  return { lab: record.lab, running, cancelling, outcome, begin, cancel, clear };
}
