/**
 * Schemas from the model: one schema per named type (its description and type-level markers applied), cached,
 * then inlined at every use with the field's own description and markers on top — the output has no `$ref`.
 * Embedded members (`extends`, `&`) merge like Go inline embedding (controller-gen's flattener): properties
 * merged, `required` unioned and sorted, `x-kubernetes-validations` appended; conflicting property types are an
 * error. Recursion is detected and reported (controller-gen cannot render recursive types either).
 *
 * Pure with respect to the model: reads it, never mutates it. Problems go to the DiagnosticBag with the span of
 * the TypeScript declaration or marker responsible.
 */
import type { Diagnostic, DiagnosticBag } from '../diagnostics';
import { ValidationEnum, applySchemaMarkers, findMarker, immutableParentRule, stringEnum, type SchemaApplyContext } from '../markers';
import type { ApiModel, Field, MarkerValue, SourceSpan, StructType, TypeDecl, TypeRef } from '../model/types';
import { typeIndex, type TypeIndex } from '../model/util';
import type { JSONSchemaProps } from '../core/schema';
import { defaultNumbersForSchema, jsonObject, setOwn, shallowCopy } from '../core/json';
import { mistypedEnumValue, validateDefault } from './validate';
import { flattenAllOfInto, type FlattenOptions } from './flatten';
import { wellKnownSchema } from '../core/wellknown';

/** The well-known types' schemas live in the leaf core (the model's constraints read them too). */
export { QUANTITY_PATTERN, wellKnownSchema } from '../core/wellknown';

export class SchemaBuilder {
  private readonly index: TypeIndex;
  private readonly cache = new Map<string, JSONSchemaProps>();
  private readonly inProgress = new Set<string>();
  private readonly reportedRecursion = new Set<string>();
  /** With `replay`: the diagnostics reported while each cached schema was built. */
  private readonly found = new Map<string, readonly Diagnostic[]>();

  /**
   * `replay`: a schema taken from the cache reports again what building it reported, so every caller that uses a
   * named type sees its problems — for a generator whose calls are kept and reused one by one (`EmitCache`, which
   * reports each distinct diagnostic of a generator once). Without it, a problem is reported once, by its first use.
   */
  constructor(
    model: ApiModel,
    private readonly bag: DiagnosticBag,
    private readonly options: { replay?: boolean } = {},
  ) {
    this.index = typeIndex(model.packages);
  }

  /** The `openAPIV3Schema` of a kind: its type schema with the root `metadata` forced to `{type: object}`. */
  kindSchema(decl: TypeDecl): JSONSchemaProps {
    const schema = this.typeSchema(decl);
    if (!schema.properties?.metadata) return schema;
    const root = shallowCopy(schema);
    root.properties = shallowCopy(schema.properties);
    root.properties.metadata = { type: 'object' };
    return root;
  }

  /**
   * A named type's schema, built once and shared by every use: callers must not modify it (or anything reachable
   * from it) — copy on write, as flattenAllOfInto and applySchemaMarkers do.
   */
  typeSchema(decl: TypeDecl): JSONSchemaProps {
    const key = `${decl.package}.${decl.name}`;
    const cached = this.cache.get(key);
    if (cached) {
      const found = this.found.get(key);
      if (found) this.bag.addAll(found);
      return cached;
    }
    if (this.inProgress.has(key)) {
      if (!this.reportedRecursion.has(key)) {
        this.reportedRecursion.add(key);
        this.bag.report('recursive-type', `recursive type ${decl.name} is not supported: a CRD schema cannot describe it (controller-gen cannot either)`, decl.span);
      }
      // A structural placeholder, so the error above is not followed by a cascade of structural-schema errors.
      return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
    }
    this.inProgress.add(key);
    const before = this.bag.items.length;
    let schema: JSONSchemaProps;
    if (decl.type.kind === 'struct') {
      const { own, embedded } = this.structParts(decl.type);
      if (decl.doc) own.description = decl.doc;
      this.applyMarkers(own, decl.markers, { target: 'type', name: decl.name, span: decl.span });
      schema = this.mergeEmbedded(own, embedded, decl.span);
    } else if (decl.type.kind === 'named') {
      schema = this.refWithMarkers(decl.type, decl.doc, false, decl.markers, { target: 'type', name: decl.name, span: decl.span });
    } else {
      schema = this.refSchema(decl.type, decl.span);
      if (decl.doc) schema.description = decl.doc;
      this.applyMarkers(schema, decl.markers, { target: 'type', name: decl.name, span: decl.span });
    }
    this.inProgress.delete(key);
    this.cache.set(key, schema);
    if (this.options.replay && this.bag.items.length > before) this.found.set(key, this.bag.items.slice(before));
    return schema;
  }

