/**
 * The deepcopy emitter: for every version package of every API group, `<version>/deepcopy.ts` with
 *
 * - `deepCopy<Type>(in_: Type): Type` for every struct type of the version (and for aliases of arrays and maps);
 * - `deepCopyObject(obj)` for the version's kinds and lists, chosen by `obj.kind`.
 *
 * The functions are straight-line code: one pass over the own keys (`Object.keys`, never `for … in`) copies
 * scalars as they are and switches on the keys
 * holding objects; each declared object field is copied by its own typed function, arrays and maps of them by
 * inline loops (every call site monomorphic, no callbacks). Values the
 * type does not declare (fields from a newer server, preserve-unknown-fields subtrees, values of an unexpected
 * shape) are copied by the runtime's `cloneJSON`, so a copy is lossless for any JSON object. Well-known meta types
 * (ObjectMeta, Condition, LabelSelector …) are copied by the runtime's hand-written `deepCopy*` functions.
 * Struct types of another version of the same group are copied by that version's generated functions; struct
 * types of packages outside the group are copied by `cloneJSON` (still deep and lossless, only not specialised).
 * Keys are data: an own `__proto__` key (of a struct or of a map) is copied as an own key through the runtime's
 * `setOwn`, never assigned (an assignment would set the copy's prototype).
 */
