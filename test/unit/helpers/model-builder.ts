/**
 * A tiny builder of API models for emitter tests, so that tests do not depend on the loader.
 *
 *   const b = new ModelBuilder();
 *   const v1 = b.version('stable.example.com', 'v1');
 *   v1.kind('CronTab', { spec: f(t.named('CronTabSpec')) }, { storage: true });
 *   v1.struct('CronTabSpec', { image: f(t.string), replicas: f(t.int32, { optional: true, default: 1 }) });
 *   const model = b.build();
 */
import { scanConversionImports } from '../../../generator/load';
import { resolveManualConversions } from '../../../generator/model/build';
import type { ApiModel, Field, Kind, ManualConversions, MarkerValue, Package, TypeDecl, TypeRef, WellKnownName } from '../../../generator/model/types';

const SPAN = { file: 'test.ts', line: 1, column: 1 };

export const t = {
  string: { kind: 'primitive', name: 'string' } as TypeRef,
  boolean: { kind: 'primitive', name: 'boolean' } as TypeRef,
  number: { kind: 'primitive', name: 'number' } as TypeRef,
  unknown: { kind: 'unknown' } as TypeRef,
  int32: { kind: 'wellKnown', name: 'int32' } as TypeRef,
  int64: { kind: 'wellKnown', name: 'int64' } as TypeRef,
  wk: (name: WellKnownName): TypeRef => ({ kind: 'wellKnown', name }),
  runtime: (name: string): TypeRef => ({ kind: 'named', package: '@kubegen/runtime', name }),
  /** A named type; `pkg` defaults to the package of the declaration using it (resolved by `build`). */
  named: (name: string, pkg = ''): TypeRef => ({ kind: 'named', package: pkg, name }),
  array: (items: TypeRef): TypeRef => ({ kind: 'array', items }),
  map: (values: TypeRef): TypeRef => ({ kind: 'map', values }),
  enum: (...values: string[]): TypeRef => ({ kind: 'enum', base: 'string', values }),
  struct: (fields: Record<string, FieldSpec>, embeds: TypeRef[] = []): TypeRef => ({ kind: 'struct', embeds, fields: fieldsOf(fields) }),
};

export interface FieldOptions {
  optional?: boolean;
  nullable?: boolean;
  /** `+kubebuilder:default` value. */
  default?: unknown;
  /** `+default` value (parsed JSON). */
  k8sDefault?: unknown;
  markers?: Array<{ name: string; value: unknown }>;
}

export interface FieldSpec {
  type: TypeRef;
  options: FieldOptions;
}

/** A field; optional when `options.optional`. */
export function f(type: TypeRef, options: FieldOptions = {}): FieldSpec {
  return { type, options };
}

/** An optional field. */
export function opt(type: TypeRef, options: FieldOptions = {}): FieldSpec {
  return { type, options: { ...options, optional: true } };
}

function fieldsOf(spec: Record<string, FieldSpec>): Field[] {
  return Object.entries(spec).map(([name, { type, options }]) => {
    const markers: MarkerValue[] = (options.markers ?? []).map((m) => ({ ...m, span: SPAN }));
    if ('default' in options) markers.push({ name: 'kubebuilder:default', value: options.default, span: SPAN });
    if ('k8sDefault' in options) markers.push({ name: 'default', value: options.k8sDefault, span: SPAN });
    return {
      name,
      doc: '',
      type,
      optional: !!options.optional,
      nullable: !!options.nullable,
      required: !options.optional,
      ...fieldDefault(type, options),
      immutable: markers.some((m) => m.name === 'k8s:immutable'),
      schemaless: markers.some((m) => m.name === 'kubebuilder:validation:Schemaless'),
      markers,
      span: SPAN,
    };
  });
}

/** `Field.default` as the model builder resolves it: `+kubebuilder:default` first (`{}` on an array is `[]`), then `+default`. */
function fieldDefault(type: TypeRef, options: FieldOptions): Pick<Field, 'default'> {
  if ('default' in options) {
    const empty = typeof options.default === 'object' && options.default !== null && !Array.isArray(options.default) && Object.keys(options.default).length === 0;
    return { default: { value: empty && type.kind === 'array' ? [] : options.default, marker: 'kubebuilder:default', span: SPAN } };
  }
  if ('k8sDefault' in options && options.k8sDefault !== null) return { default: { value: options.k8sDefault, marker: 'default', span: SPAN } };
  return {};
}

export interface KindOptions {
  storage?: boolean;
  list?: boolean;
  scope?: 'Namespaced' | 'Cluster';
}

