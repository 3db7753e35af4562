/**
 * Timestamps and durations as cel-go holds and prints them, for the conversions cel-js lacks:
 *
 * - a cel-go timestamp is a Go `time.Time`: nanoseconds, and the zone offset it was parsed with
 *   (`timestamp('2000-01-01T00:00:00+01:00')` keeps `+01:00`); cel-js' is a JavaScript `Date` (milliseconds, no
 *   offset). kubegen keeps what a `Date` drops beside it, in a weak map, for the timestamps it makes itself: the
 *   timestamp conversions ({@link parseGoTimestamp}: Go's `time.Parse(time.RFC3339, s)`), the `date` / `date-time`
 *   values of an object, and the results of timestamp arithmetic ({@link TIMESTAMP_OPERATORS}). `string(timestamp)`
 *   is `t.Format(time.RFC3339Nano)` ({@link formatGoTimestamp}); a timestamp whose offset is not known (a `date-time`
 *   JavaScript parses and RFC 3339 does not, and what is computed from it) is not printed.
 * - timestamps compare, subtract and move by durations to the nanosecond, as Go's `time.Time` does: kubegen's
 *   overloads of the operators ({@link TIMESTAMP_OPERATORS}) replace cel-js' (milliseconds) in its environment.
 * - `string(duration)` is `strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"` ({@link formatGoDuration}).
 *
 * kubegen's generator checks rules with the same operators (`@kubegen/runtime/validation/cel-time`); importing this
 * module loads neither cel-js nor the libraries.
 *
 * Every parser here is one pass over a bounded pattern (a regular expression without nested repetition).
 */

import type { Environment } from '@marcbachmann/cel-js';

/** What a `Date` does not hold of a Go `time.Time`. */
interface GoTimeParts {
  /** The nanoseconds below the millisecond (0 – 999,999). */
  subMilliNanos: number;
  /** The zone offset east of UTC, in seconds (0 for `Z`); undefined when it is not known. */
  offsetSeconds: number | undefined;
}

const parts = new WeakMap<Date, GoTimeParts>();

/** The first and last instants of cel-go's timestamp range (0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z). */
const MIN_MS = -62_135_596_800_000;
const MAX_MS = 253_402_300_799_999;

/** A `Date` kubegen made, with its nanoseconds and offset (the offset is only ever known for these). */
export function goTime(epochMs: number, subMilliNanos: number, offsetSeconds: number | undefined): Date {
  const d = new Date(epochMs);
  parts.set(d, { subMilliNanos, offsetSeconds });
  return d;
}

/**
 * The instant of a timestamp in nanoseconds since the epoch: the `Date`'s milliseconds and, for a timestamp kubegen
 * made, the nanoseconds below them (a `Date` cel-js made has none).
 */
export function timestampNanos(d: Date): bigint {
  return BigInt(d.getTime()) * 1_000_000n + BigInt(parts.get(d)?.subMilliNanos ?? 0);
}

const NANOS_PER_MS = 1_000_000n;
const NANOS_PER_SECOND = 1_000_000_000n;
const MIN_NANOS = BigInt(MIN_MS) * NANOS_PER_MS;
const MAX_NANOS = BigInt(MAX_MS) * NANOS_PER_MS + (NANOS_PER_MS - 1n);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** A timestamp of an instant in nanoseconds (within cel-go's range), in the zone of `like` (Go's `t.Add` keeps it). */
function timestampOfNanos(nanos: bigint, like: Date): Date {
  if (nanos < MIN_NANOS || nanos > MAX_NANOS) throw new Error('timestamp overflow');
  let ms = nanos / NANOS_PER_MS;
  if (ms * NANOS_PER_MS > nanos) ms -= 1n; // floor, also before the epoch
  return goTime(Number(ms), Number(nanos - ms * NANOS_PER_MS), parts.get(like)?.offsetSeconds);
}

/** A cel-js duration (`seconds`, and `nanos` of the same sign) in nanoseconds. */
interface CelDuration {
  readonly seconds: bigint;
  readonly nanos: number;
}
const durationNanos = (d: CelDuration): bigint => d.seconds * NANOS_PER_SECOND + BigInt(d.nanos);

/** cel-js' duration class (`seconds`, `nanos` of one sign). */
export type DurationConstructor = new (seconds: bigint, nanos: number) => CelDuration;

type Operator = (a: never, b: never) => unknown;

