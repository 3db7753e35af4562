/**
 * `@kubegen/runtime/dynamic`: client-go's `dynamic`, `dynamic/dynamicinformer` and `metadata` — the dynamic client
 * over unstructured objects (`DynamicClient(rest).resource(gvr).namespace(ns)`), the metadata client
 * (`MetadataClient`), the dynamic informer factory, and apimachinery's unstructured helpers (nested field reads and
 * writes, the group version kind of an object). The fake dynamic client is `@kubegen/runtime/testing`'s
 * `FakeDynamicClient`.
 */
export * from '../client/dynamic';
export * from '../meta/unstructured';
export * from './informer';
export { formatGroupVersion, parseGroupVersion, type GroupKind, type GroupVersionKind, type RESTMapper, type RESTMapping } from '../discovery/restmapper';
export type { GroupVersionResource } from '../rest/paths';
