/** `@kubegen/runtime/events`: an events.k8s.io/v1 recorder with client-go's series semantics. */
export * from './types';
export * from './recorder';
export * from './corev1';
