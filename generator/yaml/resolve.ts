/**
 * yaml.v2 (v2.4.0) implicit-tag resolution, as far as the encoder needs it: would a string, written as a
 * plain scalar, read back as something other than a string? (resolve.go `resolve("", s)` plus encode.go
 * `isBase60Float`.) The Go number and time parsers it leans on (strconv.ParseInt/ParseUint/ParseFloat with
 * base 0, time.Parse with yaml.v2's four timestamp layouts) are reproduced for exactly the inputs that
 * reach them.
 */
import { group } from '../text';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** resolve.go `resolveMap`: every key resolves to a non-string (bool, null, float, merge). */
const RESOLVE_MAP = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF',
  '', '~', 'null', 'Null', 'NULL',
  '.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF',
  '<<',
]);

/** resolve.go `yamlStyleFloat`. */
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** encode.go `base60float`. */
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** True iff yaml.v2 would resolve the plain scalar `s` to a non-string tag, or quote it as a base-60 float. */
export function needsQuoting(s: string): boolean {
  return resolvesToNonString(s) || isBase60Float(s);
}

/** encode.go `isBase60Float`. */
export function isBase60Float(s: string): boolean {
  if (s === '') return false;
  const c = s.charAt(0);
  if (!(c === '+' || c === '-' || (c >= '0' && c <= '9')) || !s.includes(':')) return false;
  return BASE60_FLOAT.test(s);
}

type Hint = 'S' | 'D' | 'M' | '.' | 'N' | 0;

function hintOf(s: string): Hint {
  if (s === '') return 'N';
  const c = s.charAt(0);
  if (c === '+' || c === '-') return 'S';
  if (c >= '0' && c <= '9') return 'D';
  if ('yYnNtTfFoO~'.includes(c)) return 'M';
  if (c === '.') return '.';
  return 0;
}

/** resolve.go `resolve("", s)` returns a tag other than `!!str`. */
export function resolvesToNonString(s: string): boolean {
  const hint = hintOf(s);
  if (hint === 0) return false;
  if (RESOLVE_MAP.has(s)) return true;
  switch (hint) {
    case 'M':
    case 'N':
      return false;
    case '.':
      return goParseFloatOK(s);
    case 'S':
    case 'D': {
      if (parseTimestampOK(s)) return true;
      const plain = s.replace(/_/g, '');
      if (goParseIntBase0OK(plain) || goParseUintBase0OK(plain)) return true;
      if (YAML_STYLE_FLOAT.test(plain) && goParseFloatOK(plain)) return true;
      if (plain.startsWith('0b')) {
        return goParseBinaryOK(plain.slice(2), true) || goParseBinaryOK(plain.slice(2), false);
      }
      if (plain.startsWith('-0b')) return goParseBinaryOK('-' + plain.slice(3), true);
      return false;
    }
  }
}

const BASE0_DIGITS = /^(?:0[bB]([01]+)|0[oO]([0-7]+)|0[xX]([0-9a-fA-F]+)|0([0-7]*)|([1-9][0-9]*))$/;

/** The magnitude of an unsigned base-0 Go integer literal (no underscores), or undefined if malformed. */
function base0Magnitude(digits: string): bigint | undefined {
  const m = BASE0_DIGITS.exec(digits);
  if (!m) return undefined;
  if (m[1] !== undefined) return BigInt('0b' + m[1]);
  if (m[2] !== undefined) return BigInt('0o' + m[2]);
  if (m[3] !== undefined) return BigInt('0x' + m[3]);
  if (m[4] !== undefined) return m[4] === '' ? 0n : BigInt('0o' + m[4]);
  // the last alternative: it matched when the four before did not
  return BigInt(group(m, 5));
}

/** strconv.ParseInt(s, 0, 64) succeeds. */
function goParseIntBase0OK(s: string): boolean {
  let neg = false;
  let rest = s;
  if (rest.startsWith('+')) rest = rest.slice(1);
  else if (rest.startsWith('-')) {
    neg = true;
    rest = rest.slice(1);
  }
  const mag = base0Magnitude(rest);
  if (mag === undefined) return false;
  return neg ? -mag >= INT64_MIN : mag <= INT64_MAX;
}

/** strconv.ParseUint(s, 0, 64) succeeds (no sign allowed). */
function goParseUintBase0OK(s: string): boolean {
  const mag = base0Magnitude(s);
  return mag !== undefined && mag <= UINT64_MAX;
}

/** strconv.ParseInt(s, 2, 64) (signed) or ParseUint(s, 2, 64) (unsigned) succeeds. */
function goParseBinaryOK(s: string, signed: boolean): boolean {
  let neg = false;
  let rest = s;
  if (signed) {
    if (rest.startsWith('+')) rest = rest.slice(1);
    else if (rest.startsWith('-')) {
      neg = true;
      rest = rest.slice(1);
    }
  }
  if (!/^[01]+$/.test(rest)) return false;
  const mag = BigInt('0b' + rest);
  if (!signed) return mag <= UINT64_MAX;
  return neg ? -mag >= INT64_MIN : mag <= INT64_MAX;
}

