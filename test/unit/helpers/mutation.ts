/** Helpers for deep-copy tests: which objects a value holds, and a mutation that touches every one of them. */

/** Every object and array reachable from `a` (by identity). */
export function containers(a: unknown, out = new Set<object>()): Set<object> {
  if (typeof a === 'object' && a !== null) {
    out.add(a);
    for (const v of Object.values(a)) containers(v, out);
  }
  return out;
}

/** Whether `a` and `b` share no object or array. */
export function sharesNothing(a: unknown, b: unknown): boolean {
  const ca = containers(a);
  for (const c of containers(b)) if (ca.has(c)) return false;
  return true;
}

/** Sets every leaf and adds a key everywhere in `obj`. */
export function mutateEverywhere(obj: unknown): void {
  if (typeof obj !== 'object' || obj === null) return;
  if (Array.isArray(obj)) {
    for (const e of obj) mutateEverywhere(e);
    obj.push('mutated');
    return;
  }
  const o = obj as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (typeof o[k] === 'object' && o[k] !== null) mutateEverywhere(o[k]);
    else o[k] = 'mutated';
  }
  o.__mutated = true;
}
