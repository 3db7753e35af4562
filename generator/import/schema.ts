/**
 * The importer's core: a JSON schema node (a CRD's `openAPIV3Schema`, or an OpenAPI v3 component schema) → a type
 * reference of the API model plus the markers that make kubegen's schema builder render the node back.
 *
 * Contract:
 * - `SchemaConverter.convert(schema, path, position, hint)` walks the schema by own keys only. Every key is either
 *   turned into model data (type, required-ness, nullable, doc) or into a marker the registry knows, or it is an
 *   error naming the JSON path — nothing is silently dropped.
 * - Objects with properties become named interfaces; names come from the path (`<Kind>Spec`, `<Kind>SpecTemplate`,
 *   …, kopium style) and are de-duplicated structurally within a package: one shape, one name (a shape used as
 *   list items with a description gets a variant carrying that doc, since items take their type's doc).
 * - Shapes exactly equal to a runtime well-known type (Condition, LabelSelector, ObjectReference …, int-or-string,
 *   Quantity, Time, RawExtension, a nested ObjectMeta) are mapped to it; in a CRD, shapes exactly equal to a built-in
 *   type's embedded schema (`PodTemplateSpec`, `Toleration` … of `@kubegen/api`, ./api-types.ts) to that type.
 * - Where a marker must sit on a type (list items, map values), the node becomes a named alias or interface with
 *   type-level markers; field-only markers (`default`, `example`, `nullable`) there are an error, as in
 *   controller-gen.
 */
import type { Field, MarkerValue, SourceSpan, TypeDecl, TypeRef } from '../model/types';
import { RUNTIME_PACKAGE } from '../model/util';
import { markerDefinition } from '../markers';
import { docCommentProblem } from '../render/escape';
import { publicName } from '../naming/namers';
import { QUANTITY_PATTERN } from '../schema/build';
import { validateDefault } from '../schema/validate';
import type { JSONSchemaProps } from '../core/schema';
import { jsonStringify } from '../core/json';
import { childPath, isObject, own, type Json, type JsonObject, type ProblemBag } from './source';
import { WELL_KNOWN_STRUCTS, wellKnownTable } from './wellknown';
import type { ApiTypeRef, ApiTypes } from './api-types';
import { lookup, present } from '../core/invariant';

/** Where a schema node sits: a property, the items of a property's array (`fieldItems`), other items, map values. */
export type Position = 'field' | 'fieldItems' | 'items' | 'values';

/** The result of converting one schema node. */
export interface Converted {
  type: TypeRef;
  /** Markers for the use site (a property); empty unless position is `field`. */
  markers: MarkerValue[];
  nullable: boolean;
  /** The description, for the use site (a property); '' when none or when it went into a declaration. */
  doc: string;
  /** Position `fieldItems`: markers for the items, as the property's `+kubebuilder:validation:items:*` markers. */
  itemMarkers?: MarkerValue[];
}

/** Markers with an `items:` twin, and the twin's name. */
function itemsTwin(name: string): string | undefined {
  if (name === 'kubebuilder:pruning:PreserveUnknownFields') return 'kubebuilder:validation:items:XPreserveUnknownFields';
  if (!name.startsWith('kubebuilder:validation:') || name.startsWith('kubebuilder:validation:items:')) return undefined;
  const twin = `kubebuilder:validation:items:${name.slice('kubebuilder:validation:'.length)}`;
  return markerDefinition(twin) ? twin : undefined;
}

/** The JSONSchemaProps keys a CRD schema may carry (apiextensions.k8s.io/v1), and what the importer does with them. */
const SCHEMA_KEYS = new Set([
  'description', 'type', 'format', 'title', 'default', 'example', 'enum', 'maximum', 'exclusiveMaximum', 'minimum',
  'exclusiveMinimum', 'multipleOf', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems',
  'maxProperties', 'minProperties', 'required', 'items', 'properties', 'additionalProperties', 'allOf', 'anyOf',
  'oneOf', 'not', 'nullable', 'externalDocs', 'x-kubernetes-preserve-unknown-fields', 'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string', 'x-kubernetes-list-map-keys', 'x-kubernetes-list-type', 'x-kubernetes-map-type',
  'x-kubernetes-validations',
]);

/** Keys the apiserver refuses in a CRD schema ("must not be set"). */
const FORBIDDEN_IN_CRD = new Set(['$ref', 'definitions', 'dependencies', 'patternProperties', 'additionalItems', 'id', '$schema']);

/** OpenAPI-only extensions that carry no schema semantics for a CRD; the importer notes and skips them. */
const OPENAPI_ONLY_EXTENSIONS = new Set([
  'x-kubernetes-group-version-kind',
  'x-kubernetes-patch-strategy',
  'x-kubernetes-patch-merge-key',
  'x-kubernetes-unions',
  'x-kubernetes-action',
]);

/** Schema keys → single-value validation markers. */
const VALUE_MARKERS: ReadonlyMap<string, string> = new Map([
  ['maximum', 'kubebuilder:validation:Maximum'],
  ['minimum', 'kubebuilder:validation:Minimum'],
  ['multipleOf', 'kubebuilder:validation:MultipleOf'],
  ['maxLength', 'kubebuilder:validation:MaxLength'],
  ['minLength', 'kubebuilder:validation:MinLength'],
  ['pattern', 'kubebuilder:validation:Pattern'],
  ['maxItems', 'kubebuilder:validation:MaxItems'],
  ['minItems', 'kubebuilder:validation:MinItems'],
  ['maxProperties', 'kubebuilder:validation:MaxProperties'],
  ['minProperties', 'kubebuilder:validation:MinProperties'],
]);

const INT_KEYS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties']);

/** A reference resolver for OpenAPI documents (`#/components/schemas/…`). */
export type RefResolver = (ref: string, path: string) => TypeRef | undefined;

