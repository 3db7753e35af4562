/**
 * `resource.Quantity` as the apiserver's CEL quantity library computes with it (k8s.io/apimachinery
 * `pkg/api/resource/quantity.go`, `amount.go`, `math.go`; k8s.io/apiserver `pkg/cel/library/quantity.go`).
 *
 * A Quantity is held the way Go holds it — an int64 amount (`value × 10^scale`) when parsing and arithmetic stay in
 * int64, else an arbitrary-precision decimal (`unscaled × 10^-scale`, inf.Dec) — because the library exposes the
 * difference: `isInteger()`/`asInteger()` succeed only on an int64 amount with a non-negative scale (so
 * `quantity("1.0").isInteger()` is false), and `asApproximateFloat()` multiplies the held mantissa by a power of ten.
 * Comparisons and sums are exact either way.
 */

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** `value × 10^scale`, value an int64 (`int64Amount`). */
interface IntAmount {
  value: bigint;
  scale: number;
}

/** `unscaled × 10^-scale` (inf.Dec). */
interface DecAmount {
  unscaled: bigint;
  scale: number;
}

const SPLIT_RE = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
export const ERR_FORMAT_WRONG = `quantities must match the regular expression '${SPLIT_RE}'`;
export const ERR_NUMERIC = 'unable to parse numeric part of quantity';
export const ERR_SUFFIX = "unable to parse quantity's suffix";

/** The largest power of ten kubegen aligns two amounts by; beyond it a sum is refused rather than computed. */
const MAX_ALIGN = 100_000;

function inInt64(v: bigint): boolean {
  return v >= INT64_MIN && v <= INT64_MAX;
}

function pow10(n: number): bigint {
  if (n > MAX_ALIGN) throw new Error('quantity exponent out of the range kubegen evaluates');
  return 10n ** BigInt(n);
}

/** `positiveScaleInt64`: base × 10^scale if it stays an int64. */
function positiveScale(base: bigint, scale: number): bigint | undefined {
  if (base === 0n) return 0n;
  if (scale > 19) return undefined;
  const v = base * 10n ** BigInt(scale);
  return inInt64(v) ? v : undefined;
}

/** `int64Amount.Add`: the sum as an int64 amount, or undefined when it would overflow. */
function intAdd(a: IntAmount, b: IntAmount): IntAmount | undefined {
  if (b.value === 0n) return { ...a };
  if (a.value === 0n) return { ...b };
  if (a.scale === b.scale) {
    const c = a.value + b.value;
    return inInt64(c) ? { value: c, scale: a.scale } : undefined;
  }
  if (a.scale > b.scale) {
    const c = positiveScale(a.value, a.scale - b.scale);
    if (c === undefined || !inInt64(c + b.value)) return undefined;
    return { value: c + b.value, scale: b.scale };
  }
  const c = positiveScale(b.value, b.scale - a.scale);
  if (c === undefined || !inInt64(a.value + c)) return undefined;
  return { value: a.value + c, scale: a.scale };
}

function intToDec(a: IntAmount): DecAmount {
  return { unscaled: a.value, scale: -a.scale };
}

function decimalDigits(v: bigint): number {
  return (v < 0n ? -v : v).toString().length;
}

