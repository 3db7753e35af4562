/**
 * The defaulting emitter: for every version package with kinds, `<version>/defaults.ts` with
 * `setDefaults<Kind>(obj)` and `setDefaults<Kind>List(obj)` for each kind, and `setObjectDefaults(obj)` choosing
 * by `obj.kind`. They apply each field's `default` (the model's resolution of `+kubebuilder:default` / `+default`) with the API server's
 * structural-defaulting semantics:
 *
 * - a default applies when the field is absent; for a field that is not `nullable`, an explicit `null` is also
 *   replaced (the API server prunes such nulls before defaulting); a `nullable` field keeps its `null`;
 * - defaulting is top-down: a nested default applies when its parent object exists or has just been defaulted
 *   (a default of `{}` for an object field lets the defaults inside it apply);
 * - defaults inside list items and map values apply to every item / value that is an object;
 * - a `{}` default on an array field means `[]` (as controller-gen renders it);
 * - default values are fresh literals, so no two objects ever share a defaulted value;
 * - objects are untrusted JSON: a field is present only as an own key (an inherited `constructor` or `toString`
 *   is absent), map values are visited by own keys, and a default is set as an own data property.
 *
 * Only types that carry a default somewhere inside get an (unexported) `apply` function; the rest are not visited.
 */
import type { Field } from '../model/types';
import type { DiagnosticBag } from '../diagnostics';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './shared/types';
import {
  ImportTracker,
  ModelIndex,
  RUNTIME_PACKAGE,
  type Shape,
  type StructShape,
  cmp,
  jsLiteral,
  jsPropertyAccess,
  jsString,
  render,
  renderSourceFile,
} from '../render';
import { HelperNames, helperName, safeIdentifier, setDefaultsFunctionName } from '../naming';
import { objectTypes } from './shared/copy';
import { present } from '../core/invariant';

export const defaultsGenerator: Generator<NoOptions> = {
  name: 'defaults',
  start(ctx: GenerationContext): GeneratorRun {
    return {
      version(gv) {
        if (objectTypes(ctx.index, gv.package.id).length === 0) return [];
        return [{ path: 'defaults.ts', contents: new DefaultsFile(ctx.index, gv.package.id, ctx.diagnostics).render() }];
      },
    };
  },
};

/** The default of a field, as the model resolved it (`Field.default`). */
export function fieldDefault(field: Field): { found: boolean; value: unknown } {
  return field.default ? { found: true, value: field.default.value } : { found: false, value: undefined };
}

class DefaultsFile {
  private readonly imports = new ImportTracker();
  /** The version's emitted API types (relative to `<version>/`) and the runtime. */
  private readonly opts = { typesModule: './types', runtimeModule: RUNTIME_PACKAGE } as const;
  private readonly memo = new Map<string, boolean>();
  /** Struct shapes whose apply function is needed, by id. */
  private readonly needed = new Map<string, StructShape>();
  private readonly helperNames = new HelperNames();

  constructor(
    private readonly index: ModelIndex,
    private readonly pkgId: string,
    private readonly diagnostics: DiagnosticBag,
  ) {}

  /** Whether values of `shape` carry a default anywhere inside. */
  hasDefaults(shape: Shape): boolean {
    switch (shape.kind) {
      case 'scalar':
      case 'any':
        return false;
      case 'runtime': {
        // corev1 references default `name` to "": their declarations carry the markers when the model has them
        const struct = this.index.runtimeStruct(shape.name);
        return struct !== undefined && this.hasDefaults(struct);
      }
      case 'array':
        return this.hasDefaults(shape.items);
      case 'map':
        return this.hasDefaults(shape.values);
      case 'struct': {
        const known = this.memo.get(shape.id);
        if (known !== undefined) return known;
        this.memo.set(shape.id, false); // provisional: a type that reaches itself ends the walk here
        const result = this.index.fields(shape).some(({ field, shape: fs }) => fieldDefault(field).found || this.hasDefaults(fs));
        this.memo.set(shape.id, result);
        return result;
      }
    }
  }

  /** `applyCronTabSpec`; types of other packages get the package in their name (`applyRuntimeSecretKeySelector`). */
  private applyName(shape: StructShape): string {
    const prefix = shape.package === this.pkgId ? '' : shape.package === RUNTIME_PACKAGE ? 'runtime' : shape.package;
    return this.helperNames.name(shape.id, helperName('apply', prefix, shape.name));
  }

  /**
   * The key of a field of `shape` as a string literal; for a declared type of this package `'name' satisfies keyof
   * Type`, so that the compiler checks the field name against the emitted type.
   */
  private fieldKey(shape: StructShape, name: string): string {
    const literal = jsString(name);
    if (!shape.named || shape.package !== this.pkgId) return literal;
    return `${literal} satisfies keyof ${this.imports.type(this.opts.typesModule, shape.name)}`;
  }