export interface ConverterOptions {
  mode: 'crd' | 'openapi';
  /** The input file, for problems. */
  file: string;
  bag: ProblemBag;
  resolveRef?: RefResolver;
  /**
   * OpenAPI mode: the schema a `#/components/schemas/…` reference names, for checking a default against the type a
   * field references (`disruptionMode: {allOf: [{$ref: …DisruptionMode}], default: {single: {}}}`).
   */
  resolveSchema?: (ref: string) => JsonObject | undefined;
  /**
   * Descriptions are Go comment text (`--go-docs`): lines starting with TODO or --- are kept, so that the loader drops
   * them as controller-gen does.
   */
  goComments?: boolean;
  /**
   * CRD mode: the built-in types of `@kubegen/api` an object schema is recognised as when it is exactly one's embedded
   * schema (./api-types.ts), and the list each recognised use is added to (the import's library packages follow it).
   */
  builtin?: { types: ApiTypes; used: ApiTypeRef[] };
}

/** The declarations of one package being imported, de-duplicated by shape. */
export class PackageTypes {
  readonly decls = new Map<string, TypeDecl>();
  private readonly shapes = new Map<string, string[]>();
  /** The TS file (basename without `.ts`) new declarations go to. */
  file = 'types';

  constructor(readonly id: string) {}

  span(): SourceSpan {
    return { file: `${this.id}/${this.file}.ts`, line: 1, column: 1 };
  }

  private readonly reserved = new Set<string>();

  has(name: string): boolean {
    return this.decls.has(name) || this.reserved.has(name);
  }

  /** Keeps `name` free for a declaration made later (a kind and its list). */
  reserve(name: string): void {
    this.reserved.add(name);
  }

  /** Adds a declaration under exactly `name` (kinds, lists, OpenAPI component names). */
  declare(decl: TypeDecl): void {
    this.decls.set(decl.name, decl);
    const key = shapeKey(decl);
    const list = this.shapes.get(key) ?? [];
    list.push(decl.name);
    this.shapes.set(key, list);
  }

  /**
   * A named type for this shape: an existing one when the shape (and, unless `anyDoc`, the doc) is equal, else a new
   * declaration named `hint` (or `hint2`, `hint3` … when taken).
   */
  intern(hint: string, declaration: 'interface' | 'alias', type: TypeRef, markers: MarkerValue[], doc: string, anyDoc: boolean, span: SourceSpan = this.span()): TypeRef {
    const probe: TypeDecl = { name: '', package: this.id, declaration, exported: true, doc, type, markers, span };
    const key = shapeKey(probe);
    const existing = this.shapes.get(key) ?? [];
    const reuse = anyDoc ? existing[0] : existing.find((n) => lookup(this.decls, n, 'the declarations').doc === doc);
    if (reuse !== undefined) return { kind: 'named', package: this.id, name: reuse };
    let name = hint;
    for (let i = 2; this.has(name); i++) name = `${hint}${i}`;
    this.declare({ ...probe, name });
    return { kind: 'named', package: this.id, name };
  }
}

/** A structural identity of a declaration without its doc and spans. */
function shapeKey(d: TypeDecl): string {
  return canonical({ d: d.declaration, t: stripSpans(d.type), m: d.markers.map((m) => [m.name, m.value]) });
}

function stripSpans(t: TypeRef): unknown {
  switch (t.kind) {
    case 'array':
      return { kind: 'array', items: stripSpans(t.items) };
    case 'map':
      return { kind: 'map', values: stripSpans(t.values) };
    case 'struct':
      return {
        kind: 'struct',
        embeds: t.embeds.map(stripSpans),
        fields: t.fields.map((f) => ({ n: f.name, d: f.doc, t: stripSpans(f.type), o: f.optional, u: f.nullable, m: f.markers.map((m) => [m.name, m.value]) })),
      };
    default:
      return t;
  }
}

/** JSON with object keys sorted at every level (own keys only). */
export function canonical(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  if (v === null || typeof v !== 'object') return jsonStringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

/** References inlined at most this deep when a default is checked (deeper ones accept anything). */
const MAX_INLINE_DEPTH = 32;

/**
 * `v` as `plain` copies it, every `$ref` replaced by the schema it names (`resolve`); a reference back into one being
 * inlined (a recursive type), one `resolve` does not know, or one deeper than MAX_INLINE_DEPTH becomes `{}` (anything).
 */
function inlineRefs(v: Json, resolve: (ref: string) => JsonObject | undefined, seen: readonly string[] = []): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => inlineRefs(x, resolve, seen));
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const ref = own(v, '$ref');
  if (typeof ref === 'string') {
    const target = seen.includes(ref) || seen.length >= MAX_INLINE_DEPTH ? undefined : resolve(ref);
    return target === undefined ? out : inlineRefs(target, resolve, [...seen, ref]);
  }
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: inlineRefs(x, resolve, seen), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Plain data copy with null-prototype objects (own keys only). */
function plain(v: Json): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(plain);
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: plain(x), enumerable: true, writable: true, configurable: true });
  return out;
}

const RUNTIME = (name: string): TypeRef => ({ kind: 'named', package: RUNTIME_PACKAGE, name });

export class SchemaConverter {
  private readonly wk = wellKnownTable();
  /** Keys skipped in OpenAPI mode, reported once by `reportDropped`. */
  readonly dropped = { zeroDefaults: [] as string[], itemDefaults: [] as string[], scalarListTypes: [] as string[] };
  /** The node whose keys `finish` is turning into markers. */
  private current: JsonObject | undefined;
  /** JSON paths of properties listed in their object's `required`. */
  private readonly requiredPaths = new Set<string>();

  constructor(
    readonly pkg: PackageTypes,
    private opts: ConverterOptions,
  ) {}

  private error(path: string, message: string): undefined {
    this.opts.bag.error(this.opts.file, path, message);
    return undefined;
  }

