/** The generic registry: resource definitions read from the API model, and the store of one resource. */
export { apiGroupFromPackage, compareKubeAwareVersions, DefinitionError, type APIGroupDefinition, type CrdManifest, type GeneratedPackage, type PrinterColumn, type ResourceDefinition, type VersionDefinition } from './definition';
export { Store, APPLY_PATCH, PATCH_TYPES, SCALE_PATCH_TYPES, type DeleteParams, type DeleteResult, type FieldValidation, type ListParams, type PatchType, type RequestScope, type StoreOptions, type WatchParams } from './store';
export { interpret, newInvalidAggregate, unsupportedMediaType, type Verb } from './errors';
export { decodeObjectMeta, generateName, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
