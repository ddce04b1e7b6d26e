// How long a lab takes to build, by load method and size: from each kind's measured figures (the
// `build` of its row in labKinds.ts), where a matrix estimate and a campaign's time left start
// before the campaign has timed builds of its own.
import type { LabLoadMethod } from './labTypes.ts';
import type { LabBuildFigure, LoadPoint } from './labKindRow.ts';

/** Entries DirBench generates per second (Salford shape: 0.7-0.9M/s measured; kept low for busy machines). */
export const GENERATE_ENTRIES_PER_S = 500_000;

/**
 * Seconds to load `entries` by measured `points`: between two points along the straight line
 * through them on log-log axes; beyond the last along the last two (at least in proportion: a
 * load never gets cheaper per entry); below the first in proportion to it.
 */
export function loadSFromPoints(points: readonly LoadPoint[], entries: number): number {
  const [first, second] = points;
  if (first === undefined || entries <= 0) return 0;
  if (second === undefined || entries <= first[0]) return (first[1] * entries) / first[0];
  // The segment holding `entries`, or the last one.
  let i = 0;
  while (i < points.length - 2 && entries > (points[i + 1] as LoadPoint)[0]) i++;
  const lower = points[i] as LoadPoint;
  const upper = points[i + 1] as LoadPoint;
  const slope = Math.log(upper[1] / lower[1]) / Math.log(upper[0] / lower[0]);
  if (entries > upper[0]) return upper[1] * (entries / upper[0]) ** Math.max(1, slope);
  return lower[1] * (entries / lower[0]) ** slope;
}

/** Seconds to generate, load, set up and start a lab of `kind` with `entries` by `figure`. */
export function figureBuildS(
  figure: LabBuildFigure,
  load: LabLoadMethod,
  entries: number,
  generateEntriesPerS = GENERATE_ENTRIES_PER_S,
): number {
  const points = load === 'protocol' ? figure.protocol : figure.offline;
  return entries / generateEntriesPerS + loadSFromPoints(points, entries) + figure.setupS;
}
