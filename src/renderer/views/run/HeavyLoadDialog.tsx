// Asks before heavy load goes to a server off this machine's loopback (the host refused it unconfirmed).
import type { Target } from '../../../shared/targetTypes.ts';
import type { RunRequest } from '../../../shared/types.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatInt } from '../../format/numbers.ts';

/** A run the host asked to confirm, with the host's reason. */
export interface PendingConfirmation {
  request: RunRequest;
  reason: string;
}

/** The load a request sends, in words: its connections and its rate. */
export function loadInWords(request: RunRequest): { connections: string; rate: string } {
  const connections = `${formatInt(request.connections)} connection${request.connections === 1 ? '' : 's'} x depth ${request.depth}`;
  if (request.targetOpsPerSec !== undefined) {
    return { connections, rate: `${formatInt(request.targetOpsPerSec)} ops/s` };
  }
  if (request.rateProfile !== undefined) {
    const peak = Math.max(...request.rateProfile.flatMap((s) => [s.fromOpsPerSec, s.toOpsPerSec]));
    return { connections, rate: `a rate profile peaking at ${formatInt(peak)} ops/s` };
  }
  return { connections, rate: 'as many ops/s as the server answers (closed model)' };
}

/** The confirmation dialog: names the target, the connections and the rate; starts the run confirmed. */
export function HeavyLoadDialog({
  pending,
  target,
  start,
  onDone,
  onCancel,
}: {
  pending: PendingConfirmation;
  target: Target | undefined;
  start: (request: RunRequest) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const load = loadInWords(pending.request);
  const name = target ? `${target.name} (${target.url})` : pending.request.targetId;
  return (
    <ConfirmDialog
      title="Send heavy load to a server other people may use?"
      confirmLabel="Start the run"
      action={() => start({ ...pending.request, confirmed: true })}
      onDone={onDone}
      onCancel={onCancel}
    >
      <p>
        <strong data-testid="confirm-target">{name}</strong> is not on this machine&apos;s loopback
        address (127.0.0.0/8, ::1 or localhost): other people may depend on it.
      </p>
      <ul>
        <li data-testid="confirm-connections">{load.connections}</li>
        <li data-testid="confirm-rate">{load.rate}</li>
        <li>
          {formatInt(
            pending.request.warmupS + pending.request.durationS + (pending.request.cooldownS ?? 0),
          )}{' '}
          s of load in all
        </li>
      </ul>
      <p className="muted">{pending.reason}.</p>
    </ConfirmDialog>
  );
}
