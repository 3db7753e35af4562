/**
 * The checks the apiserver's CEL environment runs on a rule after it type-checks, before it is accepted — cel-go's
 * AST validators (`cel/validator.go`, enabled by the apiserver's base environment) and the constant compiled when
 * the program is made:
 *
 * - `duration('…')`, `timestamp('…')` with a literal argument that does not convert: "invalid duration argument" /
 *   "invalid timestamp argument" at the literal (`ValidateDurationLiterals`, `ValidateTimestampLiterals`);
 * - `matches` with a literal first argument (the pattern of `s.matches(re)`) RE2 refuses: "invalid matches argument"
 *   at the literal (`ValidateRegexLiterals`);
 * - list and map literals whose elements (keys, values) are not of one type: "expected type 'A' but found 'B'" at the
 *   first element that differs (`ValidateHomogeneousAggregateLiterals`), except inside a call of `format` (the
 *   strings extension exempts its argument list); an optional element `?e` counts as the type inside its optional;
 * - `find` / `findAll` with a literal pattern RE2 refuses: the apiserver compiles such a pattern when it makes the
 *   program (its regex optimisations) and refuses the rule with "program instantiation failed: <Go's error>";
 * - `'<literal>'.format([<list literal>])`: the strings extension's validator (`ext/formatting.go`,
 *   `stringFormatValidator`, which the apiserver's strings library version 2 installs) parses the format string as
 *   the function will, and checks each clause against the checked type of the element it formats (see
 *   {@link formatProblem});
 * - an index into a schema object (`self.a['b']`): the checker accepts what cel-go has no `_[_]` overload for.
 *
 * The first problem found, in cel-go's order (the validators, then the program), with the node it is at.
 */
import { parseGoDuration, parseGoTimestamp, regexSyntaxError } from '@kubegen/runtime/validation/cel-literals';
import { celGoType, isPositionedNode, type PositionedNode } from './messages';

/** A problem and the node cel-go reports it at (none: the apiserver names no position). */
export interface ValidatorProblem {
  message: string;
  node?: PositionedNode;
}

/** A checked node's type as cel-js declares it. */
interface CheckedType {
  name: string;
  kind?: string;
  valueType?: CheckedType;
}

function typeOf(n: PositionedNode): CheckedType | undefined {
  const t: unknown = n.checkedType;
  return typeof t === 'object' && t !== null && 'name' in t && typeof t.name === 'string' ? (t as CheckedType) : undefined;
}

/** A node with its ancestors' call names (for the `format` exemption). */
interface Visit {
  node: PositionedNode;
  inFormat: boolean;
}

/** Every node of a checked expression, depth first in source order, each with whether a `format` call encloses it. */
function* visits(root: PositionedNode): Generator<Visit> {
  const stack: Array<{ value: unknown; inFormat: boolean }> = [{ value: root, inFormat: false }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    const { value, inFormat } = top;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], inFormat });
      continue;
    }
    if (!isPositionedNode(value)) continue;
    yield { node: value, inFormat };
    const here = inFormat || ((value.op === 'rcall' || value.op === 'call') && Array.isArray(value.args) && value.args[0] === 'format');
    stack.push({ value: value.args, inFormat: here });
  }
}

/** The string (or other) value of a literal node, `undefined` for anything else. */
function literal(n: unknown): { value: unknown } | undefined {
  return isPositionedNode(n) && n.op === 'value' ? { value: n.args } : undefined;
}

/** The arguments of a call node (the receiver not included) and its name. */
function call(n: PositionedNode): { name: string; member: boolean; args: unknown[] } | undefined {
  if ((n.op !== 'call' && n.op !== 'rcall') || !Array.isArray(n.args)) return undefined;
  const name: unknown = n.args[0];
  const args: unknown = n.op === 'rcall' ? n.args[2] : n.args[1];
  return typeof name === 'string' && Array.isArray(args) ? { name, member: n.op === 'rcall', args } : undefined;
}

/** Whether a type holds a type parameter (the type of an empty literal, which unifies with any element type). */
function hasParam(t: CheckedType): boolean {
  return /(^|[<,\s])[A-Z](?=$|[>,])/.test(t.name);
}

