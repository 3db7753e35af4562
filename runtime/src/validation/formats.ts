/**
 * The string formats the apiserver validates (kube-openapi `strfmt.Default`, the go-openapi registry): a value of a
 * known format that does not parse is a `must be of type <format>` error; an unknown format is not checked (the
 * apiserver ignores it). `int32`, `int64`, `float` and `double` are number formats (see ./validate.ts).
 */
import { isIP, isIPv4, isIPv6 } from 'node:net';
import { parseStrfmtDuration } from './duration';
import { fixedRegex } from './re2';

type Check = (s: string) => boolean;

/** Go's `net.ParseIP`: dotted quads without leading zeros, or an IPv6 text (with an optional embedded IPv4). */
function parseIP(s: string): boolean {
  if (s.includes('%')) return false;
  if (isIPv4(s)) return !/(^|\.)0\d/.test(s);
  return isIPv6(s);
}

// The expressions are Go's (kube-openapi strfmt, govalidator), run as Go runs them: RE2, linear in the input.
const HOSTNAME = fixedRegex('^([a-zA-Z0-9\\p{S}\\p{L}]((-?[a-zA-Z0-9\\p{S}\\p{L}]{0,62})?)|([a-zA-Z0-9\\p{S}\\p{L}](([a-zA-Z0-9\\-\\p{S}\\p{L}]{0,61}[a-zA-Z0-9\\p{S}\\p{L}])?)(\\.)){1,}([a-zA-Z\\p{L}]){2,63})$');
const UUID = fixedRegex('(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$');
const UUID3 = fixedRegex('(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$');
const UUID4 = fixedRegex('(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$');
const UUID5 = fixedRegex('(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$');
/** govalidator's `IsBase64`: at least one group of four (an empty string is not base64 to the apiserver). */
const BASE64 = fixedRegex('^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$');
const TIME_OF_DAY = fixedRegex('^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$');
const MAC = fixedRegex('^(?:[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){5}|[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){7}|[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){19}|[0-9a-fA-F]{4}(?:\\.[0-9a-fA-F]{4}){2,9})$');
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\x{80}-\\x{10ffff}]+";
const QUOTED = '"(?:[^"\\\\\\r\\n]|\\\\.)*"';
const ADDR = `(?:${ATEXT}(?:\\.${ATEXT})*|${QUOTED})@[ \\t]*(?:${ATEXT}(?:\\.${ATEXT})*|\\[[^\\[\\]\\\\]*\\])`;
/** Go's `net/mail.ParseAddress`: an addr-spec, or a display name and an addr-spec in angle brackets; spaces around. */
const EMAIL = fixedRegex(`^[ \\t]*(?:${ADDR}|(?:(?:${ATEXT}|${QUOTED})(?:[ \\t]+(?:${ATEXT}|${QUOTED}))*[ \\t]*)?<${ADDR}>)[ \\t]*$`);
const BSON_OBJECT_ID = fixedRegex('^[0-9a-fA-F]{24}$');
const HEXCOLOR = fixedRegex('^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$');
const RGBCOLOR = fixedRegex('^rgb\\(\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*,\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*,\\s*(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])\\s*\\)$');

/** Go's `time.Parse("2006-01-02", s)`. */
function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const max = days[mo - 1]; // undefined: no month 0 or 13…99
  return max !== undefined && d >= 1 && d <= max;
}

/**
 * go-openapi `IsDateTime`: a date, a `t`, a time of day with an optional fraction and a zone. Go splits the lowered
 * text at every `t` and reads the first two parts; finding the first two `t`s is the same without building the rest.
 */
function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const lower = s.toLowerCase();
  const t1 = lower.indexOf('t');
  if (t1 < 0 || !isDate(lower.slice(0, t1))) return false;
  const t2 = lower.indexOf('t', t1 + 1);
  const m = TIME_OF_DAY.matcher(lower.slice(t1 + 1, t2 < 0 ? lower.length : t2));
  if (!m.matches()) return false;
  const [h, min, sec] = [m.group(1) ?? '', m.group(2) ?? '', m.group(3) ?? ''];
  return h <= '23' && min <= '59' && sec <= '59';
}

/** Go's `url.ParseRequestURI`: an absolute URI or an absolute path, no fragment. */
function isRequestURI(s: string): boolean {
  // eslint-disable-next-line no-control-regex -- Go's URL parser refuses control characters
  if (s.length === 0 || /[\s\x00-\x1f\x7f]/.test(s)) return false;
  if (s.startsWith('/')) return true;
  const afterScheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/.exec(s)?.[2];
  if (afterScheme === undefined) return false;
  const hash = afterScheme.indexOf('#');
  const rest = hash < 0 ? afterScheme : afterScheme.slice(0, hash);
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?]/);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, 2 + end);
    const host = authority.slice(authority.lastIndexOf('@') + 1);
    if (/%(?![0-9a-fA-F]{2})/.test(authority)) return false;
    if (host.startsWith('[')) return /^\[[0-9a-fA-F:.]+(%25[^\]]*)?\](:\d*)?$/.test(host);
    return /^[^:]*(:\d*)?$/.test(host);
  }
  return true;
}

function isCIDR(s: string): boolean {
  const slash = s.indexOf('/');
  if (slash < 0) return false;
  const ip = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits) || !parseIP(ip)) return false;
  return Number(bits) <= (isIP(ip) === 4 ? 32 : 128);
}

/** kube-openapi `strfmt.IsDuration`: Go's `time.ParseDuration`, or `<digits> <unit word>` terms (`3 days 4 hours`). */
function isDuration(s: string): boolean {
  return 'nanos' in parseStrfmtDuration(s);
}

/** Every format the apiserver checks, by name. */
export const FORMATS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['bsonobjectid', (s) => BSON_OBJECT_ID.test(s)],
  ['uri', isRequestURI],
  ['email', (s) => EMAIL.test(s)],
  ['hostname', (s) => s.length <= 255 && HOSTNAME.test(s)],
  ['ipv4', (s) => parseIP(s) && s.includes('.')],
  ['ipv6', (s) => parseIP(s) && s.includes(':')],
  ['cidr', isCIDR],
  ['mac', (s) => MAC.test(s)],
  ['uuid', (s) => UUID.test(s)],
  ['uuid3', (s) => UUID3.test(s)],
  ['uuid4', (s) => UUID4.test(s)],
  ['uuid5', (s) => UUID5.test(s)],
  ['hexcolor', (s) => HEXCOLOR.test(s)],
  ['rgbcolor', (s) => RGBCOLOR.test(s)],
  ['byte', (s) => BASE64.test(s)],
  ['date', isDate],
  ['date-time', isDateTime],
  ['datetime', isDateTime],
  ['duration', isDuration],
]);

/** Whether `s` is valid for `format`; true for a format the apiserver does not check. */
export function checkFormat(format: string, s: string): boolean {
  const check = FORMATS.get(format);
  return check === undefined || check(s);
}
