// How the start-lab form's last start ended: the lab running (now a target), cancelled, or failed.
import type { LabInfo } from '../../../shared/labTypes.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { formatInt, formatSeconds } from '../../format/numbers.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { LAB_KINDS } from '../../../shared/labKinds.ts';
import { loadRate } from './labForm.ts';
import { labTargetUrl } from './labFacts.ts';
import type { LabStartOutcome } from './labStartOutcome.ts';

/** One line saying the new lab runs, how many entries it holds and how fast they went in. */
function StartedNote({ lab }: { lab: LabInfo }) {
  const entries = lab.verifiedEntries ?? lab.entries;
  const rate = loadRate(entries, lab.loadS);
  return (
    <div
      className="quiet-note started-note"
      role="status"
      data-testid="lab-started"
      data-lab-id={lab.id}
    >
      <strong>Lab running.</strong>
      <span>
        {lab.serverVersion ?? LAB_KINDS[lab.kind].title} at <code>{labTargetUrl(lab)}</code> with{' '}
        {formatInt(entries)} entries
        {lab.verifiedEntries !== null && ' verified'}
        {lab.loadS !== null && `; loaded in ${formatSeconds(lab.loadS)}`}
        {rate !== null && ` (${formatInt(rate)} entries/s)`}. It is now a target.
      </span>
      <a className="btn btn-secondary btn-sm" href={routeHref({ name: 'run' })}>
        New run
        <Icon name="arrowRight" size={14} />
      </a>
    </div>
  );
}

/** The outcome under the form (the form keeps a refusal naming one of its fields next to that field). */
export function LabStartResult({ outcome }: { outcome: LabStartOutcome }) {
  switch (outcome.kind) {
    case 'started':
      return <StartedNote lab={outcome.lab} />;
    case 'cancelled':
      return (
        <p className="quiet-note quiet-note-neutral" role="status" data-testid="lab-cancelled">
          <strong>Cancelled.</strong>
          <span>{outcome.message}</span>
        </p>
      );
    case 'failed':
    case 'refused':
      return (
        <ErrorPanel title="The lab did not start" message={outcome.message} testId="lab-error" />
      );
  }
}