/** cel-go's `IsEquivalentType`, with an empty literal's parameter equivalent to anything. */
function equivalent(a: CheckedType, b: CheckedType): boolean {
  return a.name === b.name || hasParam(a) || hasParam(b);
}

/** The element types of a list or map literal, with optional elements' inner types (see ./syntax: `optionalIndices`). */
function aggregateMismatch(n: PositionedNode): ValidatorProblem | undefined {
  const optional = optionalPositions(n);
  const inner = (e: PositionedNode, i: number): CheckedType | undefined => {
    const t = typeOf(e);
    return optional.has(i) && t?.kind === 'optional' ? t.valueType : t;
  };
  const mismatch = (node: PositionedNode, expected: CheckedType, actual: CheckedType): ValidatorProblem => ({
    message: `expected type '${celGoType(expected.name)}' but found '${celGoType(actual.name)}'`,
    node,
  });
  if (n.op === 'list' && Array.isArray(n.args)) {
    let first: CheckedType | undefined;
    for (const [i, e] of (n.args as unknown[]).entries()) {
      if (!isPositionedNode(e)) continue;
      const t = inner(e, i);
      if (!t) continue;
      if (!first) first = t;
      else if (!equivalent(first, t)) return mismatch(e, first, t);
    }
  }
  if (n.op === 'map' && Array.isArray(n.args)) {
    let keyType: CheckedType | undefined;
    let valueType: CheckedType | undefined;
    for (const [i, entry] of (n.args as unknown[]).entries()) {
      if (!Array.isArray(entry)) continue;
      const [k, v] = entry as unknown[];
      if (!isPositionedNode(k) || !isPositionedNode(v)) continue;
      const kt = typeOf(k);
      const vt = inner(v, i);
      if (!kt || !vt) continue;
      if (!keyType || !valueType) {
        keyType = kt;
        valueType = vt;
        continue;
      }
      if (!equivalent(keyType, kt)) return mismatch(k, keyType, kt);
      if (!equivalent(valueType, vt)) return mismatch(v, valueType, vt);
    }
  }
  return undefined;
}

/** The positions of a literal's optional elements or entries (`[?e]`, `{?k: v}`), as ./syntax records them. */
function optionalPositions(n: PositionedNode): ReadonlySet<number> {
  const o: unknown = (n as { optionalIndices?: unknown }).optionalIndices;
  return new Set(Array.isArray(o) ? o.filter((i): i is number => typeof i === 'number') : []);
}

/** The literal-argument validators, in the order the apiserver's environment registers them. */
function literalProblem(n: PositionedNode): ValidatorProblem | undefined {
  // cel-go's FunctionMatcher: by name, member or not; the first argument after the receiver.
  const c = call(n);
  if (!c) return undefined;
  const arg = c.args[0];
  const lit = literal(arg);
  if (!lit || !isPositionedNode(arg)) return undefined;
  if (c.name === 'duration' && !c.member && typeof lit.value === 'string' && 'error' in parseGoDuration(lit.value)) return { message: 'invalid duration argument', node: arg };
  if (c.name === 'timestamp' && !c.member) {
    const bad = typeof lit.value === 'string' ? !(parseGoTimestamp(lit.value) instanceof Date) : typeof lit.value === 'bigint' && (lit.value < -62_135_596_800n || lit.value > 253_402_300_799n);
    if (bad) return { message: 'invalid timestamp argument', node: arg };
  }
  if (c.name === 'matches' && typeof lit.value === 'string' && regexSyntaxError(lit.value) !== undefined) return { message: 'invalid matches argument', node: arg };
  return undefined;
}

