/**
 * The validation emitter: for every version package with kinds, `<version>/validation.ts` with, per kind,
 * `validate<Kind>(obj, options?)` — the kind's CRD schema compiled into straight-line code, as deepcopy is: the
 * runtime's validator (`@kubegen/runtime/validation`, ./validate.ts there) runs its passes in the apiserver's order
 * (prepare, embedded resources, schema, list uniqueness, CEL) and each pass is a generated function per distinct
 * schema node, called where the node is used; no schema is walked at run time. Each keyword is tested inline and a
 * failure is reported through the runtime kit's constructors (./compiled.ts there), which word it as the walker
 * does, so compiled and walked validation give the same errors in the same order (a property test holds them to
 * it). Patterns are compiled, enum texts built and CEL rules parsed once, at module load.
 *
 * The schema is the one the CRD emitter writes (same builder, same flattening); problems with it are the CRD
 * emitter's to report. Structurally equal nodes (a named type used in several places) share their functions.
 *
 * Types of other packages are validated where they are generated, not re-emitted per kind: with `everyType` (the
 * configuration's `validation.types: "all"`, as `@kubegen/api` is generated) every struct type of a version gets
 * `validate<Type>` and its passes exported under fixed names (`check<Type>`, `prepare<Type>`, `embedded<Type>`,
 * `lists<Type>`, `cel<Type>`); a node of a kind's schema whose (pass, schema) is exactly that of such a type — a
 * `@kubegen/api` type the package reaches, or with `everyType` a type of another group of the same source tree —
 * calls the exported pass instead of compiling its own. The match is on the compiled schema itself, so a use site
 * that changes the node (a marker or rule on the embedding field, an embedded copy that differs from the type) is
 * compiled in the kind's file, its unchanged children still calling the type's passes: the errors are the same.
 */
import { DiagnosticBag } from '../diagnostics';
import type { Package, PackageId, TypeDecl } from '../model/types';
import { crdKinds, forEachNamedRef, isApiPackage, RUNTIME_PACKAGE, typeIndex, typeKey } from '../model/util';
import { SchemaBuilder } from '../schema/build';
import { omitEmpty } from '../schema/flatten';
import type { JSONSchemaProps } from '../core/schema';
import { ImportTracker, cmp, jsPropertyKey, jsLiteral, jsString, render, renderSourceFile } from '../render';
import { HelperNames, helperName, validateFunctionName } from '../naming';
import type { GenerationContext, Generator, GeneratorRun } from './shared/types';

/** Schema keys that document and do not validate: left out of the compiled schema. */
const DOC_KEYS: ReadonlySet<string> = new Set(['description', 'example', 'externalDocs', 'title']);

/** The validation generator's options: `everyType` also compiles (and exports) every struct type of a version. */
export interface ValidationOptions {
  everyType?: boolean;
}

/** The passes a type's validators export, under the names {@link passExportName} gives them. */
const TYPE_PASSES: readonly Pass[] = ['prepare', 'node', 'embedded', 'lists', 'cel'];

/** The exported name of a struct type's pass: `check<Type>`, `prepare<Type>`, `embedded<Type>`, `lists<Type>`, `cel<Type>`. */
function passExportName(pass: Pass, type: string): string {
  return helperName(pass === 'node' ? 'check' : pass, type);
}

/**
 * Whether a struct type's passes are exported under its names: when it has properties. A type with none has the
 * schema `{type: object}` of every opaque object (a kind's `metadata` …), which must not be named after it.
 */
function namedPasses(s: JSONSchemaProps): boolean {
  return s.properties !== undefined && Object.keys(s.properties).length > 0;
}

/** The memo key of a pass over a type's own schema (the extra of `prepare` is its `resource` flag: false for a type). */
function passKey(pass: Pass, s: JSONSchemaProps): string {
  return `${pass}\0${pass === 'prepare' ? 'false' : ''}\0${schemaKey(s)}`;
}

