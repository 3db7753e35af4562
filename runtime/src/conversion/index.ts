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
 */
import { cloneJSON, isJsonObject, type JsonObject } from '../meta/deepcopy';

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

/**
 * The fields of one object (and, through children, of the objects inside it) that a conversion could not carry to
 * the target version. Children are attached to their parent only when something is kept in them.
 */
export class LostFields {
  private fields?: JsonObject;
  private children?: Record<string, LostFields>;
  private attached: boolean;

  constructor(
    private readonly parent?: LostFields,
    private readonly key?: string,
  ) {
    this.attached = parent === undefined;
  }

  /** Keeps field `key` with `value` (not copied: the tree is serialised before the source can change). */
  keep(key: string, value: unknown): void {
    (this.fields ??= {})[key] = value;
    this.attach();
  }

  /** The subtree for the object at `key` of this one. */
  child(key: string): LostFields {
    return this.children?.[key] ?? new LostFields(this, key);
  }

  private attach(): void {
    if (this.attached) return;
    this.attached = true;
    const p = this.parent!;
    (p.children ??= {})[this.key!] = this;
    p.attach();
  }

  get isEmpty(): boolean {
    return this.fields === undefined && this.children === undefined;
  }

  toJSON(): LostNode {
    const node: LostNode = {};
    if (this.fields) node.f = this.fields;
    if (this.children) {
      node.c = {};
      for (const k in this.children) node.c[k] = this.children[k].toJSON();
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

function applyLost(target: unknown, node: LostNode): void {
  if (typeof target !== 'object' || target === null) return;
  const t = target as JsonObject;
  if (node.f && !Array.isArray(target)) for (const k in node.f) t[k] = node.f[k];
  if (node.c) for (const k in node.c) applyLost(t[k], node.c[k]);
}

/**
 * Restores the fields of `version` kept on `obj` (converted to `version`) from its annotation, and removes the
 * annotation (and the `annotations` / `metadata` objects when they were created for it). An annotation that is not
 * valid JSON is left in place.
 */
export function restoreLostFields(obj: JsonObject, version: string): void {
  const meta = obj.metadata;
  if (!isJsonObject(meta)) return;
  const annotations = meta.annotations;
  if (!isJsonObject(annotations)) return;
  const name = lostFieldsAnnotation(version);
  const raw = annotations[name];
  if (typeof raw !== 'string') return;
  let payload: Payload;
  try {
    payload = JSON.parse(raw) as Payload;
  } catch {
    return;
  }
  if (!isJsonObject(payload)) return;
  delete annotations[name];
  if (payload.a && Object.keys(annotations).length === 0) delete meta.annotations;
  if (payload.m && Object.keys(meta).length === 0) delete obj.metadata;
  applyLost(obj, payload);
}

/** Keeps `lost` (fields of `version` that `obj` cannot hold) in `obj`'s annotation for `version`. */
export function stashLostFields(obj: JsonObject, version: string, lost: LostFields): void {
  if (lost.isEmpty) return;
  const payload: Payload = lost.toJSON();
  let meta = obj.metadata;
  if (meta === undefined) {
    meta = obj.metadata = {};
    payload.m = 1;
  }
  if (!isJsonObject(meta)) throw new ConversionError(`cannot keep fields of ${version}: metadata is not an object`);
  let annotations = meta.annotations;
  if (annotations === undefined) {
    annotations = meta.annotations = {};
    payload.a = 1;
  }
  if (!isJsonObject(annotations)) throw new ConversionError(`cannot keep fields of ${version}: metadata.annotations is not an object`);
  annotations[lostFieldsAnnotation(version)] = JSON.stringify(payload);
}

/**
 * The last step of converting a kind from `fromVersion` to `toVersion`: sets `apiVersion`, restores fields of
 * `toVersion` kept by an earlier conversion, keeps the fields of `fromVersion` that were lost. Returns `out`.
 */
export function finishConversion(out: JsonObject, apiVersion: string, fromVersion: string, toVersion: string, lost: LostFields): JsonObject {
  out.apiVersion = apiVersion;
  restoreLostFields(out, toVersion);
  stashLostFields(out, fromVersion, lost);
  return out;
}

/** Converts one object of a kind between a spoke version and the hub. */
export type KindConverter = (obj: JsonObject) => JsonObject;

/** The generated conversions of one API group (exported as `converters` by the group's `conversion.ts`). */
export interface GroupConverters {
  group: string;
  /** Per kind: its hub (storage) version, every version it is served in, and the spoke ↔ hub converters. */
  kinds: Record<string, { hub: string; versions: string[]; spokes: Record<string, { toHub: KindConverter; fromHub: KindConverter }> }>;
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
  const { apiVersion, kind } = obj;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') throw new ConversionError('object has no apiVersion or kind');
  const from = parseAPIVersion(apiVersion);
  const to = parseAPIVersion(desiredAPIVersion);
  if (from.group !== converters.group) throw new ConversionError(`${kind} of ${apiVersion}: group ${from.group} is not ${converters.group}`);
  if (to.group !== converters.group) throw new ConversionError(`cannot convert ${kind} to ${desiredAPIVersion}: group ${to.group} is not ${converters.group}`);
  const k = converters.kinds[kind];
  if (!k) {
    const itemKind = kind.endsWith('List') ? kind.slice(0, -4) : undefined;
    if (itemKind && converters.kinds[itemKind] && Array.isArray(obj.items)) {
      const out = cloneJSON(obj);
      out.apiVersion = desiredAPIVersion;
      out.items = (obj.items as unknown[]).map((item) => convertObject(converters, item, desiredAPIVersion));
      return out;
    }
    if (from.version === to.version) return cloneJSON(obj);
    throw new ConversionError(`kind ${kind} has no conversions in group ${converters.group}`);
  }
  for (const v of [from.version, to.version]) {
    if (!k.versions.includes(v)) throw new ConversionError(`kind ${kind} is not served in version ${v} of ${converters.group}`);
  }
  if (from.version === to.version) return cloneJSON(obj);
  // converters never modify their input and return fresh objects, so the hub needs no copy of its own
  const hub = from.version === k.hub ? obj : k.spokes[from.version].toHub(obj);
  return to.version === k.hub ? hub : k.spokes[to.version].fromHub(hub);
}