  /** Statements that apply nested defaults to the value `v` (any JSON value) of `shape`. */
  private descend(shape: Shape, v: string, depth: number): string[] {
    const isJsonObject = this.imports.runtimeValue(this.opts.runtimeModule, 'isJsonObject');
    if (shape.kind === 'runtime') {
      const struct = this.index.runtimeStruct(shape.name);
      return struct ? this.descend(struct, v, depth) : [];
    }
    switch (shape.kind) {
      case 'struct':
        this.needed.set(shape.id, shape);
        return [`if (${isJsonObject}(${v})) ${this.applyName(shape)}(${v});`];
      case 'array': {
        const e = `e${depth}`;
        const inner = this.descend(shape.items, e, depth + 1);
        return [`if (Array.isArray(${v})) for (const ${e} of ${v}) {`, ...inner.map((l) => '  ' + l), '}'];
      }
      case 'map': {
        const m = `m${depth}`;
        const k = `k${depth}`;
        const e = `e${depth}`;
        const inner = this.descend(shape.values, e, depth + 1);
        return [`if (${isJsonObject}(${v})) {`, `  const ${m} = ${v};`, `  for (const ${k} of Object.keys(${m})) {`, `    const ${e} = ${m}[${k}];`, ...inner.map((l) => '    ' + l), '  }', '}'];
      }
      default:
        return [];
    }
  }

  private applyFunction(shape: StructShape): string {
    const statements: string[] = [];
    for (const { field, shape: fs } of this.index.fields(shape)) {
      const access = jsPropertyAccess('o', field.name);
      const key = jsString(field.name);
      const checkedKey = this.fieldKey(shape, field.name);
      const hasOwn = (): string => this.imports.runtimeValue(this.opts.runtimeModule, 'hasOwn');
      const d = fieldDefault(field);
      if (d.found) {
        let literal: string;
        try {
          literal = jsLiteral(d.value);
        } catch (e) {
          this.diagnostics.report('default-not-json', `default of field ${field.name} is not a JSON value: ${(e as Error).message}`, field.span);
          continue;
        }
        const absent = field.nullable ? `!${hasOwn()}(o, ${checkedKey}) || ${access} === undefined` : `!${hasOwn()}(o, ${checkedKey}) || ${access} == null`;
        const set = field.name === '__proto__' ? `${this.imports.runtimeValue(this.opts.runtimeModule, 'setOwn')}(o, ${key}, ${literal})` : `${access} = ${literal}`;
        statements.push(`if (${absent}) ${set};`);
      }
      if (this.hasDefaults(fs)) {
        const local = safeIdentifier(`v_${field.name}`);
        const inner = this.descend(fs, local, 0);
        statements.push('{', `  const ${local} = ${this.imports.runtimeValue(this.opts.runtimeModule, 'getOwn')}(o, ${checkedKey});`, ...inner.map((l) => '  ' + l), '}');
      }
    }
    return render('defaults', 'apply', {
      name: this.applyName(shape),
      docName: shape.named ? shape.name : `the inline object type of ${shape.name.replace(/_/g, '.')}`,
      jsonObject: this.imports.runtimeType(this.opts.runtimeModule, 'JsonObject'),
      statements: statements.flatMap((s) => s.split('\n')),
    });
  }

  render(): string {
    const kinds: string[] = [];
    const objects = objectTypes(this.index, this.pkgId);
    // the dispatch applies a kind's defaults to the object's JSON, as its setDefaults function does
    const dispatched: Array<{ kindString: string; apply: string }> = [];
    for (const name of objects) {
      const shape = this.index.declShape(present(this.index.decl(this.pkgId, name), `the declaration of ${name} in ${this.pkgId}`));
      const has = this.hasDefaults(shape);
      if (has && shape.kind === 'struct') {
        this.needed.set(shape.id, shape);
        dispatched.push({ kindString: jsString(name), apply: this.applyName(shape) });
      }
      kinds.push(
        render('defaults', 'kind', {
          name: setDefaultsFunctionName(name),
          typeName: this.imports.type(this.opts.typesModule, name),
          hasDefaults: has,
          apply: has && shape.kind === 'struct' ? this.applyName(shape) : '',
          jsonView: has ? this.imports.runtimeValue(this.opts.runtimeModule, 'jsonView') : '',
        }),
      );
    }
    const applies: Array<{ id: string; text: string }> = [];
    const done = new Set<string>();
    for (;;) {
      const next = [...this.needed.values()].filter((s) => !done.has(s.id)).sort((a, b) => cmp(a.id, b.id))[0];
      if (!next) break;
      done.add(next.id);
      applies.push({ id: this.applyName(next), text: this.applyFunction(next) });
    }
    applies.sort((a, b) => cmp(a.id, b.id));
    const dispatch = render('defaults', 'object', {
      union: objects.join(' | '),
      objects: dispatched,
      jsonView: dispatched.length > 0 ? this.imports.runtimeValue(this.opts.runtimeModule, 'jsonView') : '',
    });
    return renderSourceFile(this.imports, [...kinds, dispatch, ...applies.map((a) => a.text)].join('\n'));
  }
}
