/**
 * The words of Go's encoding/json for a request body, so that a body the apiserver refuses is refused with its text:
 * the syntax error of its scanner (`invalid character 'x' after object key`, `unexpected end of JSON input`), the
 * type names of its "cannot unmarshal" errors, and apiserver's summary of a body in a message (handlers' summarizeData).
 *
 * Contract: `goSyntaxError` scans bytes once, left to right, with an explicit stack (no recursion), and answers the
 * first error Go's scanner reports, or `undefined` for valid JSON; nesting past Go's 10,000 levels is an error there too.
 */

const END = 'unexpected end of JSON input';
const MAX_NESTING = 10_000;

/** Go's `quoteChar`: a byte as `'x'`, with strconv.Quote's escapes (bytes above 0x7f read as the runes U+0080..U+00FF). */
export function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  const named: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 0x5c: '\\\\' };
  const n = named[c];
  if (n !== undefined) return `'${n}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  if ((c >= 0x80 && c <= 0xa0) || c === 0xad) return `'\\u${c.toString(16).padStart(4, '0')}'`;
  return `'${String.fromCharCode(c)}'`;
}

type State =
  | 'value' // beginning of a value
  | 'valueOrEmpty' // after '['
  | 'keyOrEmpty' // after '{'
  | 'key' // after ',' in an object
  | 'string'
  | 'escape'
  | 'hex'
  | 'neg' // after '-'
  | 'zero' // after a leading 0
  | 'digits' // integer digits
  | 'dot' // after '.'
  | 'fraction'
  | 'exp' // after 'e'
  | 'expSign' // after 'e+' / 'e-'
  | 'expDigits'
  | 'literal'
  | 'end'; // after a value

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** The error Go's json.Unmarshal reports for the syntax of `b`, or `undefined` when it is one valid JSON value. */
export function goSyntaxError(b: Uint8Array): string | undefined {
  /** The open containers: 'k' an object before ':', 'v' an object after it, 'a' an array. */
  const stack: Array<'k' | 'v' | 'a'> = [];
  let state: State = 'value';
  let literal = '';
  let literalAt = 0;
  let hexLeft = 0;
  const error = (c: number, context: string) => `invalid character ${quoteChar(c)} ${context}`;
  for (let i = 0; i < b.length; i++) {
    const c = b[i] ?? 0;
    // a number ends at the first byte that cannot continue it; that byte is read again as what follows a value
    switch (state) {
      case 'zero':
        if (c === 0x2e) { state = 'dot'; continue; }
        if (c === 0x65 || c === 0x45) { state = 'exp'; continue; }
        state = 'end';
        break;
      case 'digits':
        if (isDigit(c)) continue;
        if (c === 0x2e) { state = 'dot'; continue; }
        if (c === 0x65 || c === 0x45) { state = 'exp'; continue; }
        state = 'end';
        break;
      case 'fraction':
        if (isDigit(c)) continue;
        if (c === 0x65 || c === 0x45) { state = 'exp'; continue; }
        state = 'end';
        break;
      case 'expDigits':
        if (isDigit(c)) continue;
        state = 'end';
        break;
      default:
        break;
    }
    // after '[' or '{': the container closes at once, or its first element or key begins
    if (state === 'valueOrEmpty' || state === 'keyOrEmpty') {
      if (isSpace(c)) continue;
      if (c === (state === 'valueOrEmpty' ? 0x5d : 0x7d)) {
        stack.pop();
        state = 'end';
        continue;
      }
      state = state === 'valueOrEmpty' ? 'value' : 'key';
    }
    switch (state) {
      case 'value':
        if (isSpace(c)) continue;
        if (c === 0x7b || c === 0x5b) {
          if (stack.length >= MAX_NESTING) return error(c, 'exceeded max depth');
          stack.push(c === 0x7b ? 'k' : 'a');
          state = c === 0x7b ? 'keyOrEmpty' : 'valueOrEmpty';
        } else if (c === 0x22) state = 'string';
        else if (c === 0x2d) state = 'neg';
        else if (c === 0x30) state = 'zero';
        else if (c >= 0x31 && c <= 0x39) state = 'digits';
        else if (c === 0x74 || c === 0x66 || c === 0x6e) {
          literal = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
          literalAt = 1;
          state = 'literal';
        } else return error(c, 'looking for beginning of value');
        continue;
      case 'key':
        if (isSpace(c)) continue;
        if (c !== 0x22) return error(c, 'looking for beginning of object key string');
        state = 'string';
        continue;
      case 'string':
        if (c === 0x22) state = 'end';
        else if (c === 0x5c) state = 'escape';
        else if (c < 0x20) return error(c, 'in string literal');
        continue;
      case 'escape':
        if (c === 0x75) {
          hexLeft = 4;
          state = 'hex';
        } else if ('bfnrt\\/"'.includes(String.fromCharCode(c))) state = 'string';
        else return error(c, 'in string escape code');
        continue;
      case 'hex':
        if (!isHex(c)) return error(c, 'in \\u hexadecimal character escape');
        if (--hexLeft === 0) state = 'string';
        continue;
      case 'neg':
        if (c === 0x30) state = 'zero';
        else if (c >= 0x31 && c <= 0x39) state = 'digits';
        else return error(c, 'in numeric literal');
        continue;
      case 'dot':
        if (!isDigit(c)) return error(c, 'after decimal point in numeric literal');
        state = 'fraction';
        continue;
      case 'exp':
        if (c === 0x2b || c === 0x2d) state = 'expSign';
        else if (isDigit(c)) state = 'expDigits';
        else return error(c, 'in exponent of numeric literal');
        continue;
      case 'expSign':
        if (!isDigit(c)) return error(c, 'in exponent of numeric literal');
        state = 'expDigits';
        continue;
      case 'literal':
        if (c !== literal.charCodeAt(literalAt)) return error(c, `in literal ${literal} (expecting ${quoteChar(literal.charCodeAt(literalAt))})`);
        if (++literalAt === literal.length) state = 'end';
        continue;
      case 'end': {
        if (isSpace(c)) continue;
        const top = stack[stack.length - 1];
        if (top === undefined) return error(c, 'after top-level value');
        if (top === 'k') {
          if (c !== 0x3a) return error(c, 'after object key');
          stack[stack.length - 1] = 'v';
          state = 'value';
        } else if (top === 'v') {
          if (c === 0x2c) {
            stack[stack.length - 1] = 'k';
            state = 'key';
          } else if (c === 0x7d) stack.pop();
          else return error(c, 'after object key:value pair');
        } else if (c === 0x2c) state = 'value';
        else if (c === 0x5d) stack.pop();
        else return error(c, 'after array element');
        continue;
      }
      default:
        continue;
    }
  }
  const complete = stack.length === 0 && (state === 'end' || state === 'zero' || state === 'digits' || state === 'fraction' || state === 'expDigits');
  return complete ? undefined : END;
}

/** Go's name of a JSON value's type in "cannot unmarshal <type> into …" (null never fails there). */
export function goJsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  return 'object';
}

/** The apiserver's summary of a body in an error (handlers' summarizeData): an object's first 30 bytes, others in hex. */
export function summarizeBody(b: Uint8Array, max = 30): string {
  if (b.length === 0) return '<empty>';
  const head = b.subarray(0, max);
  const text = b[0] === 0x7b ? Buffer.from(head).toString('utf8') : Buffer.from(head).toString('hex');
  return b.length > max ? `${text} ...` : text;
}

/** The name of apimachinery's runtime scheme in its "no kind is registered" errors (the call site naming it, 1.37). */
export const SCHEME_NAME = 'pkg/runtime/scheme.go:111';
