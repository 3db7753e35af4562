/**
 * `@kubegen/runtime/controller`: controller-runtime for TypeScript — manager, builders (controller, webhook), reconcile, predicates,
 * event handlers, probes, metrics and logging.
 */
export * from './reconcile';
export * from './events';
export * from './predicates';
export * from './handlers';
export * from '../log';
export * from '../observe/metrics';
export * from './healthz';
export * from './priorityqueue';
export * from './controller';
export * from './manager';
export * from './builder';
export * from './webhook';
export * from './kinds';
export * from './client';
