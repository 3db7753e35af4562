/**
 * The API types emitter: for every version package of every API group, `<version>/types.ts` with
 *
 * - a TypeScript declaration of every type the package declares (interfaces stay interfaces with their
 *   `extends`; aliases stay aliases; enums and literal unions become literal unions), each with its JSDoc from the
 *   model's `doc`, `?` from `optional`, `| null` from `nullable`;
 * - the well-known types (`ObjectMeta`, `int32`, `Condition` …) imported type-only from `@kubegen/runtime`;
 * - types of another version of the same group imported from that version's `types.ts` (as a namespace, since
 *   versions declare the same names); Kubernetes' built-in types imported type-only from their `@kubegen/api`
 *   module (`@kubegen/api/core/v1`); types of another group generated into the same source tree imported by
 *   name from its `types.ts`; types of any other package inlined structurally (a generated package cannot import
 *   another one's sources);
 * - `export type { … } from '@kubegen/runtime'` for the runtime declarations the package re-exports as its own
 *   (`@kubegen/api/meta/v1`'s ObjectMeta, `core/v1`'s ObjectReference …);
 * - `GroupVersion`, and per kind `<Kind>GVK` and `<Kind>GVR` constants.
 *
 * Every declaration is exported, whether or not the source exported it: the deepcopy, defaults and conversion
 * emitters name them all.
 */
import type { Constraints, Field, FieldDefault, Package, StructType, TypeDecl, TypeRef } from '../model/types';
import type { DiagnosticBag } from '../diagnostics';
import type { GenerationContext, Generator, GeneratorRun, NoOptions } from './shared/types';
import { isApiPackage } from '../model/util';
import {
  ImportTracker,
  ModelIndex,
  RUNTIME_PACKAGE,
  cmp,
  blockCommentText,
  indent,
  isTypeName,
  jsLiteral,
  jsPropertyKey,
  jsString,
  render,
  renderSourceFile,
} from '../render';
import { safeIdentifier, gvkConstName, gvrConstName } from '../naming';
import { runtimeModuleOf } from '../render/runtime';

export const typesGenerator: Generator<NoOptions> = {
  name: 'types',
  start(ctx: GenerationContext): GeneratorRun {
    const rt = RUNTIME_PACKAGE;
    return {
      version: (gv) => [{ path: 'types.ts', contents: renderTypesFile(new TypeContext(ctx.index, gv.group, gv.package, rt, ctx.diagnostics, (to) => ctx.packageModule(gv.package.id, to, 'types'))) }],
    };
  },
};

/** A JSDoc comment for `text` ('' when there is none). */
export function docComment(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const lines = blockCommentText(t).split('\n');
  if (lines.length === 1) return `/** ${lines[0]} */`;
  return ['/**', ...lines.map((l) => (l.length ? ` * ${l}` : ' *')), ' */'].join('\n');
}

/**
 * TSDoc block tags stating what the apiserver enforces on a value, one per line (`@minimum 1`, `@pattern ^[a-z]+$`,
 * `@listType map`, `@default 3`, `@immutable`, `@rule self.a < self.b — a must be below b` …), so that an editor's
 * hover shows it. Items constraints are prefixed `items` (`@itemsMaxLength 63`). Values are JSON-like literals.
 */
