/**
 * `@kubegen/runtime`: what code using a generated package imports — the meta types (ObjectMeta, conditions, the
 * core references, JSON), their deep copies, the typed client and its REST, watch and configuration layers, the
 * API errors, and the `Logger` / `Metrics` hooks. Everything else lives under a subpath: the one list of them is
 * `exports` in runtime/package.json (described in docs/runtime.md, mapped to the sources by jest.config.js).
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
