/**
 * The string formats the apiserver validates (kube-openapi `strfmt.Default`, the go-openapi registry): a value of a
 * known format that does not parse is a `must be of type <format>` error; an unknown format is not checked (the
 * apiserver ignores it). `int32`, `int64`, `float` and `double` are number formats (see ./validate.ts).
 */
import { isIP, isIPv4, isIPv6 } from 'node:net';

type Check = (s: string) => boolean;

/** Go's `net.ParseIP`: dotted quads without leading zeros, or an IPv6 text (with an optional embedded IPv4). */
function parseIP(s: string): boolean {
  if (s.includes('%')) return false;
  if (isIPv4(s)) return !/(^|\.)0\d/.test(s);
  return isIPv6(s);
}

const HOSTNAME = /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
/** govalidator's `IsBase64`: at least one group of four (an empty string is not base64 to the apiserver). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const TIME_OF_DAY = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;
const MAC = /^(?:[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){5}|[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){7}|[0-9a-fA-F]{2}(?:[:-][0-9a-fA-F]{2}){19}|[0-9a-fA-F]{4}(?:\.[0-9a-fA-F]{4}){2,9})$/;
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\u0080-\\uffff]+";
const QUOTED = '"(?:[^"\\\\\\r\\n]|\\\\.)*"';
const ADDR = `(?:${ATEXT}(?:\\.${ATEXT})*|${QUOTED})@[ \\t]*(?:${ATEXT}(?:\\.${ATEXT})*|\\[[^\\[\\]\\\\]*\\])`;
/** Go's `net/mail.ParseAddress`: an addr-spec, or a display name and an addr-spec in angle brackets; spaces around. */
const EMAIL = new RegExp(`^[ \\t]*(?:${ADDR}|(?:(?:${ATEXT}|${QUOTED})(?:[ \\t]+(?:${ATEXT}|${QUOTED}))*[ \\t]*)?<${ADDR}>)[ \\t]*$`);
const DURATION_UNIT = /^\s*(\d+)\s*(ns|us|µs|ms|s|m|h|d|w|nanoseconds?|microseconds?|milliseconds?|seconds?|sec|minutes?|min|hours?|hr|days?|weeks?|wk)\s*$/;
const GO_DURATION = /^[-+]?(?:0|(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+)$/;

/** Go's `time.Parse("2006-01-02", s)`. */
function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

/** go-openapi `IsDateTime`: a date, a `t`, a time of day with an optional fraction and a zone. */
function isDateTime(s: string): boolean {
  if (s.length < 4) return false;
  const parts = s.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0])) return false;
  const m = TIME_OF_DAY.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}

/** Go's `url.ParseRequestURI`: an absolute URI or an absolute path, no fragment. */
function isRequestURI(s: string): boolean {
  // eslint-disable-next-line no-control-regex -- Go's URL parser refuses control characters
  if (s.length === 0 || /[\s\x00-\x1f\x7f]/.test(s)) return false;
  if (s.startsWith('/')) return true;
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/.exec(s);
  if (!m) return false;
  const rest = m[2].split('#')[0];
  if (rest.startsWith('//')) {
    const authority = rest.slice(2).split(/[/?]/)[0];
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

function isDuration(s: string): boolean {
  return GO_DURATION.test(s) || DURATION_UNIT.test(s);
}

/** Every format the apiserver checks, by name. */
export const FORMATS: ReadonlyMap<string, Check> = new Map<string, Check>([
  ['bsonobjectid', (s) => /^[0-9a-fA-F]{24}$/.test(s)],
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
  ['hexcolor', (s) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(s)],
  ['rgbcolor', (s) => /^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$/.test(s)],
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