export function constraintTags(c: Constraints | undefined, extra: { default?: FieldDefault; immutable?: boolean } = {}, prefix = ''): string[] {
  const out: string[] = [];
  const tag = (name: string, value?: unknown) => {
    const word = prefix === '' ? name : `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    out.push(value === undefined ? `@${word}` : `@${word} ${typeof value === 'string' ? value : jsLiteral(value)}`);
  };
  if (c) {
    if (c.minimum !== undefined) tag(c.exclusiveMinimum ? 'exclusiveMinimum' : 'minimum', c.minimum);
    if (c.maximum !== undefined) tag(c.exclusiveMaximum ? 'exclusiveMaximum' : 'maximum', c.maximum);
    if (c.multipleOf !== undefined) tag('multipleOf', c.multipleOf);
    if (c.minLength !== undefined) tag('minLength', c.minLength);
    if (c.maxLength !== undefined) tag('maxLength', c.maxLength);
    if (c.pattern !== undefined) tag('pattern', c.pattern);
    if (c.format !== undefined) tag('format', c.format);
    if (c.enum !== undefined) tag('enum', c.enum.map((v) => jsLiteral(v)).join(' | '));
    if (c.minItems !== undefined) tag('minItems', c.minItems);
    if (c.maxItems !== undefined) tag('maxItems', c.maxItems);
    if (c.uniqueItems) tag('uniqueItems');
    if (c.minProperties !== undefined) tag('minProperties', c.minProperties);
    if (c.maxProperties !== undefined) tag('maxProperties', c.maxProperties);
    if (c.listType !== undefined) tag('listType', c.listType);
    if (c.listMapKeys !== undefined) tag('listMapKeys', c.listMapKeys.join(', '));
    if (c.mapType !== undefined) tag('mapType', c.mapType);
    if (c.nullable) tag('nullable');
  }
  if (extra.default !== undefined) tag('default', jsLiteral(extra.default.value));
  const immutable = extra.immutable === true || (c?.rules ?? []).some((r) => r.rule.trim() === 'self == oldSelf');
  if (immutable) tag('immutable');
  for (const r of c?.rules ?? []) {
    if (r.rule.trim() === 'self == oldSelf') continue;
    tag('rule', r.message !== undefined && r.message !== '' ? `${r.rule} — ${r.message}` : r.rule);
  }
  if (c?.items) out.push(...constraintTags(c.items, {}, `${prefix}items`));
  return out;
}

/** A doc text followed by its constraint tags (a blank line between). */
function withTags(doc: string, tags: readonly string[]): string {
  if (tags.length === 0) return doc;
  return doc.trim() === '' ? tags.join('\n') : `${doc}\n\n${tags.join('\n')}`;
}

/** Builds type expressions for one version package's `types.ts`, recording imports as it names types. */
class TypeContext {
  readonly imports = new ImportTracker();
  private readonly versionOf = new Map<string, string>();
  /** Declarations of foreign packages being inlined (recursion guard). */
  private readonly inlining = new Set<string>();

  constructor(
    readonly index: ModelIndex,
    readonly group: string,
    readonly pkg: Package,
    readonly runtimeModule: string,
    readonly diagnostics: DiagnosticBag,
    /** The `types` module of another group's package, when this file can import it. */
    readonly moduleOf: (pkg: string) => string | undefined = () => undefined,
  ) {
    for (const p of index.model.packages) if (p.group === group && !p.skip) this.versionOf.set(p.id, p.version);
  }

  /** A runtime type by name (the tracker aliases it when the package declares a type of the same name). */
  runtimeType(name: string): string {
    return this.imports.runtimeType(this.runtimeModule, name);
  }

  /** The TypeScript type expression of `ref`, for a position indented by `level`. */
  expr(ref: TypeRef, level: number): string {
    switch (ref.kind) {
      case 'primitive':
        return ref.name;
      case 'unknown':
        return 'unknown';
      case 'wellKnown':
        return this.runtimeType(ref.name);
      case 'enum':
        return ref.values.length === 0 ? 'never' : ref.values.map((v) => jsLiteral(v)).join(' | ');
      case 'array': {
        const items = this.expr(ref.items, level);
        return isTypeName(items) ? `${items}[]` : `Array<${items}>`;
      }
      case 'map':
        return `Record<string, ${this.expr(ref.values, level)}>`;
      case 'struct':
        return this.structExpr(ref, level);
      case 'named':
        return this.named(ref.package, ref.name, level);
    }
  }

  private named(pkgId: string, name: string, level: number): string {
    if (pkgId === this.pkg.id) return safeIdentifier(name);
    if (pkgId === RUNTIME_PACKAGE) return this.runtimeType(name);
    // Kubernetes' built-in types: imported from their @kubegen/api module, as the API source names them
    if (isApiPackage(pkgId)) return this.imports.type(pkgId, safeIdentifier(name));
    const version = this.versionOf.get(pkgId);
    if (version !== undefined) return `${this.imports.typeNamespace(`../${version}/types`, safeIdentifier(version))}.${safeIdentifier(name)}`;
    const module = this.moduleOf(pkgId);
    if (module !== undefined) return this.imports.type(module, safeIdentifier(name));
    // a package that cannot be imported: inline its declaration (guarding recursion)
    const decl = this.index.decl(pkgId, name);
    const key = `${pkgId}#${name}`;
    if (!decl || this.inlining.has(key)) return 'unknown';
    this.inlining.add(key);
    try {
      return this.declExpr(decl, level);
    } finally {
      this.inlining.delete(key);
    }
  }

  /** A declaration as one type expression (an interface becomes an object type, with its embeds intersected). */
  declExpr(decl: TypeDecl, level: number): string {
    return this.expr(decl.type, level);
  }

  private structExpr(s: StructType, level: number): string {
    const parts = s.embeds.map((e) => this.expr(e, level));
    // an object without fields (Go's empty struct): `{}` would mean any non-nullish value
    if (s.fields.length === 0 && parts.length === 0) return 'Record<string, never>';
    if (s.fields.length > 0) parts.push(this.body(s.fields, level));
    return parts.join(' & ');
  }

  /** `{ … }` with one member per field, members indented one level below `level`. */
  body(fields: readonly Field[], level: number): string {
    if (fields.length === 0) return '{}';
    const members = fields.map((f) =>
      indent(
        render('types', 'member', {
          doc: docComment(withTags(f.doc, constraintTags(f.constraints, { default: f.default, immutable: f.immutable }))),
          key: jsPropertyKey(f.name),
          optional: f.optional,
          type: f.nullable ? `${this.expr(f.type, level + 1)} | null` : this.expr(f.type, level + 1),
        }).replace(/\n$/, ''),
        1,
      ),
    );
    return ['{', ...members, '}'].join('\n');
  }
}

