/**
 * The deepcopy emitter: for every version package of every API group, `<version>/deepcopy.ts` with
 *
 * - `deepCopy<Type>(in_: Type): Type` for every struct type of the version (and for aliases of arrays and maps);
 * - `deepCopyObject(obj)` for the version's kinds and lists, chosen by `obj.kind`.
 *
 * The functions are straight-line code: a spread copies every own key (scalars as they are, `__proto__` as data),
 * then one pass over the own keys (`Object.keys`, never `for … in`) replaces the values that are objects, switching
 * on `key as keyof <Type>` so that the compiler checks every field name; each declared object field is copied by its
 * own typed function, arrays and maps of them by inline loops (every call site monomorphic, no callbacks). Values the
 * type does not declare (fields from a newer server, preserve-unknown-fields subtrees, values of an unexpected
 * shape) are copied by the runtime's `cloneJSON`, so a copy is lossless for any JSON object. Well-known meta types
 * (ObjectMeta, Condition, LabelSelector …) are copied by the runtime's hand-written `deepCopy*` functions.
 * Struct types of another version of the same group — and of another group generated into the same source tree
 * (`GenerationContext.packageModule`) — are copied by that version's generated functions; struct types of other
 * packages are copied by `cloneJSON` (still deep and lossless, only not specialised).
 * Keys are data: an own `__proto__` key (of a struct or of a map) is copied as an own key through the runtime's
 * `setOwn`, never assigned (an assignment would set the copy's prototype).
 */
import type { GenerationContext, Generator, GeneratorRun } from './types';
import {
  HelperNames,
  ImportTracker,
  type LoopNames,
  ModelIndex,
  arrayLoop,
  mapLoop,
  type Shape,
  type StructShape,
  cmp,
  jsString,
  render,
  renderSourceFile,
  helperName,
  safeIdentifier,
  publicName,
} from '../render';
import { RUNTIME_STRUCTS_WITH_REQUIRED } from '../render/model';

/** The members every object has through Object.prototype. */
const OBJECT_MEMBERS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export interface DeepcopyOptions {
  /** Module specifier, relative to `<version>/`, of the version's emitted API types. Default `./types`. */
  typesModule?: string;
  /** Module specifier of the runtime. Default `@kubegen/runtime`. */
  runtimeModule?: string;
}

export const deepcopyGenerator: Generator<DeepcopyOptions> = {
  name: 'deepcopy',
  start(ctx: GenerationContext, options: DeepcopyOptions): GeneratorRun {
    return {
      version(gv) {
        const contents = renderDeepcopyFile(ctx.index, gv.group, gv.package.id, options, (to) => ctx.packageModule(gv.package.id, to, 'deepcopy'));
        return contents === undefined ? [] : [{ path: 'deepcopy.ts', contents }];
      },
    };
  },
};

/** The name of the deepcopy function of a named type. */
export function deepCopyFunctionName(typeName: string): string {
  return safeIdentifier(`deepCopy${typeName}`);
}

/**
 * Builds copy expressions for shapes and collects the helper functions they need. Shared with the conversion
 * emitter, which copies values whose types are the same in both versions.
 */
export class CopyContext {
  /** Inline struct types that need a private copy function, by id. */
  readonly inline = new Map<string, StructShape>();
  /** The names of the file's private helpers. */
  readonly helperNames = new HelperNames();

  constructor(
    readonly index: ModelIndex,
    readonly imports: ImportTracker,
    /** The package whose file is being written. */
    readonly pkg: string,
    readonly group: string,
    readonly options: Required<DeepcopyOptions>,
    /** Module specifier of the `deepcopy.ts` of package `pkg`, relative to the file being written; '' when it is that file. */
    readonly deepcopyModule: (pkg: string) => string | undefined,
    /**
     * Whether the values copied are JSON objects (`JsonObject`, the deepcopy emitter's `jsonView`): a JSON object is
     * assignable to a struct type without a required field, so the call takes it without an assertion (tsc needs one
     * only for a required field). Otherwise every value is asserted to its declared type.
     */
    readonly jsonValues = false,
  ) {}

  rt(name: string): string {
    return this.imports.runtimeValue(this.options.runtimeModule, name);
  }

  /** The name of the private copy function of an inline object type (`Owner_field` → `deepCopyOwnerField`). */
  inlineFunctionName(shape: StructShape): string {
    return this.helperNames.name(`inline\0${shape.id}`, helperName('deepCopy', shape.name));
  }

