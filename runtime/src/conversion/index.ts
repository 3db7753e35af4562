/**
 * Runtime support for generated conversions between the versions of an API group.
 *
 * Model (see docs/conversion.md): for every kind served in several versions, the storage version is the hub.
 * Generated code converts each other version (a spoke) to the hub and back, field by field; `convertObject`
 * converts any version to any other through the hub.
 *
 * Lossless round trips: fields of the source that the target version does not declare are collected in a
 * `LostFields` tree while converting and kept, as JSON, in the target object's annotation
 * `conversion.kubegen.io/<source version>-fields`. Converting back to that version restores them and removes the
 * annotation, so `A → hub → A` and `hub → A → hub` give back the original object. The annotation is owned by
 * kubegen: do not write it by hand.
 *
 * Anyone who can write an object can write that annotation, so it is untrusted data: it is walked by own keys,
 * every key (`__proto__` included) is restored as an own data property of the object it names, and an annotation
 * that is not a well-formed tree (or nests deeper than `MAX_LOST_FIELDS_DEPTH`) is left in place, unapplied, as
 * one that is not JSON.
 */
import { asDeclared, jsonView } from '../meta/generated';
import { cloneJSON, isJsonObject, type JsonObject, type JsonValue } from '../meta/json';
import { getOwn, nullObject, setOwn } from '../meta/own';

/** The prefix of the annotations that keep fields a version does not declare. */
export const LOST_FIELDS_ANNOTATION_PREFIX = 'conversion.kubegen.io/';

/** `conversion.kubegen.io/<version>-fields`: fields of `version` kept on an object of another version. */
export function lostFieldsAnnotation(version: string): string {
  return `${LOST_FIELDS_ANNOTATION_PREFIX}${version}-fields`;
}

/** An object could not be converted (unknown group, version or kind, malformed input, failing hand-written function). */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}

/** The JSON form of a lost-fields tree: `f` fields lost at this level, `c` subtrees by key (array index as a string). */
interface LostNode {
  f?: JsonObject;
  c?: Record<string, LostNode>;
}

/** The deepest lost-fields tree restored from an annotation (deeper ones are left in place). */
export const MAX_LOST_FIELDS_DEPTH = 1000;

/**
 * The fields of one object (and, through children, of the objects inside it) that a conversion could not carry to
 * the target version. Children are attached to their parent only when something is kept in them. Keys are data:
 * both maps have no prototype.
 */
export class LostFields {
  private fields?: JsonObject;
  private children?: Map<string, LostFields>;
  private attached: boolean;
  /** Where a child hangs in its parent; `undefined` for a root. */
  private readonly under: { readonly parent: LostFields; readonly key: string } | undefined;

  constructor(parent?: LostFields, key?: string) {
    if (parent !== undefined && key === undefined) throw new TypeError('LostFields: a child needs the key it is kept under');
    this.under = parent === undefined || key === undefined ? undefined : { parent, key };
    this.attached = this.under === undefined;
  }

  /** Keeps field `key` with `value` (not copied: the tree is serialised before the source can change). */
  keep(key: string, value: JsonValue): void {
    setOwn((this.fields ??= nullObject()), key, value);
    this.attach();
  }

  /** The subtree for the object at `key` of this one. */
  child(key: string): LostFields {
    return this.children?.get(key) ?? new LostFields(this, key);
  }

  private attach(): void {
    if (this.attached || this.under === undefined) return;
    this.attached = true;
    const { parent, key } = this.under;
    (parent.children ??= new Map()).set(key, this);
    parent.attach();
  }

  get isEmpty(): boolean {
    return this.fields === undefined && this.children === undefined;
  }

  toJSON(): LostNode {
    const node: LostNode = {};
    if (this.fields) node.f = this.fields;
    if (this.children) {
      const c = nullObject<LostNode>();
      for (const [k, child] of this.children) setOwn(c, k, child.toJSON());
      node.c = c;
    }
    return node;
  }
}

