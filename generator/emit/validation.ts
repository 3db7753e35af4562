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
 * `validate<Type>` and its passes exported under fixed names (`visit<Type>`, `embedded<Type>`, `lists<Type>`,
 * `cel<Type>`); a node of a kind's schema whose (pass, schema) is exactly that of such a type — a `@kubegen/api` type
 * the package reaches, or with `everyType` a type of another group of the same source tree — calls the exported pass
 * instead of compiling its own: the kind's walk calls the type's `visit` for the node (its value prepared and
 * checked in the same walk, its depth carried on), and the other passes where they reach it. The match is on the compiled schema itself, so a use site
 * that changes the node (a marker or rule on the embedding field, an embedded copy that differs from the type) is
 * compiled in the kind's file, its unchanged children still calling the type's passes: the errors are the same.
 */
import { goFloat } from '@kubegen/runtime/validation';
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

/**
 * The passes a type's validators export, under the names {@link passExportName} gives them: the passes a node of an
 * embedding schema calls (its `visit` in the walk of its parent, its `embedded`, `lists` and `cel` in theirs). The
 * schema checks alone (`node`) are not among them: only a composition branch or a resource's `metadata` calls those.
 */
const TYPE_PASSES: readonly TypePass[] = ['visit', 'embedded', 'lists', 'cel'];

type TypePass = Exclude<Pass, 'node' | 'scan' | 'leaf'>;

/** The exported name of a struct type's pass: `visit<Type>`, `embedded<Type>`, `lists<Type>`, `cel<Type>`. */
function passExportName(pass: TypePass, type: string): string {
  return helperName(pass, type);
}

/**
 * Whether a struct type's passes are exported under its names: when it has properties. A type with none has the
 * schema `{type: object}` of every opaque object (a kind's `metadata` …), which must not be named after it.
 */
function namedPasses(s: JSONSchemaProps): boolean {
  return s.properties !== undefined && Object.keys(s.properties).length > 0;
}

/**
 * The memo key of a pass's function over a node: the pass, what else its body depends on (`extra`: a visit's
 * `resource` flag) and the node's schema. Two nodes with one key have one function, whichever file compiles it.
 */
function memoKey(pass: Pass, extra: string, s: JSONSchemaProps): string {
  return `${pass}\0${extra}\0${schemaKey(s)}`;
}

/** Whether a visit of `s` prepares a resource: at a kind's root, or where the schema says it embeds one. */
function isResource(s: JSONSchemaProps, root: boolean): boolean {
  return root || s['x-kubernetes-embedded-resource'] === true;
}

/** The memo key of a pass over a type's own schema where another schema embeds it (its visit: no kind's root). */
function passKey(pass: TypePass, s: JSONSchemaProps): string {
  return memoKey(pass, pass === 'visit' ? String(isResource(s, false)) : '', s);
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
  scan?: string;
  embedded?: string;
  lists?: string;
  cel?: string;
}

type Pass = 'visit' | 'scan' | 'leaf' | 'embedded' | 'node' | 'lists' | 'cel';

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
function ownKeysLoop(own: string, body: readonly string[]): string[] {
  return ['for (const k in v) {', `  if (!${own}(v, k)) continue;`, ...body.map((l) => `  ${l}`), '}'];
}

