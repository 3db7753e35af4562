/**
 * An import tracker, after gengo's `ImportTracker`: code that names a type or value from another module asks
 * the tracker for it, which records the import and returns the local name to use. Templates never spell
 * imports; they print what `renderSourceFile` makes of the tracker.
 *
 * Local names are decided when the file is assembled, with the whole file known, so they do not depend on the
 * order of requests and never collide (a user type named `JsonObject`, `ResourceClient` or `Lister` next to the
 * runtime's): the name returned by `value` / `type` / `namespace` / `typeNamespace` is a reference that `link`
 * (called by `renderSourceFile`) replaces with the local name. The names a file declares at top level are
 * taken first; then imports from the package's own modules (relative specifiers) get their own names; then
 * the others (the runtime). A name already taken is imported under an alias `<module>_<name>`
 * (`JsonObject as runtime_JsonObject`), with a numeric suffix in the unlikely case that is taken too.
 *
 * Output is deterministic: modules sorted (package specifiers before relative ones, then by specifier), names
 * sorted within each import, `import type` for modules only used as types.
 */
import { jsString } from './escape';
import { isIdentifier, safeIdentifier } from '../naming/namers';
import { runtimeModuleOf } from './runtime';
import { group } from '../text';

type BindingKind = 'named' | 'namespace';

interface Binding {
  module: string;
  /** The exported name, or the preferred alias of a namespace import. */
  name: string;
  kind: BindingKind;
  /** Whether any request needs the value (else `import type`). */
  value: boolean;
  /** The reference handed out; replaced by the local name when the file is linked. */
  ref: string;
}

/** References are private-use characters around a number: no generated text contains them otherwise. */
const REF_OPEN = '\uE000';
const REF_CLOSE = '\uE001';
const REF_PATTERN = /\uE000([0-9]+)\uE001/g;

/**
 * Whether a type expression is a (possibly qualified) type name — an identifier, `ns.Name`, or names handed out
 * by a tracker — so that it can follow `extends` or take a `[]` suffix.
 */
