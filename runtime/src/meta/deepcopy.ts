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
 */
import type { Condition, LabelSelector, LabelSelectorRequirement } from './conditions';
import type { ConfigMapKeySelector, LocalObjectReference, ObjectReference, SecretKeySelector, TypedLocalObjectReference } from './core';
import type { ListMeta, ManagedFieldsEntry, ObjectMeta, OwnerReference, TypeMeta } from './types';
import { copyFlat } from './generated';
import { cloneJSON, type JsonObject } from './json';
import { setOwn } from './own';

export function deepCopyTypeMeta(in_: TypeMeta): TypeMeta {
  return copyFlat(in_);
}

export function deepCopyOwnerReference(in_: OwnerReference): OwnerReference {
  return copyFlat(in_);
}

export function deepCopyManagedFieldsEntry(in_: ManagedFieldsEntry): ManagedFieldsEntry {
  return copyFlat(in_);
}

/** An array of flat objects (owner references, managed fields entries), each copied by `copyFlat`. */
function copyFlatArray(v: unknown[]): unknown[] {
  const n = v.length;
  const out = new Array<unknown>(n);
  for (let i = 0; i < n; i++) {
    const e = v[i];
    out[i] = typeof e === 'object' && e !== null ? (Array.isArray(e) ? cloneJSON(e) : copyFlat(e)) : e;
  }
  return out;
}

export function deepCopyObjectMeta(in_: ObjectMeta): ObjectMeta {
  const src = in_ as JsonObject;
  const out: JsonObject = {};
  const keys = Object.keys(src);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const v = src[key];
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

export function deepCopyListMeta(in_: ListMeta): ListMeta {
  return copyFlat(in_);
}

export function deepCopyCondition(in_: Condition): Condition {
  return copyFlat(in_);
}

export function deepCopyLabelSelectorRequirement(in_: LabelSelectorRequirement): LabelSelectorRequirement {
  return copyFlat(in_);
}

export function deepCopyLabelSelector(in_: LabelSelector): LabelSelector {
  return cloneJSON(in_);
}

export function deepCopyLocalObjectReference(in_: LocalObjectReference): LocalObjectReference {
  return copyFlat(in_);
}

export function deepCopySecretKeySelector(in_: SecretKeySelector): SecretKeySelector {
  return copyFlat(in_);
}

export function deepCopyConfigMapKeySelector(in_: ConfigMapKeySelector): ConfigMapKeySelector {
  return copyFlat(in_);
}

export function deepCopyObjectReference(in_: ObjectReference): ObjectReference {
  return copyFlat(in_);
}

export function deepCopyTypedLocalObjectReference(in_: TypedLocalObjectReference): TypedLocalObjectReference {
  return copyFlat(in_);
}
