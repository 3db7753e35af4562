/**
 * The manager's logger, re-exported from `@kubegen/runtime/log` (where it lives, see there) so
 * `@kubegen/runtime/controller` keeps naming `Logger`, `jsonLogger`, `noopLogger`, `defaultLogger` … as before.
 */
export * from '../log';
