/** An own property of a JSON object (never an inherited one), else undefined. */
export function field(o: unknown, key: string): unknown {
  if (typeof o !== 'object' || o === null || Array.isArray(o) || !Object.hasOwn(o, key)) return undefined;
  return (o as Record<string, unknown>)[key];
}