interface Payload extends LostNode {
  /** `metadata` was created to hold the annotation. */
  m?: 1;
  /** `metadata.annotations` was created to hold the annotation. */
  a?: 1;
}

/** Whether `node` (parsed from an annotation) is a lost-fields tree: `f` an object, `c` an object of trees. */
function isLostNode(node: unknown, depth: number): node is LostNode {
  if (!isJsonObject(node) || depth > MAX_LOST_FIELDS_DEPTH) return false;
  const f = getOwn(node, 'f');
  if (f !== undefined && !isJsonObject(f)) return false;
  const c = getOwn(node, 'c');
  if (c === undefined) return true;
  if (!isJsonObject(c)) return false;
  for (const k of Object.keys(c)) if (!isLostNode(c[k], depth + 1)) return false;
  return true;
}

/** Restores a (checked) lost-fields tree on `target`: own keys only, every key set as an own data property. */
function applyLost(target: unknown, node: LostNode): void {
  if (typeof target !== 'object' || target === null) return;
  const f = getOwn(node, 'f') as JsonObject | undefined;
  if (f && !Array.isArray(target)) for (const [k, v] of Object.entries(f)) setOwn(target, k, v);
  const c = getOwn(node, 'c') as Record<string, LostNode> | undefined;
  if (c) for (const [k, child] of Object.entries(c)) applyLost(getOwn(target, k), child);
}

/**
 * Restores the fields of `version` kept on `obj` (converted to `version`) from its annotation, and removes the
 * annotation (and the `annotations` / `metadata` objects when they were created for it). An annotation that is not
 * valid JSON is left in place.
 */
export function restoreLostFields(obj: JsonObject, version: string): void {
  const meta = getOwn(obj, 'metadata');
  if (!isJsonObject(meta)) return;
  const annotations = getOwn(meta, 'annotations');
  if (!isJsonObject(annotations)) return;
  const name = lostFieldsAnnotation(version);
  const raw = getOwn(annotations, name);
  if (typeof raw !== 'string') return;
  let payload: Payload;
  try {
    payload = JSON.parse(raw) as Payload;
  } catch {
    return;
  }
  if (!isLostNode(payload, 0)) return;
  delete annotations[name];
  if (getOwn(payload, 'a') && Object.keys(annotations).length === 0) delete meta.annotations;
  if (getOwn(payload, 'm') && Object.keys(meta).length === 0) delete obj.metadata;
  applyLost(obj, payload);
}

/** Keeps `lost` (fields of `version` that `obj` cannot hold) in `obj`'s annotation for `version`. */
export function stashLostFields(obj: JsonObject, version: string, lost: LostFields): void {
  if (lost.isEmpty) return;
  const payload: Payload = lost.toJSON();
  let meta = getOwn(obj, 'metadata');
  if (meta === undefined) {
    meta = obj.metadata = {};
    payload.m = 1;
  }
  if (!isJsonObject(meta)) throw new ConversionError(`cannot keep fields of ${version}: metadata is not an object`);
  let annotations = getOwn(meta, 'annotations');
  if (annotations === undefined) {
    annotations = meta.annotations = {};
    payload.a = 1;
  }
  if (!isJsonObject(annotations)) throw new ConversionError(`cannot keep fields of ${version}: metadata.annotations is not an object`);
  setOwn(annotations, lostFieldsAnnotation(version), JSON.stringify(payload));
}

/**
 * The last step of converting a kind from `fromVersion` to `toVersion`: sets `apiVersion`, restores fields of
 * `toVersion` kept by an earlier conversion, keeps the fields of `fromVersion` that were lost. Returns `out`.
 */
export function finishConversion<T extends object>(out: JsonObject, apiVersion: string, fromVersion: string, toVersion: string, lost: LostFields): T {
  out.apiVersion = apiVersion;
  restoreLostFields(out, toVersion);
  stashLostFields(out, fromVersion, lost);
  return asDeclared<T>(out);
}