export function isTypeName(expr: string): boolean {
  return /^(?:[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*|\uE000[0-9]+\uE001)(?:\.(?:[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*|\uE000[0-9]+\uE001))*$/u.test(expr);
}

/** Top-level declarations of generated code (column 0): the names a file declares itself. */
const DECLARATION =
  /^(?:export\s+)?(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|interface|type|enum|const|let|var|namespace)\s+([\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*)/gmu;

/** The names declared at the top level of generated source `text` (lines starting at column 0). */
export function declaredNames(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(DECLARATION)) out.add(group(m, 1));
  return out;
}

/** `@kubegen/runtime` → `runtime`, `./types` → `types`, `../v1/types` → `v1_types`: the prefix of an alias. */
export function modulePrefix(module: string): string {
  const segments = module.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
  if (module.startsWith('@') && segments.length > 1) segments.shift();
  return safeIdentifier(segments.join('_') || 'module');
}

export interface ImportTrackerOptions {
  /**
   * The local name a named import asks for first (default: its exported name) — e.g. the input language gives a
   * runtime type whose name the package declares elsewhere a `Runtime` prefix. When it is taken, the import gets
   * the alias `<module>_<name>` like any other.
   */
  preferredName?(module: string, name: string): string;
}

export class ImportTracker {
  private readonly bindings = new Map<string, Binding>();
  private readonly byRef: Binding[] = [];

  constructor(private readonly options: ImportTrackerOptions = {}) {}

  private bind(module: string, name: string, kind: BindingKind, value: boolean): string {
    const key = `${kind}\0${module}\0${kind === 'named' ? name : ''}`;
    let b = this.bindings.get(key);
    if (b) {
      if (kind === 'namespace' && b.name !== name) throw new Error(`module ${module} already imported as ${b.name}`);
      b.value ||= value;
      return b.ref;
    }
    if (!isIdentifier(name)) throw new Error(`cannot import ${JSON.stringify(name)} from ${module}: not an identifier`);
    b = { module, name, kind, value, ref: `${REF_OPEN}${this.byRef.length}${REF_CLOSE}` };
    this.bindings.set(key, b);
    this.byRef.push(b);
    return b.ref;
  }

  /** Records a value import (function, constant, class) and returns the name to use. */
  value(module: string, name: string): string {
    return this.bind(module, name, 'named', true);
  }

  /** Records a type-only import and returns the name to use. */
  type(module: string, name: string): string {
    return this.bind(module, name, 'named', false);
  }

  /** Records a value import of a runtime name from its entry of the runtime package `base` (see `./runtime`). */
  runtimeValue(base: string, name: string): string {
    return this.value(runtimeModuleOf(base, name), name);
  }

  /** Records a type-only import of a runtime name from its entry of the runtime package `base`. */
  runtimeType(base: string, name: string): string {
    return this.type(runtimeModuleOf(base, name), name);
  }

  /** Records `import * as alias from module` (value import) and returns the name to use. */
  namespace(module: string, alias: string): string {
    return this.bind(module, alias, 'namespace', true);
  }

  /** Records `import type * as alias from module` and returns the name to use. */
  typeNamespace(module: string, alias: string): string {
    return this.bind(module, alias, 'namespace', false);
  }

  get isEmpty(): boolean {
    return this.bindings.size === 0;
  }

  /**
   * The local name of every binding, given the names the file declares: declared names first, then bindings of
   * relative modules, then the others, each group in (module, name) order — so the result does not depend on the
   * order in which names were requested.
   */
  private resolve(declared: ReadonlySet<string>): Map<Binding, string> {
    const taken = new Set(declared);
    const local = new Map<Binding, string>();
    const relative = (b: Binding) => (b.module.startsWith('.') ? 0 : 1);
    const ordered = [...this.byRef].sort(
      (a, b) => relative(a) - relative(b) || compare(a.module, b.module) || compare(a.kind, b.kind) || compare(a.name, b.name),
    );
    for (const b of ordered) {
      let name = b.kind === 'named' ? (this.options.preferredName?.(b.module, b.name) ?? b.name) : b.name;
      if (taken.has(name)) {
        const base = `${modulePrefix(b.module)}_${b.name}`;
        name = base;
        for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
      }
      taken.add(name);
      local.set(b, name);
    }
    return local;
  }

  /** The import statements, one per line, sorted, for a file that declares `declared`. */
  render(declared: ReadonlySet<string> = new Set()): string {
    return this.renderWith(this.resolve(declared));
  }

  private renderWith(local: Map<Binding, string>): string {
    const byModule = new Map<string, Binding[]>();
    for (const b of this.byRef) {
      const list = byModule.get(b.module) ?? [];
      list.push(b);
      byModule.set(b.module, list);
    }
    const modules = [...byModule].sort(([a], [b]) => {
      const ra = a.startsWith('.') ? 1 : 0;
      const rb = b.startsWith('.') ? 1 : 0;
      return ra !== rb ? ra - rb : compare(a, b);
    });
    const lines: string[] = [];
    for (const [spec, list] of modules) {
      const quoted = jsString(spec);
      for (const b of list.filter((x) => x.kind === 'namespace').sort((x, y) => Number(y.value) - Number(x.value))) {
        lines.push(`import ${b.value ? '' : 'type '}* as ${local.get(b)} from ${quoted};`);
      }
      const named = list.filter((x) => x.kind === 'named').sort((x, y) => compare(x.name, y.name));
      if (named.length === 0) continue;
      const spell = (b: Binding) => (local.get(b) === b.name ? b.name : `${b.name} as ${local.get(b)}`);
      if (named.some((b) => b.value)) {
        lines.push(`import { ${named.map((b) => (b.value ? spell(b) : `type ${spell(b)}`)).join(', ')} } from ${quoted};`);
      } else {
        lines.push(`import type { ${named.map(spell).join(', ')} } from ${quoted};`);
      }
    }
    return lines.join('\n');
  }

  /**
   * The import block and `body` with every reference replaced by its local name; the names `body` declares at
   * top level are never used for an import.
   */
  link(body: string): { imports: string; body: string } {
    const local = this.resolve(declaredNames(body.replace(REF_PATTERN, '')));
    const linked = body.replace(REF_PATTERN, (_m, i: string) => {
      const b = this.byRef[Number(i)];
      if (!b) return _m;
      const name = local.get(b);
      if (name === undefined) throw new Error(`kubegen bug: the import tracker did not name ${b.module} ${b.name}`);
      return name;
    });
    return { imports: this.renderWith(local), body: linked };
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