  /** The schema of a type reference at a use site: a fresh node, except a named type's shared schema (typeSchema). */
  refSchema(ref: TypeRef, at: SourceSpan): JSONSchemaProps {
    switch (ref.kind) {
      case 'primitive':
        return { type: ref.name };
      case 'unknown':
        return { 'x-kubernetes-preserve-unknown-fields': true };
      case 'wellKnown':
        return wellKnownSchema(ref.name);
      case 'named': {
        const decl = this.index.decl(ref.package, ref.name);
        if (!decl) {
          this.bag.report('unresolved-type', `type ${ref.name} (in ${ref.package}) is not declared in the APIs`, at);
          return {};
        }
        return this.typeSchema(decl);
      }
      case 'array':
        return { type: 'array', items: this.refSchema(ref.items, at) };
      case 'map':
        return { type: 'object', additionalProperties: this.refSchema(ref.values, at) };
      case 'enum':
        // An integer literal union is Go's `int32` + Enum (input language): `format: int32`.
        return ref.base === 'integer' ? { type: 'integer', format: 'int32', enum: [...ref.values] } : { type: ref.base, enum: [...ref.values] };
      case 'struct': {
        const { own, embedded } = this.structParts(ref);
        return this.mergeEmbedded(own, embedded, at);
      }
    }
  }

  private structParts(t: StructType): { own: JSONSchemaProps; embedded: Array<{ schema: JSONSchemaProps; span: SourceSpan }> } {
    // Property names are data: a field may be named `__proto__` or `constructor` (any JSON name is allowed).
    const properties = jsonObject<JSONSchemaProps>();
    const required: string[] = [];
    const parentRules: NonNullable<JSONSchemaProps['x-kubernetes-validations']> = [];
    for (const f of t.fields) {
      setOwn(properties, f.name, this.fieldSchema(f));
      if (f.required) required.push(f.name);
      // +k8s:immutable on an optional field: once set it cannot be removed (a rule on the parent).
      if (!f.required && f.immutable) {
        parentRules.push(immutableParentRule(f.name));
      }
    }
    const own: JSONSchemaProps = { type: 'object', properties };
    if (required.length > 0) own.required = [...required].sort();
    if (parentRules.length > 0) own['x-kubernetes-validations'] = parentRules;
    const embedded = t.embeds.map((e) => ({ schema: this.refSchema(e, t.fields[0]?.span ?? this.spanOfRef(e)), span: this.spanOfRef(e) }));
    return { own, embedded };
  }

  private spanOfRef(ref: TypeRef): SourceSpan {
    if (ref.kind === 'named') {
      const d = this.index.decl(ref.package, ref.name);
      if (d) return d.span;
    }
    return { file: '<unknown>', line: 0, column: 0 };
  }

  /** Inline embedding: each embedded schema merged into the struct (controller-gen's flattener; own rules first). */
  private mergeEmbedded(own: JSONSchemaProps, embedded: Array<{ schema: JSONSchemaProps; span: SourceSpan }>, at: SourceSpan): JSONSchemaProps {
    for (const { schema: e } of embedded) {
      if (e.type !== undefined && e.type !== 'object') {
        this.bag.report('invalid-embedding', `an embedded type must be an object type, not ${e.type}`, at);
        continue;
      }
      flattenAllOfInto(own, e, this.flattenOptions(at, 'dst'));
    }
    return own;
  }