/**
 * The converters of one kind between a spoke version (`S`, the kind's type in that version) and the hub (`H`).
 * Contract: neither function modifies its input; both return fresh objects that share nothing with it.
 */
export interface KindConverter<S extends object, H extends object> {
  toHub(obj: S): H;
  fromHub(obj: H): S;
}

/**
 * A `KindConverter` of any kind, as `GroupConverters` holds them. Its members are methods, whose parameters
 * TypeScript compares bivariantly, so every `KindConverter<S, H>` is one; `convertObject` calls a converter only
 * with an object whose `apiVersion` and `kind` name that converter's version and kind.
 */
export type AnyKindConverter = KindConverter<object, object>;

/** The generated conversions of one API group (exported as `converters` by the group's `conversion.ts`). */
export interface GroupConverters {
  group: string;
  /** Per kind: its hub (storage) version, every version it is served in, and the spoke ↔ hub converters. */
  kinds: Record<string, { hub: string; versions: string[]; spokes: Record<string, AnyKindConverter> }>;
}

/** Splits `group/version` (or a bare `version` for the core group). */
export function parseAPIVersion(apiVersion: string): { group: string; version: string } {
  const i = apiVersion.lastIndexOf('/');
  return i < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/**
 * Converts `obj` (a kind, or a list of a kind, of `converters.group`) to `desiredAPIVersion` through the hub.
 * The input is not modified; the result shares nothing with it. Throws `ConversionError` for objects of another
 * group, unknown kinds or versions.
 */
export function convertObject(converters: GroupConverters, obj: unknown, desiredAPIVersion: string): JsonObject {
  if (!isJsonObject(obj)) throw new ConversionError('object is not a JSON object');
  const apiVersion = getOwn(obj, 'apiVersion');
  const kind = getOwn(obj, 'kind');
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') throw new ConversionError('object has no apiVersion or kind');
  const from = parseAPIVersion(apiVersion);
  const to = parseAPIVersion(desiredAPIVersion);
  if (from.group !== converters.group) throw new ConversionError(`${kind} of ${apiVersion}: group ${from.group} is not ${converters.group}`);
  if (to.group !== converters.group) throw new ConversionError(`cannot convert ${kind} to ${desiredAPIVersion}: group ${to.group} is not ${converters.group}`);
  const k = getOwn(converters.kinds, kind) as GroupConverters['kinds'][string] | undefined;
  if (!k) {
    const itemKind = kind.endsWith('List') ? kind.slice(0, -4) : undefined;
    const items = getOwn(obj, 'items');
    if (itemKind && getOwn(converters.kinds, itemKind) && Array.isArray(items)) {
      const out = cloneJSON(obj);
      out.apiVersion = desiredAPIVersion;
      out.items = items.map((item) => convertObject(converters, item, desiredAPIVersion));
      return out;
    }
    if (from.version === to.version) return cloneJSON(obj);
    throw new ConversionError(`kind ${kind} has no conversions in group ${converters.group}`);
  }
  for (const v of [from.version, to.version]) {
    if (!k.versions.includes(v)) throw new ConversionError(`kind ${kind} is not served in version ${v} of ${converters.group}`);
  }
  if (from.version === to.version) return cloneJSON(obj);
  const spoke = (v: string) => getOwn(k.spokes, v) as GroupConverters['kinds'][string]['spokes'][string] | undefined;
  const up = from.version === k.hub ? undefined : spoke(from.version);
  const down = to.version === k.hub ? undefined : spoke(to.version);
  if ((from.version !== k.hub && !up) || (to.version !== k.hub && !down)) {
    throw new ConversionError(`kind ${kind} of ${converters.group} has no converter between ${from.version} and ${to.version}`);
  }
  // converters never modify their input and return fresh objects, so the hub needs no copy of its own
  const hub: object = up ? up.toHub(obj) : obj;
  return jsonView(down ? down.fromHub(hub) : hub);
}