  /**
   * An expression copying `v`, known to be a non-null object (possibly an array), as a value of `shape` — for shapes
   * copied by one call (scalars, any JSON, structs, arrays and maps of those that need no copy function). Arrays and
   * maps that need one are copied by the loops of `copyStatements`.
   */
  private copyObject(shape: Shape, v: string): string {
    const clone = `${this.rt('cloneJSON')}(${v})`;
    switch (shape.kind) {
      case 'runtime': {
        const required = RUNTIME_STRUCTS_WITH_REQUIRED.has(shape.name);
        const arg = this.jsonValues && !required ? v : `${v} as ${this.imports.runtimeType(this.options.runtimeModule, shape.name)}`;
        return `Array.isArray(${v}) ? ${clone} : ${this.rt(`deepCopy${shape.name}`)}(${arg})`;
      }
      case 'struct': {
        const call = this.structCall(shape, v);
        return call === undefined ? clone : `Array.isArray(${v}) ? ${clone} : ${call}`;
      }
      case 'array':
      case 'map':
        if (needsCopyFunction(shape)) throw new Error('kubegen bug: arrays and maps that need copy functions are copied by copyStatements');
        return clone;
      default:
        return clone;
    }
  }

  /**
   * Statements copying `v`, known to be a non-null object (possibly an array), as a value of `shape`, and handing the
   * copy to `assign` (which turns an expression into a statement). Arrays and maps are copied by inline loops, so that
   * every call site stays monomorphic; `d` numbers the loop variables of nested levels.
   */
  copyStatements(shape: Shape, v: string, assign: (expr: string) => string, d = 0): string[] {
    if (shape.kind === 'array' && needsCopyFunction(shape.items)) {
      const items = shape.items;
      return arrayLoop(this.loopNames(false), { v, d, assign, element: (e, _i, set) => this.copyStatements(items, e, set, d + 1) });
    }
    if (shape.kind === 'map' && needsCopyFunction(shape.values)) {
      const values = shape.values;
      return mapLoop(this.loopNames(true), { v, d, assign, element: (e, _k, set) => this.copyStatements(values, e, set, d + 1) });
    }
    return [assign(this.copyObject(shape, v))];
  }

  /** The runtime names the loops of `arrayLoop` / `mapLoop` use, as this file spells them. */
  loopNames(map: boolean): LoopNames {
    const clone = this.rt('cloneJSON');
    // map keys are data: `setOwn` keeps a `__proto__` key as a key
    return map ? { clone, setOwn: this.rt('setOwn'), jsonObject: this.imports.runtimeType(this.options.runtimeModule, 'JsonObject') } : { clone };
  }

  /** The private copy function of an inline object type recorded in `inline`. */
  renderInline(shape: StructShape): string {
    return render('deepcopy', 'struct', structView(this, shape, false, undefined));
  }

  /** A call of the copy function of a struct on `v` (an object), or undefined when it is copied as JSON. */
  private structCall(shape: StructShape, v: string): string | undefined {
    if (!shape.named) {
      this.inline.set(shape.id, shape);
      const jsonObject = this.imports.runtimeType(this.options.runtimeModule, 'JsonObject');
      return `${this.inlineFunctionName(shape)}(${v} as ${jsonObject})`;
    }
    const module = this.deepcopyModule(shape.package);
    if (module === undefined) return undefined;
    const typesModule = module === '' ? this.options.typesModule : module.replace(/deepcopy$/, 'types');
    const name = deepCopyFunctionName(shape.name);
    const fn = module === '' ? name : this.imports.value(module, name);
    // A JSON object is assignable to a struct of optional fields, unless a field is named like a member every object
    // has (`constructor`, `toString` …), whose declared type then clashes with Object's.
    const needsAssertion = this.index.fields(shape).some((f) => !f.field.optional || OBJECT_MEMBERS.has(f.field.name));
    if (this.jsonValues && !needsAssertion) return `${fn}(${v})`;
    return `${fn}(${v} as ${this.imports.type(typesModule, shape.name)})`;
  }
}

/** Whether values of a shape need more than `cloneJSON` (a specialised copy function somewhere inside). */
export function needsCopyFunction(shape: Shape): boolean {
  switch (shape.kind) {
    case 'scalar':
    case 'any':
      return false;
    case 'runtime':
    case 'struct':
      return true;
    case 'array':
      return needsCopyFunction(shape.items);
    case 'map':
      return needsCopyFunction(shape.values);
  }
}

interface StructView {
  name: string;
  docName: string;
  exported: boolean;
  inType: string;
  flat: boolean;
  copyFlat: string;
  /** The runtime's `jsonView`: an object of a declared type seen as the JSON object it is. */
  jsonView: string;
  cloneJSON: string;
  /** Sets an own `__proto__` key as data on the copy. */
  setOwn: string;
  /** What the copy switches on: `key as keyof <Type>` for a declared type (tsc checks the case labels), else `key`. */
  switchKey: string;
  cases: Array<{ key: string; lines: string[] }>;
}