export class VersionBuilder {
  readonly types: TypeDecl[] = [];
  readonly kinds: Kind[] = [];
  conversionFunctions?: string[];
  conversionSource?: string;

  constructor(
    readonly group: string,
    readonly version: string,
  ) {}

  get id(): string {
    return `${this.group}/${this.version}`;
  }

  struct(name: string, fields: Record<string, FieldSpec>, embeds: TypeRef[] = []): this {
    this.types.push({ name, package: this.id, declaration: 'interface', exported: true, doc: '', type: { kind: 'struct', embeds, fields: fieldsOf(fields) }, markers: [], span: SPAN });
    return this;
  }

  alias(name: string, type: TypeRef): this {
    this.types.push({ name, package: this.id, declaration: 'alias', exported: true, doc: '', type, markers: [], span: SPAN });
    return this;
  }

  /** A kind with `metadata?: ObjectMeta` and the given fields, plus its list type unless `list: false`. */
  kind(name: string, fields: Record<string, FieldSpec>, options: KindOptions = {}): this {
    this.struct(name, { metadata: opt(t.wk('ObjectMeta')), ...fields }, [t.wk('TypeMeta')]);
    const list = options.list !== false;
    if (list) this.struct(`${name}List`, { metadata: opt(t.wk('ListMeta')), items: f(t.array(t.named(name))) }, [t.wk('TypeMeta')]);
    const lower = name.toLowerCase();
    this.kinds.push({
      name,
      listName: list ? `${name}List` : undefined,
      root: true,
      scope: options.scope ?? 'Namespaced',
      plural: lower + 's',
      singular: lower,
      shortNames: [],
      categories: [],
      storage: !!options.storage,
      served: true,
      skip: false,
      deprecated: false,
      subresources: { status: 'status' in fields },
      printerColumns: [],
      selectableFields: [],
      crdAnnotations: {},
      crdLabels: {},
      hasStatus: 'status' in fields,
      hasSpec: 'spec' in fields,
      client: { generate: true, namespaced: true, verbs: [], methods: [] },
      span: SPAN,
    });
    return this;
  }
}

export class ModelBuilder {
  private readonly versions: VersionBuilder[] = [];

  version(group: string, version: string): VersionBuilder {
    const v = new VersionBuilder(group, version);
    this.versions.push(v);
    return v;
  }

  build(): ApiModel {
    const packages: Package[] = this.versions.map((v) => ({
      id: v.id,
      dir: `apis/${v.id}`,
      group: v.group,
      version: v.version,
      skip: false,
      optionalByDefault: false,
      markers: [],
      types: v.types.map((d) => fixPackages(d, v.id)).sort((a, b) => (a.name < b.name ? -1 : 1)),
      kinds: [...v.kinds].sort((a, b) => (a.name < b.name ? -1 : 1)),
      conversionFunctions: v.conversionFunctions ? [...v.conversionFunctions].sort() : [],
    }));
    // the hand-written conversions as the loader and the model builder resolve them
    for (const v of this.versions) {
      if (v.conversionSource === undefined) continue;
      const pkg = packages.find((p) => p.id === v.id)!;
      const versions = new Set(this.versions.filter((w) => w.group === v.group).map((w) => w.version));
      pkg.manualConversions = manualConversions(pkg, v.conversionSource, versions);
    }
    packages.sort((a, b) => (a.id < b.id ? -1 : 1));
    const groups = [...new Set(this.versions.map((v) => v.group))].sort().map((name) => ({
      name,
      goName: name.split('.')[0],
      versions: packages.filter((p) => p.group === name).map((p) => ({ group: name, version: p.version, package: p.id })),
    }));
    return JSON.parse(JSON.stringify({ packages, groups })) as ApiModel;
  }
}

/** `Package.manualConversions` for a hand-written conversion.ts of `pkg`, as the loader and the model builder make it. */
export function manualConversions(pkg: Package, source: string, groupVersions: ReadonlySet<string>): ManualConversions {
  const file = `${pkg.dir}/conversion.ts`;
  return resolveManualConversions(file, pkg.version, source, scanConversionImports(file, source), groupVersions);
}

function fixPackages<T>(value: T, pkg: string): T {
  if (Array.isArray(value)) return value.map((v) => fixPackages(v, pkg)) as T;
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o)) out[k] = k === 'markers' ? o[k] : fixPackages(o[k], pkg);
    if (o.kind === 'named' && o.package === '') out.package = pkg;
    return out as T;
  }
  return value;
}