/** Whether a node has composition branches (`allOf`, `anyOf`, `oneOf`, `not`), which its checks call with its path. */
function composes(s: JSONSchemaProps): boolean {
  return s.allOf !== undefined || s.anyOf !== undefined || s.oneOf !== undefined || s.not !== undefined;
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
 * The test that `x` is of a scalar leaf's one type as its visit's type check has it (an integer a safe integer):
 * where it holds, the visit's checks past the type are the leaf's {@link ValidatorCompiler.leafChecks}.
 */
function typeGuard(types: readonly string[], x: string): string {
  switch (types[0]) {
    case 'string':
      return `typeof ${x} === 'string'`;
    case 'integer':
      return `typeof ${x} === 'number' && Number.isSafeInteger(${x})`;
    case 'number':
      return `typeof ${x} === 'number'`;
    case 'boolean':
      return `typeof ${x} === 'boolean'`;
    default:
      return 'false';
  }
}

/** How a leaf's checks are written: see {@link ValidatorCompiler.stringLines}. */
interface LeafLines {
  v?: string;
  at?: string;
  typed?: boolean;
}

/** The path of property `name` below the constant path `parent` (the runtime's `at`, joined at generation time). */
function fixedPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}.${name}`;
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
  private readonly scanMemo = new Map<string, boolean>();
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
    // `setOwn` lives in `/internal` too, whose exports object (re-exports: getters) is in V8's dictionary mode; the
    // validation entry binds it as a data property, as every name of the kit (runtime/src/validation/index.ts).
    if (name === 'setOwn') return this.imports.value(`${RUNTIME_PACKAGE}/validation`, name);
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
  typePasses(type: string, s: JSONSchemaProps): { passes: RootPasses; functions: Array<[TypePass, string]> } {
    const passes = this.root(type, s, false);
    const functions: Array<[TypePass, string]> = [];
    const hint = [type];
    for (const pass of TYPE_PASSES) {
      const f = this.passOf(pass, s, hint);
      if (f !== null && f === this.preferred.get(passKey(pass, s))) functions.push([pass, f]);
    }
    return { passes, functions };
  }

  /** The function of one pass over `s` (memoised: the one `root` already made). */
  private passOf(pass: TypePass, s: JSONSchemaProps, hint: readonly string[]): string | null {
    switch (pass) {
      case 'visit':
        return this.visit(s, false, hint);
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
    const visit = this.visit(s, root, hint);
    // The scan of a kind's root (a type's validator, exported by @kubegen/api too, keeps the visit alone).
    const scan = root ? this.scan(s, true, hint, '') : null;
    const embedded = this.embedded(s, hint);
    const lists = this.lists(s, hint);
    const cel = this.cel(s, hint);
    const errors = this.rtType('FieldError');
    return {
      prepare: `(v: Record<string, unknown>, errors: ${errors}[]): unknown => ${visit}(v, '', '', errors, 0)`,
      ...(scan !== null ? { scan: `(v: Record<string, unknown>, errors: ${errors}[]): boolean => ${scan}(v, ${this.fixedScan(s, '') ? '' : "'', '', "}errors, 0)` } : {}),
      ...(embedded !== null ? { embedded: `(v: unknown, errors: ${errors}[]): void => { ${embedded}(v, '', errors); }` } : {}),
      ...(lists !== null ? { lists: `(v: unknown, errors: ${errors}[]): void => { ${lists}(v, '', errors); }` } : {}),
      ...(cel !== null
        ? { cel: `(v: unknown, old: unknown, hasOld: boolean, errors: ${errors}[], unchecked: string[]): void => { ${cel}(v, old, hasOld, '', true, ${this.rt('celWalk')}(errors, unchecked)); }` }
        : {}),
    };
  }

  /** The function of `pass` for `s` (built once per distinct node), or null when the pass has nothing to do there. */
  private fn(pass: Pass, s: JSONSchemaProps, extra: string, hint: readonly string[], build: (name: string) => Omit<CompiledFunction, 'name'> | null): string | null {
    const key = memoKey(pass, extra, s);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const preferred = this.preferred.get(key);
    const external = preferred === undefined ? this.externals.get(key) : undefined;
    if (external !== undefined) {
      const imported = this.imports.value(external.module, external.name);
      this.memo.set(key, imported);
      return imported;
    }
    const name = preferred ?? this.names.name(key, helperName(pass === 'node' ? 'check' : pass === 'leaf' ? 'checkLeaf' : pass, ...hint));
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

  // ——— visit: prepare (prune, drop non-nullable nulls, default; copy only what changes) and check, in one walk ———

  private isLeaf(s: JSONSchemaProps, resource: boolean): boolean {
    return !s.properties && !s.items && values(s) === undefined && !resource && !this.keepUnknown(s);
  }

  private keepUnknown(s: JSONSchemaProps): boolean {
    return s['x-kubernetes-preserve-unknown-fields'] === true || s.additionalProperties === true;
  }

  /**
   * The visit function of `s`: `(v, parent, key, errors, depth) => prepared`. It prepares the value as the
   * apiserver's decoder does (the walker's prepare pass) and appends the errors of the schema checks of the prepared
   * value (the walker's node pass) — the children's in their walk, the node's own hoisted before them, as the walker
   * orders them — and checks the nesting depth of every value it keeps or drops without walking it. Its path is
   * built from `parent` and `key` only where needed: at once for a node with children, on an error for a leaf.
   */
  private visit(s: JSONSchemaProps, root: boolean, hint: readonly string[]): string {
    const resource = isResource(s, root);
    const name = this.fn('visit', s, String(resource), hint, () => ({
      doc: 'Prepares a value as the apiserver decodes it (pruned, nulls dropped, defaulted; shared when nothing changes) and checks it.',
      params: `v: unknown, parent: string, key: string | number, errors: ${this.rtType('FieldError')}[], depth: number`,
      returns: 'unknown',
      lines: this.isLeaf(s, resource) ? this.leafVisitLines(s, hint) : this.containerVisitLines(s, resource, hint),
    }));
    // fn gives null only when the build does, and a visit always has a body.
    return name ?? 'undefined';
  }

  /** `if (…) deep(x, depth)`: the depth check of a value the walk does not enter. */
  private deepLine(x: string, depth: string): string {
    return `if (typeof ${x} === 'object' && ${x} !== null) ${this.rt('deep')}(${x}, ${depth});`;
  }

  private leafVisitLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const lines = [`if (typeof v === 'object' && v !== null) v = ${this.rt('leafValue')}(v, depth);`];
    // The path is built on an error only, unless the node's composition passes it to its branches.
    const eager = composes(s);
    if (eager) lines.push(`const path = ${this.rt('at')}(parent, key);`);
    const p = eager ? 'path' : `${this.rt('at')}(parent, key)`;
    lines.push(...this.nodeLines(s, hint, p, 'return v;', false));
    const tail = this.arrayTailLines(s, p);
    if (tail.length > 0) lines.push('if (Array.isArray(v)) {', ...tail.map((l) => `  ${l}`), '}');
    lines.push('return v;');
    return lines;
  }

  private containerVisitLines(s: JSONSchemaProps, resource: boolean, hint: readonly string[]): string[] {
    const isObject = this.rt('isObject');
    const walksObject = s.properties !== undefined || values(s) !== undefined || resource;
    // The path is built at once where children are walked (or composition branches called), else on an error only.
    const eager = s.items !== undefined || walksObject || composes(s);
    const p = eager ? 'path' : `${this.rt('at')}(parent, key)`;
    const lines = eager ? [`const path = ${this.rt('at')}(parent, key);`] : [];
    const flags = s.properties || resource ? this.requiredFlags(s) : new Map<string, string>();
    for (const flag of flags.values()) lines.push(`let ${flag} = false;`);
    const header = this.nodeLines(s, hint, p, 'return v;', false, flags);
    if (header.length > 0) lines.push('const mark = errors.length;');
    lines.push('if (Array.isArray(v)) {');
    if (s.items) {
      const items = this.visit(s.items, false, [...hint, 'item']);
      const itemsFast = this.fastValid(s.items, 'x', [...hint, 'item']);
      lines.push(
        '  let out: unknown[] | undefined;',
        '  for (let i = 0; i < v.length; i++) {',
        '    const x: unknown = v[i];',
        `    const y = ${itemsFast === null ? '' : `${itemsFast} ? x : `}${items}(x, path, i, errors, depth + 1);`,
        '    if (out === undefined) {',
        '      if (y === x) continue;',
        '      out = v.slice(0, i);',
        '    }',
        '    out.push(y);',
        '  }',
        '  if (out !== undefined) v = out;',
      );
    } else {
      lines.push(`  ${this.rt('deep')}(v, depth);`);
    }
    lines.push(`} else if (${isObject}(v)) {`);
    if (!walksObject) {
      lines.push(this.keepUnknown(s) ? `  ${this.rt('deep')}(v, depth);` : `  v = ${this.rt('leafValue')}(v, depth);`);
    } else {
      lines.push(...this.objectVisitLines(s, resource, hint).map((l) => `  ${l}`));
    }
    lines.push('}');
    if (header.length > 0) {
      lines.push('const end = errors.length;', ...header);
      lines.push(`if (errors.length !== end && end !== mark) ${this.rt('hoist')}(errors, mark, end);`);
    }
    const tail = this.arrayTailLines(s, p);
    if (tail.length > 0) lines.push('if (Array.isArray(v)) {', ...tail.map((l) => `  ${l}`), '}');
    lines.push('return v;');
    return lines;
  }

  /** The walk of an object's own keys: each property (or map value) visited, unknown ones pruned or kept, defaults applied. */
  private objectVisitLines(s: JSONSchemaProps, resource: boolean, hint: readonly string[]): string[] {
    const own = this.rt('own');
    const setOwn = this.rt('setOwn');
    const head = this.rt('prepareHead');
    const lines: string[] = ['let out: Record<string, unknown> | undefined;', 'for (const k in v) {', `  if (!${own}(v, k)) continue;`, '  const x = v[k];', '  let y: unknown = x;', '  let keep = true;', '  switch (k) {'];
    const vs = values(s);
    // Required properties are seen in the walk (flags), so that their errors need no second look at the object.
    const flags = this.requiredFlags(s);
    const valueCase = (sub: JSONSchemaProps, subHint: readonly string[], keyExpr: string, flag: string | undefined): string[] => {
      const f = this.visit(sub, false, subHint);
      const fast = this.fastValid(sub, 'x', subHint);
      const call = [...(flag === undefined ? [] : [`${flag} = true;`]), fast === null ? `y = ${f}(x, path, ${keyExpr}, errors, depth + 1);` : `if (!(${fast})) y = ${f}(x, path, ${keyExpr}, errors, depth + 1);`];
      return sub.nullable === true ? call : ['if (x === null) {', '  keep = false;', '  break;', '}', ...call];
    };
    const propNames = new Set<string>();
    if (resource) {
      // ObjectMeta is the apiserver's: never pruned by the CRD schema, checked (not prepared) by the node's schema for it.
      propNames.add('metadata');
      const metaSchema = props(s).find(([n]) => n === 'metadata')?.[1] ?? vs;
      const check = metaSchema === undefined ? null : this.node(metaSchema, [...hint, 'metadata']);
      lines.push(`    case 'metadata':`, `      ${this.deepLine('x', 'depth + 1')}`);
      // A bare `type: object` (what the CRD builder writes) checks nothing an object can fail.
      const bare = metaSchema !== undefined && Object.keys(metaSchema).every((k) => k === 'type') && metaSchema.type === 'object';
      if (check !== null) lines.push(`      ${bare ? `if (!${this.rt('isObject')}(x)) ` : ''}${check}(x, ${this.rt('at')}(path, 'metadata'), errors);`);
      lines.push('      break;');
    }
    for (const [name, sub] of props(s)) {
      if (propNames.has(name)) continue;
      propNames.add(name);
      lines.push(`    case ${jsString(name)}:`, ...valueCase(sub, [...hint, name], jsString(name), flags.get(name)).map((l) => `      ${l}`), '      break;');
    }
    if (resource && vs === undefined) {
      for (const name of ['apiVersion', 'kind']) if (!propNames.has(name)) lines.push(`    case ${jsString(name)}:`, `      ${this.deepLine('x', 'depth + 1')}`, '      break;');
    }
    lines.push('    default:');
    if (vs !== undefined) lines.push(...valueCase(vs, [...hint, 'value'], 'k', undefined).map((l) => `      ${l}`));
    else {
      lines.push(`      ${this.deepLine('x', 'depth + 1')}`);
      if (!this.keepUnknown(s)) lines.push('      keep = false;');
    }
    lines.push('  }', '  if (out === undefined) {', '    if (keep && y === x) continue;', `    out = ${head}(v, k);`, '  }', `  if (keep) ${setOwn}(out, k, y);`, '}');
    for (const [name, sub] of props(s)) {
      if (sub.default === undefined) continue;
      const d = this.constant(helperName('default', ...hint, name), jsLiteral(sub.default), 'unknown');
      const f = this.visit(sub, false, [...hint, name]);
      const flag = flags.get(name);
      lines.push(flag === undefined ? `if (!${own}(out ?? v, ${jsString(name)})) {` : `if (!${flag}) {`, `  out ??= ${head}(v, undefined);`, `  ${setOwn}(out, ${jsString(name)}, ${f}(${d}, path, ${jsString(name)}, errors, depth + 1));`, '}');
    }
    lines.push('if (out !== undefined) v = out;');
    return lines;
  }

  /** A property with a default: present in every prepared object. */
  private defaulted(s: JSONSchemaProps, name: string): boolean {
    return props(s).some(([n, p]) => n === name && p.default !== undefined);
  }

  /**
   * The flag variables of an object node's properties whose presence matters after its walk — the required ones
   * with no default (a defaulted one is always there) and the defaulted ones — by property name: a flag is set where
   * the walk keeps the property, so that neither check looks the object up again.
   */
  private requiredFlags(s: JSONSchemaProps): Map<string, string> {
    const flags = new Map<string, string>();
    const declared = new Set(props(s).map(([n]) => n));
    const names = [...(s.required ?? []).filter((n) => !this.defaulted(s, n)), ...props(s).filter(([, p]) => p.default !== undefined).map(([n]) => n)];
    let i = 0;
    for (const name of names) {
      if (flags.has(name) || !declared.has(name) || name === 'metadata') continue;
      flags.set(name, `seen${i++}`);
    }
    return flags;
  }

  /**
   * An expression over `x` that holds only where a value of the leaf schema `s` is valid and prepared as it is (a
   * scalar of its type passing every keyword), so that the walk skips the leaf's visit for it; null when the leaf
   * has a keyword this test does not cover (its visit is always called). Each test is the visit's own, so a value
   * the test refuses gets the visit's errors.
   */
  private fastValid(s: JSONSchemaProps, x: string, hint: readonly string[]): string | null {
    if (!this.leafTestable(s)) return null;
    const types = declaredTypes(s);
    const tests: string[] = [];
    const enumValues = s.enum !== undefined && s.enum.length > 0 ? s.enum : undefined;
    switch (types[0]) {
      case 'string': {
        tests.push(`typeof ${x} === 'string'`);
        if (s.format !== undefined) {
          const check = this.constant(helperName('format', s.format), `${this.rt('formatCheck')}(${jsString(s.format)})`);
          tests.push(`(${check} === undefined || ${check}(${x}))`);
        }
        // Lengths in runes: at most `length` of them, at least half as many.
        if (s.maxLength !== undefined) tests.push(`${x}.length <= ${s.maxLength}`);
        if (s.minLength !== undefined) tests.push(`${x}.length >= ${2 * Number(s.minLength)}`);
        if (s.pattern !== undefined) {
          const re = this.constant(helperName('pattern', ...hint), `${this.rt('compilePattern')}(${jsString(s.pattern)})`);
          tests.push(`(${re} === null || ${re}.test(${x}))`);
        }
        if (enumValues !== undefined) {
          tests.push(`(${enumValues.map((e) => `${x} === ${jsLiteral(e)}`).join(' || ')})`);
        }
        break;
      }
      case 'integer':
      case 'number': {
        tests.push(`typeof ${x} === 'number'`);
        if (types[0] === 'integer') tests.push(`Number.isSafeInteger(${x})`);
        if (types[0] === 'integer' && s.format === 'int32') tests.push(`${x} >= -(2 ** 31)`, `${x} <= 2 ** 31 - 1`);
        if (s.maximum !== undefined) tests.push(`${x} ${s.exclusiveMaximum === true ? '<' : '<='} ${jsLiteral(s.maximum)}`);
        if (s.minimum !== undefined) tests.push(`${x} ${s.exclusiveMinimum === true ? '>' : '>='} ${jsLiteral(s.minimum)}`);
        break;
      }
      default:
        tests.push(`typeof ${x} === 'boolean'`);
    }
    return tests.join(' && ');
  }

  /** Whether {@link fastValid} covers the leaf `s`: a scalar type, and no keyword it does not test (string enums only). */
  private leafTestable(s: JSONSchemaProps): boolean {
    if (!this.isLeaf(s, isResource(s, false)) || composes(s) || s.multipleOf !== undefined) return false;
    const types = declaredTypes(s);
    if (types.length !== 1) return false;
    const hasEnum = s.enum !== undefined && s.enum.length > 0;
    switch (types[0]) {
      case 'string':
        return !hasEnum || (s.enum ?? []).every((e) => typeof e === 'string');
      case 'integer':
      case 'number':
      case 'boolean':
        return !hasEnum;
      default:
        return false;
    }
  }

  // ——— scan: a value that needs no preparing, checked in place (its errors the visit's), without copying ———

  /**
   * Whether `s` (visited as a resource or not) has a scan ({@link scan}): every node below it is a scalar leaf
   * {@link fastValid} covers, an object of properties (or of map values, or with preserved unknown fields) whose own
   * checks are its type and its required properties, or an array of items with bounds; and no node's visit is another
   * package's or a type's exported pass. Anything else (composition, enums or property counts on containers,
   * int-or-string …) has none, and the walk decides.
   */
  private scanSupported(s: JSONSchemaProps, resource: boolean): boolean {
    const key = memoKey('scan', String(resource), s);
    const known = this.scanMemo.get(key);
    if (known !== undefined) return known;
    // Reserved first (a schema is a finite tree; a recursive one would be refused by the schema builder).
    this.scanMemo.set(key, false);
    const supported = this.scanSupportedNode(s, resource);
    this.scanMemo.set(key, supported);
    return supported;
  }

  private scanSupportedNode(s: JSONSchemaProps, resource: boolean): boolean {
    // A node a type's exported passes validate (here or in another package) has none: the scans are a kind's own, so
    // that no package exports them per type (@kubegen/api's size) — the walk calls the type's visit.
    const visitKey = memoKey('visit', String(resource), s);
    if (this.preferred.has(visitKey) || this.externals.has(visitKey)) return false;
    if (this.isLeaf(s, resource)) return this.leafTestable(s);
    // An embedded resource below the root is prepared as a resource (its metadata kept): the walk decides.
    if (!resource && isResource(s, false)) return false;
    if (composes(s) || (s.enum !== undefined && s.enum.length > 0) || s.maxProperties !== undefined || s.minProperties !== undefined || s.nullable === true) return false;
    const types = declaredTypes(s);
    if (s.items) return (types.length === 0 || (types.length === 1 && types[0] === 'array')) && !s.properties && values(s) === undefined && this.scanSupported(s.items, false);
    if (!(types.length === 0 || (types.length === 1 && types[0] === 'object'))) return false;
    const vs = values(s);
    // A map (values and nothing declared, no resource): each value checked where it is, every key kept.
    if (vs !== undefined) return !s.properties && !resource && (s.required ?? []).length === 0 && this.scanSupported(vs, false);
    const declared = new Set(props(s).map(([n]) => n));
    // A property read by name: never `__proto__` (an accessor of every object, not the own key).
    if (declared.has('__proto__')) return false;
    if (!this.mustHave(s, resource).every((n) => declared.has(n) || (resource && n === 'metadata'))) return false;
    if (resource) {
      const meta = props(s).find(([n]) => n === 'metadata')?.[1];
      if (meta !== undefined && !(Object.keys(meta).every((k) => k === 'type') && meta.type === 'object')) return false;
    }
    return props(s).every(([n, p]) => (resource && n === 'metadata') || this.scanSupported(p, false));
  }

  /** The properties an object node's prepared value always has: the required and the defaulted ones. */
  private mustHave(s: JSONSchemaProps, resource: boolean): string[] {
    const names = new Set([...(s.required ?? []), ...props(s).filter(([n, p]) => p.default !== undefined && !(resource && n === 'metadata')).map(([n]) => n)]);
    return [...names].sort(cmp);
  }

  /**
   * The scan of `s`: `(v, parent, key, errors, depth) => boolean`. True only where the visit of `v` would prepare it
   * as it is (nothing pruned, no null dropped, no default applied, no container nested too deep): then it has
   * appended exactly the visit's errors, in the visit's order; false says only that the value needs preparing (what
   * it appended is to be dropped, and the walk decides). It allocates nothing for a valid value: properties are read
   * by name and tested inline, one loop over the own keys counts them and refuses one the walk would prune, and a
   * value that fails its inline test is handed to its visit, which reports it. Null if `s` has none.
   *
   * With `at`, the node's path when it is a constant (a kind's root is `''`, and each property below properties from
   * it has one), the scan of an object of properties is that path's own, `(v, errors, depth) => boolean`: its paths,
   * required errors and failures are literals and module-level constants (see {@link fixedFailure}), no path is
   * joined at run time, and its leaves' checks are written inline. Such scans are one per path, not per distinct
   * node: a kind's code grows with its properties (as its CRD does), not with the values validated.
   */
  private scan(s: JSONSchemaProps, resource: boolean, hint: readonly string[], at?: string): string | null {
    if (!this.scanSupported(s, resource)) return null;
    const fixed = at !== undefined && this.fixedScan(s, at) ? at : undefined;
    return this.fn('scan', s, fixed === undefined ? String(resource) : `${resource}\0${fixed}`, hint, () => {
      const lines = s.items ? this.scanArrayLines(s, hint) : values(s) !== undefined ? this.scanMapLines(s, hint) : this.scanObjectLines(s, resource, hint, fixed);
      const usesDepth = lines.some((l) => /\bdepth\b/.test(l));
      const errors = `errors: ${this.rtType('FieldError')}[], ${usesDepth ? 'depth' : '_depth'}: number`;
      if (fixed !== undefined) {
        return {
          doc: 'Checks a value that needs no preparing where it is, at the one path its errors name (the visit\'s errors); false when it needs preparing: the walk decides.',
          params: `v: unknown, ${errors}`,
          returns: 'boolean',
          lines,
        };
      }
      return {
        doc: 'Checks a value that needs no preparing where it is (the visit\'s errors); false when it needs preparing: the walk decides.',
        params: `v: unknown, parent: string, key: string | number, ${errors}`,
        returns: 'boolean',
        lines,
      };
    });
  }

  /**
   * Whether the scan of `s` at the constant path `at` (a property below properties from a kind's root, `''` the root)
   * is one of that path: an object of properties, whose paths and error texts are literals (no path is joined at run
   * time); an array's or a map's scan takes its path (its items' and values' paths are made at run time).
   */
  private fixedScan(s: JSONSchemaProps, at: string | undefined): boolean {
    return at !== undefined && !s.items && values(s) === undefined;
  }

  /**
   * The statements that check a value `x` of node `sub` (at key `keyExpr` below the path `p`, at depth `depth + 1`)
   * in a scan: a container's scan, or a leaf's inline test with its visit called where the test fails (the visit
   * reports the value; one it would change needs preparing). `dropsNull`: a null is dropped there (a property).
   */
  private scanValueLines(sub: JSONSchemaProps, x: string, p: string, keyExpr: string, hint: readonly string[], dropsNull: boolean, at?: string): string[] {
    const lines: string[] = [];
    if (dropsNull && sub.nullable !== true) lines.push(`if (${x} === null) return false;`);
    if (!this.isLeaf(sub, false)) {
      const args = this.fixedScan(sub, at) ? '' : `${p}, ${keyExpr}, `;
      lines.push(`if (!${this.scan(sub, false, hint, at) ?? 'undefined'}(${x}, ${args}errors, depth + 1)) return false;`);
      return lines;
    }
    const visit = `${this.visit(sub, false, hint)}(${x}, ${p}, ${keyExpr}, errors, depth + 1) !== ${x}`;
    if (at !== undefined && this.leafTestable(sub)) {
      // At a constant path: the leaf's checks written here, their paths and details literals.
      const inline = this.leafCheckLines(sub, hint, jsString(at), { v: x, at, typed: true });
      if (inline.length > 0) {
        lines.push(`if (${typeGuard(declaredTypes(sub), x)}) {`, ...inline.map((l) => `  ${l}`), `} else if (${visit}) return false;`);
        return lines;
      }
    }
    // A value of the leaf's type is checked where it is, each keyword tested once (a failing pattern is not tested
    // again by the visit); any other value is handed to the visit.
    const checks = this.leafChecks(sub, hint);
    if (checks !== null) {
      // The scan's own `parent` and `key` (its value's path is `at(parent, key)` in every scan): no path is built unless
      // a check fails.
      lines.push(`if (${typeGuard(declaredTypes(sub), x)}) ${checks}(${x}, parent, key, ${keyExpr}, errors);`, `else if (${visit}) return false;`);
      return lines;
    }
    const test = this.fastValid(sub, x, hint) ?? 'false';
    lines.push(`if (!(${test}) && ${visit}) return false;`);
    return lines;
  }

  /**
   * The checks of a scalar leaf {@link fastValid} covers, past its type — its visit's checks of a value of its type,
   * in their order — as a function `(v, parent, key, name, errors) => void` a scan calls on a value of that type (see
   * {@link typeGuard}) at `name` below the scan's value (whose path is `at(parent, key)`); null when the type is the
   * leaf's only check.
   */
  private leafChecks(s: JSONSchemaProps, hint: readonly string[]): string | null {
    if (!this.leafTestable(s)) return null;
    return this.fn('leaf', s, '', hint, () => {
      const at = this.rt('at');
      const p = `${at}(${at}(parent, key), name)`;
      // Those of its one type: a string's lengths, pattern, format and enum; a number's range.
      const lines = this.leafCheckLines(s, hint, p);
      if (lines.length === 0) return null;
      return {
        doc: "Checks a value of a leaf's type at `name` below `at(parent, key)` (its visit's checks past the type, the path built on an error only).",
        params: `v: unknown, parent: string, key: string | number, name: string | number, errors: ${this.rtType('FieldError')}[]`,
        returns: 'void',
        lines,
      };
    });
  }

  /** A scalar leaf's checks past its type (see {@link leafChecks}) of a value at the path `p` (`o` as in {@link stringLines}). */
  private leafCheckLines(s: JSONSchemaProps, hint: readonly string[], p: string, o: LeafLines = {}): string[] {
    const types = declaredTypes(s);
    return types[0] === 'string' ? [...this.stringLines(s, hint, p, o), ...this.enumLines(s, hint, p, o.v)] : this.numberLines(s, hint, types, p, o);
  }

  private scanArrayLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const items = s.items ?? {};
    // The path is built at once where a container item is scanned, else where an item or the bounds fail only.
    const eager = !this.isLeaf(items, false);
    const p = eager ? 'path' : `${this.rt('at')}(parent, key)`;
    const lines = ['if (!Array.isArray(v)) return false;'];
    if (eager) lines.push(`const path = ${p === 'path' ? `${this.rt('at')}(parent, key)` : p};`);
    lines.push('for (let i = 0; i < v.length; i++) {', '  const x: unknown = v[i];', ...this.scanValueLines(items, 'x', p, 'i', [...hint, 'item'], false).map((l) => `  ${l}`), '}');
    lines.push(...this.arrayTailLines(s, p), 'return true;');
    return lines;
  }

  private scanMapLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const vs = values(s) ?? {};
    const eager = !this.isLeaf(vs, false);
    const p = eager ? 'path' : `${this.rt('at')}(parent, key)`;
    const lines = [`if (!${this.rt('isObject')}(v)) return false;`];
    if (eager) lines.push(`const path = ${this.rt('at')}(parent, key);`);
    lines.push('for (const k in v) {', `  if (!${this.rt('own')}(v, k)) return false;`, '  const x = v[k];', '  if (x === undefined) return false;', ...this.scanValueLines(vs, 'x', p, 'k', [...hint, 'value'], true).map((l) => `  ${l}`), '}', 'return true;');
    return lines;
  }

  private scanObjectLines(s: JSONSchemaProps, resource: boolean, hint: readonly string[], at?: string): string[] {
    const isObject = this.rt('isObject');
    const shallow = this.rt('shallow');
    const lines = [`if (!${isObject}(v)) return false;`];
    const keepUnknown = this.keepUnknown(s);
    const walksObject = s.properties !== undefined || resource;
    if (!walksObject) {
      // Preserved unknown fields and nothing declared: kept as they are, their depth checked.
      lines.push(`return ${shallow}(v, depth);`);
      return lines;
    }
    const must = new Set(this.mustHave(s, resource));
    // The properties read by name (metadata, and apiVersion and kind where a resource does not declare them, kept as they are).
    const known: Array<{ name: string; x: string; sub: JSONSchemaProps | undefined }> = [];
    let i = 0;
    for (const [name, sub] of props(s)) known.push({ name, x: `x${i++}`, sub: resource && name === 'metadata' ? undefined : sub });
    if (resource) {
      for (const name of ['metadata', 'apiVersion', 'kind']) if (!known.some((k) => k.name === name)) known.push({ name, x: `x${i++}`, sub: undefined });
    }
    for (const k of known) lines.push(`const ${k.x} = v[${jsString(k.name)}];`);
    // A defaulted property absent: the walk applies its default (past this, the property is there).
    const present = new Set(known.filter((k) => must.has(k.name) && this.defaulted(s, k.name)).map((k) => k.name));
    for (const k of known) if (present.has(k.name)) lines.push(`if (${k.x} === undefined) return false;`);
    // One loop over the own keys: each counted, each declared (a key the walk would prune needs preparing; a preserved
    // unknown one is not counted, its depth checked). As many keys as properties read means that every property read
    // is an own one (none inherited), so that the keys are exactly the properties.
    // The keys are matched by a switch over the key (for-in's keys are internalized strings, compared by identity;
    // measured cheaper than a switch over the length, and than noting each key's position for inKeyOrder here).
    const unknown = keepUnknown ? [`const x = v[k];`, `if (typeof x === 'object' && x !== null && !${shallow}(x, depth + 1)) return false;`, 'n--;'] : ['return false;'];
    lines.push('let n = 0;', 'for (const k in v) {', `  if (!${this.rt('own')}(v, k)) return false;`, '  n++;');
    if (known.length > 0) lines.push('  switch (k) {', ...known.map((k) => `    case ${jsString(k.name)}:`), '      continue;', '  }');
    lines.push(...unknown.map((l) => `  ${l}`), '}');
    const counted = known.filter((k) => !present.has(k.name));
    const count = [...(present.size > 0 ? [String(present.size)] : []), ...counted.map((k) => `(${k.x} === undefined ? 0 : 1)`)];
    lines.push(`if (n !== ${count.length === 0 ? '0' : count.join(' + ')}) return false;`);
    // The path is a literal where it is a constant; else built at once where a container property is scanned, else
    // where a check fails only.
    const eager = at === undefined && known.some((k) => k.sub !== undefined && !this.isLeaf(k.sub, false));
    if (eager) lines.push(`const path = ${this.rt('at')}(parent, key);`);
    const p = at !== undefined ? jsString(at) : eager ? 'path' : `${this.rt('at')}(parent, key)`;
    // The node's own errors (its required properties) first, then its children's — in the schema's order, put in the
    // order of the object's keys (the walk's) when more than one property has errors.
    for (const name of s.required ?? []) {
      const k = known.find((x) => x.name === name);
      if (k === undefined || this.defaulted(s, name)) continue;
      const missing = at === undefined ? `${this.rt('required')}(${p}, ${jsString(name)})` : `${this.rt('requiredAt')}(${jsString(fixedPath(at, name))})`;
      lines.push(`if (${k.x} === undefined) errors.push(${missing});`);
    }
    // Each property's statements (for those with a schema of their own), in the schema's order.
    const blocks: Array<{ name: string; lines: string[] }> = [];
    for (const k of known) {
      if (k.sub === undefined) {
        if (resource && k.name === 'metadata') lines.push(`if (${k.x} !== undefined && !(${isObject}(${k.x}) && ${shallow}(${k.x}, depth + 1))) return false;`);
        else lines.push(`if (typeof ${k.x} === 'object') return false;`);
        continue;
      }
      const value = this.scanValueLines(k.sub, k.x, p, jsString(k.name), [...hint, k.name], true, at === undefined ? undefined : fixedPath(at, k.name));
      blocks.push({ name: k.name, lines: present.has(k.name) ? value : [`if (${k.x} !== undefined) {`, ...value.map((l) => `  ${l}`), '}'] });
    }
    if (blocks.length > 1) {
      // Where each property's errors start, so that they can be put in the order of the object's keys.
      blocks.forEach((block, j) => lines.push(`const e${j} = errors.length;`, ...block.lines));
      const names = this.constant(helperName('properties', ...hint), jsLiteral(blocks.map((block) => block.name)), 'readonly string[]');
      // Only where two properties have errors (most invalid objects have one property's, or the errors of one):
      // each property's range counted inline, no array made.
      const ends = [...blocks.slice(1).map((_, j) => `e${j + 1}`), 'errors.length'];
      const ranges = blocks.map((_, j) => `(${ends[j] ?? 'errors.length'} > e${j} ? 1 : 0)`).join(' + ');
      lines.push(`if (errors.length > e0 + 1 && ${ranges} > 1) ${this.rt('inKeyOrder')}(v, errors, [${blocks.map((_, j) => `e${j}`).join(', ')}], ${names});`);
    } else {
      for (const block of blocks) lines.push(...block.lines);
    }
    lines.push('return true;');
    return lines;
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

  /**
   * The checks of a node, in the walker's order. `p` is the expression of the node's path, `ret` the statement that
   * ends the function early; without `children` (a visit function, whose walk has checked the children already) the
   * checks of the node itself only: no property or item call, and no array tail (see {@link arrayTailLines}).
   */
  private nodeLines(s: JSONSchemaProps, hint: readonly string[], p = 'path', ret = 'return;', children = true, flags: ReadonlyMap<string, string> = new Map()): string[] {
    const lines: string[] = [];
    const enumValues = s.enum !== undefined && s.enum.length > 0 ? s.enum : undefined;
    const supported = enumValues === undefined ? undefined : this.constant(helperName('supported', ...hint), `\`supported values: \${${jsLiteral(enumValues)}.map(${this.rt('enumText')}).join(', ')}\``);
    if (s.nullable === true) {
      lines.push('if (v === null) {');
      if (enumValues !== undefined && supported !== undefined && !enumValues.includes(null)) lines.push(`  errors.push(${this.rt('notSupported')}(${p}, v, ${supported}));`);
      lines.push(`  ${ret}`, '}');
    }
    const types = declaredTypes(s);
    const isObject = this.rt('isObject');
    if (types.length > 0) {
      lines.push(`if (!(${fastTypeTest(types, isObject)})) {`);
      lines.push(`  const e = ${this.rt('typeErrorOf')}(v, ${jsLiteral(types)}, ${jsString(s.format ?? '')}, ${s.nullable === true}, ${p});`);
      lines.push('  if (e !== undefined) errors.push(e);', '}');
    }
    lines.push(...this.compositionLines(s, hint, p));
    lines.push(...this.valueLines(s, hint, p));
    const array = children ? this.arrayLines(s, hint) : [];
    const object = this.objectLines(s, hint, p, children, flags);
    if (array.length > 0) lines.push('if (Array.isArray(v)) {', ...array.map((l) => `  ${l}`), `}${object.length > 0 ? ` else if (${isObject}(v)) {` : ''}`);
    else if (object.length > 0) lines.push(`if (${isObject}(v)) {`);
    if (object.length > 0) lines.push(...object.map((l) => `  ${l}`), '}');
    return lines;
  }

  /** The checks of a node's value past its type and composition, in the walker's order: string, number, enum. */
  private valueLines(s: JSONSchemaProps, hint: readonly string[], p: string): string[] {
    return [...this.stringLines(s, hint, p), ...this.numberLines(s, hint, declaredTypes(s), p), ...this.enumLines(s, hint, p)];
  }

  /** The enum check of a node's value `v` (the name of its variable) at the path `p`. */
  private enumLines(s: JSONSchemaProps, hint: readonly string[], p: string, v = 'v'): string[] {
    const lines: string[] = [];
    const enumValues = s.enum !== undefined && s.enum.length > 0 ? s.enum : undefined;
    if (enumValues !== undefined) {
      const supported = this.constant(helperName('supported', ...hint), `\`supported values: \${${jsLiteral(enumValues)}.map(${this.rt('enumText')}).join(', ')}\``);
      const tests = enumValues.map((e) => (e === null || typeof e === 'string' || typeof e === 'boolean' ? `${v} === ${jsLiteral(e)}` : `${this.rt('jsonEqual')}(${this.constant(helperName('enumValue', ...hint), jsLiteral(e), 'unknown')}, ${v})`));
      lines.push(`if (!(${tests.join(' || ')})) errors.push(${this.rt('notSupported')}(${p}, ${v}, ${supported}));`);
    }
    return lines;
  }

  private compositionLines(s: JSONSchemaProps, hint: readonly string[], p: string): string[] {
    const lines: string[] = [];
    const fieldError = this.rtType('FieldError');
    (s.allOf ?? []).forEach((b, i) => {
      const f = this.node(b, [...hint, `allOf${i}`]);
      if (f !== null) lines.push(`${f}(v, ${p}, errors);`);
    });
    const branches = (list: readonly JSONSchemaProps[] | undefined, word: string, report: string) => {
      if (!list || list.length === 0) return;
      const names = list.map((b, i) => {
        const f = this.node(b, [...hint, `${word}${i}`]);
        lines.push(`const ${word}${i}: ${fieldError}[] = [];`);
        if (f !== null) lines.push(`${f}(v, ${p}, ${word}${i});`);
        return `${word}${i}`;
      });
      lines.push(`${this.rt(report)}(${p}, [${names.join(', ')}], errors);`);
    };
    branches(s.anyOf, 'anyOf', 'anyOfErrors');
    branches(s.oneOf, 'oneOf', 'oneOfErrors');
    if (s.not) {
      const f = this.node(s.not, [...hint, 'not']);
      if (f === null) lines.push(`errors.push(${this.rt('notError')}(${p}));`);
      else lines.push(`const not: ${fieldError}[] = [];`, `${f}(v, ${p}, not);`, `if (not.length === 0) errors.push(${this.rt('notError')}(${p}));`);
    }
    return lines;
  }

  /**
   * The failure of a check at the constant path `at` whose detail is the path and `wording`: a module-level
   * `fixedFailure` (one per distinct path and detail), whose errors join only their value into their message.
   */
  private fixedFailure(hint: readonly string[], at: string, wording: string): string {
    return this.constant(helperName('failure', ...hint), `${this.rt('fixedFailure')}(${jsString(at)}, ${jsString(at + wording)})`);
  }

  /**
   * The string checks of a node's value at the path `p`. `o.v`: the name of the value's variable (`v`); `o.at`: the
   * path when it is a constant (`p` its literal), which makes the whole detail a literal too (only the value is joined
   * into a message); `o.typed`: the caller has tested the value's type (the checks alone, not in a test of it).
   */
  private stringLines(s: JSONSchemaProps, hint: readonly string[], p: string, o: LeafLines = {}): string[] {
    const { v = 'v', at } = o;
    const checks: string[] = [];
    if (s.format !== undefined) {
      const check = this.constant(helperName('format', s.format), `${this.rt('formatCheck')}(${jsString(s.format)})`);
      checks.push(`if (${check} !== undefined && !${check}(${v})) errors.push(${this.rt('formatError')}(${p}, ${v}, ${jsString(s.format)}));`);
    }
    // go-openapi's string validator stops at its first failure: maxLength, then minLength, then pattern (lengths in runes).
    const chain: string[] = [];
    const runes = s.maxLength !== undefined || s.minLength !== undefined ? this.rt('runeCount') : '';
    if (s.maxLength !== undefined) chain.push(`if (${v}.length > ${s.maxLength} && ${runes}(${v}) > ${s.maxLength}) errors.push(${this.rt('tooLong')}(${p}, ${v}, ${s.maxLength}));`);
    if (s.minLength !== undefined) chain.push(`if (${v}.length < ${s.minLength} || (${v}.length < ${2 * Number(s.minLength)} && ${runes}(${v}) < ${s.minLength})) errors.push(${this.rt('tooShort')}(${p}, ${v}, ${s.minLength}));`);
    if (s.pattern !== undefined) {
      const re = this.constant(helperName('pattern', ...hint), `${this.rt('compilePattern')}(${jsString(s.pattern)})`);
      // The message's wording after the path, written here: only the path and the value are joined at run time (the
      // value alone where the path is a constant).
      const wording = ` in body should match '${s.pattern}'`;
      const failure = at === undefined ? `${this.rt('patternError')}(${p}, ${v}, ${jsString(wording)})` : `${this.fixedFailure(hint, at, wording)}.string(${v})`;
      chain.push(`if (${re} !== null && !${re}.test(${v})) errors.push(${failure});`);
    }
    checks.push(...chain.map((c, i) => (i === 0 ? c : `else ${c}`)));
    if (checks.length === 0 || o.typed === true) return checks;
    return [`if (typeof ${v} === 'string') {`, ...checks.map((c) => `  ${c}`), '}'];
  }

  /** The number checks of a node's value at the path `p` (`o` as in {@link stringLines}; typed: a number). */
  private numberLines(s: JSONSchemaProps, hint: readonly string[], types: readonly string[], p: string, o: LeafLines = {}): string[] {
    const { v = 'v', at } = o;
    const checks: string[] = [];
    if (types.includes('integer') && !types.includes('number')) {
      const [lo, hi] = s.format === 'int32' ? ['-(2 ** 31)', '2 ** 31 - 1'] : ['-(2 ** 63)', '2 ** 63'];
      checks.push(`if (!Number.isInteger(n) || n < ${lo} || n > ${hi}) errors.push(${this.rt('notInteger')}(${p}, ${jsString(s.format ?? '')}));`);
    }
    if (s.multipleOf !== undefined) {
      checks.push(`const notMultiple = ${this.rt('multipleOfError')}(${v}, ${jsLiteral(s.multipleOf)}, ${p});`, 'if (notMultiple !== undefined) errors.push(notMultiple);');
    }
    const bound = (wording: string): string => (at === undefined ? `${this.rt('boundError')}(${p}, ${v}, ${jsString(wording)})` : `${this.fixedFailure(hint, at, wording)}.number(${v})`);
    if (s.maximum !== undefined) {
      const ex = s.exclusiveMaximum === true;
      checks.push(`if (n ${ex ? '>=' : '>'} ${jsLiteral(s.maximum)}) errors.push(${bound(` in body should be less than ${ex ? '' : 'or equal to '}${goFloat(s.maximum)}`)});`);
    }
    if (s.minimum !== undefined) {
      const ex = s.exclusiveMinimum === true;
      checks.push(`if (n ${ex ? '<=' : '<'} ${jsLiteral(s.minimum)}) errors.push(${bound(` in body should be greater than ${ex ? '' : 'or equal to '}${goFloat(s.minimum)}`)});`);
    }
    if (checks.length === 0) return [];
    // `n` is read by the integer and bound checks (not found in the text: a literal path may spell it).
    const usesN = (types.includes('integer') && !types.includes('number')) || s.maximum !== undefined || s.minimum !== undefined;
    const body = [...(usesN ? [`const n = ${o.typed === true ? v : `Number(${v})`};`] : []), ...checks];
    if (o.typed === true) return body;
    return [`if (typeof ${v} === 'number' || typeof ${v} === 'bigint') {`, ...body.map((c) => `  ${c}`), '}'];
  }

  private arrayLines(s: JSONSchemaProps, hint: readonly string[]): string[] {
    const lines: string[] = [];
    const items = s.items ? this.node(s.items, [...hint, 'item']) : null;
    if (items !== null) lines.push(`for (let i = 0; i < v.length; i++) ${items}(v[i], ${this.rt('item')}(path, i), errors);`);
    lines.push(...this.arrayTailLines(s, 'path'));
    return lines;
  }

  /** The checks of an array node that follow its items' (the walker's order): bounds and uniqueness. */
  private arrayTailLines(s: JSONSchemaProps, p: string): string[] {
    const lines: string[] = [];
    if (s.maxItems !== undefined) lines.push(`if (v.length > ${s.maxItems}) errors.push(${this.rt('tooMany')}(${p}, v.length, ${s.maxItems}));`);
    if (s.minItems !== undefined) lines.push(`if (v.length < ${s.minItems}) errors.push(${this.rt('tooFewItems')}(${p}, v.length, ${s.minItems}));`);
    if (s.uniqueItems === true) lines.push(`if (${this.rt('hasDuplicates')}(v)) errors.push(${this.rt('duplicateItems')}(${p}));`);
    return lines;
  }

  private objectLines(s: JSONSchemaProps, hint: readonly string[], p: string, children: boolean, flags: ReadonlyMap<string, string>): string[] {
    const lines: string[] = [];
    const cases = !children ? [] : this.childCases(s, hint, (sub, h) => this.node(sub, h), (f, key, name) => `${f}(v[k], ${this.rt('child')}(path, ${key === null ? 'k' : jsString(name)}), errors);`);
    const countKeys = s.maxProperties !== undefined || s.minProperties !== undefined;
    if (countKeys) lines.push('const count = Object.keys(v).length;');
    if (s.maxProperties !== undefined) lines.push(`if (count > ${s.maxProperties}) errors.push(${this.rt('tooMany')}(${p}, count, ${s.maxProperties}));`);
    if (s.minProperties !== undefined) lines.push(`if (count < ${s.minProperties}) errors.push(${this.rt('tooFewProperties')}(${p}, count, ${s.minProperties}));`);
    for (const name of s.required ?? []) {
      // A defaulted property is in every object a visit has prepared (a check-only function's value, `metadata`, is not prepared).
      if (!children && this.defaulted(s, name)) continue;
      const flag = flags.get(name);
      if (flag !== undefined) lines.push(`if (!${flag}) errors.push(${this.rt('required')}(${p}, ${jsString(name)}));`);
      else lines.push(`if (!${this.rt('own')}(v, ${jsString(name)})) errors.push(${this.rt('required')}(${p}, ${jsString(name)}));`);
    }
    if (cases.length > 0) lines.push(...ownKeysLoop(this.rt('own'), cases));
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
      if (cases.length > 0) lines.push(...ownKeysLoop(this.rt('own'), cases));
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
      if (cases.length > 0) lines.push(`if (!${this.rt('isObject')}(v)) return;`, ...ownKeysLoop(this.rt('own'), cases));
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
      if (cases.length > 0) lines.push(`if (!${this.rt('isObject')}(v)) return;`, ...ownKeysLoop(this.rt('own'), cases));
      return {
        doc: 'The CEL rules (`x-kubernetes-validations`) at and below a node; `old` is the correlated stored value on an update.',
        params: `v: unknown, old: unknown, hasOld: boolean, path: string, resource: boolean, w: ${this.rtType('Walk')}`,
        returns: 'void',
        lines,
      };
    });
  }
}
