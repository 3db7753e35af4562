/** `@kubegen/apiserver/storage`: the storage interface of the apiserver and its etcd v3 implementation. */
export * from './interface';
export { COMPACT_REV_KEY, EtcdStorage, prefixRangeEnd, statusObject, type EtcdStorageOptions } from './etcd3';
export { StorageError, isStorageError, parseResourceVersion, tooLargeResourceVersion, type StorageErrorCode } from './errors';
export { decodeContinue, encodeContinue } from './continue';
export { Cacher, type CacherOptions } from './cacher';
