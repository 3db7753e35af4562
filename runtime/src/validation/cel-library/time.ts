/**
 * Timestamps and durations as cel-go holds and prints them, for the conversions cel-js lacks:
 *
 * - a cel-go timestamp is a Go `time.Time`: nanoseconds, and the zone offset it was parsed with
 *   (`timestamp('2000-01-01T00:00:00+01:00')` keeps `+01:00`); cel-js' is a JavaScript `Date` (milliseconds, no
 *   offset). kubegen keeps what a `Date` drops beside it, in a weak map, for the timestamps it makes itself: the
 *   timestamp conversions ({@link parseGoTimestamp}: Go's `time.Parse(time.RFC3339, s)`) and the `date` / `date-time`
 *   values of an object. `string(timestamp)` is `t.Format(time.RFC3339Nano)` ({@link formatGoTimestamp}); a `Date`
 *   kubegen did not make (the result of timestamp arithmetic, which keeps the offset in Go) is not printed: its
 *   offset is not known.
 * - `string(duration)` is `strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"` ({@link formatGoDuration}).
 *
 * Every parser here is one pass over a bounded pattern (a regular expression without nested repetition).
 */

/** What a `Date` does not hold of a Go `time.Time`. */
interface GoTimeParts {
  /** The nanoseconds below the millisecond (0 – 999,999). */
  subMilliNanos: number;
  /** The zone offset east of UTC, in seconds (0 for `Z`). */
  offsetSeconds: number;
}

const parts = new WeakMap<Date, GoTimeParts>();

/** The first and last instants of cel-go's timestamp range (0001-01-01T00:00:00Z … 9999-12-31T23:59:59.999999999Z). */
const MIN_MS = -62_135_596_800_000;
const MAX_MS = 253_402_300_799_999;

/** A `Date` kubegen made, with its nanoseconds and offset (the offset is only ever known for these). */
export function goTime(epochMs: number, subMilliNanos: number, offsetSeconds: number): Date {
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
  if (!p) return undefined;
  const local = new Date(d.getTime() + p.offsetSeconds * 1000);
  const nanos = local.getUTCMilliseconds() * 1_000_000 + p.subMilliNanos;
  const fraction = nanos === 0 ? '' : `.${pad(nanos, 9).replace(/0+$/, '')}`;
  const abs = Math.abs(p.offsetSeconds);
  const zone = p.offsetSeconds === 0 ? 'Z' : `${p.offsetSeconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600), 2)}:${pad(Math.floor((abs % 3600) / 60), 2)}`;
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
