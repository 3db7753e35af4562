/**
 * `@kubegen/runtime/client`: the typed client (`TypedClient`, `ResourceClient`, `ResourceDescriptor`), label and
 * field selectors, and the layers under it — the REST client and its transport, watches, and configuration
 * (kubeconfig, in-cluster), discovery with its REST mapper and the dynamic client of a mapped kind (the rest of
 * the dynamic client is `@kubegen/runtime/dynamic`).
 */
export * from './types';
export * from '../meta/selectors';
export * from './typed';
export {
  customResourceDefinitionResource,
  parseCrdFile,
  readCrdFiles,
  type CustomResourceDefinition,
  type CustomResourceDefinitionList,
} from './crds';
export {
  descriptorOf,
  dynamicClient,
  type PartialObjectMetadata,
  type PartialObjectMetadataList,
  type Unstructured,
  type UnstructuredList,
} from './dynamic';
export * from '../rest';
export * from '../watch';
export * from '../config';
export * from '../discovery';
