/**
 * How a JSON number comes out of controller-gen's pipeline: Go's encoding/json writes it (float64 text),
 * yaml.v2 Unmarshal resolves that text to int / uint64 / float64, and yaml.v2 Marshal prints it
 * (strconv.FormatInt / FormatUint, or FormatFloat(f, 'g', -1, 64)).
 */

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/**
 * encoding/json's text for a float64: shortest round-trip digits, exponent form below 1e-6 and from 1e21
 * on, with a one-digit exponent written without padding. JavaScript's Number#toString makes the same
 * choices; only negative zero differs (Go keeps the sign).
 */
export function goJsonNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`json: unsupported value: ${n}`);
  if (Object.is(n, -0)) return '-0';
  return String(n);
}

/** The YAML scalar yaml.v2 prints for the JSON number `n`. */
export function formatNumberYamlV2(n: number): string {
  const text = goJsonNumber(n);
  if (/^-?[0-9]+$/.test(text)) return formatIntegerYamlV2(BigInt(text));
  return formatFloatG(n);
}

/**
 * The YAML scalar yaml.v2 prints for integer JSON text: ParseInt (base 0, 64 bits) or else ParseUint
 * succeeds and the integer is printed back exactly; beyond uint64 it resolves as the nearest float64.
 */
export function formatIntegerYamlV2(big: bigint): string {
  if (big >= INT64_MIN && big <= UINT64_MAX) return big.toString();
  return formatFloatG(Number(big));
}

/** strconv.FormatFloat(f, 'g', -1, 64). */
export function formatFloatG(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const neg = f < 0;
  // toExponential() without an argument gives the shortest round-trip digits, as Go's shortest mode does.
  const [mant, expStr] = Math.abs(f).toExponential().split('e') as [string, string];
  const digits = mant.replace('.', '');
  const exp = Number(expStr);
  const sign = neg ? '-' : '';
  // Shortest 'g' uses %e when exp < -4 || exp >= 6 (eprec is 6 for the shortest precision).
  if (exp < -4 || exp >= 6) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  }
  // %f with max(nd - dp, 0) decimals, where dp = exp + 1.
  const dp = exp + 1;
  let s: string;
  if (dp <= 0) s = '0.' + '0'.repeat(-dp) + digits;
  else if (dp >= digits.length) s = digits + '0'.repeat(dp - digits.length);
  else s = digits.slice(0, dp) + '.' + digits.slice(dp);
  return sign + s;
}
