// Matrices screen: the saved and built-in matrices, the builder, its live check and the actions.
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../shared/client.ts';
import { ApiError } from '../../../shared/errors.ts';
import type { MatrixSpec } from '../../../shared/matrix.ts';
import { useApi, useQuery } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { downloadFile } from '../../components/download.ts';
import { describedBy, Field } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryView.tsx';
import { navigate } from '../../hooks/useHashRoute.ts';
import { useLiveCheck } from '../../hooks/useLiveCheck.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { CampaignBanner } from '../campaigns/CampaignBanner.tsx';
import { useActiveCampaign } from '../campaigns/useActiveCampaign.ts';
import { MatrixBuilder } from './MatrixBuilder.tsx';
import {
  errorField,
  exportableMatrix,
  importedMatrix,
  matrixFileName,
  NEW_MATRIX,
} from './matrixDraft.ts';
import { MatrixList } from './MatrixList.tsx';
import { MatrixSummary } from './MatrixSummary.tsx';
import { useMatrixChoices } from './useMatrixChoices.ts';

const checkMatrix = (api: ApiClient, spec: unknown) => api.call('matrix/check', { spec });

/** The matrices screen; `matrixId` opens a saved or built-in matrix. */
export function MatrixView({ matrixId }: { matrixId?: string }) {
  const api = useApi();
  const list = useQuery('matrices', (client) => client.call('matrix/list'), ['matrices/changed']);
  const choices = useMatrixChoices();
  const [spec, setSpec] = useState<MatrixSpec>(NEW_MATRIX);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmLoad, setConfirmLoad] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const check = useLiveCheck(spec, checkMatrix);
  useReadyMarker(choices.data !== undefined && list.data !== undefined);

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
  }, [api, matrixId]);

  const valid = check.state === 'valid' ? check.value : null;
  const activeCampaign = useActiveCampaign();
  const nameError = errorField(check.state === 'invalid' ? check.error : undefined) === 'name';

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } catch (err) {
      setNotice({
        kind: 'error',
        text: (err instanceof ApiError ? err : ApiError.fromBody(err)).message,
      });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    act(async () => {
      const saved = await api.call('matrix/save', { spec });
      setSpec({ ...spec, id: saved.id });
      setNotice({ kind: 'info', text: `Saved as ${saved.id}.` });
    });
  const start = async (confirmed: boolean) => {
    const { campaignId } = await api.call('campaigns/start', {
      spec: valid?.spec ?? spec,
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
      const error = err instanceof ApiError ? err : ApiError.fromBody(err);
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
      setNotice({
        kind: 'error',
        text: `${file.name} is not a matrix file: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  };

  return (
    <div className="page page-wide">
      <PageHeader
        title="Matrices"
        subtitle="Servers × sizes × index profiles × workloads × concurrency × policies × repeats, run as one campaign."
        actions={
          <>
            <RouteButton to={{ name: 'campaigns' }} variant="secondary">
              Campaigns
            </RouteButton>
            <IconButton icon="upload" iconSize={14} onClick={() => fileInput.current?.click()}>
              Import JSON
            </IconButton>
            <IconButton
              icon="plus"
              iconSize={14}
              onClick={() => {
                setSpec(NEW_MATRIX);
                navigate({ name: 'matrix' });
              }}
            >
              New matrix
            </IconButton>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              hidden
              data-testid="matrix-import-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void importFile(file);
                e.target.value = '';
              }}
            />
          </>
        }
      />
      {activeCampaign && (
        <CampaignBanner
          campaign={activeCampaign}
          hint="One campaign at a time: let it finish, or cancel it, to run another matrix."
        />
      )}
      {notice && (
        <div
          className={notice.kind === 'error' ? 'banner banner-danger' : 'banner banner-success'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </div>
      )}
      <QueryError title="Could not load the matrix choices" queries={[choices, list]} />
      {!choices.data && !choices.error && <LoadingBlock label="Loading servers and workloads" />}
      {choices.data && (
        <div className="matrix-layout">
          <MatrixList
            items={list.data ?? []}
            currentId={spec.id}
            onOpen={(id) => navigate({ name: 'matrix', matrixId: id })}
          />
          <form
            className="matrix-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid && !activeCampaign) void run();
            }}
          >
            <section className="card card-pad matrix-section">
              <div className="form-row form-row-2">
                <Field
                  id="matrix-name"
                  label="Name"
                  error={nameError && check.state === 'invalid' ? check.error.message : undefined}
                  hint="Saved as user/NAME; letters, digits, dot, dash and underscore."
                >
                  <input
                    id="matrix-name"
                    value={spec.name}
                    onChange={(e) => setSpec({ ...spec, name: e.target.value })}
                    {...describedBy('matrix-name', nameError ? 'x' : undefined, true)}
                  />
                </Field>
                <Field id="matrix-description" label="Description">
                  <input
                    id="matrix-description"
                    value={spec.description ?? ''}
                    onChange={(e) => setSpec({ ...spec, description: e.target.value })}
                  />
                </Field>
              </div>
            </section>
            <MatrixBuilder
              spec={spec}
              onChange={setSpec}
              choices={choices.data}
              error={check.state === 'invalid' ? check.error : undefined}
            />
            <MatrixSummary
              check={check}
              actions={
                <>
                  {spec.id?.startsWith('user/') && (
                    <ConfirmDeleteButton
                      title="Delete this matrix?"
                      confirmLabel="Delete matrix"
                      action={() => api.call('matrix/delete', { id: spec.id ?? '' })}
                      onDone={() => {
                        setSpec(NEW_MATRIX);
                        navigate({ name: 'matrix' });
                      }}
                    >
                      <p>
                        {spec.id} is removed from the saved matrices. Campaigns already run from it
                        and their runs are kept.
                      </p>
                    </ConfirmDeleteButton>
                  )}
                  <IconButton
                    icon="download"
                    iconSize={14}
                    onClick={() =>
                      downloadFile({
                        fileName: matrixFileName(spec),
                        mimeType: 'application/json',
                        text: `${JSON.stringify(exportableMatrix(spec), null, 2)}\n`,
                      })
                    }
                  >
                    Export JSON
                  </IconButton>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busy || !valid}
                    onClick={() => void save()}
                  >
                    Save
                  </button>
                  <button
                    type="submit"
                    className="btn btn-primary"
                    disabled={busy || !valid || activeCampaign !== null}
                    title={activeCampaign ? 'A campaign is in progress: one at a time' : undefined}
                  >
                    <Icon name="play" size={14} /> Run matrix
                  </button>
                </>
              }
            />
          </form>
        </div>
      )}
      {confirmLoad !== null && (
        <ConfirmDialog
          title="Send heavy load to a server DirBench does not manage?"
          confirmLabel="Run the matrix"
          action={() => start(true)}
          onDone={() => setConfirmLoad(null)}
          onCancel={() => setConfirmLoad(null)}
        >
          <p data-testid="confirm-matrix-load">{confirmLoad}</p>
          <p>
            Saved targets that are not DirBench labs may serve other people. Run it only against a
            server you are allowed to load.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
