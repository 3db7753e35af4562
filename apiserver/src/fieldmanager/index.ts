export { FieldSet, FieldPathError, pathString, compareElements, fieldElement, keyElement, valueElement, type Path, type PathElement } from './fieldpath';
export { type TypeNode, OBJECT_META, typeOf, fieldSetOf, compare, merge, removePaths, jsonEqual, type Comparison } from './typed';
export {
  ANCIENT_CHANGES,
  BEFORE_FIRST_APPLY,
  FieldManager,
  type FieldManagerOptions,
  LAST_APPLIED,
  MAX_UPDATE_MANAGERS,
  type ManagerEntry,
  type Operation,
  capUpdateManagers,
  decodeManagedFields,
  encodeManagedFields,
  lastAppliedOf,
  sameObject,
} from './manager';
export { SCALE_API_VERSION, SCALE_TYPE, replicasPath, toParent, toSubresource } from './scale';