function renderDecl(ctx: TypeContext, decl: TypeDecl): string {
  const name = safeIdentifier(decl.name);
  const kind = ctx.pkg.kinds.find((k) => k.name === decl.name);
  const deprecation = kind?.deprecated ? `@deprecated ${kind.deprecationWarning ?? `${ctx.group}/${ctx.pkg.version} ${kind.name} is deprecated`}` : '';
  const instance = decl.instance ? `The instantiation \`${decl.instance.generic}<${decl.instance.arguments.map((a) => ctx.expr(a, 0)).join(', ')}>\` of the generic API type ${decl.instance.generic}.` : '';
  const doc = docComment(withTags([decl.doc, instance, deprecation].filter((x) => x.trim() !== '').join('\n'), constraintTags(decl.constraints)));
  const t = decl.type;
  const bases = t.kind === 'struct' ? t.embeds.map((e) => ctx.expr(e, 0)) : [];
  if (decl.declaration === 'interface' && t.kind === 'struct' && bases.every(isTypeName)) {
    return render('types', 'decl', {
      doc,
      isInterface: true,
      name,
      extends: bases.length ? ` extends ${bases.join(', ')}` : '',
      body: ctx.body(t.fields, 0),
      expr: '',
    });
  }
  return render('types', 'decl', { doc, isInterface: false, name, extends: '', body: '', expr: ctx.expr(t, 0) });
}

function renderTypesFile(ctx: TypeContext): string {
  const decls = [...ctx.pkg.types].sort((a, b) => cmp(a.name, b.name)).map((d) => renderDecl(ctx, d));
  const group = jsString(ctx.group);
  const version = jsString(ctx.pkg.version);
  const kinds = [...ctx.pkg.kinds]
    .sort((a, b) => cmp(a.name, b.name))
    .map((k) => ({ name: k.name, gvkName: gvkConstName(k.name), gvrName: gvrConstName(k.name), kind: jsString(k.name), resource: jsString(k.plural) }));
  const groupVersion = render('types', 'groupversion', { group, version, kinds });
  return renderSourceFile(ctx.imports, render('types', 'file', { reexports: runtimeReexports(ctx), decls, groupVersion }));
}

/**
 * `export type { … } from '@kubegen/runtime'` for the runtime declarations the package re-exports as its own (one
 * statement per runtime entry): the same declarations, never a second copy.
 */
function runtimeReexports(ctx: TypeContext): string[] {
  const declared = new Set(ctx.pkg.types.map((t) => t.name));
  const byModule = new Map<string, string[]>();
  for (const name of ctx.pkg.runtimeReexports ?? []) {
    if (declared.has(name)) continue;
    const module = runtimeModuleOf(ctx.runtimeModule, name);
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  }
  return [...byModule.entries()].sort((a, b) => cmp(a[0], b[0])).map(([module, names]) => `export type { ${names.join(', ')} } from ${jsString(module)};`);
}
