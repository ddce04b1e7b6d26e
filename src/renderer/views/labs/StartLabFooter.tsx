// The start-lab form's footer: what the chosen shape and load mean, and the Start and Cancel buttons.
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { SHAPES } from './labForm.ts';
import type { LabFormValues } from './labForm.ts';
import type { useLabStart } from './useLabStart.ts';

/** The hint for the chosen shape and load, then Cancel (while a lab builds) and Start. */
export function StartLabFooter({
  values,
  start,
  anyAvailable,
}: {
  values: LabFormValues;
  start: ReturnType<typeof useLabStart>;
  anyAvailable: boolean;
}) {
  const text = LAB_KINDS[values.kind].form;
  const short = LAB_KINDS[values.kind].family.name;
  const shape = SHAPES.find((s) => s.value === values.shape) ?? SHAPES[0];
  const starting = start.running;
  return (
    <div className="start-lab-footer">
      <p className="field-hint">
        {shape?.hint}.{' '}
        {values.load === 'protocol'
          ? 'Adds over LDAP are much slower than the bulk loader: keep to 100K or less.'
          : (text.loadHint ??
            `${text.loader} loads the LDIF into the stopped server; 10M entries need over 10 GB of disk.`)}
      </p>
      <div className="start-lab-actions">
        {starting && start.lab !== null && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void start.cancel()}
            disabled={start.cancelling}
            aria-label={`Cancel lab ${start.lab.id}`}
          >
            {start.cancelling ? <Spinner /> : <Icon name="stop" size={14} />}
            {start.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={starting || !anyAvailable}>
          {starting ? <Spinner /> : <Icon name="play" />}
          {starting ? `Starting ${short} lab…` : `Start ${short} lab`}
        </button>
      </div>
    </div>
  );
}