  /** A description as a doc comment holds it; whitespace-only changes are a warning, lost text an error. */
  doc(description: string | undefined, path: string): string | undefined {
    if (description === undefined) return '';
    const r = docText(description, this.opts.goComments === true);
    if (r.error) { this.error(path, r.error); return; }
    if (r.doc !== description) this.opts.bag.warning(this.opts.file, path, 'description normalised as a doc comment holds it (trailing spaces and blank lines trimmed)');
    return r.doc;
  }

  /** A marker written for the node at `path` of the input. */
  marker(name: string, value: unknown, path: string): MarkerValue {
    return { name, value, span: this.span(path) };
  }

  /** The span of what is built from the node at `path`: the package file it is written to, and where it came from. */
  span(path: string): SourceSpan {
    return { ...this.pkg.span(), imported: { file: this.opts.file, path } };
  }

  /** The fields of an object schema with properties (a struct body), in input order. */
  structFields(s: JsonObject, path: string, hint: string): Field[] | undefined {
    const props = own(s, 'properties');
    const req = own(s, 'required');
    const required = new Set<string>();
    if (req !== undefined) {
      if (!Array.isArray(req) || req.some((r) => typeof r !== 'string')) { this.error(childPath(path, 'required'), 'required must be a list of property names'); return; }
      for (const r of req as string[]) {
        if (required.has(r)) { this.error(childPath(path, 'required'), `required lists "${r}" twice`); return; }
        if (!isObject(props) || !Object.hasOwn(props, r)) { this.error(childPath(path, 'required'), `required names "${r}", which is not a property (the input language has no way to require an undeclared property)`); return; }
        required.add(r);
      }
    }
    const fields: Field[] = [];
    if (props === undefined) return fields;
    if (!isObject(props)) { this.error(childPath(path, 'properties'), 'properties must be a map of schemas'); return; }
    let ok = true;
    for (const name of Object.keys(props)) {
      const at = childPath(childPath(path, 'properties'), name);
      if (required.has(name)) this.requiredPaths.add(at);
      const c = this.convert(props[name], at, 'field', hint + publicName(name));
      if (!c) {
        ok = false;
        continue;
      }
      fields.push({ name, doc: c.doc, type: c.type, optional: !required.has(name), nullable: c.nullable, required: required.has(name), immutable: false, schemaless: false, markers: c.markers, span: this.span(at) }); // immutable/schemaless: resolved from the markers by buildModel
    }
    return ok ? fields : undefined;
  }

