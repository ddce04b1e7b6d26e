// A small derivative-free minimiser, for least-squares fits whose model is not linear in its parameters.

/** How long the minimiser runs at most, and when it calls the simplex small enough. */
const MAX_ITERATIONS = 2_000;
const TOLERANCE = 1e-14;

/**
 * Minimises `f` from `start` with the Nelder-Mead simplex (reflection 1, expansion 2, contraction
 * and shrink 0.5); `steps` sets the first simplex's size along each axis. Bounded by an iteration
 * count, so a flat or wild `f` still returns.
 */
export function nelderMead(
  f: (x: readonly number[]) => number,
  start: readonly number[],
  steps: readonly number[],
): number[] {
  const simplex = [
    start.slice(),
    ...start.map((_, i) => start.map((v, j) => (i === j ? v + (steps[i] ?? 1) : v))),
  ];
  let values = simplex.map(f);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const order = values.map((_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
    const sorted = order.map((i) => simplex[i] ?? []);
    values = order.map((i) => values[i] ?? 0);
    simplex.splice(0, simplex.length, ...sorted);
    const best = values[0] ?? 0;
    const worst = values.at(-1) ?? 0;
    if (Math.abs(worst - best) <= TOLERANCE * (Math.abs(best) + TOLERANCE)) break;
    const centroid = start.map((_, j) => mean(simplex.slice(0, -1).map((p) => p[j] ?? 0)));
    const worstPoint = simplex.at(-1) ?? [];
    const toward = (t: number) => centroid.map((c, j) => c + t * (c - (worstPoint[j] ?? 0)));
    const reflected = toward(1);
    const reflectedValue = f(reflected);
    const secondWorst = values.at(-2) ?? 0;
    if (reflectedValue < best) {
      const expanded = toward(2);
      const expandedValue = f(expanded);
      replaceWorst(
        expandedValue < reflectedValue ? expanded : reflected,
        Math.min(expandedValue, reflectedValue),
      );
    } else if (reflectedValue < secondWorst) {
      replaceWorst(reflected, reflectedValue);
    } else {
      const contracted = toward(reflectedValue < worst ? 0.5 : -0.5);
      const contractedValue = f(contracted);
      if (contractedValue < Math.min(reflectedValue, worst)) {
        replaceWorst(contracted, contractedValue);
      } else {
        shrink();
      }
    }
  }
  return simplex[0] ?? start.slice();

  function replaceWorst(point: number[], value: number): void {
    simplex[simplex.length - 1] = point;
    values[values.length - 1] = value;
  }

  function shrink(): void {
    const bestPoint = simplex[0] ?? [];
    for (let i = 1; i < simplex.length; i++) {
      simplex[i] = (simplex[i] ?? []).map(
        (v, j) => (bestPoint[j] ?? 0) + 0.5 * (v - (bestPoint[j] ?? 0)),
      );
      values[i] = f(simplex[i] ?? []);
    }
  }
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}
