/**
 * kustomize's field specs: where a transformer writes (`path`, with `[]` for every element of a list), for which
 * kinds (`group`, `version`, `kind`, each empty for any) and whether missing fields are created. The data is
 * kustomize's own (`builtin-config.ts`); this module parses it once and walks objects along a path exactly as
 * kustomize's `fieldspec.Filter` does: a list met on the way is entered element by element, a missing field is
 * created (as a mapping, or as the leaf's kind) only when `create` is set, and anything else stops the walk.
 */
import { parse } from 'yaml';
import * as data from './builtin-config';

export interface Gvk {
  group: string;
  version: string;
  kind: string;
}

export interface FieldSpec extends Gvk {
  path: string;
  create: boolean;
}

export interface NameReference extends Gvk {
  fieldSpecs: FieldSpec[];
}

type Json = unknown;
type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toSpec(raw: unknown): FieldSpec {
  const r = isObject(raw) ? raw : {};
  const str = (k: string): string => (typeof r[k] === 'string' ? (r[k]) : '');
  return { path: str('path'), group: str('group'), version: str('version'), kind: str('kind'), create: r.create === true };
}

function specs(text: string, key: string): FieldSpec[] {
  const doc = parse(text) as JsonObject;
  const list = doc[key];
  return Array.isArray(list) ? list.map(toSpec) : [];
}

/** The built-in field specs by transformer, as kustomize v5.8.1 configures them. */
export const BUILTIN = {
  namePrefix: specs(data.namePrefixFieldSpecs, 'namePrefix'),
  nameSuffix: specs(data.nameSuffixFieldSpecs, 'nameSuffix'),
  commonLabels: specs(data.commonLabelFieldSpecs, 'commonLabels'),
  templateLabels: specs(data.templateLabelFieldSpecs, 'templateLabels'),
  commonAnnotations: specs(data.commonAnnotationFieldSpecs, 'commonAnnotations'),
  namespace: specs(data.namespaceFieldSpecs, 'namespace'),
  images: specs(data.imagesFieldSpecs, 'images'),
  replicas: specs(data.replicasFieldSpecs, 'replicas'),
  nameReference: (() => {
    const doc = parse(data.nameReferenceFieldSpecs) as JsonObject;
    const list = Array.isArray(doc.nameReference) ? doc.nameReference : [];
    return list.map((raw: unknown): NameReference => {
      const r = isObject(raw) ? raw : {};
      const gvk = toSpec(r);
      return { group: gvk.group, version: gvk.version, kind: gvk.kind, fieldSpecs: Array.isArray(r.fieldSpecs) ? r.fieldSpecs.map(toSpec) : [] };
    });
  })(),
};

/** kyaml's `Gvk.IsSelected`: every non-empty part of the selector equals. */
export function gvkSelected(x: Gvk, selector: Partial<Gvk>): boolean {
  if (selector.group && x.group !== selector.group) return false;
  if (selector.version && x.version !== selector.version) return false;
  if (selector.kind && x.kind !== selector.kind) return false;
  return true;
}

/** `apiVersion` → group and version, as kyaml's `ParseGroupVersion`. */
export function parseGroupVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.indexOf('/');
  return i > -1 ? { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) } : { group: '', version: apiVersion };
}

/** A field spec's path in segments (`\/` escapes a slash inside a segment, as kustomize's `PathSplitter`). */
export function splitPath(path: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '\\' && path[i + 1] === '/') {
      cur += '/';
      i++;
    } else if (path[i] === '/') {
      out.push(cur);
      cur = '';
    } else {
      cur += path.charAt(i);
    }
  }
  out.push(cur);
  return out;
}

/** How a leaf missing on the path is created: a mapping (labels, annotations) or a scalar (names). */
export type CreateKind = 'map' | 'scalar';

/** A place in an object: keys and list indexes from its root. */
export type FieldPath = (string | number)[];

/**
 * Calls `set(holder, key, path)` for every place `spec.path` reaches in `obj` — the holder mapping, the last
 * segment's key and the holder's path from the root — creating what is missing when `spec.create` is set. `set`
 * reads and writes `holder[key]`.
 */
export function visitFieldSpec(obj: JsonObject, spec: FieldSpec, createKind: CreateKind, set: (holder: JsonObject, key: string, path: FieldPath) => void): void {
  walk(obj, splitPath(spec.path), spec.create, createKind, set, []);
}

function walk(node: Json, segments: string[], create: boolean, createKind: CreateKind, set: (holder: JsonObject, key: string, path: FieldPath) => void, at: FieldPath): void {
  if (Array.isArray(node)) {
    node.forEach((el, i) => { walk(el, segments, create, createKind, set, [...at, i]); });
    return;
  }
  const [segment, ...rest] = segments;
  if (!isObject(node) || segment === undefined) return;
  const isSeq = segment.endsWith('[]');
  const head = isSeq ? segment.slice(0, -2) : segment;
  if (rest.length === 0) {
    if (isSeq) {
      // a leaf list: every element is set (kustomize's `containers[]/image` form ends at the field, not here)
      const v = Object.hasOwn(node, head) ? node[head] : undefined;
      // each element through a one-key holder, written back: `set` reads and assigns `holder[key]` as for a field
      if (Array.isArray(v)) {
        const items: unknown[] = v;
        items.forEach((el, i) => {
          const key = String(i);
          const holder: JsonObject = { [key]: el };
          set(holder, key, [...at, head]);
          if (Object.hasOwn(holder, key)) items[i] = holder[key];
        });
      }
      return;
    }
    if (!Object.hasOwn(node, head) || node[head] === null || node[head] === undefined) {
      if (!create) return;
      node[head] = createKind === 'map' ? {} : '';
    }
    set(node, head, at);
    return;
  }
  if (!Object.hasOwn(node, head) || node[head] === null || node[head] === undefined) {
    if (!create) return;
    node[head] = isSeq ? [] : {};
  }
  walk(node[head], rest, create, createKind, set, [...at, head]);
}