/** The clauses of `string.format` and the kinds of argument each formats (`stringFormatChecker`). */
const FORMAT_CLAUSES: Readonly<Record<string, { kinds: readonly string[]; error: string }>> = {
  s: {
    kinds: ['list', 'map', 'int', 'uint', 'double', 'bool', 'string', 'google.protobuf.Timestamp', 'bytes', 'google.protobuf.Duration', 'type', 'null_type'],
    error: 'string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps',
  },
  d: { kinds: ['int', 'uint'], error: 'decimal clause can only be used on integers' },
  // "NaN", "Infinity" and "-Infinity" are formatted as doubles: strings pass
  f: { kinds: ['double', 'string'], error: 'fixed-point clause can only be used on doubles' },
  e: { kinds: ['double', 'string'], error: 'scientific clause can only be used on doubles' },
  b: { kinds: ['int', 'uint', 'bool'], error: 'only integers and bools can be formatted as binary' },
  x: { kinds: ['int', 'uint', 'string', 'bytes'], error: 'only integers, byte buffers, and strings can be formatted as hex' },
  X: { kinds: ['int', 'uint', 'string', 'bytes'], error: 'only integers, byte buffers, and strings can be formatted as hex' },
  o: { kinds: ['int', 'uint'], error: 'octal clause can only be used on integers' },
};

/** The kind cel-go's `verifyTypeOneOf` compares (`Type.Kind()`): a list or map of any element type is one kind. */
function kindOf(t: CheckedType): string {
  if (t.kind === 'list' || t.kind === 'map' || t.kind === 'dyn') return t.kind;
  if (t.kind === 'param') return 'dyn';
  return t.name === 'null' ? 'null_type' : t.name;
}

/** cel-go's `Type.TypeName()` of a checked type: a list or map named without its parameters. */
function typeName(t: CheckedType): string {
  if (t.kind === 'list' || t.kind === 'map') return t.kind;
  if (t.kind === 'optional') return 'optional_type';
  return t.name === 'null' ? 'null_type' : celGoType(t.name);
}

/** The element (or nested element) that a clause cannot format, or none: `verifyTypeOneOf` / `verifyString`. */
function unformattable(n: PositionedNode, kinds: readonly string[], nested: boolean): PositionedNode | undefined {
  const t = typeOf(n);
  if (!t) return undefined;
  const kind = kindOf(t);
  if (kind !== 'dyn' && !kinds.includes(kind)) return n;
  if (!nested || !Array.isArray(n.args)) return undefined;
  // %s looks into list and map literals, element by element, keys before values
  const inner: unknown[] = n.op === 'list' ? n.args : n.op === 'map' ? (n.args as unknown[]).flatMap((e) => (Array.isArray(e) ? (e as unknown[]) : [])) : [];
  for (const e of inner) {
    const bad = isPositionedNode(e) ? unformattable(e, kinds, true) : undefined;
    if (bad) return bad;
  }
  return undefined;
}

/** The bytes of a string as Go indexes them (`formatStr[i]`). */
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

const isDigit = (b: number | undefined): boolean => b !== undefined && b >= 0x30 && b <= 0x39;

/**
 * cel-go's compile-time check of `'<literal>'.format([<list literal>])` (`stringFormatValidator.Validate` over
 * `parseFormatString`, strings library before version 4): the format string walked byte by byte as the function
 * walks it; `%%` is a percent sign; every other `%` takes the next element, then an optional precision (`.` and
 * digits) and a verb; the element's checked type must be one the verb formats (`dyn` always is). The first problem
 * is reported — at the element for a type the verb does not format, at the call (its `(`) for anything else — and
 * a list with more elements than the clauses take is refused after the whole string is read.
 */
