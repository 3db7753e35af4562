/**
 * The deepcopy emitter: for every version package of every API group, `<version>/deepcopy.ts` with
 *
 * - `deepCopy<Type>(in_: Type): Type` for every struct type of the version (and for aliases of arrays and maps);
 * - `deepCopyObject(obj)` for the version's kinds and lists, chosen by `obj.kind`.
 *
 * The functions are straight-line code: a spread copies every own key (scalars as they are, `__proto__` as data),
 * then one pass over the own keys (`Object.keys`, never `for … in`) replaces the values that are objects, switching
 * on `key as keyof <Type>` so that the compiler checks every field name; each declared object field is copied by its
 * own function, arrays and maps of them by inline loops (every call site monomorphic, no callbacks). The walk reads
 * JSON (`jsonView`: the object's values are `JsonValue`s), and every copy function — generated or the runtime's — has
 * a JSON signature next to its typed one (`(in_: JsonObject): JsonObject`, then `(in_: Type): Type`), so the copied
 * values are handed on as the JSON they are, without a type assertion whatever the type declares. Values the
 * type does not declare (fields from a newer server, preserve-unknown-fields subtrees, values of an unexpected
 * shape) are copied by the runtime's `cloneJSON`, so a copy is lossless for any JSON object. Well-known meta types
 * (ObjectMeta, Condition, LabelSelector …) are copied by the runtime's hand-written `deepCopy*` functions.
 * Struct types of another version of the same group — and of another group generated into the same source tree
 * (`GenerationContext.packageModule`) — are copied by that version's generated functions; struct types of other
 * packages are copied by `cloneJSON` (still deep and lossless, only not specialised).
 * Keys are data: an own `__proto__` key (of a struct or of a map) is copied as an own key through the runtime's
 * `setOwn`, never assigned (an assignment would set the copy's prototype).
 */
import { RUNTIME_PACKAGE } from '../model/util';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './types';
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

/** What copy functions import: the version's emitted API types (relative to `<version>/`) and the runtime. */
export interface CopyModules {
  readonly typesModule: string;
  readonly runtimeModule: string;
}

