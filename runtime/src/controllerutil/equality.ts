/**
 * Semantic deep equality of Kubernetes objects (apimachinery `pkg/api/equality` `Semantic.DeepEqual`), for
 * JSON-shaped TypeScript objects.
 *
 * Contract of `semanticDeepEqual(a, b, opts?)`:
 * - primitives compare with `===` (`NaN` equals `NaN`); arrays element by element; objects by own keys;
 * - absent, `null`, an empty array and an empty object are all equal to each other ("nil = empty" for slices
 *   and maps, as Go's forked `reflect.DeepEqual`); an absent key equals a key whose value is absent/empty;
 * - Quantities compare by value (`1Gi` = `1024Mi`, `0.5` = `500m`, `1` = 1) where a Quantity is expected: the
 *   values of `limits`, `requests`, `capacity`, `allocatable`, `hard`, `used`, `overhead` maps and `sizeLimit`,
 *   or wherever `opts.isQuantity(path)` says so. Elsewhere strings compare exactly (`1.10` ≠ `1.1`);
 * - two strings that are both RFC 3339 date-times compare as instants (`…05Z` = `…05.000Z` =
 *   `…07:04:05+02:00`), as `metav1.Time` / `MicroTime` compare after `UTC()`;
 * - never throws; recursion is bounded (objects deeper than 512 levels compare unequal).
 */

/** A JSON path: keys and array indices. */
export type JsonPath = readonly (string | number)[];

export interface SemanticEqualOptions {
  /** Whether the value at `path` is a Quantity (in addition to the built-in map names). */
  isQuantity?: (path: JsonPath) => boolean;
}

const QUANTITY_MAPS: ReadonlySet<string> = new Set(['limits', 'requests', 'capacity', 'allocatable', 'hard', 'used', 'overhead']);
const QUANTITY_FIELDS: ReadonlySet<string> = new Set(['sizeLimit']);

const QUANTITY_RE = /^([+-]?)(\d+\.?\d*|\.\d+)(?:(Ki|Mi|Gi|Ti|Pi|Ei)|([eE][+-]?\d+)|(n|u|m|k|M|G|T|P|E))?$/;
const DECIMAL_SUFFIX: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIX: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** A Quantity's exact value as the fraction `num / den`; `undefined` when `v` is not a Quantity. */
export function parseQuantity(v: unknown): { num: bigint; den: bigint } | undefined {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return undefined;
    s = String(v);
    if (/e/i.test(s)) s = s.replace(/e\+?/i, 'e');
  } else if (typeof v === 'string') s = v.trim();
  else return undefined;
  if (s.length > 128) return undefined;
  const m = QUANTITY_RE.exec(s);
  const [, sign, digits, bin, exp, dec] = m ?? [];
  if (digits === undefined) return undefined;
  const [int, frac = ''] = digits.split('.');
  let num = BigInt(`${int || '0'}${frac}` || '0');
  let e10 = -frac.length;
  if (exp) {
    const e = Number(exp.slice(1));
    if (!Number.isInteger(e) || Math.abs(e) > 1000) return undefined;
    e10 += e;
  }
  if (dec) {
    const e = DECIMAL_SUFFIX[dec];
    if (e === undefined) return undefined;
    e10 += e;
  }
  if (bin) {
    const shift = BINARY_SUFFIX[bin];
    if (shift === undefined) return undefined;
    num *= 1n << BigInt(shift);
  }
  if (sign === '-') num = -num;
  let den = 1n;
  if (e10 >= 0) num *= 10n ** BigInt(e10);
  else den = 10n ** BigInt(-e10);
  return { num, den };
}

const TIME_RE = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** Nanoseconds since the epoch of an RFC 3339 date-time; `undefined` when `s` is not one. */
export function parseRfc3339Nanos(s: string): bigint | undefined {
  const [, date, time, nanos = '', zone] = TIME_RE.exec(s) ?? [];
  if (date === undefined || time === undefined || zone === undefined) return undefined;
  const ms = Date.parse(`${date}T${time}${zone.toUpperCase()}`);
  if (Number.isNaN(ms)) return undefined;
  const frac = BigInt(nanos.padEnd(9, '0') || '0');
  return BigInt(ms) * 1_000_000n + frac;
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function quantityAt(path: JsonPath, opts: SemanticEqualOptions): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (typeof last === 'string' && QUANTITY_FIELDS.has(last)) return true;
  if (typeof parent === 'string' && QUANTITY_MAPS.has(parent)) return true;
  return opts.isQuantity?.(path) ?? false;
}

function eq(a: unknown, b: unknown, path: (string | number)[], opts: SemanticEqualOptions, depth: number): boolean {
  if (a === b) return true;
  if (depth > 512) return false;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if ((typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number')) {
    if (quantityAt(path, opts)) {
      const qa = parseQuantity(a);
      const qb = parseQuantity(b);
      if (qa && qb) return qa.num * qb.den === qb.num * qa.den;
    }
    if (typeof a === 'string' && typeof b === 'string') {
      const ta = parseRfc3339Nanos(a);
      if (ta !== undefined) {
        const tb = parseRfc3339Nanos(b);
        return tb !== undefined && ta === tb;
      }
    }
    return false;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      path.push(i);
      const same = eq(a[i], b[i], path, opts, depth + 1);
      path.pop();
      if (!same) return false;
    }
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      path.push(k);
      const same = eq(Object.hasOwn(a, k) ? a[k] : undefined, Object.hasOwn(b, k) ? b[k] : undefined, path, opts, depth + 1);
      path.pop();
      if (!same) return false;
    }
    return true;
  }
  return false;
}

/** Semantic equality; see the module doc. */
export function semanticDeepEqual(a: unknown, b: unknown, opts: SemanticEqualOptions = {}): boolean {
  return eq(a, b, [], opts, 0);
}