/** `named`: the declared type's name and the local name to spell it with (from the import tracker). */
function structView(ctx: CopyContext, shape: StructShape, exported: boolean, named: { name: string; local: string } | undefined): StructView {
  const cases: StructView['cases'] = [];
  for (const { field, shape: fs } of ctx.index.fields(shape)) {
    if (!needsCopyFunction(fs)) continue;
    cases.push({ key: jsString(field.name), lines: ctx.copyStatements(fs, 'v', (x) => `dst[key] = ${x};`) });
  }
  const flat = cases.length === 0;
  return {
    name: named ? deepCopyFunctionName(named.name) : ctx.inlineFunctionName(shape),
    docName: named ? `a ${named.name}` : `the inline object type of ${shape.name.replace(/_/g, '.')}`,
    exported,
    inType: named?.local ?? ctx.imports.runtimeType(ctx.options.runtimeModule, 'JsonObject'),
    flat,
    copyFlat: flat ? ctx.rt('copyFlat') : '',
    jsonView: flat ? '' : ctx.rt('jsonView'),
    cloneJSON: flat ? '' : ctx.rt('cloneJSON'),
    setOwn: flat ? '' : ctx.rt('setOwn'),
    switchKey: named ? `key as keyof ${named.local}` : 'key',
    cases,
  };
}

function renderDeepcopyFile(index: ModelIndex, group: string, pkgId: string, opts: DeepcopyOptions, moduleOf: (pkg: string) => string | undefined): string | undefined {
  const options: Required<DeepcopyOptions> = { typesModule: opts.typesModule ?? './types', runtimeModule: opts.runtimeModule ?? '@kubegen/runtime' };
  const pkg = index.package(pkgId)!;
  const imports = new ImportTracker();
  const ctx = new CopyContext(index, imports, pkgId, group, options, (other) => (other === pkgId ? '' : moduleOf(other)), true);

  ctx.helperNames.reserve('deepCopyObject', ...pkg.types.map((d) => deepCopyFunctionName(d.name)));
  const chunks: Array<{ name: string; text: string }> = [];
  for (const decl of [...pkg.types].sort((a, b) => cmp(a.name, b.name))) {
    const shape = index.declShape(decl);
    if (shape.kind === 'struct') {
      const view = structView(ctx, shape, true, { name: decl.name, local: imports.type(options.typesModule, decl.name) });
      chunks.push({ name: view.name, text: render('deepcopy', 'struct', view) });
    } else if (shape.kind === 'array' || shape.kind === 'map') {
      const t = imports.type(options.typesModule, decl.name);
      const lines = needsCopyFunction(shape) ? ctx.copyStatements(shape, 'in_', (x) => `return ${x} as ${t};`) : [`return ${ctx.rt('cloneJSON')}(in_);`];
      chunks.push({ name: deepCopyFunctionName(decl.name), text: render('deepcopy', 'alias', { name: deepCopyFunctionName(decl.name), docName: `a ${decl.name}`, inType: t, lines }) });
    }
  }
  // Private functions for inline object types, found while building the others (and while building themselves).
  const done = new Set<string>();
  for (;;) {
    const next = [...ctx.inline.values()].filter((s) => !done.has(s.id)).sort((a, b) => cmp(a.id, b.id))[0];
    if (!next) break;
    done.add(next.id);
    const view = structView(ctx, next, false, undefined);
    chunks.push({ name: view.name, text: render('deepcopy', 'struct', view) });
  }
  if (chunks.length === 0) return undefined;
  chunks.sort((a, b) => cmp(a.name, b.name));

  const objects = objectTypes(index, pkgId).map((name) => ({
    type: imports.type(options.typesModule, name),
    kindString: jsString(name),
    fn: deepCopyFunctionName(name),
  }));
  const parts = chunks.map((c) => c.text);
  if (objects.length > 0) {
    parts.push(
      render('deepcopy', 'object', {
        unionName: `${publicName(pkg.version)}Object`,
        union: objects.map((o) => o.type).join(' | '),
        objects,
        cloneJSON: ctx.rt('cloneJSON'),
        // the kind's own type, inferred from the call (an assertion from the union is one tsc sometimes does not need)
        asDeclared: ctx.rt('asDeclared'),
        jsonView: ctx.rt('jsonView'),
      }),
    );
  }
  return renderSourceFile(imports, parts.join('\n'));
}

/** The kinds of a package and their list types that are declared, sorted by name. */
export function objectTypes(index: ModelIndex, pkgId: string): string[] {
  const pkg = index.package(pkgId)!;
  const names = new Set<string>();
  for (const k of pkg.kinds) {
    if (index.decl(pkgId, k.name)) names.add(k.name);
    if (k.listName && index.decl(pkgId, k.listName)) names.add(k.listName);
  }
  return [...names].sort(cmp);
}