/**
 * cel-go's timestamp operators, to the nanosecond (`common/types/timestamp.go`, `overflow.go`), by cel-js' operator
 * signature: comparisons of instants (Go's `time.Time.Compare`; the zone does not count), the difference of two
 * timestamps as a duration ("integer overflow" past an int64 of nanoseconds), a timestamp moved by a duration in its
 * own zone ("timestamp overflow" outside 0001-01-01 … 9999-12-31).
 */
export function timestampOperators(Duration: DurationConstructor): Record<string, Operator> {
  const T = 'google.protobuf.Timestamp';
  const D = 'google.protobuf.Duration';
  const cmp = (a: Date, b: Date): number => {
    const x = timestampNanos(a);
    const y = timestampNanos(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const moved = (t: Date, by: bigint): Date => timestampOfNanos(timestampNanos(t) + by, t);
  return {
    [`${T} == ${T}`]: (a: Date, b: Date) => cmp(a, b) === 0,
    [`${T} != ${T}`]: (a: Date, b: Date) => cmp(a, b) !== 0,
    [`${T} < ${T}`]: (a: Date, b: Date) => cmp(a, b) < 0,
    [`${T} <= ${T}`]: (a: Date, b: Date) => cmp(a, b) <= 0,
    [`${T} > ${T}`]: (a: Date, b: Date) => cmp(a, b) > 0,
    [`${T} >= ${T}`]: (a: Date, b: Date) => cmp(a, b) >= 0,
    [`${T} - ${T}`]: (a: Date, b: Date) => {
      const n = timestampNanos(a) - timestampNanos(b);
      if (n < INT64_MIN || n > INT64_MAX) throw new Error('integer overflow');
      return new Duration(n / NANOS_PER_SECOND, Number(n % NANOS_PER_SECOND));
    },
    [`${T} - ${D}`]: (t: Date, d: CelDuration) => moved(t, -durationNanos(d)),
    [`${T} + ${D}`]: (t: Date, d: CelDuration) => moved(t, durationNanos(d)),
    [`${D} + ${T}`]: (d: CelDuration, t: Date) => moved(t, durationNanos(d)),
  };
}

/** A declaration of a cel-js operator overload (`registry.js` `OperatorDeclaration`), as far as kubegen reads it. */
interface OperatorDeclaration {
  operator: string;
  leftType: { name: string };
  rightType: { name: string } | null;
  returnType: unknown;
}
type OperatorDeclarationClass = new (init: { op: string; leftType: unknown; rightType: unknown; returnType: unknown; handler: (a: never, b: never) => unknown }) => OperatorDeclaration;

function isOperatorDeclaration(v: unknown): v is OperatorDeclaration {
  return typeof v === 'object' && v !== null && 'operator' in v && 'leftType' in v && 'rightType' in v && 'returnType' in v && typeof v.operator === 'string';
}

/**
 * Points the environment's timestamp operators at kubegen's, to the nanosecond (./time.ts `timestampOperators`):
 * cel-js' compare `getTime()` (milliseconds) and move a timestamp by whole milliseconds. cel-js 8 cannot replace a
 * built-in overload ("overlaps with existing overload"), so each declaration is swapped in the environment's own list
 * of candidates for the operator (what a checked `a <op> b` resolves through: `ast.candidates.declarations`) for one
 * made by the same class with kubegen's handler; the environment's parent — cel-js' global registry — is not
 * touched, nor an environment cloned from this one that registers operators of its own (call this on it too). Throws
 * when cel-js' shape is not the one read here; the evaluation environment then checks the result on two timestamps
 * one nanosecond apart, so that an upgrade of cel-js cannot silently bring milliseconds back.
 */
export function installTimestampOperators(env: Environment, Duration: DurationConstructor): void {
  // dyn operands: the check only looks the operator's candidates up, and caches no overload of the types replaced
  const operand = (type: string): string => (type === 'google.protobuf.Timestamp' ? 'dyn(timestamp(0))' : "dyn(duration('0s'))");
  for (const [sig, handler] of Object.entries(timestampOperators(Duration))) {
    const [left = '', op = '', right = ''] = sig.split(' ');
    const probe = env.parse(`${operand(left)} ${op} ${operand(right)}`);
    probe.check();
    const candidates: unknown = (probe.ast as { candidates?: unknown }).candidates;
    const list: unknown = typeof candidates === 'object' && candidates !== null && 'declarations' in candidates ? candidates.declarations : undefined;
    const declarations: unknown[] = Array.isArray(list) ? list : [];
    const i = declarations.findIndex((d) => isOperatorDeclaration(d) && d.operator === op && d.leftType.name === left && d.rightType?.name === right);
    const decl = declarations[i];
    if (!isOperatorDeclaration(decl)) throw new Error(`internal error: cel-js declares no operator ${sig} to replace`);
    const Declaration = decl.constructor as OperatorDeclarationClass;
    // cel-js declares `duration + timestamp` to return a duration; cel-go's returns the timestamp (the right operand's type)
    const returnType = op === '+' && right === 'google.protobuf.Timestamp' ? decl.rightType : decl.returnType;
    declarations[i] = new Declaration({ op, leftType: decl.leftType, rightType: decl.rightType, returnType, handler });
  }
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,64}))?(Z|[+-]\d{2}:\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return (DAYS_IN_MONTH[month - 1] ?? 0) + (month === 2 && leap ? 1 : 0);
}

