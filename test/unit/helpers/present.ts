/**
 * `value`, checked to be there: a test's read of an element or a key it expects (`crds[0]`, `props.spec`), failing
 * with what was missing instead of a TypeError further on. Under `noUncheckedIndexedAccess` it is also the narrowing.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected ${what}, found nothing`);
  return value;
}
