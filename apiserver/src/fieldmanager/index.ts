export { FieldSet, FieldPathError, pathString, compareElements, fieldElement, keyElement, valueElement, type Path, type PathElement } from './fieldpath';
export { type TypeNode, OBJECT_META, typeOf, fieldSetOf, compare, merge, removePaths, jsonEqual, type Comparison } from './typed';
export { FieldManager, type FieldManagerOptions, type ManagerEntry, type Operation, decodeManagedFields, encodeManagedFields, sameObject } from './manager';
