/**
 * `@kubegen/runtime`: what code using a generated package imports — the meta types (ObjectMeta, conditions, the
 * core references, JSON), their deep copies, the typed client and its REST, watch and configuration layers, and
 * the API errors. Everything else lives under a subpath:
 *
 * - `@kubegen/runtime/client`: the client surface alone (also re-exported here);
 * - `@kubegen/runtime/cache`: reflector, store, informers, listers, clocks;
 * - `@kubegen/runtime/workqueue`: the rate-limited work queue;
 * - `@kubegen/runtime/webhook`: the one webhook server of a manager (`DefaultWebhookServer`), the conversion webhook
 *   and the conversion registry it serves;
 * - `@kubegen/runtime/log`: the one structured logger (`createLogger`, `setDefaultLogger`; its `Logger` and
 *   `noopLogger` / `textLogger` are also here, with the `Metrics` hooks);
 * - `@kubegen/runtime/testing`: envtest (a real control plane) and the fake clientset;
 * - `@kubegen/runtime/internal`: helpers only generated code calls (not a stable API).
 */
export * from './meta/types';
export * from './meta/conditions';
export * from './meta/core';
export * from './meta/autoscaling';
export * from './meta/json';
export * from './meta/deepcopy';
export * from './errors';
export { noopLogger, type LogFields, type Logger, noopMetrics, type Metrics } from './observe';
export { textLogger } from './log/encoders';
export * from './client';
