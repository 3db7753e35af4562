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
    const ch = value.charAt(i);
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f || c === 0x2028 || c === 0x2029) out += '\\u' + c.toString(16).padStart(4, '0');
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += String.fromCharCode(c, next);
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

/**
 * The names every object inherits (the own properties of `Object.prototype`: `toString`, `constructor`,
 * `hasOwnProperty`, `__proto__` …). On a type with an index signature (`JsonObject`), `o.toString` has the type of
 * the inherited member (a method) and `o['toString']` the index signature's: only the second is right for a JSON key.
 */
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A property access on `target` that is right for every JSON name: `target.key` for identifiers, `target['key']`
 * otherwise and for the names every object inherits (see INHERITED_NAMES).
 */
export function jsPropertyAccess(target: string, key: string): string {
  return IDENTIFIER.test(key) && !INHERITED_NAMES.has(key) ? `${target}.${key}` : `${target}[${jsString(key)}]`;
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

/*
 * Comments. A `/* … *\/` block ends at the first `*\/`; a `//` comment ends at the first line terminator, which
 * for TypeScript is any of LF, CR, U+2028 and U+2029 (what follows is code, or the next comment line — a marker
 * line, say). A UTF-8 file cannot hold a lone surrogate at all (it becomes U+FFFD). So:
 * - `blockCommentText` / `lineCommentText`: any text, made safe for generated code (lossy where it must be);
 * - the arguments of a marker line are escaped by the marker registry's printer (generator/markers/escape.ts:
 *   `markerString` / `markerJson`), so that they hold none of these and read back exactly;
 * - `apiDocComment`: the doc comment of the input language (`kubegen import`), which must read back exactly: a JSDoc
 *   block when the text holds no `*\/`, else `//` lines when it holds no line terminator but LF;
 *   `docCommentProblem` says why a text fits neither (the importer reports it where the text came from).
 */

/** The line terminators of ECMAScript / TypeScript source. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
/** A UTF-16 code unit that is half a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hex4(c: number): string {
  return c.toString(16).padStart(4, '0');
}

/** Lone surrogates as `\uXXXX` text (a UTF-8 file cannot hold them). */
function withoutLoneSurrogates(text: string): string {
  return text.replace(new RegExp(LONE_SURROGATE.source, 'g'), (c) => `\\u${hex4(c.charCodeAt(0))}`);
}

/** Text inside a generated `/* … *\/` (or JSDoc) comment: `*\/` is broken up so that it cannot close the comment. */
export function blockCommentText(text: string): string {
  return withoutLoneSurrogates(text).replace(/\*\//g, '*\\/');
}

/** Text on one generated `//` line: every line terminator is written as its escape (`\n`, `\u2028` …), so the comment cannot end early. */
export function lineCommentText(text: string): string {
  return withoutLoneSurrogates(text).replace(/[\n\r\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${hex4(c.charCodeAt(0))}`));
}

/**
 * Why the input language's doc comments cannot hold `text` so that the loader reads it back, or undefined:
 * a lone surrogate (no UTF-8 file holds one), or both `*\/` (which ends a JSDoc block) and a line terminator other
 * than LF (at which a `//` line ends: CR, U+2028, U+2029).
 */
export function docCommentProblem(text: string): string | undefined {
  const lone = LONE_SURROGATE.exec(text);
  if (lone) return `it holds a lone surrogate (U+${hex4(lone[0].charCodeAt(0)).toUpperCase()}), which a UTF-8 source file cannot hold`;
  const terminator = /[\r\u2028\u2029]/.exec(text);
  if (terminator && text.includes('*/')) {
    return `it holds both */ (which ends a /** comment) and ${terminator[0] === '\r' ? 'a carriage return' : `U+${hex4(terminator[0].charCodeAt(0)).toUpperCase()}`} (at which a // comment ends), so no TypeScript comment holds it`;
  }
  return undefined;
}

/**
 * The doc comment of a declaration or property in the input language, read back by the loader
 * (generator/load/comments.ts) as exactly `lines`: the description's lines, then marker lines (as the registry's
 * `print` writes them). A JSDoc block, or `//` lines when a line holds `*\/`. Throws when
 * `docCommentProblem` has a reason (callers check first), or when a line holds LF.
 */
export function apiDocComment(lines: readonly string[], indent: string): string {
  if (lines.length === 0) return '';
  for (const l of lines) {
    const problem = l.includes('\n') ? 'a line holds LF' : docCommentProblem(l);
    if (problem !== undefined) throw new Error(`internal: a doc comment cannot hold ${JSON.stringify(l)}: ${problem}`);
  }
  if (lines.some((l) => l.includes('*/'))) {
    const bad = lines.find((l) => LINE_TERMINATOR.test(l));
    if (bad !== undefined) throw new Error(`internal: a doc comment cannot hold ${JSON.stringify(bad)}: ${docCommentProblem(lines.join('\n')) ?? 'a line terminator in a marker line'}`);
    return lines.map((l) => (l ? `${indent}// ${l}\n` : `${indent}//\n`)).join('');
  }
  const [only, ...more] = lines;
  if (only !== undefined && more.length === 0 && /^[^\s*]/.test(only)) return `${indent}/** ${only} */\n`;
  return `${indent}/**\n${lines.map((l) => (l ? `${indent} * ${l}\n` : `${indent} *\n`)).join('')}${indent} */\n`;
}
