/**
 * Read-only helpers over the model for code emitters: finding declarations, following aliases, flattening
 * embedded structs, and classifying every type reference into a small set of JSON shapes. Emitters build their
 * view models from `Shape`s and never look at `TypeRef`s directly.
 */
import type { ApiModel, Field, Package, PackageId, StructType, TypeDecl, TypeRef, WellKnownName } from '../model/types';
import { RUNTIME_PACKAGE, isTypeMetaRef, mergeInline, typeIndex, type TypeIndex } from '../model/util';

/** The package id under which the well-known struct types of `@kubegen/runtime` are referenced (the model's). */
export { RUNTIME_PACKAGE };

/** The JSON kind of a scalar: how a value of it looks on the wire. */
export type ScalarJson = 'string' | 'integer' | 'number' | 'boolean' | 'int-or-string';

/** Struct well-known types provided (with their deepcopy functions) by `@kubegen/runtime`. */
export const RUNTIME_STRUCTS = [
  'TypeMeta',
  'ObjectMeta',
  'ListMeta',
  'OwnerReference',
  'ManagedFieldsEntry',
  'Condition',
  'LabelSelector',
  'LabelSelectorRequirement',
  'LocalObjectReference',
  'SecretKeySelector',
  'ConfigMapKeySelector',
  'ObjectReference',
  'TypedLocalObjectReference',
] as const;
export type RuntimeStructName = (typeof RUNTIME_STRUCTS)[number];

/** The runtime structs with a required field (a JSON object is not assignable to them without an assertion). */
export const RUNTIME_STRUCTS_WITH_REQUIRED: ReadonlySet<RuntimeStructName> = new Set<RuntimeStructName>([
  'OwnerReference',
  'Condition',
  'LabelSelectorRequirement',
  'SecretKeySelector',
  'ConfigMapKeySelector',
  'TypedLocalObjectReference',
]);

const SCALAR_WELL_KNOWN: Partial<Record<WellKnownName, ScalarJson>> = {
  int32: 'integer',
  int64: 'integer',
  float64: 'number',
  Time: 'string',
  MicroTime: 'string',
  Duration: 'string',
  Bytes: 'string',
  Quantity: 'int-or-string',
  IntOrString: 'int-or-string',
};

/** A struct with its identity: named (`pkg#Name`) or inline (owner id + `.field`). */
export interface StructShape {
  kind: 'struct';
  /** Stable identity, e.g. `stable.example.com/v1#CronTabSpec` or `stable.example.com/v1#CronTabSpec.template`. */
  id: string;
  /** The package that declares it (for inline structs, the owner's package). */
  package: PackageId;
  /** The declaration's name for named structs; for inline ones, a readable name built from the owner (`CronTabSpec_template`). */
  name: string;
  /** Whether it is a named, exported declaration of its package. */
  named: boolean;
  struct: StructType;
}

export type Shape =
  | { kind: 'scalar'; json: ScalarJson; enumValues?: Array<string | number | boolean> }
  /** Any JSON value: `unknown`, `JSON`, `RawExtension`. */
  | { kind: 'any' }
  | { kind: 'runtime'; name: RuntimeStructName }
  | StructShape
  | { kind: 'array'; items: Shape }
  | { kind: 'map'; values: Shape };

/** A field of a flattened struct with its classified shape. */
export interface FlatField {
  field: Field;
  shape: Shape;
}

export class ModelIndex {
  private readonly decls: TypeIndex;
  private readonly packages = new Map<PackageId, Package>();

  constructor(readonly model: ApiModel) {
    this.decls = typeIndex(model.packages);
    for (const p of model.packages) this.packages.set(p.id, p);
  }

  package(id: PackageId): Package | undefined {
    return this.packages.get(id);
  }

  decl(pkg: PackageId, name: string): TypeDecl | undefined {
    return this.decls.decl(pkg, name);
  }

  /** Classifies a type reference. `owner` names inline structs (`<ownerId>.<field>`). */
  shape(ref: TypeRef, owner: { id: string; name: string; package: PackageId }): Shape {
    switch (ref.kind) {
      case 'primitive':
        return { kind: 'scalar', json: ref.name };
      case 'unknown':
        return { kind: 'any' };
      case 'enum':
        return { kind: 'scalar', json: ref.base, enumValues: ref.values };
      case 'wellKnown':
        return this.wellKnown(ref.name);
      case 'array':
        return { kind: 'array', items: this.shape(ref.items, { ...owner, id: owner.id + '[]', name: owner.name + '_item' }) };
      case 'map':
        return { kind: 'map', values: this.shape(ref.values, { ...owner, id: owner.id + '{}', name: owner.name + '_value' }) };
      case 'struct':
        return { kind: 'struct', id: owner.id, package: owner.package, name: owner.name, named: false, struct: ref };
      case 'named': {
        if (ref.package === RUNTIME_PACKAGE) return this.wellKnown(ref.name);
        const decl = this.decl(ref.package, ref.name);
        if (!decl) throw new Error(`unknown type ${ref.package}#${ref.name}`);
        return this.declShape(decl);
      }
    }
  }

