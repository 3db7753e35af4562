/**
 * The observability layer of the runtime: how every stage tells what happened. The runtime never writes to the
 * console itself: stages take a `Logger` and a `Metrics` in their options (a manager hands its own to everything
 * it runs), so an operator routes messages to its one logger (`@kubegen/runtime/log`'s `createLogger`, or pino,
 * winston, a test spy through a `LogSink`) and counts into its one metrics registry (prom-client …).
 *
 * - `Logger` (./logger): logr's shape over a `LogSink`; `noopLogger`. The sinks (JSON, text), `createLogger` and
 *   the process default logger live in `@kubegen/runtime/log` (../log), over this one `Logger`;
 * - `Metrics` / `ControllerMetrics` (./metrics): the one metrics sink; `noopMetrics`, `prometheusMetrics`;
 * - `describeThrown` (./thrown): the text of any thrown value, as every log record and message writes it.
 *
 * This folder is the bottom of the runtime's layers: it imports nothing else of the runtime.
 */
export * from './logger';
export * from './metrics';
export * from './thrown';