/** Exact comparison of `a × 10^-sa` with `b × 10^-sb`. */
function decCmp(a: DecAmount, b: DecAmount): number {
  const sa = a.unscaled < 0n ? -1 : a.unscaled > 0n ? 1 : 0;
  const sb = b.unscaled < 0n ? -1 : b.unscaled > 0n ? 1 : 0;
  if (sa !== sb || sa === 0) return sa < sb ? -1 : sa > sb ? 1 : 0;
  // Same sign, both non-zero: the magnitudes' orders decide unless they are equal (then aligning is cheap).
  const ma = decimalDigits(a.unscaled) - a.scale;
  const mb = decimalDigits(b.unscaled) - b.scale;
  if (ma !== mb) return (ma > mb ? 1 : -1) * sa;
  const s = Math.max(a.scale, b.scale);
  const x = a.unscaled * pow10(s - a.scale);
  const y = b.unscaled * pow10(s - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** inf.Dec addition: the result has the larger scale. */
function decAdd(a: DecAmount, b: DecAmount): DecAmount {
  const s = Math.max(a.scale, b.scale);
  return { unscaled: a.unscaled * pow10(s - a.scale) + b.unscaled * pow10(s - b.scale), scale: s };
}

/** Go's math.Pow10, table for table (JavaScript's `10 ** n` rounds differently for some n). */
const POW10_TAB = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31];
const POW10_POS32 = [1e0, 1e32, 1e64, 1e96, 1e128, 1e160, 1e192, 1e224, 1e256, 1e288];
const POW10_NEG32 = [1e-0, 1e-32, 1e-64, 1e-96, 1e-128, 1e-160, 1e-192, 1e-224, 1e-256, 1e-288, 1e-320];
/** An entry of a math.Pow10 table; `goPow10`'s range checks keep the (integer) index inside it. */
function pow10Entry(table: readonly number[], i: number): number {
  const v = table[i];
  if (v === undefined) throw new RangeError(`internal error: math.Pow10 table index ${i} out of range`);
  return v;
}
export function goPow10(n: number): number {
  if (n >= 0 && n <= 308) return pow10Entry(POW10_POS32, Math.floor(n / 32)) * pow10Entry(POW10_TAB, n % 32);
  if (n >= -323 && n <= 0) return pow10Entry(POW10_NEG32, Math.floor(-n / 32)) / pow10Entry(POW10_TAB, -n % 32);
  return n > 0 ? Infinity : 0;
}

/** A Kubernetes `resource.Quantity` as a CEL value (`kubernetes.Quantity`). */
export class Quantity {
  /** The int64 form, or undefined once the value lives as a decimal. */
  i: IntAmount | undefined;
  d: DecAmount | undefined;
  /**
   * Whether the apiserver holds this value by pointer: `add` and `sub` return `*Quantity`, which its `Equal`
   * does not accept as the right operand of `==` (no such overload).
   */
  readonly pointer: boolean;

  constructor(i: IntAmount | undefined, d: DecAmount | undefined, pointer = false) {
    this.i = i;
    this.d = d;
    this.pointer = pointer;
  }

  private copy(pointer: boolean): Quantity {
    return new Quantity(this.i ? { ...this.i } : undefined, this.d ? { ...this.d } : undefined, pointer);
  }

  /** `AsDec`: converts this quantity to its decimal form in place, as Go's pointer receiver does. */
  private asDec(): DecAmount {
    if (!this.d) {
      this.d = intToDec(this.i ?? { value: 0n, scale: 0 });
      this.i = undefined;
    }
    return this.d;
  }

  private decOf(): DecAmount {
    return this.d ?? intToDec(this.i ?? { value: 0n, scale: 0 });
  }

  /** `Cmp` — with Go's side effect: comparing with a decimal turns the receiver into a decimal. */
  cmp(y: Quantity): number {
    if (this.i && y.i) return decCmp(intToDec(this.i), intToDec(y.i));
    return decCmp(this.asDec(), y.decOf());
  }

  /** `Equal` (value receiver: no side effect). */
  equals(y: Quantity): boolean {
    return decCmp(this.decOf(), y.decOf()) === 0;
  }

  sign(): bigint {
    const v = this.d ? this.d.unscaled : (this.i?.value ?? 0n);
    return v < 0n ? -1n : v > 0n ? 1n : 0n;
  }

  /** `AsInt64`. */
  asInt64(): bigint | undefined {
    if (this.d || !this.i) return undefined;
    if (this.i.scale === 0) return this.i.value;
    if (this.i.scale < 0) return undefined;
    return positiveScale(this.i.value, this.i.scale);
  }

  /** `AsApproximateFloat64`. */
  asApproximateFloat(): number {
    let base: number;
    let exponent: number;
    if (this.d) {
      base = Number(this.d.unscaled);
      exponent = -this.d.scale;
    } else {
      base = Number(this.i?.value ?? 0n);
      exponent = this.i?.scale ?? 0;
    }
    return exponent === 0 ? base : base * goPow10(exponent);
  }

  /** `q.DeepCopy(); copy.Add(y)` (or `Sub`), as the library's add/sub. */
  plus(y: Quantity, negate: boolean): Quantity {
    const out = this.copy(true);
    if (out.i && y.i) {
      // Go's Sub negates the int64 value, wrapping at the minimum as Go does.
      const other = negate ? { value: BigInt.asIntN(64, -y.i.value), scale: y.i.scale } : y.i;
      const sum = intAdd(out.i, other);
      if (sum) {
        out.i = sum;
        return out;
      }
    }
    const a = out.asDec();
    const b = y.decOf();
    out.d = decAdd(a, negate ? { unscaled: -b.unscaled, scale: b.scale } : b);
    return out;
  }

  static fromInt(n: bigint): Quantity {
    return new Quantity({ value: n, scale: 0 }, undefined);
  }
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

interface Parts {
  positive: boolean;
  value: string;
  num: string;
  denom: string;
  suffix: string;
}

/** `parseQuantityString`, step for step. */
function parseQuantityString(str: string): Parts {
  let positive = true;
  let pos = 0;
  const end = str.length;
  let num: string;
  let denom = '';
  if (pos < end) {
    if (str[0] === '-') {
      positive = false;
      pos++;
    } else if (str[0] === '+') pos++;
  }
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value: '0', num: '0', denom, suffix: '' };
    if (str[i] === '0') pos++;
    else break;
  }
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value: str, num: str.slice(pos, end), denom, suffix: '' };
    if (!isDigit(str.charAt(i))) {
      num = str.slice(pos, i);
      pos = i;
      break;
    }
  }
  if (num.length === 0) num = '0';
  if (pos < end && str[pos] === '.') {
    pos++;
    for (let i = pos; ; i++) {
      if (i >= end) return { positive, value: str, num, denom: str.slice(pos, end), suffix: '' };
      if (!isDigit(str.charAt(i))) {
        denom = str.slice(pos, i);
        pos = i;
        break;
      }
    }
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    if (!'eEinumkKMGTP'.includes(str.charAt(i))) {
      pos = i;
      break;
    }
  }
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart, end) };
    if (!isDigit(str.charAt(i))) break;
  }
  throw new Error(ERR_FORMAT_WRONG);
}

