/**
 * Copying values by shape, shared by the deepcopy emitter (`../deepcopy.ts`, which writes the copy functions) and
 * the conversion emitter (`../conversion.ts`, which copies the values whose types are the same in both versions):
 * the copy-expression builder (`CopyContext`), the view of one struct's copy function, and the object types a
 * version's `deepCopyObject` dispatches on. Not an emitter: emitters share code through `emit/shared/`, never by
 * importing each other.
 */
import {
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
} from '../../render';
import { HelperNames, deepCopyFunctionName, helperName } from '../../naming';
import { present } from '../../core/invariant';

/** What copy functions import: the version's emitted API types (relative to `<version>/`) and the runtime. */
export interface CopyModules {
  readonly typesModule: string;
  readonly runtimeModule: string;
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
  /**
   * The case labels, one per field that needs more than a JSON clone: `'name' satisfies keyof <Type>` for a declared
   * type (tsc checks each label names a field of the type), else the quoted name.
   */
  cases: Array<{ key: string; lines: string[] }>;
}

/**
 * A case label of a generated `switch (key)` over an object's own keys: the field name as a string literal, checked
 * against the declared type's keys when there is one (`'spec' satisfies keyof CronTab`). The switch stays on the
 * `string` it reads, so no label compares equal by type alone (a single-field type's `key as keyof T` would make its one
 * case always true to the type checker, and every other key a lie); `satisfies` costs nothing at run time.
 */
export function fieldCaseLabel(field: string, keyType: string | undefined): string {
  const quoted = jsString(field);
  return keyType === undefined ? quoted : `${quoted} satisfies keyof ${keyType}`;
}

/** `named`: the declared type's name and the local name to spell it with (from the import tracker). */
export function structView(ctx: CopyContext, shape: StructShape, exported: boolean, named: { name: string; local: string } | undefined): StructView {
  const cases: StructView['cases'] = [];
  for (const { field, shape: fs } of ctx.index.fields(shape)) {
    if (!needsCopyFunction(fs)) continue;
    cases.push({ key: fieldCaseLabel(field.name, named?.local), lines: ctx.copyStatements(fs, 'v', (x) => `out[key] = ${x};`) });
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
    cases,
  };
}


/** The kinds of a package and their list types that are declared, sorted by name. */
export function objectTypes(index: ModelIndex, pkgId: string): string[] {
  const pkg = present(index.package(pkgId), `package ${pkgId}`);
  const names = new Set<string>();
  for (const k of pkg.kinds) {
    if (index.decl(pkgId, k.name)) names.add(k.name);
    if (k.listName && index.decl(pkgId, k.listName)) names.add(k.listName);
  }
  return [...names].sort(cmp);
}