function formatProblem(n: PositionedNode): ValidatorProblem | undefined {
  if (n.op !== 'rcall' || !Array.isArray(n.args)) return undefined;
  const [name, receiver, callArgs] = n.args as unknown[];
  if (name !== 'format' || !Array.isArray(callArgs) || callArgs.length !== 1) return undefined;
  const template = literal(receiver);
  const list: unknown = callArgs[0];
  if (!template || typeof template.value !== 'string' || !isPositionedNode(list) || list.op !== 'list' || !Array.isArray(list.args)) return undefined;
  const elements = (list.args as unknown[]).filter(isPositionedNode);
  const bytes = utf8(template.value);
  const atCall = (message: string): ValidatorProblem => ({ message, node: n });
  const clauseError = (message: string): ValidatorProblem => atCall(`could not parse formatting clause: ${message}`);
  let requested = 0;
  let argIndex = 0;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] !== 0x25) {
      i++;
      continue;
    }
    if (bytes[i + 1] === 0x25) {
      i += 2;
      continue;
    }
    requested++;
    if (i + 1 >= bytes.length) return atCall('unexpected end of string');
    if (argIndex >= elements.length) return atCall(`index ${String(argIndex)} out of range`);
    // parsePrecision: `.` then digits up to the verb; Go's strconv.Atoi of the digits
    let j = i + 1;
    if (bytes[j] === 0x2e) {
      j++;
      const from = j;
      while (j < bytes.length && isDigit(bytes[j])) j++;
      if (j >= bytes.length) return clauseError('error while parsing precision: could not find end of precision specifier');
      const digits = new TextDecoder().decode(bytes.slice(from, j));
      const atoi = goAtoiError(digits);
      if (atoi) return clauseError(`error while parsing precision: error while converting precision to integer: ${atoi}`);
    }
    const verbByte = bytes[j] ?? 0;
    // Go reads one byte as the verb: a multi-byte character is named by its first byte as a code point
    const verb = String.fromCharCode(verbByte);
    const clause = Object.hasOwn(FORMAT_CLAUSES, verb) ? FORMAT_CLAUSES[verb] : undefined;
    if (!clause) return clauseError(`unrecognized formatting clause "${verb}"`);
    const element = elements[argIndex];
    const bad = element ? unformattable(element, clause.kinds, verb === 's') : undefined;
    const badType = bad ? typeOf(bad) : undefined;
    if (bad && badType) return { message: `error during formatting: ${clause.error}, was given ${typeName(badType)}`, node: bad };
    i = j + 1;
    argIndex++;
  }
  if (elements.length > requested) return atCall(`too many arguments supplied to string.format (expected ${String(requested)}, got ${String(elements.length)})`);
  return undefined;
}

/** Go's `strconv.Atoi` error for a string of ASCII digits (empty, or too large for an int64), or none. */
function goAtoiError(digits: string): string | undefined {
  if (digits === '') return 'strconv.Atoi: parsing "": invalid syntax';
  return BigInt(digits) > 9_223_372_036_854_775_807n ? `strconv.Atoi: parsing "${digits}": value out of range` : undefined;
}

/** A `find` / `findAll` pattern the apiserver compiles when it makes the program, and RE2 refuses. */
function programProblem(n: PositionedNode): ValidatorProblem | undefined {
  const c = call(n);
  if (!c || !c.member || (c.name !== 'find' && c.name !== 'findAll')) return undefined;
  const lit = literal(c.args[0]);
  if (!lit || typeof lit.value !== 'string') return undefined;
  const error = regexSyntaxError(lit.value);
  return error === undefined ? undefined : { message: `program instantiation failed: ${error}` };
}

/** An index (`x[k]`, `x[?k]`) into a schema object: cel-go declares `_[_]` for lists and maps only. */
function objectIndex(n: PositionedNode): ValidatorProblem | undefined {
  if ((n.op !== '[]' && n.op !== '[?]') || !Array.isArray(n.args)) return undefined;
  const [operand, index] = n.args as unknown[];
  if (!isPositionedNode(operand) || !isPositionedNode(index)) return undefined;
  const t = typeOf(operand);
  const it = typeOf(index);
  if (t?.kind !== 'message' || !it) return undefined;
  const fn = n.op === '[]' ? '_[_]' : '_[?_]';
  return { message: `found no matching overload for '${fn}' applied to '(${celGoType(t.name)}, ${celGoType(it.name)})'`, node: n };
}

/**
 * The first problem cel-go's checker-adjacent passes find in a type-checked expression: the checker's own gaps in
 * cel-js (an object indexed), then the AST validators, then what making the program refuses.
 */
export function validateChecked(root: PositionedNode): ValidatorProblem | undefined {
  const all = [...visits(root)];
  for (const { node } of all) {
    const p = objectIndex(node);
    if (p) return p;
  }
  for (const { node } of all) {
    const p = literalProblem(node);
    if (p) return p;
  }
  for (const { node } of all) {
    const p = formatProblem(node);
    if (p) return p;
  }
  for (const { node, inFormat } of all) {
    if (inFormat || (node.op !== 'list' && node.op !== 'map')) continue;
    const p = aggregateMismatch(node);
    if (p) return p;
  }
  for (const { node } of all) {
    const p = programProblem(node);
    if (p) return p;
  }
  return undefined;
}
