/** Text helpers with no dependency: the first line of a message, the capture groups of a regex match, JSON text. */

/** The first line of a (possibly multi-line) message: what one line of a report shows. */
export function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

/**
 * Capture group `i` of a match, for a pattern whose group `i` is outside every optional part (`?`, `*`, `|`): it
 * always participates, so a missing one is a bug in the pattern. (Optional groups are read as `m[i]`, `string | undefined`.)
 */
export function group(m: RegExpMatchArray, i: number): string {
  const g = m[i];
  if (g === undefined) throw new Error(`kubegen bug: capture group ${i} of ${String(m.length - 1)} did not participate`);
  return g;
}

/**
 * `JSON.stringify`, typed as it behaves: undefined for a value JSON cannot hold (undefined, a function, a symbol),
 * which the standard library's `string` hides.
 */
export function jsonText(value: unknown, replacer?: (this: unknown, key: string, value: unknown) => unknown): string | undefined {
  return JSON.stringify(value, replacer);
}
