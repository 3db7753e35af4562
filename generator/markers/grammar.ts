/**
 * controller-gen's marker argument grammar (sigs.k8s.io/controller-tools pkg/markers/parse.go), re-implemented
 * over characters so that every error carries an offset:
 *
 * - int: `-?[0-9]+` (decimal, as Go's strconv.Atoi: an int64, exact — a bigint beyond ±2^53, an error beyond
 *   int64); number: an int or a float (`1.5`, `.5`, `1e3`);
 * - bool: `true` | `false`;
 * - string: `"Go-quoted"` (with Go escapes), `` `raw` ``, or bare text up to the next `,` `;` `}` (and `:` for
 *   a map key), trailing space trimmed; quoted runs inside bare text are kept verbatim;
 * - slice: `{a, b, c}` or legacy `a;b;c`;
 * - map: `{key: value, …}` with values of any type, built as a null-prototype object (a `__proto__` key is data);
 * - any: guessed as controller-gen guesses: quote → string, `{` → map if the first element is a string followed
 *   by `:` (or `{}`), else a slice of the first element's type; `true`/`false` → bool; a number followed by a
 *   delimiter → int or number; anything else → string. At top level a `;` before the first `,` makes a legacy
 *   slice.
 */
import { MAX_JSON_DEPTH, exactInteger, jsonObject, setOwn } from '../core/json';
import type { ArgType } from './types';

/** A grammar error at `offset` into the text being parsed. */
export class GrammarError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'GrammarError';
  }
}

const INT_RE = /^-?[0-9]+/;
const NUMBER_RE = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/;
const IDENT_RE = /^[A-Za-z_][A-Za-z0-9_]*/;

/** A position in one marker line. */
export class Cursor {
  /** How many `{` the value being parsed is nested in (bounded by MAX_JSON_DEPTH). */
  depth = 0;

  constructor(
    readonly text: string,
    public pos = 0,
  ) {}

  /** Enters a `{…}` at `at`; a value nested deeper than MAX_JSON_DEPTH is an error, not a stack overflow. */
  enter(at: number): void {
    if (++this.depth > MAX_JSON_DEPTH) throw new GrammarError(`value nested deeper than ${MAX_JSON_DEPTH} levels`, at);
  }

  leave(): void {
    this.depth--;
  }

