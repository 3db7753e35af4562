/**
 * Duration texts as the apiserver parses them, each in one pass over the input (no regular expression that could
 * backtrack, no rescanning):
 *
 * - {@link parseGoDuration}: Go's `time.ParseDuration` (`1h5m`, `-1.5h`, `300ms`), what CEL's `duration(string)`
 *   converts with (cel-go `String.ConvertToType`);
 * - {@link parseStrfmtDuration}: kube-openapi's `strfmt.ParseDuration` — Go's syntax, else a sequence of
 *   `<digits> <unit word>` (`3 days 4 hours`) — what `format: duration` accepts and what a `duration` string
 *   becomes for CEL (`UnstructuredToVal`).
 *
 * Both return nanoseconds as an int64 `bigint`. Go bounds a duration by int64 nanoseconds (about 290 years): the
 * parse of a longer digit run stops at the first digit that overflows.
 */

import { escapeEach, TextBuilder } from './text';

const INT64_MAX = (1n << 63n) - 1n;
const OVERFLOW = 1n << 63n;

/** `time.ParseDuration`'s units, in nanoseconds. */
const GO_UNITS: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n],
  ['us', 1_000n],
  ['\u00b5s', 1_000n], // U+00B5 micro sign
  ['\u03bcs', 1_000n], // U+03BC Greek small letter mu
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** What `time.quote` escapes: `"`, `\\`, C0 controls and every non-ASCII code point. */
// eslint-disable-next-line no-control-regex -- control characters are escaped
const TIME_QUOTED = /["\\\x00-\x1f]|[^\x00-\x7f]/gu;

/**
 * Go's `time.quote`: printable ASCII as is (with `"` and `\\` escaped), every other byte of the UTF-8 as `\\xNN`.
 * One pass: an error message quotes the whole input, which may be megabytes long.
 */
export function goTimeQuote(s: string): string {
  const escape = (ch: string): string => {
    if (ch === '"' || ch === '\\') return `\\${ch}`;
    let out = '';
    for (const b of Buffer.from(ch, 'utf8')) out += `\\x${b.toString(16).padStart(2, '0')}`;
    return out;
  };
  return escapeEach(s, TIME_QUOTED, escape, new TextBuilder().push('"')).push('"').toString();
}

/** A parse result: nanoseconds, or Go's error text. */
export type DurationResult = { nanos: bigint } | { error: string };

/** Go's `time.ParseDuration`, its error texts included. */
export function parseGoDuration(orig: string): DurationResult {
  const invalid = (): DurationResult => ({ error: `time: invalid duration ${goTimeQuote(orig)}` });
  let i = 0;
  const n = orig.length;
  let neg = false;
  if (n > 0 && (orig[0] === '-' || orig[0] === '+')) {
    neg = orig[0] === '-';
    i = 1;
  }
  if (n - i === 1 && orig[i] === '0') return { nanos: 0n };
  if (i === n) return invalid();
  let d = 0n;
  while (i < n) {
    const first = orig.charCodeAt(i);
    if (!(first === 0x2e || isDigit(first))) return invalid();
    // [0-9]*: the integer part; overflowing int64 is an error.
    const intStart = i;
    let v = 0n;
    for (; i < n && isDigit(orig.charCodeAt(i)); i++) {
      if (v > OVERFLOW / 10n) return invalid();
      v = v * 10n + BigInt(orig.charCodeAt(i) - 0x30);
      if (v > OVERFLOW) return invalid();
    }
    const pre = i !== intStart;
    // (\.[0-9]*)?: the fraction; digits past int64 precision are consumed and ignored.
    let f = 0n;
    let scale = 1;
    let post = false;
    if (i < n && orig[i] === '.') {
      i++;
      const fracStart = i;
      let overflow = false;
      for (; i < n && isDigit(orig.charCodeAt(i)); i++) {
        if (overflow) continue;
        if (f > INT64_MAX / 10n) {
          overflow = true;
          continue;
        }
        const y = f * 10n + BigInt(orig.charCodeAt(i) - 0x30);
        if (y > OVERFLOW) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      post = i !== fracStart;
    }
    if (!pre && !post) return invalid();
    // The unit: everything up to the next digit or '.'.
    const unitStart = i;
    for (; i < n; i++) {
      const c = orig.charCodeAt(i);
      if (c === 0x2e || isDigit(c)) break;
    }
    if (i === unitStart) return { error: `time: missing unit in duration ${goTimeQuote(orig)}` };
    const u = orig.slice(unitStart, i);
    const unit = GO_UNITS.get(u);
    if (unit === undefined) return { error: `time: unknown unit ${goTimeQuote(u)} in duration ${goTimeQuote(orig)}` };
    if (v > OVERFLOW / unit) return invalid();
    v *= unit;
    if (f > 0n) {
      // float64, as Go computes it, to be nanosecond accurate for fractions of hours.
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > OVERFLOW) return invalid();
    }
    d += v;
    if (d > OVERFLOW) return invalid();
  }
  if (neg) return { nanos: -d };
  if (d > INT64_MAX) return invalid();
  return { nanos: d };
}

/** kube-openapi's unit words: each group's first is its unit; the last word of a group also matches as a prefix. */
const STRFMT_UNITS: ReadonlyArray<{ words: readonly string[]; nanos: bigint }> = [
  { words: ['ns', 'nano'], nanos: 1n },
  { words: ['us', '\u00b5s', 'micro'], nanos: 1_000n },
  { words: ['ms', 'milli'], nanos: 1_000_000n },
  { words: ['s', 'sec'], nanos: 1_000_000_000n },
  { words: ['m', 'min'], nanos: 60_000_000_000n },
  { words: ['h', 'hr', 'hour'], nanos: 3_600_000_000_000n },
  { words: ['d', 'day'], nanos: 86_400_000_000_000n },
  { words: ['w', 'wk', 'week'], nanos: 604_800_000_000_000n },
];

/** Go's `\s` (ASCII whitespace only). */
const isGoSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
/** `[A-Za-zµ]`. */
const isUnitLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0xb5;

/**
 * kube-openapi `strfmt.ParseDuration`: `time.ParseDuration`, else the whole text must be
 * `^\s*(?:\d+\s*[A-Za-zµ]+\s*)+$`, each number an int (`strconv.Atoi`), and at least one unit word known; the sum
 * wraps around as Go's int64 arithmetic does.
 */
export function parseStrfmtDuration(s: string): DurationResult {
  const go = parseGoDuration(s);
  if ('nanos' in go) return go;
  const unable = { error: `unable to parse ${s} as duration` };
  const n = s.length;
  let i = 0;
  const skipSpace = () => {
    while (i < n && isGoSpace(s.charCodeAt(i))) i++;
  };
  let total = 0n;
  let known = false;
  let terms = 0;
  skipSpace();
  while (i < n) {
    const digitsStart = i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === digitsStart) return unable;
    const digits = s.slice(digitsStart, i);
    skipSpace();
    const unitStart = i;
    while (i < n && isUnitLetter(s.charCodeAt(i))) i++;
    if (i === unitStart) return unable;
    const unit = s.slice(unitStart, i).toLowerCase();
    skipSpace();
    terms++;
    // strconv.Atoi: an int64 (leading zeros allowed); beyond it the parse fails. More than 19 significant digits
    // never fit, so a long run is refused without converting it.
    let lead = 0;
    while (lead < digits.length - 1 && digits[lead] === '0') lead++;
    const factor = digits.length - lead > 19 ? OVERFLOW : BigInt(digits.slice(lead));
    if (factor > INT64_MAX) return { error: `strconv.Atoi: parsing ${JSON.stringify(digits)}: value out of range` };
    for (const group of STRFMT_UNITS) {
      for (const [k, word] of group.words.entries()) {
        if ((k === group.words.length - 1 && unit.startsWith(word)) || word === unit) {
          known = true;
          total = BigInt.asIntN(64, total + BigInt.asIntN(64, factor * group.nanos));
        }
      }
    }
  }
  return terms > 0 && known ? { nanos: total } : unable;
}
