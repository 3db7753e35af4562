/**
 * The Go side file of `kubegen import openapi --go-docs <json>` (written by `scripts/godocs`, from the Go sources of
 * the imported API): what the official OpenAPI loses of the Go types and controller-gen keeps.
 *
 * - descriptions: openapi-gen joins a comment's lines with spaces; controller-gen keeps the line breaks. The side file
 *   carries each type's and field's description as controller-gen computes it, and it replaces the OpenAPI text;
 * - named scalar types (`PodPhase`, `Protocol`): OpenAPI inlines them as `type: string`; with the side file they
 *   become aliases of their Go name, with their own doc (controller-gen shows it on list items and map values);
 * - inline embedding (`LocalObjectReference` in `ConfigMapEnvSource`): OpenAPI flattens the fields; with the side file
 *   the type extends the embedded one, so the embedded type's `structType=atomic` carries over as in controller-gen;
 * - optionality: the OpenAPI's `required` lists are openapi-gen's (`+required` / `+optional` markers first, then
 *   omitempty), not what the Go types write: `Deployment.spec` is `+required` yet `omitempty`, so a client may omit it
 *   and a Go client leaves it out. A field is optional (`?`) exactly when its Go field is `omitempty`, `omitzero` or a
 *   pointer (k8s.io/api's types as encoding/json writes them); where that differs from the OpenAPI's `required`, a
 *   `+required` / `+optional` marker keeps the schema's required list as it was;
 * - Go markers controller-gen applies and OpenAPI has no extension for: `+k8s:immutable`; and defaults: an OpenAPI
 *   `default` is kept only where the Go field has a `+default=` / `+kubebuilder:default=` marker with a literal
 *   (openapi-gen also writes `+default=ref(…)` values, which controller-gen does not apply).
 *
 * Format (JSON, keyed by OpenAPI schema name; fields by JSON name):
 * `{ "<name>": { "doc": string, "markers"?: string[], "scalar"?: "string"|"integer"|"number"|"boolean",
 *   "embeds"?: string[], "enum"?: string[], "order"?: string[] (the fields' JSON names in Go's order),
 *   "fields"?: { "<json>": { "doc": string, "markers"?: string[], "type"?: string, "wrap"?: ""|"array"|"map", "tag"?: string (the json tag,
 *   `spec,omitempty`), "pointer"?: boolean } } } }`. Untrusted: walked by own keys; a malformed entry is one located error.
 */
import { childPath, isObject, own, type Json, type ProblemBag } from './source';

export interface GoField {
  doc: string;
  markers: string[];
  /** A named scalar type the field uses, at `wrap`: the field itself, its items, or its values. */
  type?: string;
  wrap: '' | 'array' | 'map';
  /**
   * Whether the field is optional (`?`) by its Go type: its json tag has `omitempty` or `omitzero`, or it is a pointer
   * (nil is written as null). Undefined when the side file does not give the tag (the OpenAPI's `required` decides).
   */
  optional?: boolean;
}

export interface GoType {
  doc: string;
  markers: string[];
  scalar?: 'string' | 'integer' | 'number' | 'boolean';
  embeds: string[];
  /** Fields by JSON name, in Go's order. */
  fields: Map<string, GoField>;
  /** The sorted constant values of a `+k8s:enum` string type (controller-gen's enum for it). */
  enum: string[];
}

export type GoDocs = ReadonlyMap<string, GoType>;

const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);
const WRAPS = new Set(['', 'array', 'map']);

function strings(v: Json | undefined): string[] | undefined {
  if (v === undefined) return [];
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
}

