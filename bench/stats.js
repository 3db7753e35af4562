'use strict';
/** Shared by the benchmarks: the median of a sample, and the report line of a series of timed process runs. */

/** The median of `xs` (the mean of the two middle values for an even count). */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * Prints `<label> wall median … ms (runs: …); cpu median … ms (runs: …)` for runs of `{ ms, cpu }` (wall and CPU
 * time, ms) and returns both medians.
 */
function reportRuns(label, runs) {
  const fmt = (xs) => xs.map((x) => x.toFixed(0)).join(' ');
  const wall = runs.map((r) => r.ms);
  const cpu = runs.map((r) => r.cpu);
  console.log(`${label} wall median ${median(wall).toFixed(0)} ms (runs: ${fmt(wall)}); cpu median ${median(cpu).toFixed(0)} ms (runs: ${fmt(cpu)})`);
  return { wall: median(wall), cpu: median(cpu) };
}

/** `min–max` of `xs`, with `digits` decimals. */
function range(xs, digits = 0) {
  return `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;
}

module.exports = { median, range, reportRuns };