export const deepcopyGenerator: Generator<NoOptions> = {
  name: 'deepcopy',
  start(ctx: GenerationContext): GeneratorRun {
    return {
      version(gv) {
        const contents = renderDeepcopyFile(ctx.index, gv.group, gv.package.id, (to) => ctx.packageModule(gv.package.id, to, 'deepcopy'));
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
    readonly options: CopyModules,
    /** Module specifier of the `deepcopy.ts` of package `pkg`, relative to the file being written; '' when it is that file. */
    readonly deepcopyModule: (pkg: string) => string | undefined,
  ) {}

  rt(name: string): string {
    return this.imports.runtimeValue(this.options.runtimeModule, name);
  }

  /** The name of the private copy function of an inline object type (`Owner_field` → `deepCopyOwnerField`). */
  inlineFunctionName(shape: StructShape): string {
    return this.helperNames.name(`inline\0${shape.id}`, helperName('deepCopy', shape.name));
  }

  /**
   * An expression copying `v` — a JSON value known to be an object (a `JsonObject` or an array: generated walkers read
   * `JsonValue`s, which `typeof` narrows so) — as a value of `shape`; every copy function takes JSON, so no call needs a
   * type assertion. For shapes
   * copied by one call (scalars, any JSON, structs, arrays and maps of those that need no copy function). Arrays and
   * maps that need one are copied by the loops of `copyStatements`.
   */
  private copyObject(shape: Shape, v: string): string {
    const clone = `${this.rt('cloneJSON')}(${v})`;
    switch (shape.kind) {
      case 'runtime':
        return `Array.isArray(${v}) ? ${clone} : ${this.rt(`deepCopy${shape.name}`)}(${v})`;
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
    return map ? { clone, setOwn: this.rt('setOwn'), jsonObject: this.imports.runtimeType(this.options.runtimeModule, 'JsonObject') } : { clone, jsonValue: this.imports.runtimeType(this.options.runtimeModule, 'JsonValue') };
  }

  /** The private copy function of an inline object type recorded in `inline`. */
  renderInline(shape: StructShape): string {
    return render('deepcopy', 'struct', structView(this, shape, false, undefined));
  }

  /** A call of the copy function of a struct on `v` (a `JsonObject`), or undefined when it is copied as JSON. */
  private structCall(shape: StructShape, v: string): string | undefined {
    if (!shape.named) {
      this.inline.set(shape.id, shape);
      return `${this.inlineFunctionName(shape)}(${v})`;
    }
    const module = this.deepcopyModule(shape.package);
    if (module === undefined) return undefined;
    const name = deepCopyFunctionName(shape.name);
    return `${module === '' ? name : this.imports.value(module, name)}(${v})`;
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
  /** The declared type (the typed signature of an exported function); `JsonObject` for an inline type. */
  inType: string;
  /** `JsonObject` as the file spells it: the JSON signature, and the copy the function builds. */
  jsonObject: string;
  flat: boolean;
  copyFlat: string;
  /** The runtime's `jsonView`: the argument seen as the JSON object it is, whose values are read as `JsonValue`s. */
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
    cases.push({ key: jsString(field.name), lines: ctx.copyStatements(fs, 'v', (x) => `out[key] = ${x};`) });
  }
  const flat = cases.length === 0;
  const jsonObject = ctx.imports.runtimeType(ctx.options.runtimeModule, 'JsonObject');
  return {
    name: named ? deepCopyFunctionName(named.name) : ctx.inlineFunctionName(shape),
    docName: named ? `a ${named.name}` : `the inline object type of ${shape.name.replace(/_/g, '.')}`,
    exported,
    inType: named?.local ?? jsonObject,
    jsonObject,
    flat,
    copyFlat: flat ? ctx.rt('copyFlat') : '',
    jsonView: flat ? '' : ctx.rt('jsonView'),
    cloneJSON: flat ? '' : ctx.rt('cloneJSON'),
    setOwn: flat ? '' : ctx.rt('setOwn'),
    switchKey: named ? `key as keyof ${named.local}` : 'key',
    cases,
  };
}

function renderDeepcopyFile(index: ModelIndex, group: string, pkgId: string, moduleOf: (pkg: string) => string | undefined): string | undefined {
  const options: CopyModules = { typesModule: './types', runtimeModule: RUNTIME_PACKAGE };
  const pkg = index.package(pkgId)!;
  const imports = new ImportTracker();
  const ctx = new CopyContext(index, imports, pkgId, group, options, (other) => (other === pkgId ? '' : moduleOf(other)));

  ctx.helperNames.reserve('deepCopyObject', ...pkg.types.map((d) => deepCopyFunctionName(d.name)));
  const chunks: Array<{ name: string; text: string }> = [];
  for (const decl of [...pkg.types].sort((a, b) => cmp(a.name, b.name))) {
    const shape = index.declShape(decl);
    if (shape.kind === 'struct') {
      const view = structView(ctx, shape, true, { name: decl.name, local: imports.type(options.typesModule, decl.name) });
      chunks.push({ name: view.name, text: render('deepcopy', 'struct', view) });
    } else if (shape.kind === 'array' || shape.kind === 'map') {
      const t = imports.type(options.typesModule, decl.name);
      // the walk reads the value as JSON; the copy, built from a value of the alias, is one of it
      const asDeclared = ctx.rt('asDeclared');
      const lines = needsCopyFunction(shape)
        ? [`const v = ${ctx.rt('jsonView')}(in_);`, ...ctx.copyStatements(shape, 'v', (x) => `return ${asDeclared}(${x});`)]
        : [`return ${ctx.rt('cloneJSON')}(in_);`];
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
        // the kind's function copies the object's JSON; the copy is seen as the caller's type `T` (inferred from the return)
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
