// The matrices screen's actions on the open spec: open by id, save, run (with the heavy-load yes), import.
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { MatrixSpec } from '../../../shared/matrix.ts';
import { useApi } from '../../api/useApi.ts';
import { navigate } from '../../hooks/useHashRoute.ts';
import { importedMatrix } from './matrixDraft.ts';

/** A line above the builder: what failed, or what was done. */
export interface MatrixNotice {
  kind: 'error' | 'info';
  text: string;
}

/** Loads the saved or built-in matrix `matrixId` into the builder; a failure becomes the notice. */
function useOpenMatrix(
  matrixId: string | undefined,
  setSpec: (spec: MatrixSpec) => void,
  setNotice: (notice: MatrixNotice) => void,
) {
  const api = useApi();
  useEffect(() => {
    if (matrixId === undefined) return;
    let live = true;
    api.call('matrix/get', { id: matrixId }).then(
      (loaded) => {
        if (live) setSpec(loaded);
      },
      (err: unknown) => {
        if (live) setNotice({ kind: 'error', text: ApiError.fromBody(err).message });
      },
    );
    return () => {
      live = false;
    };
  }, [api, matrixId, setSpec, setNotice]);
}

/** The API error behind any rejection. */
const apiError = (err: unknown) => (err instanceof ApiError ? err : ApiError.fromBody(err));

/** Save, run and import for `spec`; `runSpec` is what a run sends (the checked spec once valid). */
export function useMatrixActions(
  matrixId: string | undefined,
  spec: MatrixSpec,
  setSpec: (spec: MatrixSpec) => void,
  runSpec: MatrixSpec,
) {
  const api = useApi();
  const [notice, setNotice] = useState<MatrixNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmLoad, setConfirmLoad] = useState<string | null>(null);
  useOpenMatrix(matrixId, setSpec, setNotice);

  const save = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const saved = await api.call('matrix/save', { spec });
      setSpec({ ...spec, id: saved.id });
      setNotice({ kind: 'info', text: `Saved as ${saved.id}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: apiError(err).message });
    } finally {
      setBusy(false);
    }
  };
  const start = async (confirmed: boolean) => {
    const { campaignId } = await api.call('campaigns/start', {
      spec: runSpec,
      ...(confirmed ? { confirmed } : {}),
    });
    navigate({ name: 'campaign', campaignId });
  };
  const run = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await start(false);
    } catch (err) {
      const error = apiError(err);
      // Heavy load on a saved target that is not a lab: the host asks, the user decides.
      if (error.code === 'needs-confirmation') setConfirmLoad(error.detail ?? error.message);
      else setNotice({ kind: 'error', text: error.message });
    } finally {
      setBusy(false);
    }
  };
  const importFile = async (file: File) => {
    try {
      const imported = importedMatrix(JSON.parse(await file.text()));
      if ('error' in imported) {
        setNotice({ kind: 'error', text: `${file.name} is not a matrix file: ${imported.error}` });
        return;
      }
      setSpec(imported.spec);
      setNotice({ kind: 'info', text: `Imported ${file.name}; check it below before running.` });
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      setNotice({ kind: 'error', text: `${file.name} is not a matrix file: ${why}` });
    }
  };
  return { notice, busy, confirmLoad, setConfirmLoad, save, start, run, importFile };
}