export const validationGenerator: Generator<ValidationOptions> = {
  name: 'validation',
  start(ctx: GenerationContext, options: ValidationOptions): GeneratorRun {
    // The CRD emitter reports schema problems; building the same schemas here must not report them twice.
    const schemas = new SchemaBuilder(ctx.model, new DiagnosticBag());
    const kinds = crdKinds(ctx.model);
    const index = typeIndex(ctx.model.packages);
    const everyType = options.everyType === true;
    const apiGroupVersions = new Set(ctx.model.packages.filter((p) => p.apiGroupVersion === true).map((p) => p.id));
    const typeSchemas = new Map<string, JSONSchemaProps>();
    /** A struct type's schema as its validators compile it (built once per type). */
    const typeSchema = (decl: TypeDecl): JSONSchemaProps => {
      const key = typeKey(decl.package, decl.name);
      let s = typeSchemas.get(key);
      if (s === undefined) {
        s = validationSchema(omitEmpty(schemas.typeSchema(decl)));
        typeSchemas.set(key, s);
      }
      return s;
    };
    /** Where the validators of package `to` are imported from by package `from`, or undefined when they are not. */
    const validatorsModule = (from: PackageId, to: PackageId): string | undefined => {
      if (to === from || to === RUNTIME_PACKAGE) return undefined;
      // a module of @kubegen/api that is generated: a group version (a folder of shared types without a group is not)
      if (isApiPackage(to)) return apiGroupVersions.has(to) ? to : undefined;
      return everyType ? ctx.packageModule(from, to, 'validation') : undefined;
    };
    /**
     * The passes of other packages' struct types that package `pkg` reaches through its declarations (transitively),
     * by memo key: the first type in (package, name) order for a schema several types share.
     */
    const externalPasses = (pkg: Package): Map<string, ExternalPass> => {
      const seen = new Set<string>();
      const reached: TypeDecl[] = [];
      const visit = (decl: TypeDecl): void => {
        const key = typeKey(decl.package, decl.name);
        if (seen.has(key)) return;
        seen.add(key);
        if (decl.package !== pkg.id) reached.push(decl);
        forEachNamedRef(decl.type, (ref) => {
          const d = index.decl(ref.package, ref.name);
          if (d) visit(d);
        });
      };
      for (const t of pkg.types) visit(t);
      const out = new Map<string, ExternalPass>();
      for (const decl of reached.sort((a, b) => cmp(a.package, b.package) || cmp(a.name, b.name))) {
        if (decl.type.kind !== 'struct') continue;
        const module = validatorsModule(pkg.id, decl.package);
        if (module === undefined) continue;
        const s = typeSchema(decl);
        if (!namedPasses(s)) continue;
        for (const pass of TYPE_PASSES) {
          const key = passKey(pass, s);
          if (!out.has(key)) out.set(key, { module, name: passExportName(pass, decl.name) });
        }
      }
      return out;
    };
    return {
      version(gv) {
        const here = kinds
          .filter((ck) => ck.group === gv.group)
          .flatMap((ck) => ck.versions.filter((v) => v.version === gv.version && v.package.id === gv.package.id && !v.kind.skip))
          .sort((a, b) => cmp(a.kind.name, b.kind.name));
        const types = everyType ? gv.package.types.filter((t) => t.type.kind === 'struct') : [];
        if (here.length === 0 && types.length === 0) return [];
        const imports = new ImportTracker();
        const kindNames = new Set(here.map(({ kind }) => kind.name));
        // A type's own passes are compiled here under their exported names, never imported (first type of a schema).
        const preferred = new Map<string, string>();
        const typeSchemasHere = types.map((decl) => ({ decl, schema: typeSchema(decl) }));
        for (const { decl, schema } of typeSchemasHere) {
          if (!namedPasses(schema)) continue;
          for (const pass of TYPE_PASSES) {
            const key = passKey(pass, schema);
            if (!preferred.has(key)) preferred.set(key, passExportName(pass, decl.name));
          }
        }
        const typeValidators = types.filter((t) => !kindNames.has(t.name)).map((t) => validateFunctionName(t.name));
        const compiler = new ValidatorCompiler(
          imports,
          [...here.map(({ kind }) => validateFunctionName(kind.name)), ...typeValidators, ...typeSchemasHere.filter((t) => namedPasses(t.schema)).flatMap((t) => TYPE_PASSES.map((p) => passExportName(p, t.decl.name)))],
          preferred,
          externalPasses(gv.package),
        );
        const typeTexts: string[] = [];
        const exported: string[] = [];
        for (const { decl, schema } of typeSchemasHere) {
          const own = compiler.typePasses(decl.name, schema);
          for (const [pass, f] of own.functions) {
            const name = passExportName(pass, decl.name);
            exported.push(f === name ? name : `${f} as ${name}`);
          }
          if (kindNames.has(decl.name)) continue;
          const typeName = imports.type('./types', decl.name);
          typeTexts.push(
            render('validation', 'type', {
              type: decl.name,
              apiVersion: gv.group === '' ? gv.version : `${gv.group}/${gv.version}`,
              name: validateFunctionName(decl.name),
              passesName: compiler.names.name(`typepasses\0${decl.name}`, helperName('passes', decl.name)),
              passesType: compiler.rtType('ValidationPasses'),
              validatorType: compiler.rtType('Validator'),
              compiledValidator: compiler.rt('compiledValidator'),
              typeName,
              passes: own.passes,
            }),
          );
        }
        const kindTexts = here.map(({ kind, decl }) => {
          const passes = compiler.root(kind.name, validationSchema(omitEmpty(schemas.kindSchema(decl))));
          const typeName = imports.type('./types', kind.name);
          return render('validation', 'kind', {
            kind: kind.name,
            apiVersion: `${gv.group}/${gv.version}`,
            name: validateFunctionName(kind.name),
            passesName: compiler.names.name(`passes\0${kind.name}`, helperName('passes', kind.name)),
            passesType: compiler.rtType('ValidationPasses'),
            validatorType: compiler.rtType('Validator'),
            compiledValidator: compiler.rt('compiledValidator'),
            typeName,
            options: validatorOptions(kind.subresources),
            status: kind.subresources.status,
            scale: kind.subresources.scale !== undefined,
            passes,
          });
        });
        const body = [
          render('validation', 'constants', { constants: compiler.constants }),
          ...[...compiler.functions].sort((a, b) => cmp(a.name, b.name)).map((f) => render('validation', 'function', f)),
          ...typeTexts,
          ...kindTexts,
          ...(exported.length > 0 ? [render('validation', 'exports', { names: exported })] : []),
        ];
        return [{ path: 'validation.ts', contents: renderSourceFile(imports, body.join('\n')) }];
      },
    };
  },
};

/** A pass of another package's type, imported from its validators. */
interface ExternalPass {
  module: string;
  name: string;
}