/**
 * Go's `time.Parse(time.RFC3339, s)` within cel-go's timestamp range: the timestamp, `'syntax'` when Go refuses the
 * text, `'range'` when the instant is outside cel-go's range. Fractions of any length (Go keeps nine digits,
 * truncating); no leap second; an offset of at most 23:59.
 */
export function parseGoTimestamp(s: string): Date | 'syntax' | 'range' {
  const m = RFC3339.exec(s);
  if (!m) return 'syntax';
  const [, ys = '', mos = '', ds = '', hs = '', mis = '', ss = '', frac = '', zone = 'Z'] = m;
  const [year, month, day, hour, minute, second] = [ys, mos, ds, hs, mis, ss].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return 'syntax';
  let offsetSeconds = 0;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return 'syntax';
    offsetSeconds = (zone.startsWith('-') ? -1 : 1) * (oh * 3600 + om * 60);
  }
  const nanos = Number(frac.slice(0, 9).padEnd(9, '0'));
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second, 0);
  const epochMs = wall.getTime() - offsetSeconds * 1000 + Math.floor(nanos / 1_000_000);
  if (epochMs < MIN_MS || epochMs > MAX_MS) return 'range';
  return goTime(epochMs, nanos % 1_000_000, offsetSeconds);
}

/** cel-go's `timestamp(int)`: seconds since the epoch, in UTC; `'range'` outside cel-go's range. */
export function goTimestampOfSeconds(seconds: bigint): Date | 'range' {
  const ms = seconds * 1000n;
  if (ms < BigInt(MIN_MS) || ms > BigInt(MAX_MS)) return 'range';
  return goTime(Number(ms), 0, 0);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Go's `t.Format(time.RFC3339Nano)` of a timestamp kubegen made (the fraction without trailing zeros, `Z` for UTC),
 * or undefined for a `Date` whose offset is not known.
 */
export function formatGoTimestamp(d: Date): string | undefined {
  const p = parts.get(d);
  if (p?.offsetSeconds === undefined) return undefined;
  const offsetSeconds = p.offsetSeconds;
  const local = new Date(d.getTime() + offsetSeconds * 1000);
  const nanos = local.getUTCMilliseconds() * 1_000_000 + p.subMilliNanos;
  const fraction = nanos === 0 ? '' : `.${pad(nanos, 9).replace(/0+$/, '')}`;
  const abs = Math.abs(offsetSeconds);
  const zone = offsetSeconds === 0 ? 'Z' : `${offsetSeconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600), 2)}:${pad(Math.floor((abs % 3600) / 60), 2)}`;
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)}` +
    `T${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}${fraction}${zone}`
  );
}

/**
 * Go's `strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"` for a duration of `seconds` and `nanos` (of one sign):
 * `Seconds()` is `float64(sec) + float64(nsec)/1e9`; the shortest decimal that reads back as that float, never in
 * exponent form.
 */
export function formatGoDuration(seconds: bigint, nanos: number): string {
  const total = seconds * 1_000_000_000n + BigInt(nanos);
  const value = Number(total / 1_000_000_000n) + Number(total % 1_000_000_000n) / 1e9;
  return `${positional(value)}s`;
}

/** The shortest round-trip digits of a float, written without an exponent (Go's 'f' format, precision -1). */
function positional(x: number): string {
  if (x === 0) return '0';
  const [mantissa = '0', exp = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exp) + 1;
  const body = point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (x < 0 ? '-' : '') + body;
}
