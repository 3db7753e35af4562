/**
 * The size of an OpenAPI schema with every `$ref` inlined — what `kubegen crd` writes for a kind — computed without
 * inlining anything: each component's own JSON size and the references it makes are read once, then a component's
 * expanded size is its own size plus the expanded sizes of its references, memoised per component. Time and memory
 * are linear in the document, however often references repeat (40 schemas that each reference the next twice expand
 * to 2^40 copies; their sizes are added up, never built).
 *
 * A reference that closes a cycle counts as `{}` (the importer types it `unknown`, see breakCycles in ./openapi).
 */
import { isObject, own, type Json, type JsonObject } from './source';

/**
 * The largest CRD the apiserver accepts: a request body may hold at most 3 MiB (k8s.io/apiserver
 * pkg/server/config.go, `MaxRequestBodyBytes: int64(3 * 1024 * 1024)`: twice etcd's recommended 1.5 MiB request, as
 * JSON is larger than the protobuf stored; apiextensions-apiserver serves CRDs with the same limit). A kind whose
 * expanded schema alone is larger cannot be installed.
 */
export const MAX_CRD_BYTES = 3 * 1024 * 1024;

/** What one component holds: its JSON size with references left out, and the components it references (repeated). */
interface Shape {
  own: number;
  refs: string[];
}

/**
 * Expanded JSON sizes (UTF-16 code units of compact JSON, a close lower bound of the UTF-8 bytes) of component schemas
 * by name. `resolve` maps a `$ref` string to a component name, or undefined for references that are not expanded (the
 * runtime's well-known types, which kubegen writes as a few keys; they count as `{}`).
 */
export class ExpandedSizes {
  private readonly shapes = new Map<string, Shape>();
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly schemas: ReadonlyMap<string, JsonObject>,
    private readonly resolve: (ref: string) => string | undefined,
  ) {}

  /** The expanded size of component `name` (Infinity beyond what a double counts). */
  of(name: string): number {
    const done = this.sizes.get(name);
    if (done !== undefined) return done;
    // iterative post-order walk over the reference graph: a chain of thousands of schemas needs no deep stack
    const active = new Set<string>();
    const stack: Array<{ name: string; next: number; total: number }> = [];
    const enter = (n: string) => {
      active.add(n);
      stack.push({ name: n, next: 0, total: this.shape(n).own });
    };
    enter(name);
    let size = 0;
    for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
      const ref = this.shape(top.name).refs[top.next];
      if (ref !== undefined) {
        top.next++;
        const known = this.sizes.get(ref);
        if (known !== undefined) top.total += known;
        else if (active.has(ref) || !this.schemas.has(ref)) top.total += 2; // a cycle is typed unknown: `{}`
        else enter(ref);
        continue;
      }
      stack.pop();
      active.delete(top.name);
      this.sizes.set(top.name, top.total);
      const parent = stack.at(-1);
      if (parent) parent.total += top.total;
      else size = top.total; // the walk's root: `name`
    }
    return size;
  }

  private shape(name: string): Shape {
    let s = this.shapes.get(name);
    if (!s) {
      const refs: string[] = [];
      const schema = this.schemas.get(name);
      s = { own: schema ? this.measure(schema, refs) : 2, refs };
      this.shapes.set(name, s);
    }
    return s;
  }

  /** Compact JSON size of `v`, each `{"$ref": …}` object naming a component counted as nothing (its target is added). */
  private measure(v: Json, refs: string[]): number {
    if (v === null) return 4;
    switch (typeof v) {
      case 'boolean':
        return v ? 4 : 5;
      case 'number':
        return JSON.stringify(v).length;
      case 'bigint':
        return v.toString().length;
      case 'string':
        return JSON.stringify(v).length;
    }
    if (Array.isArray(v)) return v.reduce<number>((n, x) => n + this.measure(x, refs), 1 + Math.max(v.length, 1));
    if (!isObject(v)) return 0;
    const ref = own(v, '$ref');
    const target = typeof ref === 'string' ? this.resolve(ref) : undefined;
    let n = 1 + Math.max(Object.keys(v).length, 1);
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && target !== undefined) continue;
      n += JSON.stringify(k).length + 1 + this.measure(x, refs);
    }
    if (target !== undefined) {
      refs.push(target);
      // the reference object's own braces and other keys stay (`{description, allOf: [{$ref}]}`)
    }
    return n;
  }
}