/** The validator options of a kind's subresources, as an object literal ('' when there are none). */
function validatorOptions(sub: { status: boolean; scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string } }): string {
  const o: Record<string, unknown> = {};
  if (sub.status) o.statusSubresource = true;
  if (sub.scale) {
    const { specReplicasPath, statusReplicasPath, labelSelectorPath } = sub.scale;
    o.scale = labelSelectorPath === undefined ? { specReplicasPath, statusReplicasPath } : { specReplicasPath, statusReplicasPath, labelSelectorPath };
  }
  return Object.keys(o).length === 0 ? '' : jsLiteral(o);
}

/** The schema without its documentation keys (`description`, `example` …), walked by schema structure. */
export function validationSchema(s: JSONSchemaProps): JSONSchemaProps {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(s) as Array<keyof JSONSchemaProps>) {
    if (DOC_KEYS.has(k)) continue;
    const v = s[k];
    if (k === 'properties' && v && typeof v === 'object') {
      out[k] = mapProperties(v as Record<string, JSONSchemaProps>, validationSchema);
    } else if ((k === 'items' || k === 'not' || k === 'additionalProperties') && v && typeof v === 'object') {
      out[k] = validationSchema(v);
    } else if ((k === 'allOf' || k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) {
      out[k] = (v as JSONSchemaProps[]).map(validationSchema);
    } else {
      out[k] = v;
    }
  }
  return out;
}