  /** Converts one schema node at a position; undefined after reporting a problem. */
  convert(node: Json | undefined, path: string, pos: Position, hint: string): Converted | undefined {
    if (!isObject(node)) { this.error(path, 'a schema must be an object'); return; }
    const s = node;
    const keys = Object.keys(s);
    for (const k of keys) {
      if (k === '$ref' && this.opts.mode === 'openapi') continue;
      if (FORBIDDEN_IN_CRD.has(k)) { this.error(path, `${k} is not allowed in a CRD schema`); return; }
      if (!SCHEMA_KEYS.has(k)) {
        if (this.opts.mode === 'openapi' && OPENAPI_ONLY_EXTENSIONS.has(k)) continue;
        if (k.startsWith('x-kubernetes-')) { this.error(path, `unknown extension ${k}`); return; }
        if (this.opts.mode === 'openapi' && k.startsWith('x-')) continue;
        this.error(path, `unknown schema key "${k}"`); return;
      }
    }
    const rest = new Set(keys.filter((k) => SCHEMA_KEYS.has(k)));
    const take = (k: string): Json | undefined => {
      rest.delete(k);
      return own(s, k);
    };

    const description = take('description');
    if (description !== undefined && typeof description !== 'string') { this.error(childPath(path, 'description'), 'description must be a string'); return; }
    const doc = this.doc(description, childPath(path, 'description'));
    if (doc === undefined) return undefined;
    const nullableValue = take('nullable');
    if (nullableValue !== undefined && typeof nullableValue !== 'boolean') { this.error(childPath(path, 'nullable'), 'nullable must be a boolean'); return; }
    const nullable = nullableValue === true;
    if (nullable && pos !== 'field') { this.error(path, 'nullable on list items or map values cannot be expressed (kubegen and controller-gen only mark properties nullable)'); return; }

    // OpenAPI: `$ref` and `allOf: [{$ref}]` wrappers.
    const ref = this.opts.mode === 'openapi' ? this.refOf(s, path) : undefined;
    if (ref === null) return undefined;
    if (ref) {
      rest.delete('$ref');
      if (own(s, 'allOf') !== undefined) rest.delete('allOf');
      return this.finish(s, rest, ref, path, pos, hint, doc, nullable, false);
    }

    // int-or-string and Quantity
    if (own(s, 'x-kubernetes-int-or-string') === true) {
      const anyOf = own(s, 'anyOf');
      if (anyOf !== undefined && canonical(plain(anyOf)) === canonical([{ type: 'integer' }, { type: 'string' }])) {
        take('anyOf');
        take('x-kubernetes-int-or-string');
        let type: TypeRef = { kind: 'wellKnown', name: 'IntOrString' };
        if (own(s, 'pattern') === QUANTITY_PATTERN) {
          take('pattern');
          type = { kind: 'wellKnown', name: 'Quantity' };
        }
        return this.finish(s, rest, type, path, pos, hint, doc, nullable, false);
      }
      if (anyOf === undefined && own(s, 'type') === undefined) {
        if (pos !== 'field') { this.error(path, 'an untyped int-or-string without anyOf can only be expressed on a property'); return; }
        return this.finish(s, rest, { kind: 'wellKnown', name: 'IntOrString' }, path, pos, hint, doc, nullable, true);
      }
    }
    for (const k of ['anyOf', 'oneOf', 'not']) {
      if (own(s, k) !== undefined) { this.error(childPath(path, k), `${k} cannot be expressed with kubebuilder markers (only the int-or-string anyOf can)`); return; }
    }

    const t = take('type');
    const format = own(s, 'format');
    switch (t) {
      case 'object':
        return this.objectType(s, rest, path, pos, hint, doc, nullable);
      case 'array': {
        const items = take('items');
        if (items === undefined) { this.error(path, 'an array schema needs items'); return; }
        const c = this.convert(items, childPath(path, 'items'), pos === 'field' ? 'fieldItems' : 'items', hint + (pos === 'field' ? '' : 'Item'));
        if (!c) return undefined;
        return this.finish(s, rest, { kind: 'array', items: c.type }, path, pos, hint, doc, nullable, false, [], c.itemMarkers ?? []);
      }
      case 'string': {
        const en = own(s, 'enum');
        if (Array.isArray(en) && en.length > 0 && en.every((v) => typeof v === 'string')) {
          take('enum');
          return this.finish(s, rest, { kind: 'enum', base: 'string', values: en }, path, pos, hint, doc, nullable, false);
        }
        if (format === 'date-time' || format === 'byte' || format === 'int-or-string') {
          take('format');
          const name = format === 'date-time' ? 'Time' : format === 'byte' ? 'Bytes' : 'IntOrString';
          return this.finish(s, rest, { kind: 'wellKnown', name }, path, pos, hint, doc, nullable, false);
        }
        return this.finish(s, rest, { kind: 'primitive', name: 'string' }, path, pos, hint, doc, nullable, false);
      }
      case 'integer': {
        if (format === 'int32' || format === 'int64') {
          take('format');
          const en = own(s, 'enum');
          if (format === 'int32' && Array.isArray(en) && en.length > 0 && en.every((v) => typeof v === 'number' && Number.isInteger(v))) {
            take('enum');
            return this.finish(s, rest, { kind: 'enum', base: 'integer', values: en as number[] }, path, pos, hint, doc, nullable, false);
          }
          return this.finish(s, rest, { kind: 'wellKnown', name: format }, path, pos, hint, doc, nullable, false);
        }
        const extra = [this.marker('kubebuilder:validation:Type', 'integer', childPath(path, 'type'))];
        return this.finish(s, rest, { kind: 'primitive', name: 'number' }, path, pos, hint, doc, nullable, false, extra);
      }
      case 'number': {
        const en = own(s, 'enum');
        if (Array.isArray(en) && en.length > 0 && en.every((v) => typeof v === 'number') && en.some((v) => !Number.isInteger(v))) {
          take('enum');
          return this.finish(s, rest, { kind: 'enum', base: 'number', values: en }, path, pos, hint, doc, nullable, false);
        }
        return this.finish(s, rest, { kind: 'primitive', name: 'number' }, path, pos, hint, doc, nullable, false);
      }
      case 'boolean':
        return this.finish(s, rest, { kind: 'primitive', name: 'boolean' }, path, pos, hint, doc, nullable, false);
      case undefined: {
        if (this.opts.mode === 'openapi' && (own(s, 'properties') !== undefined || own(s, 'additionalProperties') !== undefined)) {
          return this.objectType(s, rest, path, pos, hint, doc, nullable);
        }
        if (own(s, 'x-kubernetes-preserve-unknown-fields') === true) {
          take('x-kubernetes-preserve-unknown-fields');
          return this.finish(s, rest, { kind: 'unknown' }, path, pos, hint, doc, nullable, false);
        }
        if (this.opts.mode === 'openapi' && rest.size === 0) return this.finish(s, rest, { kind: 'unknown' }, path, pos, hint, doc, nullable, false);
        if (pos !== 'field') { this.error(path, 'a schema without a type can only be expressed on a property (+kubebuilder:validation:Schemaless)'); return; }
        return this.finish(s, rest, { kind: 'unknown' }, path, pos, hint, doc, nullable, true);
      }
      default:
        { this.error(childPath(path, 'type'), `unknown type ${JSON.stringify(t)} (object, array, string, integer, number or boolean)`); return; }
    }
  }