  get eof(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  skipSpace(): string {
    while (this.pos < this.text.length && /\s/.test(this.peek())) this.pos++;
    return this.peek();
  }

  rest(): string {
    return this.text.slice(this.pos);
  }

  expect(ch: string, what: string, openedAt?: number): void {
    const c = this.skipSpace();
    if (c === ch) {
      this.pos++;
      return;
    }
    if (c === '' && openedAt !== undefined) {
      throw new GrammarError(`unterminated "{": expected ${what} before the end of the marker`, openedAt);
    }
    throw new GrammarError(`expected ${what}, got ${c === '' ? 'end of line' : JSON.stringify(this.token())}`, this.pos);
  }

  /** The text up to the next delimiter, for error messages. */
  token(): string {
    const m = /^[^,;{}:\s]+/.exec(this.rest());
    return m ? m[0] : this.peek();
  }
}

/** Parse one value of `type` at the cursor. `inSlice` disables legacy `a;b` detection for `any` (as in Go). */
export function parseArgValue(type: ArgType, cur: Cursor, inSlice = false): unknown {
  switch (type.kind) {
    case 'int':
      return parseInt(cur);
    case 'number':
      return parseNumber(cur);
    case 'bool':
      return parseBool(cur);
    case 'string':
      return parseString(cur, false);
    case 'slice':
      return parseSlice(type.items, cur);
    case 'map':
      return parseMap(type.values, cur);
    case 'any':
      return parseArgValue(guessType(cur, !inSlice), cur, inSlice);
    case 'raw':
    case 'json': {
      const value = cur.rest();
      cur.pos = cur.text.length;
      return value;
    }
  }
}

function isDelimiter(c: string, inMapKey = false): boolean {
  return c === '' || c === ',' || c === ';' || c === '}' || (inMapKey && c === ':');
}

/** After a scalar token: the next non-space character must end the value. */
function checkEndOfScalar(cur: Cursor, start: number, expected: string): void {
  const save = cur.pos;
  const c = cur.skipSpace();
  cur.pos = save;
  if (!isDelimiter(c)) {
    const bad = new Cursor(cur.text, start).token();
    throw new GrammarError(`expected ${expected}, got ${JSON.stringify(bad)}`, start);
  }
}

function parseInt(cur: Cursor): number | bigint {
  cur.skipSpace();
  const start = cur.pos;
  const m = INT_RE.exec(cur.rest());
  if (!m) throw new GrammarError(`expected integer, got ${describe(cur)}`, start);
  cur.pos += m[0].length;
  const next = cur.peek();
  if (next === '.' || next === 'e' || next === 'E') {
    throw new GrammarError(`expected integer, got ${JSON.stringify(new Cursor(cur.text, start).token())}`, start);
  }
  checkEndOfScalar(cur, start, 'integer');
  const n = exactInteger(m[0]);
  if (n === undefined) throw new GrammarError(`integer ${m[0]} does not fit int64 (Go's strconv.Atoi: value out of range)`, start);
  return n;
}

function parseNumber(cur: Cursor): number {
  cur.skipSpace();
  const start = cur.pos;
  const m = NUMBER_RE.exec(cur.rest());
  if (!m) throw new GrammarError(`expected integer or float, got ${describe(cur)}`, start);
  cur.pos += m[0].length;
  checkEndOfScalar(cur, start, 'integer or float');
  const n = Number(m[0]);
  if (!Number.isFinite(n)) throw new GrammarError(`number ${m[0]} does not fit float64 (Go's strconv.ParseFloat: value out of range)`, start);
  return n;
}

function parseBool(cur: Cursor): boolean {
  cur.skipSpace();
  const start = cur.pos;
  const m = IDENT_RE.exec(cur.rest());
  if (!m || (m[0] !== 'true' && m[0] !== 'false')) {
    throw new GrammarError(`expected true or false, got ${describe(cur)}`, start);
  }
  cur.pos += m[0].length;
  checkEndOfScalar(cur, start, 'true or false');
  return m[0] === 'true';
}

function describe(cur: Cursor): string {
  return cur.eof ? 'end of line' : JSON.stringify(cur.token());
}

/** A quoted string, a raw string, or bare text up to a delimiter. */
export function parseString(cur: Cursor, inMapKey: boolean): string {
  const c = cur.skipSpace();
  if (c === '"') return parseQuoted(cur);
  if (c === '`') return parseRaw(cur);
  const start = cur.pos;
  while (!isDelimiter(cur.peek(), inMapKey)) {
    const ch = cur.peek();
    if (ch === '"') parseQuoted(cur);
    else if (ch === '`') parseRaw(cur);
    else cur.pos++;
  }
  return cur.text.slice(start, cur.pos).trimEnd();
}

function parseRaw(cur: Cursor): string {
  const start = cur.pos;
  const end = cur.text.indexOf('`', start + 1);
  if (end < 0) throw new GrammarError('unterminated raw string (missing closing `)', start);
  cur.pos = end + 1;
  return cur.text.slice(start + 1, end);
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

/** A Go interpreted string literal, as strconv.Unquote reads it. */
function parseQuoted(cur: Cursor): string {
  const start = cur.pos;
  const text = cur.text;
  let i = start + 1;
  let out = '';
  while (i < text.length && text[i] !== '"') {
    const ch = text.charAt(i);
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === undefined) break;
    const simple = Object.hasOwn(SIMPLE_ESCAPES, e) ? SIMPLE_ESCAPES[e] : undefined;
    if (simple !== undefined) {
      out += simple;
      i += 2;
      continue;
    }
    const hexLen = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (hexLen > 0) {
      const hex = text.slice(i + 2, i + 2 + hexLen);
      if (hex.length !== hexLen || !/^[0-9a-fA-F]+$/.test(hex)) {
        throw new GrammarError(`invalid escape \\${e}${hex} in quoted string`, i);
      }
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) throw new GrammarError(`invalid escape \\${e}${hex} in quoted string`, i);
      out += e === 'x' ? String.fromCharCode(code) : String.fromCodePoint(code);
      i += 2 + hexLen;
      continue;
    }
    if (/[0-7]/.test(e)) {
      const oct = text.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(oct) || Number.parseInt(oct, 8) > 255) {
        throw new GrammarError(`invalid escape \\${oct} in quoted string`, i);
      }
      out += String.fromCharCode(Number.parseInt(oct, 8));
      i += 4;
      continue;
    }
    throw new GrammarError(`invalid escape \\${e} in quoted string (use a raw \`string\` for regular expressions)`, i);
  }
  if (i >= text.length) throw new GrammarError('unterminated quoted string (missing closing ")', start);
  cur.pos = i + 1;
  return out;
}

