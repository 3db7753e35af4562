/**
 * The escaping of marker arguments (the inverse of ./grammar.ts for text): a marker line sits in a comment of either
 * kind (`/** … *\/` or `//`), so what `print` writes for an argument holds no `*\/` (which ends a block comment), no
 * line terminator (LF, CR, U+2028, U+2029: where a `//` comment ends), no control character and no lone surrogate (a
 * UTF-8 file cannot hold one) — and reads back, through the grammar, as exactly the value printed.
 */

/** A UTF-16 code unit that is half a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hex4(c: number): string {
  return c.toString(16).padStart(4, '0');
}

/**
 * A string argument of a marker line: bare when it is a plain word (`pattern` letters `[A-Za-z0-9_./-]`, see
 * `bare`), a raw `` `string` `` when that holds it, else a Go-quoted string. The result holds no line terminator, no
 * `*\/`, no control character and no lone surrogate, and the marker grammar (./grammar.ts) reads it back as `s`.
 */
export function markerString(s: string, bare: RegExp = /^[A-Za-z0-9_./-]+$/): string {
  if (bare.test(s) && !s.includes('*/')) return s;
  // eslint-disable-next-line no-control-regex -- the control characters are what this test looks for
  if (!/[`\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s) && !s.includes('*/') && !LONE_SURROGATE.test(s)) return `\`${s}\``;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s.charAt(i);
    const c = s.charCodeAt(i);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch === '/' && s[i - 1] === '*') out += '\\x2f';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if ((c >= 0x80 && c <= 0x9f) || c === 0x2028 || c === 0x2029) out += `\\u${hex4(c)}`;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
      if (pair) {
        out += ch + s.charAt(i + 1);
        i++;
      } else out += `\\u${hex4(c)}`;
    } else out += ch;
  }
  return `${out}"`;
}

/**
 * A JSON value as the argument of a marker line (`+default=…`, `+kubebuilder:validation:XValidation` …): JSON text
 * with integers beyond 2^53 (bigints, and doubles within int64) as exact integer literals, and `*\/`, U+2028,
 * U+2029, DEL and C1 controls escaped inside strings (`*\\/`, `\\u2028`), so that it is safe on a line of either
 * comment kind. Throws for what JSON cannot hold (`undefined`, a function).
 */
export function markerJson(v: unknown): string {
  const marker = '\u0000int:';
  const json = JSON.stringify(v, (_k, x: unknown) => {
    if (typeof x === 'bigint') return `${marker}${x.toString()}`;
    if (typeof x === 'number' && Number.isInteger(x) && !Number.isSafeInteger(x) && Math.abs(x) < 2 ** 63) return `${marker}${BigInt(x).toString()}`;
    return x;
  }) as string | undefined;
  if (json === undefined) throw new Error(`internal: a ${typeof v} is no JSON value, so it cannot be written as a marker argument`);
  // `*` and `/`, U+2028, U+2029 and DEL / C1 controls occur in JSON text only inside strings
  return json
    .replace(/"\\u0000int:(-?[0-9]+)"/g, '$1')
    .replace(/\*\//g, '*\\/')
    .replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${hex4(c.charCodeAt(0))}`);
}

/**
 * Why `text` cannot stand verbatim in a marker line (a raw argument of a code-generator grammar, which has no
 * escapes), or undefined: a line terminator, `*\/`, a control character, a lone surrogate, or — for text that ends
 * the line (`atLineEnd`) — trailing white space (the parser trims the line's end).
 */
export function rawMarkerTextProblem(text: string, atLineEnd = true): string | undefined {
  if (/[\n\r\u2028\u2029]/.test(text)) return 'a line terminator';
  if (text.includes('*/')) return '*/';
  // eslint-disable-next-line no-control-regex -- the control characters are what this test looks for
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text)) return 'a control character';
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate';
  if (atLineEnd && text !== text.trimEnd()) return 'trailing white space';
  return undefined;
}