  /** `$ref` / `allOf: [{$ref}]` → the referenced type; null after an error; undefined when there is none. */
  private refOf(s: JsonObject, path: string): TypeRef | null | undefined {
    let ref = own(s, '$ref');
    const allOf = own(s, 'allOf');
    if (ref === undefined && Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) && Object.keys(allOf[0]).length === 1 && typeof own(allOf[0], '$ref') === 'string') {
      ref = own(allOf[0], '$ref');
    }
    if (ref === undefined) return undefined;
    if (typeof ref !== 'string') {
      this.error(childPath(path, '$ref'), '$ref must be a string');
      return null;
    }
    const t = this.opts.resolveRef?.(ref, path);
    return t ?? null;
  }

  private objectType(s: JsonObject, rest: Set<string>, path: string, pos: Position, hint: string, doc: string, nullable: boolean): Converted | undefined {
    const props = own(s, 'properties');
    const ap = own(s, 'additionalProperties');
    if (props !== undefined && ap !== undefined) { this.error(path, 'properties and additionalProperties are mutually exclusive in a CRD schema'); return; }
    if (ap !== undefined) {
      rest.delete('additionalProperties');
      if (ap === true) {
        if (this.opts.mode === 'openapi') return this.finish(s, rest, { kind: 'map', values: { kind: 'unknown' } }, path, pos, hint, doc, nullable, false);
        this.error(childPath(path, 'additionalProperties'), 'additionalProperties: true cannot be expressed; use x-kubernetes-preserve-unknown-fields'); return;
      }
      if (ap === false) { this.error(childPath(path, 'additionalProperties'), 'additionalProperties: false cannot be expressed (an object without properties is closed already)'); return; }
      const c = this.convert(ap, childPath(path, 'additionalProperties'), 'values', hint + (pos === 'field' ? '' : 'Value'));
      if (!c) return undefined;
      return this.finish(s, rest, { kind: 'map', values: c.type }, path, pos, hint, doc, nullable, false);
    }
    // exactly a well-known struct?
    const wk = this.wellKnownStruct(s, pos);
    if (wk) {
      for (const k of [...rest]) if (k !== 'description' && k !== 'nullable') rest.delete(k);
      return this.finish(s, rest, RUNTIME(wk), path, pos, hint, doc, nullable, false);
    }
    // exactly a built-in type's embedded schema?
    const builtin = props !== undefined && this.opts.builtin ? this.opts.builtin.types.match(plain(s) as Record<string, unknown>, pos) : undefined;
    if (builtin && this.opts.builtin) {
      this.opts.builtin.used.push(builtin);
      const type: TypeRef = { kind: 'named', package: builtin.package, name: builtin.name };
      // list items and map values: the type's own schema, its description included — nothing to declare
      if (pos !== 'field') return { type, markers: [], nullable: false, doc: '' };
      for (const k of [...rest]) if (k !== 'description' && k !== 'nullable') rest.delete(k);
      return this.finish(s, rest, type, path, pos, hint, doc, nullable, false);
    }
    if (props === undefined) {
      const onlyType = [...rest].every((k) => k === 'required');
      if (onlyType && own(s, 'x-kubernetes-preserve-unknown-fields') === undefined && hint.endsWith('Metadata') && pos === 'field') {
        return this.finish(s, rest, { kind: 'wellKnown', name: 'ObjectMeta' }, path, pos, hint, doc, nullable, false);
      }
      if (own(s, 'x-kubernetes-preserve-unknown-fields') === true) {
        rest.delete('x-kubernetes-preserve-unknown-fields');
        return this.finish(s, rest, { kind: 'wellKnown', name: 'RawExtension' }, path, pos, hint, doc, nullable, false);
      }
    }
    rest.delete('properties');
    rest.delete('required');
    const fields = this.structFields(s, path, hint);
    if (!fields) return undefined;
    return this.finish(s, rest, { kind: 'struct', embeds: [], fields }, path, pos, hint, doc, nullable, false);
  }

  private wellKnownStruct(s: JsonObject, pos: Position): string | undefined {
    const input = plain(s) as Record<string, unknown>;
    const hasDoc = typeof input.description === 'string' && input.description !== '';
    for (const name of WELL_KNOWN_STRUCTS) {
      const schema = this.wk.structs.get(name);
      if (!schema) continue;
      if (pos === 'field' && hasDoc) {
        const { description: _a, ...a } = input;
        const { description: _b, ...b } = schema as Record<string, unknown>;
        if (canonical(a) === canonical(b)) return name;
      } else if (canonical(input) === canonical(schema)) return name;
    }
    return undefined;
  }

  /**
   * The remaining keys of a node → markers; then the node's place: markers and doc on the property (position
   * `field`), or on a named declaration (items, map values, and every object with properties).
   */
  private finish(
    s: JsonObject,
    rest: Set<string>,
    type: TypeRef,
    path: string,
    pos: Position,
    hint: string,
    doc: string,
    nullable: boolean,
    schemaless: boolean,
    extra: MarkerValue[] = [],
    itemMarkers: MarkerValue[] = [],
  ): Converted | undefined {
    const markers: MarkerValue[] = [...extra];
    this.current = s;
    if (schemaless) markers.unshift(this.marker('kubebuilder:validation:Schemaless', true, path));
    let allOfPair: [MarkerValue[], MarkerValue[]] | undefined;
    let ok = true;
    const isMap = type.kind === 'map';
    for (const k of [...rest]) {
      const v = present(own(s, k), `the schema key ${k}`);
      const at = childPath(path, k);
      const m = this.keyMarkers(k, v, at, pos, isMap);
      if (m === undefined) {
        if (k === 'allOf') {
          const pair = this.allOfMarkers(v, at, pos, isMap);
          if (!pair) ok = false;
          else allOfPair = pair;
          continue;
        }
        ok = false;
        continue;
      }
      const invalid = m.map((x) => markerValueProblem(x)).find((x) => x !== undefined);
      if (invalid) {
        this.error(at, invalid);
        ok = false;
        continue;
      }
      markers.push(...m);
    }
    if (!ok) return undefined;
    if (allOfPair) {
      const clash = allOfPair[1].find((m) => markers.some((x) => x.name === m.name));
      if (clash) { this.error(childPath(path, 'allOf'), `allOf repeats ${clash.name} of the schema itself; this cannot be expressed`); return; }
      type = this.pkg.intern(`${hint}Base`, 'alias', type, allOfPair[0], '', false, this.span(childPath(path, 'allOf')));
      markers.push(...allOfPair[1]);
    }
    if (pos === 'field') {
      // an object with properties is a named interface; a property's own doc wins, so any doc variant serves
      if (type.kind === 'struct') type = this.pkg.intern(hint, 'interface', type, [], '', doc !== '', this.span(path));
      return { type, markers: [...markers, ...itemMarkers], nullable, doc };
    }
    // the items of a property's array: markers with items: twins go on the property, no declaration needed
    const twins = markers.map((m) => {
      const name = itemsTwin(m.name);
      return name === undefined ? undefined : { ...m, name };
    });
    if (pos === 'fieldItems' && type.kind !== 'struct' && doc === '' && twins.length > 0 && twins.every((m): m is MarkerValue => m !== undefined)) {
      return { type, markers: [], nullable: false, doc: '', itemMarkers: twins };
    }
    // items / map values: doc and markers go on a declaration
    if (type.kind === 'struct') return { type: this.pkg.intern(hint, 'interface', type, markers, doc, false, this.span(path)), markers: [], nullable: false, doc: '' };
    if (markers.length === 0 && doc === '') return { type, markers: [], nullable: false, doc: '' };
    if (type.kind === 'named' && markers.length === 0 && type.package === this.pkg.id) {
      const d = this.pkg.decls.get(type.name);
      if (d && d.doc === doc) return { type, markers: [], nullable: false, doc: '' };
    }
    return { type: this.pkg.intern(hint, 'alias', type, markers, doc, false, this.span(path)), markers: [], nullable: false, doc: '' };
  }

  /** The input file problems are reported against (OpenAPI: the component being converted). */
  setFile(file: string): void {
    this.opts.file = file;
  }

  /** One warning per kind of skipped OpenAPI key, with the count and the first path. */
  reportDropped(): void {
    const { zeroDefaults, itemDefaults, scalarListTypes } = this.dropped;
    const [firstZero] = zeroDefaults;
    if (firstZero !== undefined)
      this.opts.bag.warning(this.opts.file, firstZero, `${zeroDefaults.length} implicit zero-value default(s) (openapi-gen writes {} for non-pointer structs and the zero value for required fields; controller-gen does not) skipped, the first here`);
    const [firstItem] = itemDefaults;
    if (firstItem !== undefined)
      this.opts.bag.warning(this.opts.file, firstItem, `${itemDefaults.length} default(s) on list items or map values cannot be expressed in a CRD schema; skipped, the first here`);
    const [firstListType] = scalarListTypes;
    if (firstListType !== undefined)
      this.opts.bag.warning(this.opts.file, firstListType, `${scalarListTypes.length} x-kubernetes-list-type(s) on a string (openapi-gen writes the list type of a Go []byte, which is a base64 string; a CRD schema allows it on arrays only) skipped, the first here`);
    zeroDefaults.length = 0;
    itemDefaults.length = 0;
    scalarListTypes.length = 0;
  }

  /** Markers for the given keys of a node written on a declaration (a kind's root schema). */
  typeMarkers(s: JsonObject, keys: readonly string[], path: string): MarkerValue[] | undefined {
    const out: MarkerValue[] = [];
    for (const k of keys) {
      const m = this.keyMarkers(k, present(own(s, k), `the schema key ${k}`), childPath(path, k), 'items', false);
      if (!m) return undefined;
      out.push(...m);
    }
    return out;
  }

  /** Markers for one schema key; undefined after reporting (or for `allOf`, handled by the caller). */
  private keyMarkers(k: string, v: Json, at: string, pos: Position, isMap: boolean): MarkerValue[] | undefined {
    const fieldOnly = (what: string): undefined => { this.error(at, `${what} on list items or map values cannot be expressed (the marker is for properties only, as in controller-gen)`); };
    const name = VALUE_MARKERS.get(k);
    if (name !== undefined) {
      if (k === 'pattern') {
        if (typeof v !== 'string') { this.error(at, 'pattern must be a string'); return; }
      } else if (typeof v !== 'number' || (INT_KEYS.has(k) && !Number.isInteger(v))) { this.error(at, `${k} must be ${INT_KEYS.has(k) ? 'an integer' : 'a number'}`); return; }
      return [this.marker(name, v, at)];
    }
    switch (k) {
      case 'exclusiveMaximum':
      case 'exclusiveMinimum':
        if (typeof v !== 'boolean') { this.error(at, `${k} must be a boolean (OpenAPI v3.0)`); return; }
        return v ? [this.marker(`kubebuilder:validation:${k === 'exclusiveMaximum' ? 'ExclusiveMaximum' : 'ExclusiveMinimum'}`, true, at)] : [];
      case 'uniqueItems':
        if (v === true) { this.error(at, 'uniqueItems: true is not allowed in a CRD schema (use x-kubernetes-list-type: set)'); return; }
        return [];
      case 'format':
        if (typeof v !== 'string') { this.error(at, 'format must be a string'); return; }
        return [this.marker('kubebuilder:validation:Format', v, at)];
      case 'enum':
        if (!Array.isArray(v)) { this.error(at, 'enum must be a list'); return; }
        if (v.some((x) => x === null || typeof x === 'object')) { this.error(at, 'enum values other than strings, numbers and booleans cannot be expressed'); return; }
        return [this.marker('kubebuilder:validation:Enum', [...v], at)];
      case 'default':
        // openapi-gen writes `{}` for every non-pointer struct field and the zero value for every required
        // (non-omitempty) scalar; controller-gen writes neither. An explicit `+default=""` on an optional field stays.
        if (this.opts.mode === 'openapi' && isZeroValue(v) && (isObject(v) || pos !== 'field' || this.requiredPaths.has(at.slice(0, -'.default'.length)))) {
          this.dropped.zeroDefaults.push(at);
          return [];
        }
        if (pos !== 'field' && this.opts.mode === 'openapi') {
          this.dropped.itemDefaults.push(at);
          return [];
        }
        if (pos !== 'field') { fieldOnly('default'); return; }
        {
          const current = present(this.current, 'the schema being read');
          const resolve = this.opts.resolveSchema;
          const problem = validateDefault((resolve !== undefined ? inlineRefs(current, resolve) : plain(current)) as JSONSchemaProps);
          if (problem) { this.error(at, `the default does not match its own schema (the apiserver would refuse it): ${problem}`); return; }
        }
        return [this.marker('default', plain(v), at)];
      case 'example':
        if (pos !== 'field') { fieldOnly('example'); return; }
        if (!printableAny(v)) { this.error(at, 'this example value cannot be written in the marker grammar (null or an empty list)'); return; }
        return [this.marker('kubebuilder:example', plain(v), at)];
      case 'title':
        if (typeof v !== 'string') { this.error(at, 'title must be a string'); return; }
        return [this.marker('kubebuilder:title', v, at)];
      case 'externalDocs': {
        if (!isObject(v) || typeof own(v, 'url') !== 'string') { this.error(at, 'externalDocs needs a url'); return; }
        const d = own(v, 'description');
        return [this.marker('kubebuilder:externalDocs', d ? { url: own(v, 'url'), description: d } : { url: own(v, 'url') }, at)];
      }
      case 'x-kubernetes-validations': {
        if (!Array.isArray(v)) { this.error(at, 'x-kubernetes-validations must be a list'); return; }
        const out: MarkerValue[] = [];
        for (const [i, r] of v.entries()) {
          const rp = childPath(at, i);
          if (!isObject(r) || typeof own(r, 'rule') !== 'string') { this.error(rp, 'a validation rule needs a rule string'); return; }
          const value: Record<string, unknown> = { rule: own(r, 'rule') };
          for (const key of Object.keys(r)) {
            const x = own(r, key);
            if (key === 'rule') continue;
            if (key === 'optionalOldSelf') {
              if (typeof x !== 'boolean') { this.error(childPath(rp, key), 'optionalOldSelf must be a boolean'); return; }
              value[key] = x;
            } else if (key === 'message' || key === 'messageExpression' || key === 'reason' || key === 'fieldPath') {
              if (typeof x !== 'string') { this.error(childPath(rp, key), `${key} must be a string`); return; }
              if (key === 'reason' && !['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'].includes(x))
                { this.error(childPath(rp, key), `unknown reason ${JSON.stringify(x)}`); return; }
              if (x !== '') value[key] = x;
            } else { this.error(childPath(rp, key), `unknown validation rule key "${key}"`); return; }
          }
          out.push(this.marker('kubebuilder:validation:XValidation', value, rp));
        }
        return out;
      }
      case 'x-kubernetes-list-type':
        if (v !== 'atomic' && v !== 'set' && v !== 'map') { this.error(at, 'x-kubernetes-list-type must be atomic, set or map'); return; }
        if (this.opts.mode === 'openapi' && this.current !== undefined && own(this.current, 'type') === 'string') {
          this.dropped.scalarListTypes.push(at);
          return [];
        }
        return [this.marker('listType', v, at)];
      case 'x-kubernetes-list-map-keys':
        if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) { this.error(at, 'x-kubernetes-list-map-keys must be a list of strings'); return; }
        return (v as string[]).map((x) => this.marker('listMapKey', x, at));
      case 'x-kubernetes-map-type':
        if (v !== 'atomic' && v !== 'granular') { this.error(at, 'x-kubernetes-map-type must be atomic or granular'); return; }
        return [this.marker(isMap ? 'mapType' : 'structType', v, at)];
      case 'x-kubernetes-preserve-unknown-fields':
        if (v === true) return [this.marker('kubebuilder:pruning:PreserveUnknownFields', true, at)];
        { this.error(at, 'x-kubernetes-preserve-unknown-fields: false cannot be expressed (leave it out: false is the default)'); return; }
      case 'x-kubernetes-embedded-resource':
        if (v === true) return [this.marker('kubebuilder:validation:XEmbeddedResource', true, at)];
        if (v === false) return [];
        { this.error(at, 'x-kubernetes-embedded-resource must be a boolean'); return; }
      case 'x-kubernetes-int-or-string':
        if (v === true) return [this.marker('kubebuilder:validation:XIntOrString', true, at)];
        if (v === false) return [];
        { this.error(at, 'x-kubernetes-int-or-string must be a boolean'); return; }
      case 'allOf':
        return undefined;
      case 'properties':
      case 'required':
      case 'items':
      case 'additionalProperties':
        { this.error(at, `${k} does not fit this schema's type`); return; }
      default:
        { this.error(at, `${k} cannot be expressed here`); return; }
    }
  }

  /**
   * controller-gen writes `allOf: [a, b]` when a property's markers conflict with its type's: the pair is rebuilt as
   * a named alias carrying `a` and the property carrying `b`.
   */
  private allOfMarkers(v: Json, at: string, pos: Position, isMap: boolean): [MarkerValue[], MarkerValue[]] | undefined {
    if (pos !== 'field') { this.error(at, 'allOf on list items or map values cannot be expressed'); return; }
    if (!Array.isArray(v) || v.length !== 2 || !isObject(v[0]) || !isObject(v[1]))
      { this.error(at, 'allOf cannot be expressed with kubebuilder markers (only the pair controller-gen writes for a property narrowing its type)'); return; }
    const [a, b] = v as [JsonObject, JsonObject];
    if (canonical(Object.keys(a).sort()) !== canonical(Object.keys(b).sort()))
      { this.error(at, 'allOf cannot be expressed: its two schemas must constrain the same keys'); return; }
    const partMarkers = (part: JsonObject, i: 0 | 1): MarkerValue[] | undefined => {
      const ms: MarkerValue[] = [];
      for (const [k, x] of Object.entries(part)) {
        if (!VALUE_MARKERS.has(k) && k !== 'default' && k !== 'x-kubernetes-list-type' && k !== 'x-kubernetes-list-map-keys')
          { this.error(childPath(childPath(at, i), k), `allOf with ${k} cannot be expressed`); return; }
        if (k === 'default' && i === 0) { this.error(childPath(childPath(at, i), k), 'allOf with default on the type cannot be expressed'); return; }
        const m = this.keyMarkers(k, x, childPath(childPath(at, i), k), 'field', isMap);
        if (!m) return undefined;
        ms.push(...m);
      }
      return ms;
    };
    const ofType = partMarkers(a, 0);
    if (!ofType) return undefined;
    const ofProperty = partMarkers(b, 1);
    if (!ofProperty) return undefined;
    return [ofType, ofProperty];
  }
}

