/**
 * Logging and metrics hooks of the runtime's long-running stages (reflectors, informers). The runtime never writes
 * to the console itself: stages take a `Logger` (the one logger of `@kubegen/runtime/log`, re-exported here) and a
 * `Metrics` in their options, so an operator routes messages to its own logger (`createLogger`, or pino, winston, a
 * test spy through a `LogSink`) and counts to its own metrics registry (prom-client …).
 *
 * Contracts:
 * - a `Logger` gets a constant message and key-value pairs (logr style): values are data — an error, a name, a
 *   number — never folded into the message. Implementations must not throw;
 * - `Metrics.count(name, labels)` adds 1 (or `delta`) to a counter; names are `kubegen_<stage>_<what>_total`, labels
 *   are a small, bounded set (a stage's name, a phase, an error reason: never an object name). Implementations
 *   must not throw.
 */

export { noopLogger, textLogger, type Logger, type LogFields } from '../log';

/** Counters of the runtime's stages (see the module doc for names and labels). */
export interface Metrics {
  count(name: string, labels: Readonly<Record<string, string>>, delta?: number): void;
}

/** Metrics that count nothing (the default). */
export const noopMetrics: Metrics = { count() {} };
