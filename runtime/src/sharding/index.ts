/**
 * `@kubegen/runtime/sharding`: sharded controllers (kubernetes-controller-sharding's design): shards announced by
 * Leases, objects assigned by consistent hashing onto a label, a drain handshake so that no object is reconciled
 * by two shards at once. See docs/runtime.md#sharded-controllers.
 */
export * from './names';
export * from './ring';
export * from './shards';
export * from './shard';
export * from './sharder';