/**
 * The doc comment text for a description, by the loader's rules (`generator/load/comments.ts`): trailing spaces and
 * surrounding / repeated blank lines cannot survive (one trailing line break can); a line starting with `+` (a marker), and outside code fences a
 * line starting with `TODO` or `---`, would be dropped — an error; so is a text no doc comment holds (`docCommentProblem`:
 * a lone surrogate, or `*\/` with a line terminator other than LF).
 */
export function docText(description: string, goComment = false): { doc: string; error?: string } {
  // one trailing line break is text a doc comment can hold (a blank line, then `---`: see printComment)
  const trailingBreak = /[^\s]\n$/.test(description);
  const lines: string[] = [];
  for (const raw of description.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line === '' && (lines.length === 0 || lines[lines.length - 1] === '')) continue;
    lines.push(line);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  let fence = false;
  for (const line of lines) {
    if (line.startsWith('```') || line.startsWith('~~~')) fence = !fence;
    if (line.trimStart().startsWith('+')) return { doc: '', error: `the description line ${JSON.stringify(line)} would read as a marker in a doc comment` };
    if (!fence && !goComment && (line.startsWith('TODO') || line.startsWith('---'))) return { doc: '', error: `the description line ${JSON.stringify(line)} would be dropped from a doc comment (controller-gen's TODO / --- rules)` };
  }
  // the trailing break is written as a cut (`---`), which does not cut inside an open code fence: there it is lost
  const doc = lines.join('\n') + (trailingBreak && !fence ? '\n' : '');
  const problem = docCommentProblem(doc);
  if (problem !== undefined) return { doc: '', error: `this description cannot be written as a TypeScript doc comment: ${problem}` };
  return { doc };
}

