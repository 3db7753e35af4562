/**
 * Linear-time checks that hold on a busy machine: CPU time (process.cpuUsage), not wall-clock; each case warmed up
 * once; the small and the large case measured alternately, so a burst of load falls on both, and the least of each
 * kept (the run least disturbed); and the whole measurement taken again, up to `attempts` times, until the ratio holds.
 * A super-linear implementation fails every attempt (10× the input: ≥ 100× the time when quadratic), so the retries
 * only absorb noise, never a wrong algorithm.
 */

/** CPU time of one call of `f`, in microseconds (at least 1). */
export function cpuMicros(f: () => void): number {
  const start = process.cpuUsage();
  f();
  const used = process.cpuUsage(start);
  return Math.max(used.user + used.system, 1);
}

/** The least CPU time of `large` divided by the least CPU time of `small`, measured alternately `repeats` times. */
export function cpuRatio(small: () => void, large: () => void, repeats = 5): number {
  small();
  large();
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let i = 0; i < repeats; i++) {
    bestSmall = Math.min(bestSmall, cpuMicros(small));
    bestLarge = Math.min(bestLarge, cpuMicros(large));
  }
  return bestLarge / bestSmall;
}

/**
 * The ratios measured (one per attempt) until one is at most `bound`: the last is at most `bound` when the check
 * holds. Use as `expect(linearRatios(…).at(-1)).toBeLessThanOrEqual(bound)`, so that a failure shows every attempt.
 */
export function linearRatios(small: () => void, large: () => void, bound: number, attempts = 3, repeats = 5): number[] {
  const ratios: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const ratio = cpuRatio(small, large, repeats);
    ratios.push(ratio);
    if (ratio <= bound) break;
  }
  return ratios;
}
