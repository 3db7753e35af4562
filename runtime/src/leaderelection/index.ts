/** `@kubegen/runtime/leaderelection`: leader election by Lease with client-go's semantics. */
export * from './lease';
export * from './resourcelock';
export * from './leaderelection';
