// Starting a lab, the one way every caller does it (the lab/start channel, the CLI, campaigns,
// tests): the new lab answers at once; once it is ready it is published as a target, and the end
// of the start goes out as `lab/ended` carrying the lab's id.
import type { ApiEventMessage } from '../../shared/api.ts';
import { ApiError } from '../../shared/errors.ts';
import type { LabEnded, LabInfo, LabProgress } from '../../shared/labTypes.ts';
import type { TargetInput } from '../../shared/targetTypes.ts';
import type { LabManager } from './labManager.ts';
import type { LabStartRequest } from './labRecord.ts';

/** What starting a lab needs: the labs, the targets a ready lab becomes, and the event bus. */
export interface LabStartDeps {
  labs: Pick<LabManager, 'begin' | 'get'>;
  /** Saves the target a ready lab becomes (the targets table), answering its id. */
  targets: { save(input: TargetInput, labId: string): { id: string } };
  emit: (message: ApiEventMessage) => void;
}

/** What waiting for a start needs besides: hearing the events it sends. */
export interface LabWaitDeps extends LabStartDeps {
  subscribe: (listener: (message: ApiEventMessage) => void) => () => void;
}

/** Saves the target that points at a ready lab and answers the lab with its target id. */
function publishTarget(deps: LabStartDeps, lab: LabInfo): LabInfo {
  const stored = deps.labs.get(lab.id);
  const target = deps.targets.save(
    {
      name: `${lab.serverVersion ?? lab.kind} lab ${lab.id} (${lab.entries.toLocaleString('en-US')} entries)`,
      // A TLS lab's target verifies the server against the lab's own CA.
      url: lab.tls?.mode === 'ldaps' ? lab.tls.ldapsUrl : lab.url,
      startTls: lab.tls?.mode === 'starttls',
      bindDn: lab.bindDn,
      // The lab's mode-600 password file: its password never goes into the targets table.
      ...(stored ? { passwordFile: stored.passwordFile } : { password: '' }),
      baseDn: lab.baseDn,
      ...(lab.tls === null ? {} : { caFile: lab.tls.caFile }),
    },
    lab.id,
  );
  return { ...lab, targetId: target.id };
}

/** The end of a start that failed (a build's own errors are ApiErrors already). */
function failedEnd(labId: string, err: unknown): LabEnded {
  const error =
    err instanceof ApiError
      ? err
      : new ApiError(
          'failed',
          `Lab ${labId} could not start: ${err instanceof Error ? err.message : String(err)}`,
        );
  return { labId, status: 'failed', error: error.toBody() };
}

/**
 * Checks and records a lab and answers it at once; a refused request throws here. The rest is told
 * by events: `lab/progress`, then one `lab/ended` (ready once its target is saved, or failed).
 */
export async function beginLabStart(
  deps: LabStartDeps,
  req: LabStartRequest,
  signal?: AbortSignal,
): Promise<LabInfo> {
  const { lab, ready } = await deps.labs.begin(req, signal);
  const end = (ended: LabEnded): void => deps.emit({ event: 'lab/ended', payload: ended });
  ready.then(
    (built) => {
      let published: LabInfo;
      try {
        published = publishTarget(deps, built);
      } catch (err) {
        end(failedEnd(lab.id, err));
        return;
      }
      deps.emit({ event: 'targets/changed', payload: {} });
      end({ labId: lab.id, status: 'ready', lab: published });
    },
    (err: unknown) => end(failedEnd(lab.id, err)),
  );
  return lab;
}

/** How a caller follows a start it waits for. */
export interface LabWaitOptions {
  /** Aborting it cancels the start (the start then fails with code `cancelled`). */
  signal?: AbortSignal;
  /** Each `lab/progress` of this lab, in order. */
  onProgress?: (progress: LabProgress) => void;
  /** The lab as recorded, once `beginLabStart` answered (e.g. to clean it up if it fails). */
  onBegun?: (lab: LabInfo) => void;
}

/**
 * Starts a lab and resolves once it is ready (with its target), or rejects with the ApiError its
 * `lab/ended` carried: the CLI, campaigns and tests wait on the events as a UI does.
 */
export async function startLabAndWait(
  deps: LabWaitDeps,
  req: LabStartRequest,
  options: LabWaitOptions = {},
): Promise<LabInfo> {
  let labId: string | null = null;
  // A build's first events can go out before beginLabStart answers its id: they wait here.
  const early: ApiEventMessage[] = [];
  let resolveEnd: (ended: LabEnded) => void = () => undefined;
  const ended = new Promise<LabEnded>((resolve) => (resolveEnd = resolve));
  const deliver = (m: ApiEventMessage): void => {
    if (m.event === 'lab/progress' && m.payload.labId === labId) options.onProgress?.(m.payload);
    else if (m.event === 'lab/ended' && m.payload.labId === labId) resolveEnd(m.payload);
  };
  const unsubscribe = deps.subscribe((m) => {
    if (m.event !== 'lab/progress' && m.event !== 'lab/ended') return;
    if (labId === null) early.push(m);
    else deliver(m);
  });
  try {
    const lab = await beginLabStart(deps, req, options.signal);
    labId = lab.id;
    options.onBegun?.(lab);
    for (const m of early.splice(0)) deliver(m);
    const end = await ended;
    if (end.status === 'failed') throw ApiError.fromBody(end.error);
    return end.lab;
  } finally {
    unsubscribe();
  }
}
