/**
 * An import tracker, after gengo's `ImportTracker`: code that names a type or value from another module asks
 * the tracker for it, which records the import and returns the local name to use. Templates never spell
 * imports; they print `tracker.render()`.
 *
 * Output is deterministic: modules sorted (package specifiers before relative ones, then by specifier), names
 * sorted within each import, `import type` for modules only used as types.
 */
export class ImportTracker {
  private readonly modules = new Map<string, { values: Set<string>; types: Set<string>; namespace?: string; typeNamespace?: string }>();

  private entry(module: string) {
    let e = this.modules.get(module);
    if (!e) {
      e = { values: new Set(), types: new Set() };
      this.modules.set(module, e);
    }
    return e;
  }

  /** Records a value import (function, constant, class) and returns the name to use. */
  value(module: string, name: string): string {
    this.entry(module).values.add(name);
    return name;
  }

  /** Records a type-only import and returns the name to use. */
  type(module: string, name: string): string {
    this.entry(module).types.add(name);
    return name;
  }

  /** Records `import * as alias from module` (value import) and returns the alias. */
  namespace(module: string, alias: string): string {
    const e = this.entry(module);
    if (e.namespace !== undefined && e.namespace !== alias) throw new Error(`module ${module} already imported as ${e.namespace}`);
    e.namespace = alias;
    return alias;
  }

  /** Records `import type * as alias from module` and returns the alias. */
  typeNamespace(module: string, alias: string): string {
    const e = this.entry(module);
    if (e.typeNamespace !== undefined && e.typeNamespace !== alias) throw new Error(`module ${module} already imported as ${e.typeNamespace}`);
    e.typeNamespace = alias;
    return alias;
  }

  get isEmpty(): boolean {
    return this.modules.size === 0;
  }

  /** The import statements, one per line, sorted. */
  render(): string {
    const specs = [...this.modules.keys()].sort((a, b) => {
      const ra = a.startsWith('.') ? 1 : 0;
      const rb = b.startsWith('.') ? 1 : 0;
      return ra !== rb ? ra - rb : a < b ? -1 : a > b ? 1 : 0;
    });
    const lines: string[] = [];
    for (const spec of specs) {
      const e = this.modules.get(spec)!;
      const quoted = `'${spec}'`;
      if (e.namespace !== undefined) lines.push(`import * as ${e.namespace} from ${quoted};`);
      if (e.typeNamespace !== undefined) lines.push(`import type * as ${e.typeNamespace} from ${quoted};`);
      const values = [...e.values].sort();
      const types = [...e.types].filter((t) => !e.values.has(t)).sort();
      if (values.length > 0) {
        const names = [...values, ...types.map((t) => `type ${t}`)].sort((a, b) => (strip(a) < strip(b) ? -1 : strip(a) > strip(b) ? 1 : 0));
        lines.push(`import { ${names.join(', ')} } from ${quoted};`);
      } else if (types.length > 0) {
        lines.push(`import type { ${types.join(', ')} } from ${quoted};`);
      }
    }
    return lines.join('\n');
  }
}

function strip(name: string): string {
  return name.startsWith('type ') ? name.slice(5) : name;
}
