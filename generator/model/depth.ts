/**
 * A bound on how deeply types nest, checked once on the model (after recursion is refused), so that no emitter's
 * walk — schema building and flattening, the YAML encoder, deepcopy, defaulting, validation — can run out of stack:
 * "Maximum call stack size exceeded" was an internal error (exit 70) for a chain of 1,000 interfaces.
 *
 * The depth of a type is the number of schema levels it opens: one per field (a property), per array (`items`)
 * and per map (`additionalProperties`); `extends` and `&` members are merged into their object and open none. A
 * type deeper than {@link MAX_TYPE_DEPTH} is an error at the outermost such declaration, naming the chain. The
 * API server itself refuses JSON nested more than 10,000 levels (a CRD schema spends two per level); kubegen's bound
 * is far lower, and far above any real API (Kubernetes' own deepest types nest a few dozen levels), so that every
 * recursive walk of the emitters stays well inside Node's default stack.
 *
 * The walk over named types is iterative (an explicit stack, each declaration's depth memoised), so the check
 * itself cannot overflow however long the chain.
 */
import type { DiagnosticBag } from '../diagnostics';
import type { Package, TypeDecl, TypeRef } from './types';
import { forEachNamedRef, typeKey, type TypeIndex } from './util';

/** The deepest nesting of schema levels kubegen generates code for. */
export const MAX_TYPE_DEPTH = 256;

interface Depth {
  depth: number;
  /** The named type the deepest path goes through next, if any. */
  next?: string;
}

/** Reports types nested deeper than {@link MAX_TYPE_DEPTH} (see the module contract); recursive types are skipped. */
export function checkTypeDepth(packages: readonly Package[], index: TypeIndex, bag: DiagnosticBag): void {
  const memo = new Map<string, Depth>();
  const active = new Set<string>();
  const refsOf = (decl: TypeDecl): string[] => {
    const out: string[] = [];
    forEachNamedRef(decl.type, (n) => out.push(typeKey(n.package, n.name)));
    return out;
  };
  for (const pkg of packages) {
    for (const root of pkg.types) {
      const rootKey = typeKey(root.package, root.name);
      if (memo.has(rootKey)) continue;
      const stack: Array<{ key: string; decl: TypeDecl; refs: string[] }> = [{ key: rootKey, decl: root, refs: refsOf(root) }];
      active.add(rootKey);
      for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
        const next = top.refs.pop();
        if (next !== undefined) {
          if (memo.has(next) || active.has(next)) continue; // a cycle is KG3004's: it counts as no depth here
          const decl = index.get(next);
          if (!decl) continue;
          active.add(next);
          stack.push({ key: next, decl, refs: refsOf(decl) });
          continue;
        }
        memo.set(top.key, refDepth(top.decl.type, memo));
        active.delete(top.key);
        stack.pop();
      }
    }
  }
  // the outermost too-deep declarations: not reached from another too-deep one
  const deep = [...memo.entries()].filter(([, d]) => d.depth > MAX_TYPE_DEPTH);
  const inner = new Set(deep.map(([, d]) => d.next).filter((n): n is string => n !== undefined));
  for (const [key, d] of deep) {
    if (inner.has(key)) continue;
    const decl = index.get(key);
    if (!decl) continue;
    bag.report(
      'type-too-deep',
      `type ${decl.name} nests ${d.depth} levels of fields, arrays and maps (${chain(key, memo, index)}), more than the ${MAX_TYPE_DEPTH} kubegen supports: flatten the types, or make a deep part schemaless (+kubebuilder:validation:Schemaless with +kubebuilder:pruning:PreserveUnknownFields)`,
      decl.span,
    );
  }
}

/** The names along the deepest path from `key`, the middle elided when long. */
function chain(key: string, memo: Map<string, Depth>, index: TypeIndex): string {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let k: string | undefined = key; k !== undefined && !seen.has(k); k = memo.get(k)?.next) {
    seen.add(k);
    names.push(index.get(k)?.name ?? k);
  }
  return names.length > 6 ? [...names.slice(0, 3), '…', ...names.slice(-2)].join(' → ') : names.join(' → ');
}

/** The depth of a reference whose named types are all in `memo` (inline nesting is bounded before parsing: MAX_SOURCE_NESTING in load/resolve.ts). */
function refDepth(ref: TypeRef, memo: Map<string, Depth>): Depth {
  switch (ref.kind) {
    case 'named':
      return { depth: memo.get(typeKey(ref.package, ref.name))?.depth ?? 0, next: typeKey(ref.package, ref.name) };
    case 'array':
      return plusOne(refDepth(ref.items, memo));
    case 'map':
      return plusOne(refDepth(ref.values, memo));
    case 'struct': {
      let best: Depth = { depth: 0 };
      for (const e of ref.embeds) best = deeper(best, refDepth(e, memo));
      for (const f of ref.fields) best = deeper(best, plusOne(refDepth(f.type, memo)));
      return best;
    }
    default:
      return { depth: 0 };
  }
}

function plusOne(d: Depth): Depth {
  return { ...d, depth: d.depth + 1 };
}

function deeper(a: Depth, b: Depth): Depth {
  return b.depth > a.depth ? b : a;
}
