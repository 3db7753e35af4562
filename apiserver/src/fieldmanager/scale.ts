/**
 * managedFields through the scale subresource, after k8s.io/apimachinery's `managedfields.ScaleHandler` as the
 * apiextensions-apiserver uses it for a custom resource: the object's entries that own its spec replicas path are shown
 * to the Scale's field manager as owners of the Scale's `spec.replicas` (of `autoscaling/v1`), and what that manager
 * leaves is mapped back.
 *
 * Contract (upstream's, quirks kept — kube-apiserver answers so): `toSubresource` keeps, for each entry of a version of
 * the kind that owns the path, its identity and time with `{spec.replicas}` of `autoscaling/v1`; `toParent` keeps an
 * entry that does not own the path, keeps one the Scale's entries still hold under the same identifier as it is, takes
 * the path from the others; a Scale entry left (an Update entry's identifier names `autoscaling/v1`, so every Update
 * entry is one) that owns `spec.replicas` becomes an entry of `groupVersion` owning the path, with the time of an
 * object's entry of its identifier — none, as a rule.
 */

import type { JsonObject } from '@kubegen/runtime';
import { FieldSet, type Path, fieldElement } from './fieldpath';
import { type ManagerEntry, decodeManagedFields, encodeManagedFields, goIdentifier } from './manager';
import { type TypeNode, typeOf } from './typed';

/** The Scale's apiVersion. */
export const SCALE_API_VERSION = 'autoscaling/v1';

/** autoscaling/v1 Scale as its field manager reads it. */
export const SCALE_TYPE: TypeNode = typeOf(
  {
    type: 'object',
    properties: {
      spec: { type: 'object', properties: { replicas: { type: 'integer' } } },
      status: { type: 'object', properties: { replicas: { type: 'integer' }, selector: { type: 'string' } } },
    },
  },
  true,
);

const REPLICAS_IN_SCALE: Path = [fieldElement('spec'), fieldElement('replicas')];

/** A simple JSON path (`.spec.replicas`) as a field path. */
export const replicasPath = (jsonPath: string): Path => jsonPath.replace(/^\./, '').split('.').map(fieldElement);

const decode = (list: readonly JsonObject[]): ManagerEntry[] => decodeManagedFields({ metadata: { managedFields: [...list] } }) ?? [];

/** ToSubresource: the object's entries (of the kind's `versions`) that own `path`, as owners of the Scale's spec.replicas. */
export function toSubresource(parent: readonly JsonObject[], versions: ReadonlySet<string>, path: Path): JsonObject[] {
  const out: ManagerEntry[] = [];
  for (const e of decode(parent)) {
    if (!versions.has(e.apiVersion) || !e.set.has(path)) continue;
    out.push({ ...e, apiVersion: SCALE_API_VERSION, set: FieldSet.of(REPLICAS_IN_SCALE) });
  }
  return encodeManagedFields(out);
}

/** ToParent: the object's entries after the Scale's field manager left `scale` (see the contract). */
export function toParent(parent: readonly JsonObject[], scale: readonly JsonObject[], groupVersion: string, versions: ReadonlySet<string>, path: Path): JsonObject[] {
  const parentEntries = decode(parent);
  const times = new Map(parentEntries.map((e) => [goIdentifier(e), e.time] as const));
  const scaleById = new Map(decode(scale).map((e) => [goIdentifier(e), e] as const));
  const out = new Map<string, ManagerEntry>();
  for (const e of parentEntries) {
    if (!versions.has(e.apiVersion)) continue;
    const id = goIdentifier(e);
    if (!e.set.has(path)) out.set(id, e);
    else if (scaleById.has(id)) {
      out.set(id, e);
      scaleById.delete(id);
    } else {
      const rest = e.set.difference(FieldSet.of(path));
      if (!rest.empty) out.set(id, { ...e, set: rest });
    }
  }
  for (const [id, e] of scaleById) {
    if (!e.set.has(REPLICAS_IN_SCALE)) continue;
    out.set(id, { ...e, apiVersion: groupVersion, set: FieldSet.of(path), time: times.get(id) });
  }
  return encodeManagedFields([...out.values()]);
}