function parseSlice(items: ArgType, cur: Cursor): unknown[] {
  const out: unknown[] = [];
  if (cur.skipSpace() === '{') {
    const open = cur.pos;
    cur.enter(open);
    cur.pos++;
    for (let c = cur.skipSpace(); c !== '}' && c !== ''; c = cur.skipSpace()) {
      out.push(parseArgValue(items, cur, true));
      if (cur.skipSpace() === '}') break;
      cur.expect(',', '"," or "}"', cur.eof ? open : undefined);
    }
    cur.expect('}', '"}"', open);
    cur.leave();
    return out;
  }
  // legacy a;b;c
  for (let c = cur.skipSpace(); c !== ',' && c !== '}' && c !== ''; c = cur.skipSpace()) {
    out.push(parseArgValue(items, cur, true));
    const t = cur.skipSpace();
    if (t === ',' || t === '}' || t === '') break;
    cur.expect(';', '";" or ","');
  }
  return out;
}

function parseMap(values: ArgType, cur: Cursor): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  cur.expect('{', '"{"');
  const open = cur.pos - 1;
  cur.enter(open);
  for (let c = cur.skipSpace(); c !== '}' && c !== ''; c = cur.skipSpace()) {
    const key = parseString(cur, true);
    cur.expect(':', '":" after map key', cur.eof ? open : undefined);
    entries.push([key, parseArgValue(values, cur, false)]);
    if (cur.skipSpace() === '}') break;
    cur.expect(',', '"," or "}"', cur.eof ? open : undefined);
  }
  cur.expect('}', '"}"', open);
  cur.leave();
  // Go's encoding/json writes map keys sorted; build the object in that order (a repeated key keeps the last
  // value, as a Go map does).
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out = jsonObject();
  for (const [k, v] of entries) setOwn(out, k, v);
  return out;
}

const ANY_MAP: ArgType = { kind: 'map', values: { kind: 'any' } };

/** controller-gen's guessType: look ahead without consuming. */
export function guessType(cur: Cursor, allowSlice: boolean): ArgType {
  if (allowSlice) {
    const item = guessType(cur, false);
    // scan ahead (skipping quoted strings) for the first ',' or ';'
    const text = cur.text;
    for (let i = cur.pos; i < text.length; i++) {
      const ch = text[i];
      if (ch === '"' || ch === '`') {
        const probe = new Cursor(text, i);
        try {
          parseString(probe, false);
          i = probe.pos - 1;
        } catch {
          break;
        }
        continue;
      }
      if (ch === ',') break;
      if (ch === ';') return { kind: 'slice', items: item };
    }
    return item;
  }

  const probe = new Cursor(cur.text, cur.pos);
  probe.depth = cur.depth;
  const c = probe.skipSpace();
  if (c === '"' || c === '`' || c === "'") return { kind: 'string' };
  if (c === '{') {
    probe.enter(probe.pos);
    probe.pos++;
    const hint = probe.skipSpace();
    const first = guessType(probe, false);
    if (first.kind === 'string') {
      try {
        parseString(probe, true);
      } catch {
        return { kind: 'slice', items: first };
      }
      if (probe.skipSpace() === ':' || hint === '}') return ANY_MAP;
    }
    return { kind: 'slice', items: first };
  }
  const ident = IDENT_RE.exec(probe.rest());
  if (ident) {
    if (ident[0] === 'true' || ident[0] === 'false') return { kind: 'bool' };
    return { kind: 'string' };
  }
  const num = NUMBER_RE.exec(probe.rest());
  if (num) {
    const after = new Cursor(probe.text, probe.pos + num[0].length);
    const next = after.skipSpace();
    const digits = num[0].replace(/^-/, '');
    // Go's scanner rejects "08"/"09" as octal and the value falls back to a string
    const badOctal = /^0[0-9]+$/.test(digits) && /[89]/.test(digits);
    if (!badOctal && (next === ',' || next === ';' || next === '}' || next === '')) {
      return /^-?[0-9]+$/.test(num[0]) ? { kind: 'int' } : { kind: 'number' };
    }
  }
  return { kind: 'string' };
}

/** The text of a type for help and errors: `int`, `[]string`, `map[string]any` … */
export function typeString(t: ArgType): string {
  switch (t.kind) {
    case 'slice':
      return `[]${typeString(t.items)}`;
    case 'map':
      return `map[string]${typeString(t.values)}`;
    case 'json':
      return 'JSON';
    default:
      return t.kind;
  }
}

/** The index of the `)` closing the `(` at `open`, skipping quoted strings; -1 when unterminated. */
export function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === '`') {
      const end = c === '`' ? text.indexOf('`', i + 1) : findQuoteEnd(text, i);
      if (end < 0) return -1;
      i = end;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

function findQuoteEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
