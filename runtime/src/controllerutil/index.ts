/** `@kubegen/runtime/controllerutil`: owner references, finalizers, create-or-update, conditions, semantic equality. */
export * from './controllerutil';
export * from './conditions';
export * from './equality';
export * from './patch';