import type { GenerationContext, Generator, GeneratorRun } from './types';
import {
  ImportTracker,
  ModelIndex,
  type Shape,
  type StructShape,
  cmp,
  jsString,
  render,
  renderSourceFile,
  safeIdentifier,
  publicName,
} from '../render';

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
        const contents = renderDeepcopyFile(ctx.index, gv.group, gv.package.id, options);
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

  constructor(
    readonly index: ModelIndex,
    readonly imports: ImportTracker,
    /** The package whose file is being written. */
    readonly pkg: string,
    readonly group: string,
    readonly options: Required<DeepcopyOptions>,
    /** Module specifier of the `deepcopy.ts` of package `pkg`, relative to the file being written; '' when it is that file. */
    readonly deepcopyModule: (pkg: string) => string | undefined,
  ) {}

  rt(name: string): string {
    return this.imports.value(this.options.runtimeModule, name);
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
        const t = this.imports.type(this.options.runtimeModule, shape.name);
        return `Array.isArray(${v}) ? ${clone} : ${this.rt(`deepCopy${shape.name}`)}(${v} as ${t})`;
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
    const clone = this.rt('cloneJSON');
    if (shape.kind === 'array' && needsCopyFunction(shape.items)) {
      const [n, a, i, e] = [`n${d}`, `a${d}`, `i${d}`, `e${d}`];
      return [
        `if (Array.isArray(${v})) {`,
        `  const ${n} = ${v}.length;`,
        `  const ${a} = new Array<unknown>(${n});`,
        `  for (let ${i} = 0; ${i} < ${n}; ${i}++) {`,
        `    const ${e}: unknown = ${v}[${i}];`,
        `    if (typeof ${e} === 'object' && ${e} !== null) {`,
        ...this.copyStatements(shape.items, e, (x) => `${a}[${i}] = ${x};`, d + 1).map((l) => '      ' + l),
        `    } else ${a}[${i}] = ${e};`,
        '  }',
        `  ${assign(a)}`,
        `} else ${assign(`${clone}(${v})`)}`,
      ];
    }
    if (shape.kind === 'map' && needsCopyFunction(shape.values)) {
      const jsonObject = this.imports.type(this.options.runtimeModule, 'JsonObject');
      // map keys are data: `setOwn` keeps a `__proto__` key as a key
      const setOwn = this.rt('setOwn');
      const [src, m, k, e] = [`s${d}`, `m${d}`, `k${d}`, `e${d}`];
      return [
        `if (Array.isArray(${v})) ${assign(`${clone}(${v})`)}`,
        'else {',
        `  const ${src} = ${v} as ${jsonObject};`,
        `  const ${m}: ${jsonObject} = {};`,
        `  for (const ${k} of Object.keys(${src})) {`,
        `    const ${e} = ${src}[${k}];`,
        `    if (typeof ${e} === 'object' && ${e} !== null) {`,
        ...this.copyStatements(shape.values, e, (x) => `${setOwn}(${m}, ${k}, ${x});`, d + 1).map((l) => '      ' + l),
        `    } else ${setOwn}(${m}, ${k}, ${e});`,
        '  }',
        `  ${assign(m)}`,
        '}',
      ];
    }
    return [assign(this.copyObject(shape, v))];
  }

  /** The private copy function of an inline object type recorded in `inline`. */
  renderInline(shape: StructShape): string {
    return render('deepcopy', 'struct', structView(this, shape, false, undefined));
  }

  /** A call of the copy function of a struct on `v` (an object), or undefined when it is copied as JSON. */
  private structCall(shape: StructShape, v: string): string | undefined {
    if (!shape.named) {
      this.inline.set(shape.id, shape);
      const jsonObject = this.imports.type(this.options.runtimeModule, 'JsonObject');
      return `${inlineFunctionName(shape)}(${v} as ${jsonObject})`;
    }
    const module = this.deepcopyModule(shape.package);
    if (module === undefined) return undefined;
    const typesModule = module === '' ? this.options.typesModule : module.replace(/deepcopy$/, 'types');
    const t = this.imports.type(typesModule, shape.name);
    const name = deepCopyFunctionName(shape.name);
    const fn = module === '' ? name : this.imports.value(module, name);
    return `${fn}(${v} as ${t})`;
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

function inlineFunctionName(shape: StructShape): string {
  return safeIdentifier(`deepCopy_${shape.name}`);
}

interface StructView {
  name: string;
  docName: string;
  exported: boolean;
  inType: string;
  flat: boolean;
  copyFlat: string;
  jsonObject: string;
  cloneJSON: string;
  /** Sets an own `__proto__` key as data on the copy. */
  setOwn: string;
  /** `in_` seen as a JSON object. */
  source: string;
  returnCast: string;
  cases: Array<{ key: string; lines: string[] }>;
}

/** `named`: the declared type's name and the local name to spell it with (from the import tracker). */
function structView(ctx: CopyContext, shape: StructShape, exported: boolean, named: { name: string; local: string } | undefined): StructView {
  const cases: StructView['cases'] = [];
  for (const { field, shape: fs } of ctx.index.fields(shape)) {
    if (!needsCopyFunction(fs)) continue;
    cases.push({ key: jsString(field.name), lines: ctx.copyStatements(fs, 'v', (x) => `out[key] = ${x};`) });
  }
  const jsonObject = ctx.imports.type(ctx.options.runtimeModule, 'JsonObject');
  const inType = named?.local ?? jsonObject;
  return {
    name: named ? deepCopyFunctionName(named.name) : inlineFunctionName(shape),
    docName: named ? `a ${named.name}` : `the inline object type of ${shape.name.replace(/_/g, '.')}`,
    exported,
    inType,
    flat: cases.length === 0,
    copyFlat: cases.length === 0 ? ctx.rt('copyFlat') : '',
    jsonObject,
    cloneJSON: cases.length === 0 ? '' : ctx.rt('cloneJSON'),
    setOwn: cases.length === 0 ? '' : ctx.rt('setOwn'),
    source: named ? `in_ as unknown as ${jsonObject}` : 'in_',
    returnCast: named ? ` as unknown as ${named.local}` : '',
    cases,
  };
}

function renderDeepcopyFile(index: ModelIndex, group: string, pkgId: string, opts: DeepcopyOptions): string | undefined {
  const options: Required<DeepcopyOptions> = { typesModule: opts.typesModule ?? './types', runtimeModule: opts.runtimeModule ?? '@kubegen/runtime' };
  const pkg = index.package(pkgId)!;
  const imports = new ImportTracker();
  const versionOf = new Map<string, string>();
  for (const p of index.model.packages) if (p.group === group && !p.skip) versionOf.set(p.id, p.version);
  const ctx = new CopyContext(index, imports, pkgId, group, options, (other) => {
    if (other === pkgId) return '';
    const v = versionOf.get(other);
    return v === undefined ? undefined : `../${v}/deepcopy`;
  });

  const chunks: Array<{ name: string; text: string }> = [];
  for (const decl of [...pkg.types].sort((a, b) => cmp(a.name, b.name))) {
    const shape = index.declShape(decl);
    if (shape.kind === 'struct') {
      const view = structView(ctx, shape, true, { name: decl.name, local: imports.type(options.typesModule, decl.name) });
      chunks.push({ name: view.name, text: render('deepcopy', 'struct', view) });
    } else if (shape.kind === 'array' || shape.kind === 'map') {
      const t = imports.type(options.typesModule, decl.name);
      const lines = needsCopyFunction(shape) ? ctx.copyStatements(shape, 'in_', (x) => `return ${x} as unknown as ${t};`) : [`return ${ctx.rt('cloneJSON')}(in_);`];
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