/** The JSON shape each schema key must have (apiextensions JSONSchemaProps), checked before anything reads it. */
const KEY_SHAPES: Record<string, 'string' | 'number' | 'boolean' | 'schema' | 'schemas' | 'schemaMap' | 'strings' | 'array' | 'object' | 'schemaOrBool'> = {
  description: 'string', type: 'string', format: 'string', title: 'string', pattern: 'string', $ref: 'string',
  maximum: 'number', minimum: 'number', multipleOf: 'number', maxLength: 'number', minLength: 'number', maxItems: 'number',
  minItems: 'number', maxProperties: 'number', minProperties: 'number',
  exclusiveMaximum: 'boolean', exclusiveMinimum: 'boolean', uniqueItems: 'boolean', nullable: 'boolean',
  'x-kubernetes-preserve-unknown-fields': 'boolean', 'x-kubernetes-embedded-resource': 'boolean', 'x-kubernetes-int-or-string': 'boolean',
  items: 'schema', not: 'schema', additionalProperties: 'schemaOrBool',
  allOf: 'schemas', anyOf: 'schemas', oneOf: 'schemas',
  properties: 'schemaMap',
  required: 'strings', 'x-kubernetes-list-map-keys': 'strings',
  enum: 'array', 'x-kubernetes-validations': 'array',
  externalDocs: 'object', 'x-kubernetes-list-type': 'string', 'x-kubernetes-map-type': 'string',
};