  /** The shape of a declaration: a named struct for interfaces and object aliases, else its aliased shape. */
  declShape(decl: TypeDecl): Shape {
    const id = `${decl.package}#${decl.name}`;
    if (decl.type.kind === 'struct') {
      return { kind: 'struct', id, package: decl.package, name: decl.name, named: true, struct: decl.type };
    }
    return this.shape(decl.type, { id, name: decl.name, package: decl.package });
  }

  private wellKnown(name: string): Shape {
    const scalar = SCALAR_WELL_KNOWN[name as WellKnownName];
    if (scalar) return { kind: 'scalar', json: scalar };
    if (name === 'JSON' || name === 'RawExtension') return { kind: 'any' };
    if ((RUNTIME_STRUCTS as readonly string[]).includes(name)) return { kind: 'runtime', name: name as RuntimeStructName };
    // another declaration of the runtime package (ConditionStatus, UID …), when the model carries it
    const decl = this.decl(RUNTIME_PACKAGE, name);
    if (decl && decl.type.kind !== 'struct') return this.shape(decl.type, { id: `${RUNTIME_PACKAGE}#${name}`, name, package: RUNTIME_PACKAGE });
    throw new Error(`unknown well-known type ${name}`);
  }

  /** The declaration of a well-known struct as a struct shape, when the model carries the runtime's declarations. */
  runtimeStruct(name: string): StructShape | undefined {
    const decl = this.decl(RUNTIME_PACKAGE, name);
    if (!decl || decl.type.kind !== 'struct') return undefined;
    return { kind: 'struct', id: `${RUNTIME_PACKAGE}#${name}`, package: RUNTIME_PACKAGE, name, named: true, struct: decl.type };
  }

  /**
   * The fields of a struct with embedded members merged in, like Go `json:",inline"`: embedded fields first (in
   * embedding order), then own fields; a later field of the same JSON name replaces an earlier one in place.
   */
  fields(s: StructShape): FlatField[] {
    const owner = { id: s.id, name: s.name, package: s.package };
    return mergeInline(
      s.struct.embeds.map((embed) => this.embeddedFields(embed, owner)),
      s.struct.fields.map((field) => ({ field, shape: this.shape(field.type, { id: `${s.id}.${field.name}`, name: `${s.name}_${field.name}`, package: s.package }) })),
      (f) => f.field.name,
    );
  }

  private embeddedFields(embed: TypeRef, owner: { id: string; name: string; package: PackageId }): FlatField[] {
    if (isTypeMetaRef(embed)) {
      return TYPE_META_FIELDS.map((field) => ({ field, shape: { kind: 'scalar', json: 'string' } }));
    }
    const shape = this.shape(embed, owner);
    if (shape.kind === 'struct') return this.fields(shape);
    if (shape.kind === 'runtime') {
      // A well-known struct embedded (`extends LocalObjectReference`): its fields when the model carries the runtime's
      // declaration; otherwise none are known, and its keys are handled as undeclared ones (copied as JSON).
      const struct = this.runtimeStruct(shape.name);
      return struct ? this.fields(struct) : [];
    }
    throw new Error(`cannot embed a non-struct type in ${owner.id}`);
  }
}

const NO_SPAN = { file: RUNTIME_PACKAGE, line: 1, column: 1 };
const TYPE_META_FIELDS: Field[] = ['apiVersion', 'kind'].map((name) => ({
  name,
  doc: '',
  type: { kind: 'primitive', name: 'string' },
  optional: true,
  nullable: false,
  required: false,
  immutable: false,
  schemaless: false,
  markers: [],
  span: NO_SPAN,
}));

/** Whether a shape is a JSON scalar at every level (no objects to copy). */
export function isScalar(shape: Shape): boolean {
  return shape.kind === 'scalar';
}

/** A version package of an API group, as code emitters iterate them: groups by name, versions in model order. */
export interface GroupVersionPackage {
  group: string;
  version: string;
  package: Package;
}

/** Every version package of every API group (skipped packages left out), in canonical order. */
export function groupVersionPackages(model: ApiModel): GroupVersionPackage[] {
  const index = new Map(model.packages.map((p) => [p.id, p]));
  const out: GroupVersionPackage[] = [];
  for (const g of [...model.groups].sort((a, b) => cmp(a.name, b.name))) {
    for (const gv of g.versions) {
      const pkg = index.get(gv.package);
      if (pkg && !pkg.skip) out.push({ group: g.name, version: gv.version, package: pkg });
    }
  }
  return out;
}

/** Plain code-unit string comparison, the canonical order of kubegen output (locale-independent). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