  fieldSchema(f: Field): JSONSchemaProps {
    const schemaless = f.schemaless;
    let schema: JSONSchemaProps;
    if (!schemaless && f.type.kind === 'named') {
      schema = this.refWithMarkers(f.type, f.doc, f.nullable, f.markers, { target: 'field', name: f.name, span: f.span });
    } else {
      schema = schemaless ? {} : this.refSchema(f.type, f.span);
      if (f.doc) schema.description = f.doc;
      if (f.nullable) schema.nullable = true;
      this.applyMarkers(schema, f.markers, { target: 'field', name: f.name, span: f.span });
    }
    // `+default` is JSON: its numbers are Go's float64 except on integer fields (see defaultNumbersForSchema)
    if (schema.default !== undefined && f.default?.marker === 'default') {
      schema.default = defaultNumbersForSchema(schema.default, schema);
    }
    if (schema.default !== undefined) this.checkDefault(schema, f);
    this.checkEnum(schema, f.name, f.markers, f.span);
    return schema;
  }

  /**
   * A use of a named type with its own doc and markers, as controller-gen's flattener treats a `$ref` with
   * siblings: docs from the use site when present (else the type's), then the type's schema and the use site's
   * markers merged with flattenAllOfInto (conflicts hoisted into `allOf`).
   */
  private refWithMarkers(
    ref: Extract<TypeRef, { kind: 'named' }>,
    doc: string,
    nullable: boolean,
    markers: readonly MarkerValue[],
    where: { target: 'type' | 'field'; name: string; span: SourceSpan },
  ): JSONSchemaProps {
    const typeSchema = this.refSchema(ref, where.span);
    const site: JSONSchemaProps = {};
    if (nullable) site.nullable = true;
    if (doc) site.description = doc;
    this.applyMarkers(site, markers, where, typeSchema.type);
    const out: JSONSchemaProps = {};
    for (const k of ['description', 'title', 'example', 'externalDocs'] as const) {
      const v = site[k] ?? typeSchema[k];
      if (v !== undefined && v !== '') (out as Record<string, unknown>)[k] = v;
      delete site[k];
    }
    const opts = this.flattenOptions(where.span);
    flattenAllOfInto(out, typeSchema, opts);
    flattenAllOfInto(out, site, opts);
    return out;
  }

  private flattenOptions(span: SourceSpan, validationsFirst: 'src' | 'dst' = 'src'): FlattenOptions {
    return {
      validationsFirst,
      onTypeConflict: (a, b, path) => { this.bag.report(
          'schema-conflict',
          path.length > 0
            ? `conflicting types for property "${path.join('.')}" in merged schemas (extends / & / a use site's markers): ${a} vs ${b}`
            : `conflicting types in merged schemas: ${a} vs ${b}`,
          span,
        ); },
    };
  }

  private applyMarkers(
    schema: JSONSchemaProps,
    markers: readonly MarkerValue[],
    where: { target: 'type' | 'field'; name: string; span: SourceSpan },
    resolvedType?: JSONSchemaProps['type'],
  ): void {
    if (markers.length === 0) return;
    const structFields = schema.properties
      ? Object.keys(schema.properties).map((name) => ({ name, required: (schema.required ?? []).includes(name) }))
      : undefined;
    const ctx = {
      target: where.target,
      name: where.name,
      structFields,
      resolvedType,
      enumValues: where.target === 'type' ? stringEnum(schema) : undefined,
    } satisfies SchemaApplyContext;
    this.bag.addAll(applySchemaMarkers(schema, markers, ctx));
  }

  private checkEnum(schema: JSONSchemaProps, name: string, markers: readonly MarkerValue[], span: SourceSpan): void {
    const bad = mistypedEnumValue(schema);
    if (bad === undefined) return;
    const marker = findMarker(markers, ValidationEnum);
    this.bag.report('enum-type-mismatch', `enum value ${JSON.stringify(bad)} of "${name}" is not of its type ${schema.type}`, marker?.span ?? span);
  }

  private checkDefault(schema: JSONSchemaProps, f: Field): void {
    const problem = validateDefault(schema);
    if (problem) this.bag.report('default-mismatch', `default value of "${f.name}" does not match its own schema: ${problem}`, f.default?.span ?? f.span);
  }
}