/** The first malformed node of a schema tree (a key whose value has the wrong JSON shape), or undefined. */
export function malformedSchema(node: Json, path: string, depth = 0): { path: string; message: string } | undefined {
  if (!isObject(node)) return { path, message: 'a schema must be an object' };
  if (depth > 100) return { path, message: 'schemas nested deeper than 100 levels' };
  for (const [k, v] of Object.entries(node)) {
    const shape = Object.hasOwn(KEY_SHAPES, k) ? KEY_SHAPES[k] : undefined;
    const at = childPath(path, k);
    const bad = (what: string) => ({ path: at, message: `${k} must be ${what}` });
    switch (shape) {
      case undefined:
        break;
      case 'string':
        if (typeof v !== 'string') return bad('a string');
        break;
      case 'number':
        if (typeof v !== 'number') return bad('a number');
        break;
      case 'boolean':
        if (typeof v !== 'boolean') return bad('a boolean');
        break;
      case 'strings':
        if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return bad('a list of strings');
        break;
      case 'array':
        if (!Array.isArray(v)) return bad('a list');
        break;
      case 'object':
        if (!isObject(v)) return bad('an object');
        break;
      case 'schemaOrBool':
      case 'schema': {
        if (shape === 'schemaOrBool' && typeof v === 'boolean') break;
        const p = malformedSchema(v, at, depth + 1);
        if (p) return p;
        break;
      }
      case 'schemas':
        if (!Array.isArray(v)) return bad('a list of schemas');
        for (const [i, x] of v.entries()) {
          const p = malformedSchema(x, childPath(at, i), depth + 1);
          if (p) return p;
        }
        break;
      case 'schemaMap':
        if (!isObject(v)) return bad('a map of schemas');
        for (const [name, x] of Object.entries(v)) {
          const p = malformedSchema(x, childPath(at, name), depth + 1);
          if (p) return p;
        }
        break;
    }
  }
  return undefined;
}

/** What the registry's argument checks say about a marker value (the loader runs the same checks), or undefined. */
export function markerValueProblem(m: MarkerValue): string | undefined {
  const def = markerDefinition(m.name);
  if (!def) return `internal: marker ${m.name} is not registered`;
  if (def.args.kind === 'value') return def.args.arg.validate?.(m.value);
  if (def.args.kind === 'struct') {
    const v = m.value as Record<string, unknown>;
    for (const [k, spec] of Object.entries(def.args.args)) {
      if (v[k] === undefined) continue;
      if (spec.oneOf && !spec.oneOf.includes(v[k] as string)) return `${k} must be one of ${spec.oneOf.join(', ')}`;
      const p = spec.validate?.(v[k]);
      if (p) return p;
    }
  }
  return undefined;
}

/** The Go zero value as JSON: `{}`, `""`, `0`, `false` (and an empty list). */
function isZeroValue(v: Json): boolean {
  if (v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObject(v) && Object.keys(v).length === 0;
}

/** Whether a value can be written in controller-gen's `any` grammar and read back equal. */
export function printableAny(v: Json): boolean {
  if (v === null) return false;
  if (Array.isArray(v)) return v.length > 0 && v.every(printableAny);
  if (typeof v === 'object') return Object.values(v).every(printableAny);
  return true;
}

export type { JSONSchemaProps };