/** Reads a side file; undefined (with errors reported) when it is malformed. */
export function parseGoDocs(value: Json, file: string, bag: ProblemBag): GoDocs | undefined {
  if (!isObject(value)) {
    bag.error(file, '', 'the Go docs file must be a JSON object keyed by OpenAPI schema name');
    return undefined;
  }
  const out = new Map<string, GoType>();
  for (const name of Object.keys(value)) {
    const at = childPath('', name);
    const t = value[name];
    const doc = isObject(t) ? own(t, 'doc') : undefined;
    const markers = isObject(t) ? strings(own(t, 'markers')) : undefined;
    const embeds = isObject(t) ? strings(own(t, 'embeds')) : undefined;
    const scalar = isObject(t) ? own(t, 'scalar') : undefined;
    const fields = isObject(t) ? own(t, 'fields') : undefined;
    const enumValues = isObject(t) ? strings(own(t, 'enum')) : undefined;
    const order = isObject(t) ? strings(own(t, 'order')) : undefined;
    if (!isObject(t) || typeof doc !== 'string' || !markers || !embeds || !enumValues || !order || (scalar !== undefined && (typeof scalar !== 'string' || !SCALARS.has(scalar))) || (fields !== undefined && !isObject(fields))) {
      bag.error(file, at, 'expected {doc: string, markers?: string[], scalar?: string|integer|number|boolean, embeds?: string[], enum?: string[], order?: string[], fields?: {…}}');
      continue;
    }
    const type: GoType = { doc, markers, embeds, enum: enumValues, fields: new Map(), ...(scalar !== undefined ? { scalar: scalar as GoType['scalar'] } : {}) };
    const names = fields ? Object.keys(fields) : [];
    const ordered = [...order.filter((n) => names.includes(n)), ...names.filter((n) => !order.includes(n))];
    for (const f of ordered) {
      const v = fields?.[f];
      const fdoc = isObject(v) ? own(v, 'doc') : undefined;
      const fmarkers = isObject(v) ? strings(own(v, 'markers')) : undefined;
      const ftype = isObject(v) ? own(v, 'type') : undefined;
      const wrap = isObject(v) ? own(v, 'wrap') ?? '' : undefined;
      const tag = isObject(v) ? own(v, 'tag') : undefined;
      const pointer = isObject(v) ? own(v, 'pointer') ?? false : undefined;
      if (!isObject(v) || typeof fdoc !== 'string' || !fmarkers || (ftype !== undefined && typeof ftype !== 'string') || typeof wrap !== 'string' || !WRAPS.has(wrap) || (tag !== undefined && typeof tag !== 'string') || typeof pointer !== 'boolean') {
        bag.error(file, childPath(childPath(at, 'fields'), f), 'expected {doc: string, markers?: string[], type?: string, wrap?: ""|"array"|"map", tag?: string, pointer?: boolean}');
        continue;
      }
      const optional = tag === undefined ? undefined : goOptional(tag, pointer);
      type.fields.set(f, { doc: fdoc, markers: fmarkers, wrap: wrap as GoField['wrap'], ...(ftype !== undefined ? { type: ftype } : {}), ...(optional !== undefined ? { optional } : {}) });
    }
    out.set(name, type);
  }
  return bag.hasErrors() ? undefined : out;
}

/**
 * Whether a Go field is optional in TypeScript (`?`) from its json tag (`spec,omitempty`) and pointer-ness:
 * encoding/json leaves it out (`omitempty`, `omitzero`) or it may be nil (a pointer, written as null). Every other
 * field is always written, so it is required.
 */
export function goOptional(jsonTag: string, pointer: boolean): boolean {
  const options = jsonTag.split(',').slice(1);
  return pointer || options.includes('omitempty') || options.includes('omitzero');
}

/** Whether Go markers give a field a default controller-gen applies (`+default=<literal>`, `+kubebuilder:default=…`). */
export function hasGoDefault(markers: readonly string[]): boolean {
  return markers.some((m) => m.startsWith('+kubebuilder:default=') || (m.startsWith('+default=') && !m.startsWith('+default=ref(')));
}

/** The Go markers of a field that become input-language markers (OpenAPI has no extension for them). */
export function goFieldMarkers(markers: readonly string[]): string[] {
  return markers.filter((m) => m === '+k8s:immutable').map((m) => m.slice(1));
}
