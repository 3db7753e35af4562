/**
 * Deep copies for the well-known meta types, and the generic JSON helpers that generated `deepCopy<Type>`
 * functions call for values their type does not declare.
 *
 * Contract of every `deepCopy*` function here and in generated code:
 * - the result deep-equals the input (same keys, same values, same key order);
 * - the result shares no object or array with the input;
 * - keys the type does not declare (fields of a newer server version, preserve-unknown-fields subtrees) are
 *   kept, copied with `cloneJSON`: the copy is lossless for any JSON object;
 * - only own keys are copied, and every key is data: an own `__proto__` key is copied as an own `__proto__` key
 *   (see `./own`), the copy's prototype is always `Object.prototype` (`Array.prototype` for arrays).
 *
 * The well-known types are written here by hand, straight-line like generated code, so that generated packages do
 * not each carry a copy of them. Types whose declared fields are all scalars (Condition, the object references …)
 * are copied by `copyFlat`, which is what the straight-line code for them would be.
 *
 * Every `deepCopy*` function (here: a `DeepCopy<Type>`) has two signatures: a value of its type copies to a value of
 * its type, and a JSON object to a JSON object. Generated copies call the second with the values they read from the
 * objects they walk (JSON values, narrowed to objects), so they need no type assertion whatever the type declares.
 */
import type { Condition, LabelSelector, LabelSelectorRequirement } from './conditions';
import type { ConfigMapKeySelector, LocalObjectReference, ObjectReference, SecretKeySelector, TypedLocalObjectReference } from './core';
import type { ListMeta, ManagedFieldsEntry, ObjectMeta, OwnerReference, TypeMeta } from './types';
import { copyFlat, jsonView } from './generated';
import { cloneJSON, type JsonObject, type JsonValue } from './json';
import { setOwn } from './own';

/** A deep copy function of a declared type `T`, which copies any JSON object as well (see above). */
export interface DeepCopy<T> {
  (in_: JsonObject): JsonObject;
  (in_: T): T;
}

export const deepCopyTypeMeta: DeepCopy<TypeMeta> = copyFlat;

export const deepCopyOwnerReference: DeepCopy<OwnerReference> = copyFlat;

export const deepCopyManagedFieldsEntry: DeepCopy<ManagedFieldsEntry> = copyFlat;

/** An array of flat objects (owner references, managed fields entries), each copied by `copyFlat`. */
function copyFlatArray(v: JsonValue[]): JsonValue[] {
  return v.map((e) => (typeof e === 'object' && e !== null ? (Array.isArray(e) ? cloneJSON(e) : copyFlat(e)) : e));
}

export function deepCopyObjectMeta(in_: JsonObject): JsonObject;
export function deepCopyObjectMeta(in_: ObjectMeta): ObjectMeta;
export function deepCopyObjectMeta(in_: object): object {
  const src = jsonView(in_);
  const out: JsonObject = {};
  for (const key of Object.keys(src)) {
    const v = src[key];
    // undefined is not JSON: a key holding it is dropped, as JSON.stringify drops it
    if (v === undefined) continue;
    if (key === '__proto__') {
      setOwn(out, key, cloneJSON(v));
      continue;
    }
    if (typeof v !== 'object' || v === null) {
      out[key] = v;
      continue;
    }
    // ownerReferences and managedFields hold flat objects; labels, annotations, finalizers and unknown fields are JSON
    out[key] = (key === 'ownerReferences' || key === 'managedFields') && Array.isArray(v) ? copyFlatArray(v) : cloneJSON(v);
  }
  return out;
}

// shardInfo is an object
export const deepCopyListMeta: DeepCopy<ListMeta> = cloneJSON;

export const deepCopyCondition: DeepCopy<Condition> = copyFlat;

export const deepCopyLabelSelectorRequirement: DeepCopy<LabelSelectorRequirement> = copyFlat;

export const deepCopyLabelSelector: DeepCopy<LabelSelector> = cloneJSON;

export const deepCopyLocalObjectReference: DeepCopy<LocalObjectReference> = copyFlat;

export const deepCopySecretKeySelector: DeepCopy<SecretKeySelector> = copyFlat;

export const deepCopyConfigMapKeySelector: DeepCopy<ConfigMapKeySelector> = copyFlat;

export const deepCopyObjectReference: DeepCopy<ObjectReference> = copyFlat;

export const deepCopyTypedLocalObjectReference: DeepCopy<TypedLocalObjectReference> = copyFlat;
