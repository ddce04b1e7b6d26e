// Matrices screen: the saved and built-in matrices, the builder, its live check and the actions.
import { useState } from 'react';
import type { ApiClient } from '../../../shared/client.ts';
import type { MatrixSpec } from '../../../shared/matrix.ts';
import { useQuery } from '../../api/useApi.ts';
import { LoadingBlock } from '../../components/Loading.tsx';
import { QueryError } from '../../components/QueryView.tsx';
import { navigate } from '../../hooks/useHashRoute.ts';
import { useLiveCheck } from '../../hooks/useLiveCheck.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { CampaignBanner } from '../campaigns/CampaignBanner.tsx';
import { useActiveCampaign } from '../campaigns/useActiveCampaign.ts';
import { MatrixActions } from './MatrixActions.tsx';
import { MatrixBuilder } from './MatrixBuilder.tsx';
import { errorField, NEW_MATRIX } from './matrixDraft.ts';
import { MatrixHeader } from './MatrixHeader.tsx';
import { MatrixList } from './MatrixList.tsx';
import { MatrixLoadDialog } from './MatrixLoadDialog.tsx';
import { MatrixNameFields } from './MatrixNameFields.tsx';
import { MatrixSummary } from './MatrixSummary.tsx';
import { useMatrixActions } from './useMatrixActions.ts';
import { useMatrixChoices } from './useMatrixChoices.ts';

const checkMatrix = (api: ApiClient, spec: unknown) => api.call('matrix/check', { spec });

/** The matrices screen; `matrixId` opens a saved or built-in matrix. */
export function MatrixView({ matrixId }: { matrixId?: string }) {
  const list = useQuery('matrices', (client) => client.call('matrix/list'), ['matrices/changed']);
  const choices = useMatrixChoices();
  const [spec, setSpec] = useState<MatrixSpec>(NEW_MATRIX);
  const check = useLiveCheck(spec, checkMatrix);
  useReadyMarker(choices.data !== undefined && list.data !== undefined);
  const valid = check.state === 'valid' ? check.value : null;
  const actions = useMatrixActions(matrixId, spec, setSpec, valid?.spec ?? spec);
  const { notice, busy, confirmLoad, setConfirmLoad } = actions;
  const activeCampaign = useActiveCampaign();
  const checkError = check.state === 'invalid' ? check.error : undefined;
  const startAfresh = () => {
    setSpec(NEW_MATRIX);
    navigate({ name: 'matrix' });
  };

  return (
    <div className="page page-wide">
      <MatrixHeader onImport={(file) => void actions.importFile(file)} onNew={startAfresh} />
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
              if (valid && !activeCampaign) void actions.run();
            }}
          >
            <MatrixNameFields
              spec={spec}
              onChange={setSpec}
              nameError={errorField(checkError) === 'name' ? checkError?.message : undefined}
            />
            <MatrixBuilder
              spec={spec}
              onChange={setSpec}
              choices={choices.data}
              error={checkError}
            />
            <MatrixSummary
              check={check}
              actions={
                <MatrixActions
                  spec={spec}
                  canAct={!busy && valid !== null}
                  campaignActive={activeCampaign !== null}
                  onSave={() => void actions.save()}
                  onDeleted={startAfresh}
                />
              }
            />
          </form>
        </div>
      )}
      {confirmLoad !== null && (
        <MatrixLoadDialog
          reason={confirmLoad}
          onConfirm={() => actions.start(true)}
          onClose={() => setConfirmLoad(null)}
        />
      )}
    </div>
  );
}