/** A null-prototype copy of a `properties` object with every schema mapped (`__proto__` an own key). */
function mapProperties(props: Record<string, JSONSchemaProps>, f: (s: JSONSchemaProps) => JSONSchemaProps): Record<string, JSONSchemaProps> {
  const out = Object.create(null) as Record<string, JSONSchemaProps>;
  for (const name of Object.keys(props)) {
    const p = props[name];
    if (p !== undefined) Object.defineProperty(out, name, { value: f(p), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A JSON value as a readable (indented) JavaScript literal: objects and arrays of objects one entry a line. */
export function schemaLiteral(value: unknown, depth: number): string {
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return jsLiteral(value);
    return `[\n${value.map((v) => `${pad}${schemaLiteral(v, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (value === null || typeof value !== 'object') return jsLiteral(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  const o = value as Record<string, unknown>;
  return `{\n${keys.map((k) => `${pad}${jsPropertyKey(k)}: ${schemaLiteral(o[k], depth + 1)},`).join('\n')}\n${close}}`;
}

/** What CEL's conversion of a value reads of a rule node's schema (the rules of the node itself, none below). */
function celSchema(s: JSONSchemaProps, top: boolean): JSONSchemaProps {
  const out: Record<string, unknown> = {};
  for (const k of ['type', 'format', 'x-kubernetes-embedded-resource', 'x-kubernetes-preserve-unknown-fields'] as const) if (s[k] !== undefined) out[k] = s[k];
  if (top && s['x-kubernetes-validations'] !== undefined) out['x-kubernetes-validations'] = s['x-kubernetes-validations'];
  if (s.properties) out.properties = mapProperties(s.properties, (p) => celSchema(p, false));
  if (s.items) out.items = celSchema(s.items, false);
  if (s.additionalProperties !== undefined) out.additionalProperties = typeof s.additionalProperties === 'object' ? celSchema(s.additionalProperties, false) : s.additionalProperties;
  return out;
}

/** A text identifying a schema by its content (bigints — int64 bounds, defaults — spelled apart from numbers). */
function schemaKey(s: JSONSchemaProps): string {
  return JSON.stringify(s, (_k, v: unknown) => (typeof v === 'bigint' ? { bigint: v.toString() } : v));
}

/** A generated function of the file: its name, a one-line doc, its signature and body lines. */
interface CompiledFunction {
  name: string;
  doc: string;
  params: string;
  returns: string;
  lines: string[];
}

/** The passes of one kind, as the expressions its `ValidationPasses` object binds. */
interface RootPasses {
  prepare: string;
  embedded?: string;
  node: string;
  lists?: string;
  cel?: string;
}

type Pass = 'prepare' | 'embedded' | 'node' | 'lists' | 'cel';

function props(s: JSONSchemaProps): Array<[string, JSONSchemaProps]> {
  const p = s.properties;
  if (!p) return [];
  const out: Array<[string, JSONSchemaProps]> = [];
  for (const k of Object.keys(p)) {
    const v = p[k];
    if (v !== undefined) out.push([k, v]);
  }
  return out;
}

function values(s: JSONSchemaProps): JSONSchemaProps | undefined {
  return typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
}

/**
 * A loop over an object's own keys (in `Object.keys` order) around `body`: `for … in` with an own-key guard, which
 * walks V8's cached key list instead of allocating one per object.
 */
function ownKeysLoop(body: readonly string[]): string[] {
  return ['for (const k in v) {', '  if (!Object.hasOwn(v, k)) continue;', ...body.map((l) => `  ${l}`), '}'];
}

function declaredTypes(s: JSONSchemaProps): string[] {
  if (s['x-kubernetes-int-or-string'] === true) return ['integer', 'string'];
  return s.type ? [s.type] : [];
}

/** The inline test that a value is of the node's types — a test that never holds where the walker reports a type error. */
function fastTypeTest(types: readonly string[], isObject: string): string {
  const one = (t: string): string => {
    switch (t) {
      case 'string':
        return "typeof v === 'string'";
      case 'integer':
        return 'Number.isSafeInteger(v)';
      case 'number':
        return "typeof v === 'number'";
      case 'boolean':
        return "typeof v === 'boolean'";
      case 'object':
        return `${isObject}(v)`;
      case 'array':
        return 'Array.isArray(v)';
      default:
        return 'false';
    }
  };
  return types.map(one).join(' || ');
}

/**
 * Compiles the schemas of one file's kinds into functions: one per pass and distinct schema node (structurally equal
 * nodes share them), named after the first place the node is used, plus the module-level constants they read.
 */
class ValidatorCompiler {
  readonly names = new HelperNames();
  readonly functions: CompiledFunction[] = [];
  readonly constants: string[] = [];
  private readonly memo = new Map<string, string | null>();
  private readonly constantNames = new Map<string, string>();

  /**
   * `exported`: the names the file exports (reserved); `preferred`: the names of the functions of some (pass, schema)
   * memo keys — a type's exported passes; `externals`: the passes of other packages' types, imported where a node
   * has their key instead of compiled (a key of `preferred` is always compiled here).
   */
  constructor(
    private readonly imports: ImportTracker,
    exported: readonly string[],
    private readonly preferred: ReadonlyMap<string, string> = new Map(),
    private readonly externals: ReadonlyMap<string, ExternalPass> = new Map(),
  ) {
    this.names.reserve(...exported);
  }

  rt(name: string): string {
    return this.imports.runtimeValue(RUNTIME_PACKAGE, name);
  }

  rtType(name: string): string {
    return this.imports.runtimeType(RUNTIME_PACKAGE, name);
  }

  /** A module-level constant with the value of `expr` (one per distinct expression), named from `base`. */
  private constant(base: string, expr: string, type?: string): string {
    const known = this.constantNames.get(expr);
    if (known !== undefined) return known;
    const name = this.names.name(`const\0${expr}`, base);
    this.constantNames.set(expr, name);
    this.constants.push(`const ${name}${type === undefined ? '' : `: ${type}`} = ${expr};`);
    return name;
  }

  /**
   * The passes of a struct type's own schema, as `validate<Type>` binds them, and the type's compiled pass functions
   * (those the file exports under the type's names; a pass with nothing to do, or a leaf's shared helper, has none).
   */
  typePasses(type: string, s: JSONSchemaProps): { passes: RootPasses; functions: Array<[Pass, string]> } {
    const passes = this.root(type, s, false);
    const functions: Array<[Pass, string]> = [];
    const hint = [type];
    for (const pass of TYPE_PASSES) {
      const f = this.passOf(pass, s, hint);
      if (f !== null && f === this.preferred.get(passKey(pass, s))) functions.push([pass, f]);
    }
    return { passes, functions };
  }

  /** The function of one pass over `s` (memoised: the one `root` already made). */
  private passOf(pass: Pass, s: JSONSchemaProps, hint: readonly string[]): string | null {
    switch (pass) {
      case 'prepare':
        return this.prepare(s, false, hint);
      case 'node':
        return this.node(s, hint);
      case 'embedded':
        return this.embedded(s, hint);
      case 'lists':
        return this.lists(s, hint);
      case 'cel':
        return this.cel(s, hint);
    }
  }

  /** The passes of a kind's root schema (with `root` false: of a type's schema, a value that is no resource). */
  root(kind: string, s: JSONSchemaProps, root = true): RootPasses {
    const hint = [kind];
    const prepare = this.prepare(s, root, hint);
    const node = this.node(s, hint) ?? this.forcedNode(hint);
    const embedded = this.embedded(s, hint);
    const lists = this.lists(s, hint);
    const cel = this.cel(s, hint);
    const errors = this.rtType('FieldError');
    return {
      prepare: prepare ?? `(v: Record<string, unknown>): unknown => v`,
      node: `(v: unknown, errors: ${errors}[]): void => { ${node}(v, '', errors); }`,
      ...(embedded !== null ? { embedded: `(v: unknown, errors: ${errors}[]): void => { ${embedded}(v, '', errors); }` } : {}),
      ...(lists !== null ? { lists: `(v: unknown, errors: ${errors}[]): void => { ${lists}(v, '', errors); }` } : {}),
      ...(cel !== null
        ? { cel: `(v: unknown, old: unknown, hasOld: boolean, errors: ${errors}[], unchecked: string[]): void => { ${cel}(v, old, hasOld, '', true, ${this.rt('celWalk')}(errors, unchecked)); }` }
        : {}),
    };
  }

  /** The function of `pass` for `s` (built once per distinct node), or null when the pass has nothing to do there. */
  private fn(pass: Pass, s: JSONSchemaProps, extra: string, hint: readonly string[], build: (name: string) => Omit<CompiledFunction, 'name'> | null): string | null {
    const key = `${pass}\0${extra}\0${schemaKey(s)}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const preferred = this.preferred.get(key);
    const external = preferred === undefined ? this.externals.get(key) : undefined;
    if (external !== undefined) {
      const imported = this.imports.value(external.module, external.name);
      this.memo.set(key, imported);
      return imported;
    }
    const name = preferred ?? this.names.name(key, helperName(pass === 'node' ? 'check' : pass, ...hint));
    // Reserved first: a node cannot contain itself, but its name must be known to its own body's callers.
    this.memo.set(key, name);
    const f = build(name);
    if (f === null) {
      this.memo.set(key, null);
      return null;
    }
    this.functions.push({ name, ...f });
    return name;
  }

  private forcedNode(hint: readonly string[]): string {
    const name = this.names.name(`forced\0${hint.join('.')}`, helperName('check', ...hint));
    this.functions.push({ name, doc: 'A schema with no check.', params: `_v: unknown, _path: string, _errors: ${this.rtType('FieldError')}[]`, returns: 'void', lines: [] });
    return name;
  }

  // ——— prepare: prune, drop non-nullable nulls, default; copy only what changes ———

  private isLeaf(s: JSONSchemaProps, resource: boolean): boolean {
    return !s.properties && !s.items && values(s) === undefined && !resource && !this.keepUnknown(s);
  }

  private keepUnknown(s: JSONSchemaProps): boolean {
    return s['x-kubernetes-preserve-unknown-fields'] === true || s.additionalProperties === true;
  }

  /** An expression (a function) preparing a value of `s`, or null when a value needs nothing. */
  private prepare(s: JSONSchemaProps, root: boolean, hint: readonly string[]): string | null {
    const resource = root || s['x-kubernetes-embedded-resource'] === true;
    if (this.isLeaf(s, resource)) return this.rt('prepareLeaf');
    if (!s.properties && values(s) === undefined && !resource && !s.items) return null;
    return this.fn('prepare', s, String(resource), hint, () => {
      const isObject = this.rt('isObject');
      const setOwn = this.rt('setOwn');
      const head = this.rt('prepareHead');
      const items = s.items ? this.prepare(s.items, false, [...hint, 'item']) : null;
      const lines: string[] = [];
      lines.push(`if (Array.isArray(v)) return ${items === null ? 'v' : `${this.rt('prepareItems')}(v, ${items})`};`);
      if (!s.properties && values(s) === undefined && !resource) {
        lines.push(this.keepUnknown(s) ? 'return v;' : `return ${this.rt('prepareLeaf')}(v);`);
        return { doc: 'Prepares a value as the apiserver decodes it (pruned, nulls dropped, defaulted).', params: 'v: unknown', returns: 'unknown', lines };
      }
      lines.push(`if (!${isObject}(v)) return v;`);
      lines.push('let out: Record<string, unknown> | undefined;');
      lines.push('for (const k in v) {');
      lines.push('  if (!Object.hasOwn(v, k)) continue;');
      lines.push('  const x = v[k];');
      lines.push('  let y: unknown = x;');
      lines.push('  let keep = true;');
      lines.push('  switch (k) {');
      const propNames = new Set<string>();
      const valueCase = (sub: JSONSchemaProps, subHint: readonly string[], indent: string): string[] => {
        const f = this.prepare(sub, false, subHint);
        const call = f === null ? [] : [`y = ${f}(x);`];
        if (sub.nullable === true) return call.map((l) => indent + l);
        return f === null ? [`${indent}if (x === null) keep = false;`] : [`${indent}if (x === null) keep = false;`, `${indent}else y = ${f}(x);`];
      };
      if (resource) {
        propNames.add('metadata');
        lines.push(`    case 'metadata':`, '      break;');
      }
      for (const [name, sub] of props(s)) {
        if (propNames.has(name)) continue;
        propNames.add(name);
        lines.push(`    case ${jsString(name)}:`, ...valueCase(sub, [...hint, name], '      '), '      break;');
      }
      const vs = values(s);
      if (resource && vs === undefined) {
        for (const name of ['apiVersion', 'kind']) if (!propNames.has(name)) lines.push(`    case ${jsString(name)}:`, '      break;');
      }
      lines.push('    default:');
      if (vs !== undefined) lines.push(...valueCase(vs, [...hint, 'value'], '      '));
      else if (!this.keepUnknown(s)) lines.push('      keep = false;');
      lines.push('  }');
      lines.push('  if (out === undefined) {');
      lines.push('    if (keep && y === x) continue;');
      lines.push(`    out = ${head}(v, k);`);
      lines.push('  }');
      lines.push(`  if (keep) ${setOwn}(out, k, y);`);
      lines.push('}');
      for (const [name, sub] of props(s)) {
        if (sub.default === undefined) continue;
        const d = this.constant(helperName('default', ...hint, name), jsLiteral(sub.default), 'unknown');
        const f = this.prepare(sub, false, [...hint, name]);
        lines.push(`if (!Object.hasOwn(out ?? v, ${jsString(name)})) {`);
        lines.push(`  out ??= ${head}(v, undefined);`);
        lines.push(`  ${setOwn}(out, ${jsString(name)}, ${f === null ? d : `${f}(${d})`});`);
        lines.push('}');
      }
      lines.push('return out ?? v;');
      return { doc: 'Prepares a value as the apiserver decodes it (pruned, nulls dropped, defaulted); shared when nothing changes.', params: 'v: unknown', returns: 'unknown', lines };
    });
  }

  // ——— the schema checks ———

  /** The name of the node's check function, or null when the node checks nothing. */
  private node(s: JSONSchemaProps, hint: readonly string[]): string | null {
    return this.fn('node', s, '', hint, () => {
      const lines = this.nodeLines(s, hint);
      if (lines.length === 0) return null;
      return { doc: 'The OpenAPI schema checks of a node, appending errors in the apiserver\'s order.', params: `v: unknown, path: string, errors: ${this.rtType('FieldError')}[]`, returns: 'void', lines };
    });
  }

  private nodeLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const lines: string[] = [];
    const enumValues = s.enum !== undefined && s.enum.length > 0 ? s.enum : undefined;
    const supported = enumValues === undefined ? undefined : this.constant(helperName('supported', ...hint), `\`supported values: \${${jsLiteral(enumValues)}.map(${this.rt('enumText')}).join(', ')}\``);
    if (s.nullable === true) {
      lines.push('if (v === null) {');
      if (enumValues !== undefined && supported !== undefined && !enumValues.includes(null)) lines.push(`  errors.push(${this.rt('notSupported')}(path, v, ${supported}));`);
      lines.push('  return;', '}');
    }
    const types = declaredTypes(s);
    const isObject = this.rt('isObject');
    if (types.length > 0) {
      lines.push(`if (!(${fastTypeTest(types, isObject)})) {`);
      lines.push(`  const e = ${this.rt('typeErrorOf')}(v, ${jsLiteral(types)}, ${jsString(s.format ?? '')}, ${s.nullable === true}, path);`);
      lines.push('  if (e !== undefined) errors.push(e);', '}');
    }
    lines.push(...this.compositionLines(s, hint));
    lines.push(...this.stringLines(s, hint));
    lines.push(...this.numberLines(s, types));
    if (enumValues !== undefined && supported !== undefined) {
      const tests = enumValues.map((e) => (e === null || typeof e === 'string' || typeof e === 'boolean' ? `v === ${jsLiteral(e)}` : `${this.rt('jsonEqual')}(${this.constant(helperName('enumValue', ...hint), jsLiteral(e), 'unknown')}, v)`));
      lines.push(`if (!(${tests.join(' || ')})) errors.push(${this.rt('notSupported')}(path, v, ${supported}));`);
    }
    const array = this.arrayLines(s, hint);
    const object = this.objectLines(s, hint);
    if (array.length > 0) lines.push('if (Array.isArray(v)) {', ...array.map((l) => `  ${l}`), `}${object.length > 0 ? ` else if (${isObject}(v)) {` : ''}`);
    else if (object.length > 0) lines.push(`if (${isObject}(v)) {`);
    if (object.length > 0) lines.push(...object.map((l) => `  ${l}`), '}');
    return lines;
  }

  private compositionLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const lines: string[] = [];
    const fieldError = this.rtType('FieldError');
    (s.allOf ?? []).forEach((b, i) => {
      const f = this.node(b, [...hint, `allOf${i}`]);
      if (f !== null) lines.push(`${f}(v, path, errors);`);
    });
    const branches = (list: readonly JSONSchemaProps[] | undefined, word: string, report: string) => {
      if (!list || list.length === 0) return;
      const names = list.map((b, i) => {
        const f = this.node(b, [...hint, `${word}${i}`]);
        lines.push(`const ${word}${i}: ${fieldError}[] = [];`);
        if (f !== null) lines.push(`${f}(v, path, ${word}${i});`);
        return `${word}${i}`;
      });
      lines.push(`${this.rt(report)}(path, [${names.join(', ')}], errors);`);
    };
    branches(s.anyOf, 'anyOf', 'anyOfErrors');
    branches(s.oneOf, 'oneOf', 'oneOfErrors');
    if (s.not) {
      const f = this.node(s.not, [...hint, 'not']);
      if (f === null) lines.push(`errors.push(${this.rt('notError')}(path));`);
      else lines.push(`const not: ${fieldError}[] = [];`, `${f}(v, path, not);`, `if (not.length === 0) errors.push(${this.rt('notError')}(path));`);
    }
    return lines;
  }

  private stringLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const checks: string[] = [];
    if (s.format !== undefined) {
      const check = this.constant(helperName('format', s.format), `${this.rt('formatCheck')}(${jsString(s.format)})`);
      checks.push(`if (${check} !== undefined && !${check}(v)) errors.push(${this.rt('formatError')}(path, v, ${jsString(s.format)}));`);
    }
    // go-openapi's string validator stops at its first failure: maxLength, then minLength, then pattern (lengths in runes).
    const chain: string[] = [];
    const runes = s.maxLength !== undefined || s.minLength !== undefined ? this.rt('runeCount') : '';
    if (s.maxLength !== undefined) chain.push(`if (v.length > ${s.maxLength} && ${runes}(v) > ${s.maxLength}) errors.push(${this.rt('tooLong')}(path, v, ${s.maxLength}));`);
    if (s.minLength !== undefined) chain.push(`if (v.length < ${s.minLength} || (v.length < ${2 * Number(s.minLength)} && ${runes}(v) < ${s.minLength})) errors.push(${this.rt('tooShort')}(path, v, ${s.minLength}));`);
    if (s.pattern !== undefined) {
      const re = this.constant(helperName('pattern', ...hint), `${this.rt('compilePattern')}(${jsString(s.pattern)})`);
      chain.push(`if (${re} !== null && !${re}.test(v)) errors.push(${this.rt('patternMismatch')}(path, v, ${jsString(s.pattern)}));`);
    }
    checks.push(...chain.map((c, i) => (i === 0 ? c : `else ${c}`)));
    return checks.length === 0 ? [] : ["if (typeof v === 'string') {", ...checks.map((c) => `  ${c}`), '}'];
  }

  private numberLines(s: JSONSchemaProps, types: readonly string[]): string[] {
    const checks: string[] = [];
    if (types.includes('integer') && !types.includes('number')) {
      const [lo, hi] = s.format === 'int32' ? ['-(2 ** 31)', '2 ** 31 - 1'] : ['-(2 ** 63)', '2 ** 63'];
      checks.push(`if (!Number.isInteger(n) || n < ${lo} || n > ${hi}) errors.push(${this.rt('notInteger')}(path, ${jsString(s.format ?? '')}));`);
    }
    if (s.multipleOf !== undefined) {
      checks.push(`const notMultiple = ${this.rt('multipleOfError')}(v, ${jsLiteral(s.multipleOf)}, path);`, 'if (notMultiple !== undefined) errors.push(notMultiple);');
    }
    if (s.maximum !== undefined) {
      const ex = s.exclusiveMaximum === true;
      checks.push(`if (n ${ex ? '>=' : '>'} ${jsLiteral(s.maximum)}) errors.push(${this.rt('aboveMaximum')}(path, v, ${jsLiteral(s.maximum)}, ${ex}));`);
    }
    if (s.minimum !== undefined) {
      const ex = s.exclusiveMinimum === true;
      checks.push(`if (n ${ex ? '<=' : '<'} ${jsLiteral(s.minimum)}) errors.push(${this.rt('belowMinimum')}(path, v, ${jsLiteral(s.minimum)}, ${ex}));`);
    }
    if (checks.length === 0) return [];
    const usesN = checks.some((c) => /\bn\b/.test(c));
    return ["if (typeof v === 'number' || typeof v === 'bigint') {", ...(usesN ? ['  const n = Number(v);'] : []), ...checks.map((c) => `  ${c}`), '}'];
  }

  private arrayLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const lines: string[] = [];
    const items = s.items ? this.node(s.items, [...hint, 'item']) : null;
    if (items !== null) lines.push(`for (let i = 0; i < v.length; i++) ${items}(v[i], ${this.rt('item')}(path, i), errors);`);
    if (s.maxItems !== undefined) lines.push(`if (v.length > ${s.maxItems}) errors.push(${this.rt('tooMany')}(path, v.length, ${s.maxItems}));`);
    if (s.minItems !== undefined) lines.push(`if (v.length < ${s.minItems}) errors.push(${this.rt('tooFewItems')}(path, v.length, ${s.minItems}));`);
    if (s.uniqueItems === true) lines.push(`if (${this.rt('hasDuplicates')}(v)) errors.push(${this.rt('duplicateItems')}(path));`);
    return lines;
  }

  private objectLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const lines: string[] = [];
    const cases = this.childCases(s, hint, (sub, h) => this.node(sub, h), (f, key, name) => `${f}(v[k], ${this.rt('child')}(path, ${key === null ? 'k' : jsString(name)}), errors);`);
    const countKeys = s.maxProperties !== undefined || s.minProperties !== undefined;
    if (countKeys) lines.push('const count = Object.keys(v).length;');
    if (s.maxProperties !== undefined) lines.push(`if (count > ${s.maxProperties}) errors.push(${this.rt('tooMany')}(path, count, ${s.maxProperties}));`);
    if (s.minProperties !== undefined) lines.push(`if (count < ${s.minProperties}) errors.push(${this.rt('tooFewProperties')}(path, count, ${s.minProperties}));`);
    for (const name of s.required ?? []) lines.push(`if (!Object.hasOwn(v, ${jsString(name)})) errors.push(${this.rt('required')}(path, ${jsString(name)}));`);
    if (cases.length > 0) lines.push(...ownKeysLoop(cases));
    return lines;
  }

  /**
   * The `switch (k)` over an object's own keys calling each property's (and map value's) function of a pass: lines,
   * or none when no property or value has one. `call(f, null, '')` is the map values' call.
   */
  private childCases(s: JSONSchemaProps, hint: readonly string[], fnOf: (sub: JSONSchemaProps, hint: readonly string[]) => string | null, call: (f: string, key: string | null, name: string) => string): string[] {
    const vs = values(s);
    const valuesFn = vs === undefined ? null : fnOf(vs, [...hint, 'value']);
    const cases: string[] = [];
    let any = valuesFn !== null;
    for (const [name, sub] of props(s)) {
      const f = fnOf(sub, [...hint, name]);
      if (f !== null) {
        any = true;
        cases.push(`  case ${jsString(name)}:`, `    ${call(f, name, name)}`, '    break;');
      } else if (valuesFn !== null) {
        cases.push(`  case ${jsString(name)}:`, '    break;');
      }
    }
    if (!any) return [];
    if (valuesFn !== null) cases.push('  default:', `    ${call(valuesFn, null, '')}`);
    return ['switch (k) {', ...cases, '}'];
  }

  // ——— embedded resources, list uniqueness, CEL: passes over the nodes that have them ———

  private has(s: JSONSchemaProps, own: (s: JSONSchemaProps) => boolean): boolean {
    if (own(s)) return true;
    if (s.items && this.has(s.items, own)) return true;
    const vs = values(s);
    if (vs && this.has(vs, own)) return true;
    return props(s).some(([, p]) => this.has(p, own));
  }

  private embedded(s: JSONSchemaProps, hint: readonly string[]): string | null {
    const own = (x: JSONSchemaProps) => x['x-kubernetes-embedded-resource'] === true;
    if (!this.has(s, own)) return null;
    return this.fn('embedded', s, '', hint, () => {
      const lines: string[] = [];
      const items = s.items ? this.embedded(s.items, [...hint, 'item']) : null;
      lines.push('if (Array.isArray(v)) {');
      if (items !== null) lines.push(`  for (let i = 0; i < v.length; i++) ${items}(v[i], ${this.rt('item')}(path, i), errors);`);
      lines.push('  return;', '}', `if (!${this.rt('isObject')}(v)) return;`);
      if (own(s)) lines.push(`${this.rt('embeddedResourceChecks')}(v, path, errors);`);
      const cases = this.childCases(s, hint, (sub, h) => this.embedded(sub, h), (f, key, name) => `${f}(v[k], ${this.rt('child')}(path, ${key === null ? 'k' : jsString(name)}), errors);`);
      if (cases.length > 0) lines.push(...ownKeysLoop(cases));
      return { doc: 'The checks of the embedded resources (`x-kubernetes-embedded-resource`) at and below a node.', params: `v: unknown, path: string, errors: ${this.rtType('FieldError')}[]`, returns: 'void', lines };
    });
  }

  private lists(s: JSONSchemaProps, hint: readonly string[]): string | null {
    const own = (x: JSONSchemaProps) => x['x-kubernetes-list-type'] === 'set' || x['x-kubernetes-list-type'] === 'map';
    if (!this.has(s, own)) return null;
    return this.fn('lists', s, '', hint, () => {
      const lines: string[] = [];
      const items = s.items ? this.lists(s.items, [...hint, 'item']) : null;
      lines.push('if (Array.isArray(v)) {');
      if (s['x-kubernetes-list-type'] === 'set') lines.push(`  ${this.rt('setDuplicates')}(v, path, errors);`);
      if (s['x-kubernetes-list-type'] === 'map') lines.push(`  ${this.rt('listMapDuplicates')}(v, ${jsLiteral(s['x-kubernetes-list-map-keys'] ?? [])}, path, errors);`);
      if (items !== null) lines.push(`  for (let i = 0; i < v.length; i++) ${items}(v[i], ${this.rt('item')}(path, i), errors);`);
      lines.push('  return;', '}');
      const cases = this.childCases(s, hint, (sub, h) => this.lists(sub, h), (f, key, name) => `${f}(v[k], ${this.rt('child')}(path, ${key === null ? 'k' : jsString(name)}), errors);`);
      if (cases.length > 0) lines.push(`if (!${this.rt('isObject')}(v)) return;`, ...ownKeysLoop(cases));
      return { doc: 'The uniqueness of `x-kubernetes-list-type` set and map lists at and below a node.', params: `v: unknown, path: string, errors: ${this.rtType('FieldError')}[]`, returns: 'void', lines };
    });
  }

  private cel(s: JSONSchemaProps, hint: readonly string[]): string | null {
    const own = (x: JSONSchemaProps) => (x['x-kubernetes-validations'] ?? []).length > 0;
    if (!this.has(s, own)) return null;
    return this.fn('cel', s, '', hint, () => {
      const lines: string[] = ['if (v === null || v === undefined) return;'];
      if (own(s)) {
        const rules = this.constant(helperName('rules', ...hint), `${this.rt('precompileRules')}(${schemaLiteral(celSchema(s, true), 0)})`);
        lines.push(`${this.rt('nodeRules')}(${rules}, v, old, hasOld, path, resource, w);`);
      }
      const items = s.items ? this.cel(s.items, [...hint, 'item']) : null;
      if (items !== null) {
        const embedded = s.items?.['x-kubernetes-embedded-resource'] === true;
        lines.push('if (Array.isArray(v)) {', '  for (let i = 0; i < v.length; i++) {');
        if (s['x-kubernetes-list-type'] === 'map') {
          lines.push(`    const o = ${this.rt('oldItem')}(v[i], old, hasOld, ${jsLiteral(s['x-kubernetes-list-map-keys'] ?? [])});`);
          lines.push(`    ${items}(v[i], o, o !== undefined, ${this.rt('item')}(path, i), ${embedded}, w);`);
        } else {
          lines.push(`    ${items}(v[i], undefined, false, ${this.rt('item')}(path, i), ${embedded}, w);`);
        }
        lines.push('  }', '  return;', '}');
      } else if (s.items) {
        lines.push('if (Array.isArray(v)) return;');
      }
      const oldProperty = this.rt('oldProperty');
      const cases = this.childCases(
        s,
        hint,
        (sub, h) => this.cel(sub, h),
        (f, key, name) => {
          const sub = key === null ? values(s) : props(s).find(([n]) => n === name)?.[1];
          const embedded = sub?.['x-kubernetes-embedded-resource'] === true;
          return `{ const o = ${oldProperty}(old, hasOld, ${key === null ? 'k' : jsString(name)}); ${f}(v[k], o, o !== undefined, ${this.rt('child')}(path, ${key === null ? 'k' : jsString(name)}), ${embedded}, w); }`;
        },
      );
      if (cases.length > 0) lines.push(`if (!${this.rt('isObject')}(v)) return;`, ...ownKeysLoop(cases));
      return {
        doc: 'The CEL rules (`x-kubernetes-validations`) at and below a node; `old` is the correlated stored value on an update.',
        params: `v: unknown, old: unknown, hasOld: boolean, path: string, resource: boolean, w: ${this.rtType('Walk')}`,
        returns: 'void',
        lines,
      };
    });
  }
}
