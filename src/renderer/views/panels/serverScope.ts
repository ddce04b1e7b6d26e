// A run on several servers seen from the one whose monitor was read: its share of each second.
import type { RunSample } from '../../../shared/types.ts';

/**
 * `samples` with each second's ops and errors those `url` served (mix labels dropped: they are not
 * kept per server); `samples` as they are when `url` is undefined (a run on one server).
 */
export function samplesOfServer(
  samples: readonly RunSample[],
  url: string | undefined,
): readonly RunSample[] {
  if (url === undefined) return samples;
  return samples.map((s) => {
    const { operations: _operations, ...rest } = s;
    const share = s.servers?.[url];
    return { ...rest, ops: share?.ops ?? 0, errors: share?.errors ?? 0 };
  });
}
