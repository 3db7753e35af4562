/**
 * The one escaping helper for strings that land in generated code.
 *
 * Every string taken from the model (JSON names, group names, doc text, default values …) reaches generated
 * TypeScript through `jsString` (a quoted string literal) or `jsLiteral` (any JSON value as an expression),
 * never by pasting raw text into a template. Identifiers come from `naming.ts` instead.
 */

/**
 * A single-quoted JavaScript string literal for `value`: backslash, quote, control characters, line and
 * paragraph separators and lone surrogates are escaped, so the result is safe anywhere an expression may stand.
 */
export function jsString(value: string): string {
  let out = "'";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const ch = value[i];
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f || c === 0x2028 || c === 0x2029) out += '\\u' + c.toString(16).padStart(4, '0');
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += ch + value[i + 1];
        i++;
      } else out += '\\u' + c.toString(16);
    } else if (c >= 0xdc00 && c <= 0xdfff) out += '\\u' + c.toString(16);
    else out += ch;
  }
  return out + "'";
}

/** An identifier name (reserved words included: they are valid property names), in any script. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/** A property key for an object literal: bare when it is an identifier, else a quoted string. */
export function jsPropertyKey(key: string): string {
  if (key === '__proto__') return `[${jsString(key)}]`;
  return IDENTIFIER.test(key) ? key : jsString(key);
}

/** A property access on `target`: `target.key` for identifiers, `target['key']` otherwise. */
export function jsPropertyAccess(target: string, key: string): string {
  return IDENTIFIER.test(key) && key !== '__proto__' ? `${target}.${key}` : `${target}[${jsString(key)}]`;
}

/**
 * A JSON value as a JavaScript expression that evaluates to a fresh copy of it on every evaluation.
 * Object keys keep their order; `__proto__` becomes a computed key so that it is an own property.
 * A bigint (an int64 default beyond 2^53, exact in the CRD) becomes its decimal digits, a number literal that
 * evaluates to the nearest double — `int64` is a `number` at run time. Throws on values that are not JSON
 * (functions, symbols, `undefined`, non-finite numbers).
 */
export function jsLiteral(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return jsString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${value}`);
      return Object.is(value, -0) ? '0' : String(value);
    case 'bigint':
      return value.toString();
    case 'object': {
      if (Array.isArray(value)) return `[${value.map(jsLiteral).join(', ')}]`;
      const entries = Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k]] as const);
      if (entries.length === 0) return '{}';
      return `{ ${entries.map(([k, v]) => `${jsPropertyKey(k)}: ${jsLiteral(v)}`).join(', ')} }`;
    }
    default:
      throw new TypeError(`not a JSON value: ${typeof value}`);
  }
}

/** Text for a `/** … *\/` or `//` comment: `*\/` is broken up so that it cannot close the comment. */
export function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}