/** strconv `underscoreOK`. */
function underscoreOK(str: string): boolean {
  let s = str;
  let saw = '^';
  let i = 0;
  if (s.length >= 1 && (s.charAt(0) === '-' || s.charAt(0) === '+')) s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s.charAt(0) === '0' && 'boxBOX'.includes(s.charAt(1))) {
    i = 2;
    saw = '0';
    hex = s.charAt(1) === 'x' || s.charAt(1) === 'X';
  }
  for (; i < s.length; i++) {
    const c = s.charAt(i);
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/**
 * strconv.ParseFloat(s, 64) succeeds (no syntax error, no overflow to ±Inf). Only decimal inputs reach
 * this (yaml.v2 gates it by a leading '.', or by `yamlStyleFloat`), so hexadecimal and inf/nan spellings
 * need no support beyond rejecting them.
 */
function goParseFloatOK(s: string): boolean {
  const m = /^[+-]?([0-9_]*)(?:\.([0-9_]*))?(?:[eE][+-]?[0-9][0-9_]*)?$/.exec(s);
  if (!m) return false;
  const digits = (m[1] ?? '') + (m[2] ?? '');
  if (!/[0-9]/.test(digits)) return false;
  if (s.includes('_') && !underscoreOK(s)) return false;
  return Number.isFinite(Number(s.replace(/_/g, '')));
}

// ---- time.Parse for yaml.v2's allowedTimestampFormats ----

function isDigitAt(s: string, i: number): boolean {
  const c = s.charAt(i);
  return c >= '0' && c <= '9';
}

/** time.getnum. */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!isDigitAt(s, 0)) return undefined;
  if (!isDigitAt(s, 1)) {
    if (fixed) return undefined;
    return [Number(s.charAt(0)), s.slice(1)];
  }
  return [Number(s.slice(0, 2)), s.slice(2)];
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** time.skip for a one-character layout literal. */
function skipLiteral(value: string, lit: string): string | undefined {
  if (lit === ' ') {
    if (value.length > 0 && value[0] !== ' ') return undefined;
    return value.replace(/^ +/, '');
  }
  return value[0] === lit ? value.slice(1) : undefined;
}

/**
 * time.Parse with one of "2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00",
 * "2006-1-2 15:4:5.999999999", "2006-1-2" (sep/tz select which).
 */
function parseLayout(input: string, sep: 'T' | 't' | ' ' | undefined, tz: boolean): boolean {
  let v: string | undefined = input;
  if (v.length < 4 || !isDigitAt(v, 0) || !/^[0-9]{4}/.test(v)) return false;
  const year = Number(v.slice(0, 4));
  v = skipLiteral(v.slice(4), '-');
  if (v === undefined) return false;
  let r = getnum(v, false);
  if (!r) return false;
  const month = r[0];
  if (month <= 0 || month > 12) return false;
  v = skipLiteral(r[1], '-');
  if (v === undefined) return false;
  r = getnum(v, false);
  if (!r) return false;
  const day = r[0];
  v = r[1];
  if (sep !== undefined) {
    v = skipLiteral(v, sep);
    if (v === undefined) return false;
    r = getnum(v, false); // hour
    if (!r || r[0] >= 24) return false;
    v = skipLiteral(r[1], ':');
    if (v === undefined) return false;
    r = getnum(v, false); // minute
    if (!r || r[0] >= 60) return false;
    v = skipLiteral(r[1], ':');
    if (v === undefined) return false;
    r = getnum(v, false); // second
    if (!r || r[0] >= 60) return false;
    v = r[1];
    // .999999999: optional fraction, any number of digits.
    if (v.length >= 2 && (v[0] === '.' || v[0] === ',') && isDigitAt(v, 1)) {
      let i = 1;
      while (isDigitAt(v, i)) i++;
      v = v.slice(i);
    }
    if (tz) {
      if (v[0] === 'Z') v = v.slice(1);
      else {
        if (v.length < 6 || v[3] !== ':') return false;
        const sign = v[0];
        const hh = getnum(v.slice(1, 3), true);
        const mm = getnum(v.slice(4, 6), true);
        if (!hh || !mm) return false;
        if (hh[0] > 24 || mm[0] > 60) return false;
        if (sign !== '+' && sign !== '-') return false;
        v = v.slice(6);
      }
    }
  }
  if (v.length !== 0) return false;
  return day >= 1 && day <= daysIn(month, year);
}

/** resolve.go `parseTimestamp` succeeds. */
export function parseTimestampOK(s: string): boolean {
  let i = 0;
  while (i < s.length && isDigitAt(s, i)) i++;
  if (i !== 4 || i === s.length || s.charAt(i) !== '-') return false;
  return (
    parseLayout(s, 'T', true) ||
    parseLayout(s, 't', true) ||
    parseLayout(s, ' ', false) ||
    parseLayout(s, undefined, false)
  );
}
