/**
 * `@kubegen/runtime/log`: the one structured logger of everything a manager runs (cache, controllers, events,
 * leader election, webhooks, the apiserver's `Warning` headers).
 *
 * - `Logger` (logr's shape: `info`, `error`, `v`, `withName`, `withValues`, `enabled`) over a `LogSink`;
 * - `createLogger({ format: 'json' | 'text', level: 'error' | 'info' | 'debug' | <verbosity>, stream, clock })`,
 *   controller-runtime's zap options; `parseLogLevel` / `parseLogFormat` for the `--log-level` / `--log-format`
 *   flags;
 * - `setDefaultLogger(logger)`: what every runtime component given no logger writes to; `defaultLogger()` delegates
 *   to it.
 *
 * See docs/logging.md.
 */
export * from '../observe/logger';
export * from './encoders';
export * from './create';
export * from './default';