const DECIMAL_SUFFIXES = new Map<string, number>([['', 0], ['n', -9], ['u', -6], ['m', -3], ['k', 3], ['M', 6], ['G', 9], ['T', 12], ['P', 15], ['E', 18]]);
const BINARY_SUFFIXES = new Map<string, number>([['Ki', 10], ['Mi', 20], ['Gi', 30], ['Ti', 40], ['Pi', 50], ['Ei', 60]]);

/** `suffixHandler.interpret`: base, exponent and whether the format is BinarySI. */
function interpret(suffix: string): { base: 10 | 2; exponent: number; binary: boolean } | undefined {
  const decimal = DECIMAL_SUFFIXES.get(suffix);
  if (decimal !== undefined) return { base: 10, exponent: decimal, binary: false };
  const binary = BINARY_SUFFIXES.get(suffix);
  if (binary !== undefined) return { base: 2, exponent: binary, binary: true };
  if (suffix.length > 1 && (suffix[0] === 'E' || suffix[0] === 'e')) {
    // strconv.ParseInt(s, 10, 64), then int32(parsed)
    if (!/^[+-]?[0-9]+$/.test(suffix.slice(1))) return undefined;
    const parsed = BigInt(suffix.slice(1));
    if (!inInt64(parsed)) return undefined;
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), binary: false };
  }
  return undefined;
}

/** `resource.ParseQuantity`; throws the apimachinery error. */
export function parseQuantity(str: string): Quantity {
  if (str.length === 0) throw new Error(ERR_FORMAT_WRONG);
  if (str === '0') return new Quantity({ value: 0n, scale: 0 }, undefined);
  const { positive, value, num, denom, suffix } = parseQuantityString(str);
  const suf = interpret(suffix);
  if (!suf) throw new Error(ERR_SUFFIX);
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (!suf.binary) {
    scale = suf.exponent;
    precision = 18 - (num.length + denom.length);
  } else if (suf.exponent >= 0 && denom.length === 0) {
    mantissa = 1n << BigInt(suf.exponent);
    precision = 15 - num.length - Math.trunc((suf.exponent * 3) / 10) - 1;
  } else {
    precision = -1;
  }
  if (precision >= 0) {
    scale = (scale - denom.length) | 0;
    if (scale >= -9) {
      const shifted = BigInt(num + denom);
      if (!inInt64(shifted)) throw new Error(ERR_NUMERIC);
      const result = shifted * mantissa;
      if (inInt64(result)) return new Quantity({ value: positive ? result : -result, scale }, undefined);
    }
  }
  // inf.Dec: exact, rounded up to nano units, BinarySI capped at the int64 maximum.
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?$/.exec(value);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(ERR_NUMERIC);
  const frac = m[3] ?? '';
  let unscaled = BigInt(`${m[2]}${frac}` || '0');
  let decScale = frac.length;
  if (suf.base === 10) decScale = (decScale - suf.exponent) | 0;
  else unscaled *= 1n << BigInt(suf.exponent);
  const negative = m[1] === '-';
  if (unscaled !== 0n) {
    if (decScale > 9) {
      const div = pow10(decScale - 9);
      const q = unscaled / div;
      unscaled = q * div === unscaled ? q : q + 1n;
    } else {
      unscaled *= pow10(9 - decScale);
    }
    decScale = 9;
  }
  if (suf.binary && unscaled > INT64_MAX * pow10(decScale)) {
    unscaled = INT64_MAX;
    decScale = 0;
  }
  return new Quantity(undefined, { unscaled: negative ? -unscaled : unscaled, scale: decScale });
}
