/**
 * Ordering helpers shared by the RBAC and webhook emitters: Go's `strings.Compare` / `slices.Sort` order on
 * strings, which is UTF-8 byte order — code point order, not JavaScript's UTF-16 code unit order.
 */

/** Go's `strings.Compare`: -1, 0 or 1 by UTF-8 bytes (equivalently, by code points). */
export function compareBytes(a: string, b: string): number {
  // while the code points are equal, both strings are at the same index
  let i = 0;
  for (let ca = a.codePointAt(0), cb = b.codePointAt(0); ca !== undefined && cb !== undefined; ca = a.codePointAt(i), cb = b.codePointAt(i)) {
    if (ca !== cb) return ca < cb ? -1 : 1;
    i += ca > 0xffff ? 2 : 1;
  }
  const restA = a.length - i;
  const restB = b.length - i;
  return restA === restB ? 0 : restA < restB ? -1 : 1;
}

/** controller-gen's `removeDupAndSort`: distinct values in byte order. */
export function uniqueSorted(values: readonly string[]): string[] {
  return [...new Set(values)].sort(compareBytes);
}
