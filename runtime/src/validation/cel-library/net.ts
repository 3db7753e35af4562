/**
 * IP addresses, CIDRs and URLs as the apiserver's CEL ip, cidr and url libraries see them: Go's `net/netip`
 * (`ParseAddr`, `ParsePrefix`, the address predicates and canonical text) and `net/url` (`ParseRequestURI`, `Parse`,
 * `Hostname`, `Port`, `EscapedPath`, `Query`), ported for their verdicts and error texts
 * (k8s.io/apiserver `pkg/cel/library/{ip,cidr,urls}.go`).
 */
import { goQuote } from '../errors';

/** `bytes[i]` at an index the caller has checked is in range; a RangeError names the broken invariant. */
function byteAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  if (b === undefined) throw new RangeError(`internal error: byte ${i} of ${bytes.length} read out of range`);
  return b;
}

/** An IP address: 4 or 16 bytes (no zone: the library refuses zones). */
export class IP {
  constructor(readonly bytes: Uint8Array) {}

  get is4(): boolean {
    return this.bytes.length === 4;
  }

  /** IPv4-mapped IPv6 (`::ffff:a.b.c.d`). */
  get is4In6(): boolean {
    const b = this.bytes;
    return b.length === 16 && b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
  }

  equals(o: IP): boolean {
    return this.bytes.length === o.bytes.length && this.bytes.every((x, i) => x === o.bytes[i]);
  }

  private u16(i: number): number {
    return (byteAt(this.bytes, 2 * i) << 8) | byteAt(this.bytes, 2 * i + 1);
  }

  /** The unmapped view, as netip's predicates use. */
  private unmapped(): IP {
    return this.is4In6 ? new IP(this.bytes.slice(12)) : this;
  }

  isUnspecified(): boolean {
    return this.bytes.every((x) => x === 0);
  }

  isLoopback(): boolean {
    const ip = this.unmapped();
    if (ip.is4) return ip.bytes[0] === 127;
    return ip.bytes.subarray(0, 15).every((x) => x === 0) && ip.bytes[15] === 1;
  }

  isMulticast(): boolean {
    const ip = this.unmapped();
    return ip.is4 ? (byteAt(ip.bytes, 0) & 0xf0) === 0xe0 : ip.bytes[0] === 0xff;
  }

  isLinkLocalUnicast(): boolean {
    const ip = this.unmapped();
    return ip.is4 ? ip.bytes[0] === 169 && ip.bytes[1] === 254 : (ip.u16(0) & 0xffc0) === 0xfe80;
  }

  isLinkLocalMulticast(): boolean {
    const ip = this.unmapped();
    return ip.is4 ? ip.bytes[0] === 224 && ip.bytes[1] === 0 && ip.bytes[2] === 0 : (ip.u16(0) & 0xff0f) === 0xff02;
  }

  isGlobalUnicast(): boolean {
    const ip = this.unmapped();
    if (ip.is4 && (ip.isUnspecified() || ip.bytes.every((x) => x === 255))) return false;
    return !(!ip.is4 && ip.isUnspecified()) && !ip.isLoopback() && !ip.isMulticast() && !ip.isLinkLocalUnicast();
  }

  /** netip's `Addr.String()`. */
  toString(): string {
    const b = this.bytes;
    if (this.is4) return Array.from(b).join('.');
    if (this.is4In6) return `::ffff:${Array.from(b.subarray(12)).join('.')}`;
    let zeroStart = 255;
    let zeroEnd = 255;
    for (let i = 0; i < 8; i++) {
      let j = i;
      while (j < 8 && this.u16(j) === 0) j++;
      const l = j - i;
      if (l >= 2 && l > zeroEnd - zeroStart) {
        zeroStart = i;
        zeroEnd = j;
      }
    }
    let out = '';
    for (let i = 0; i < 8; i++) {
      if (i === zeroStart) {
        out += '::';
        i = zeroEnd;
        if (i >= 8) break;
      } else if (i > 0) out += ':';
      out += this.u16(i).toString(16);
    }
    return out;
  }
}

class ParseAddrError extends Error {
  constructor(input: string, msg: string, at?: string) {
    super(`ParseAddr(${goQuote(input)}): ${msg}${at !== undefined && at !== '' ? ` (at ${goQuote(at)})` : ''}`);
  }
}

function parseIPv4Fields(input: string, off: number, end: number, fields: Uint8Array, at: number): void {
  let val = 0;
  let pos = 0;
  let digLen = 0;
  const s = input.slice(off, end);
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c >= '0' && c <= '9') {
      if (digLen === 1 && val === 0) throw new ParseAddrError(input, 'IPv4 field has octet with leading zero');
      val = val * 10 + (c.charCodeAt(0) - 48);
      digLen++;
      if (val > 255) throw new ParseAddrError(input, 'IPv4 field has value >255');
    } else if (c === '.') {
      if (i === 0 || i === s.length - 1 || s[i - 1] === '.') throw new ParseAddrError(input, 'IPv4 field must have at least one digit', s.slice(i));
      if (pos === 3) throw new ParseAddrError(input, 'IPv4 address too long');
      fields[at + pos] = val;
      pos++;
      val = 0;
      digLen = 0;
    } else {
      throw new ParseAddrError(input, 'unexpected character', s.slice(i));
    }
  }
  if (pos < 3) throw new ParseAddrError(input, 'IPv4 address too short');
  fields[at + 3] = val;
}

function hexValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  if (c >= 'a' && c <= 'f') return c.charCodeAt(0) - 87;
  if (c >= 'A' && c <= 'F') return c.charCodeAt(0) - 55;
  return -1;
}

/** netip.ParseAddr; the zone, if any, is returned beside the address. */
export function parseAddr(input: string): { ip: IP; zone: string } {
  for (const c of input) {
    if (c === '.') {
      const f = new Uint8Array(4);
      parseIPv4Fields(input, 0, input.length, f, 0);
      return { ip: new IP(f), zone: '' };
    }
    if (c === ':') return parseIPv6(input);
    if (c === '%') throw new ParseAddrError(input, 'missing IPv6 address');
  }
  throw new ParseAddrError(input, 'unable to parse IP');
}

function parseIPv6(input: string): { ip: IP; zone: string } {
  let s = input;
  let zone = '';
  const z = s.indexOf('%');
  if (z !== -1) {
    zone = s.slice(z + 1);
    s = s.slice(0, z);
    if (zone === '') throw new ParseAddrError(input, 'zone must be a non-empty string');
  }
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { ip: new IP(ip), zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const h = hexValue(s.charAt(off));
      if (h < 0) break;
      acc = acc * 16 + h;
      if (off > 3) throw new ParseAddrError(input, 'each group must have 4 or less digits', s);
      if (acc > 0xffff) throw new ParseAddrError(input, 'IPv6 field has value >=2^16', s);
    }
    if (off === 0) throw new ParseAddrError(input, 'each colon-separated field must have at least one digit', s);
    if (off < s.length && s[off] === '.') {
      if (ellipsis < 0 && i !== 12) throw new ParseAddrError(input, 'embedded IPv4 address must replace the final 2 fields of the address', s);
      if (i + 4 > 16) throw new ParseAddrError(input, 'too many hex fields to fit an embedded IPv4 at the end of the address', s);
      let end = input.length;
      if (zone.length > 0) end -= zone.length + 1;
      parseIPv4Fields(input, end - s.length, end, ip, i);
      s = '';
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ':') throw new ParseAddrError(input, 'unexpected character, want colon', s);
    if (s.length === 1) throw new ParseAddrError(input, 'colon must be followed by more characters', s);
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) throw new ParseAddrError(input, 'multiple :: in address', s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) throw new ParseAddrError(input, 'trailing garbage after address', s);
  if (i < 16) {
    if (ellipsis < 0) throw new ParseAddrError(input, 'address string too short');
    const n = 16 - i;
    ip.copyWithin(ellipsis + n, ellipsis, i);
    ip.fill(0, ellipsis, ellipsis + n);
  } else if (ellipsis >= 0) {
    throw new ParseAddrError(input, 'the :: must expand to at least one field of zeros');
  }
  return { ip: new IP(ip), zone };
}

/** The library's `parseIPAddr`: netip.ParseAddr without zones or IPv4-mapped IPv6 addresses. */
export function parseIP(raw: string): IP {
  let parsed: { ip: IP; zone: string };
  try {
    parsed = parseAddr(raw);
  } catch (e) {
    throw new Error(`IP Address ${goQuote(raw)} parse error during conversion from string: ${(e as Error).message}`, { cause: e });
  }
  if (parsed.zone !== '') throw new Error(`IP address ${goQuote(raw)} with zone value is not allowed`);
  if (parsed.ip.is4In6) throw new Error(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`);
  return parsed.ip;
}

function masked(ip: IP, bits: number): IP {
  const out = ip.bytes.slice();
  for (const [i, b] of out.entries()) {
    const keep = Math.max(0, Math.min(8, bits - 8 * i));
    out[i] = b & (keep === 0 ? 0 : (0xff << (8 - keep)) & 0xff);
  }
  return new IP(out);
}

/** A CIDR (`netip.Prefix`): the address as written and the prefix length. */
export class CIDR {
  constructor(
    readonly ip: IP,
    readonly bits: number,
  ) {}

  equals(o: CIDR): boolean {
    return this.bits === o.bits && this.ip.equals(o.ip);
  }

  masked(): CIDR {
    return new CIDR(masked(this.ip, this.bits), this.bits);
  }

  containsIP(ip: IP): boolean {
    if (ip.bytes.length !== this.ip.bytes.length) return false;
    return masked(ip, this.bits).equals(masked(this.ip, this.bits));
  }

  /** `Overlaps(o) && Bits() <= o.Bits()`, the library's containsCIDR. */
  containsCIDR(o: CIDR): boolean {
    if (this.ip.is4 !== o.ip.is4) return false;
    const min = Math.min(this.bits, o.bits);
    const overlaps = this.equals(o) || min === 0 || masked(this.ip, min).equals(masked(o.ip, min));
    return overlaps && this.bits <= o.bits;
  }

  toString(): string {
    return `${this.ip.toString()}/${String(this.bits)}`;
  }
}

/** netip.ParsePrefix, then the library's refusal of IPv4-mapped IPv6 (`parseCIDR`); `cidr()` prefixes its errors once more. */
export function parseCIDR(raw: string): CIDR {
  const fail = (msg: string): Error => new Error(`network address parse error during conversion from string: netip.ParsePrefix(${goQuote(raw)}): ${msg}`);
  const slash = raw.lastIndexOf('/');
  if (slash < 0) throw fail("no '/'");
  let parsed: { ip: IP; zone: string };
  try {
    parsed = parseAddr(raw.slice(0, slash));
  } catch (e) {
    throw Object.assign(fail((e as Error).message), { cause: e });
  }
  if (!parsed.ip.is4 && parsed.zone !== '') throw fail('IPv6 zones cannot be present in a prefix');
  const bitsStr = raw.slice(slash + 1);
  if (bitsStr.length > 1 && (bitsStr.charAt(0) < '1' || bitsStr.charAt(0) > '9')) throw fail(`bad bits after slash: ${goQuote(bitsStr)}`);
  // strconv.Atoi: an optional sign and decimal digits, within int64
  if (!/^[+-]?[0-9]+$/.test(bitsStr) || BigInt(bitsStr) > 2n ** 63n - 1n || BigInt(bitsStr) < -(2n ** 63n)) throw fail(`bad bits after slash: ${goQuote(bitsStr)}`);
  const bits = Number(bitsStr);
  if (bits < 0 || bits > (parsed.ip.is4 ? 32 : 128)) throw fail('prefix length out of range');
  if (parsed.ip.is4In6) throw new Error(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`);
  return new CIDR(parsed.ip, bits);
}

// ---- net/url ----

const Mode = { Path: 0, PathSegment: 1, Host: 2, Zone: 3, UserPassword: 4, QueryComponent: 5, Fragment: 6 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

/** The bytes each mode leaves unescaped (Go's net/url encoding table). */
const UNRESERVED: Record<Mode, string> = {
  [Mode.Path]: "$&+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~",
  [Mode.PathSegment]: '$&+-.0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
  [Mode.Host]: "!\"$&'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~",
  [Mode.Zone]: "!\"$&'()*+,-.0123456789:;<=>ABCDEFGHIJKLMNOPQRSTUVWXYZ[]_abcdefghijklmnopqrstuvwxyz~",
  [Mode.UserPassword]: '$&+,-.0123456789;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
  [Mode.QueryComponent]: '-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~',
  [Mode.Fragment]: "!$&()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~",
};

function shouldEscape(b: number, mode: Mode): boolean {
  return b >= 0x80 || !UNRESERVED[mode].includes(String.fromCharCode(b));
}

function isHex(b: number | undefined): boolean {
  return b !== undefined && ((b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102));
}

function unhex(b: number): number {
  return b >= 97 ? b - 87 : b >= 65 ? b - 55 : b - 48;
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

function bytesToString(b: Uint8Array): string {
  return utf8Decoder.decode(b);
}

/** net/url `unescape` over UTF-8 bytes. */
function unescape(text: string, mode: Mode): string {
  const s = utf8.encode(text);
  let n = 0;
  let hasPlus = false;
  for (let i = 0; i < s.length; ) {
    const c = byteAt(s, i);
    if (c === 0x25) {
      n++;
      if (i + 2 >= s.length || !isHex(s[i + 1]) || !isHex(s[i + 2])) {
        throw new Error(`invalid URL escape ${goQuote(bytesToString(s.subarray(i, Math.min(s.length, i + 3))))}`);
      }
      const seq = bytesToString(s.subarray(i, i + 3));
      if (mode === Mode.Host && unhex(byteAt(s, i + 1)) < 8 && seq !== '%25') throw new Error(`invalid URL escape ${goQuote(seq)}`);
      if (mode === Mode.Zone) {
        const v = (unhex(byteAt(s, i + 1)) << 4) | unhex(byteAt(s, i + 2));
        if (seq !== '%25' && v !== 0x20 && shouldEscape(v, Mode.Host)) throw new Error(`invalid URL escape ${goQuote(seq)}`);
      }
      i += 3;
    } else if (c === 0x2b) {
      hasPlus = mode === Mode.QueryComponent;
      i++;
    } else {
      if ((mode === Mode.Host || mode === Mode.Zone) && c < 0x80 && shouldEscape(c, mode)) {
        throw new Error(`invalid character ${goQuote(String.fromCharCode(c))} in host name`);
      }
      i++;
    }
  }
  if (n === 0 && !hasPlus) return text;
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = byteAt(s, i);
    if (c === 0x25) {
      out.push((unhex(byteAt(s, i + 1)) << 4) | unhex(byteAt(s, i + 2)));
      i += 2;
    } else if (c === 0x2b) out.push(mode === Mode.QueryComponent ? 0x20 : 0x2b);
    else out.push(c);
  }
  return bytesToString(Uint8Array.from(out));
}

function escape(text: string, mode: Mode): string {
  let out = '';
  for (const b of utf8.encode(text)) {
    if (b === 0x20 && mode === Mode.QueryComponent) out += '+';
    else if (shouldEscape(b, mode)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    else out += String.fromCharCode(b);
  }
  return out;
}

function validOptionalPort(port: string): boolean {
  if (port === '') return true;
  if (port[0] !== ':') return false;
  return /^[0-9]*$/.test(port.slice(1));
}

/** A parsed URL: the parts the library reads. */
export class URL {
  constructor(
    readonly scheme: string,
    readonly host: string,
    readonly path: string,
    readonly rawPath: string,
    readonly rawQuery: string,
  ) {}

  private splitHostPort(): [string, string] {
    let host = this.host;
    let port = '';
    const colon = host.lastIndexOf(':');
    if (colon !== -1 && validOptionalPort(host.slice(colon))) {
      port = host.slice(colon + 1);
      host = host.slice(0, colon);
    }
    if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
    return [host, port];
  }

  hostname(): string {
    return this.splitHostPort()[0];
  }

  port(): string {
    return this.splitHostPort()[1];
  }

  escapedPath(): string {
    if (this.rawPath !== '' && validEncoded(this.rawPath, Mode.Path)) {
      try {
        if (unescape(this.rawPath, Mode.Path) === this.path) return this.rawPath;
      } catch {
        // fall through to escaping
      }
    }
    if (this.path === '*') return '*';
    return escape(this.path, Mode.Path);
  }

  /** `Query()`: ParseQuery of the raw query, errors ignored. */
  query(): Map<string, string[]> {
    const m = new Map<string, string[]>();
    let query = this.rawQuery;
    if (query.split('&').length > 10000) return m;
    while (query !== '') {
      const amp = query.indexOf('&');
      let key = amp < 0 ? query : query.slice(0, amp);
      query = amp < 0 ? '' : query.slice(amp + 1);
      if (key.includes(';') || key === '') continue;
      const eq = key.indexOf('=');
      let value = eq < 0 ? '' : key.slice(eq + 1);
      key = eq < 0 ? key : key.slice(0, eq);
      try {
        key = unescape(key, Mode.QueryComponent);
        value = unescape(value, Mode.QueryComponent);
      } catch {
        continue;
      }
      const list = m.get(key);
      if (list) list.push(value);
      else m.set(key, [value]);
    }
    return m;
  }
}

function validEncoded(s: string, mode: Mode): boolean {
  for (const b of utf8.encode(s)) {
    if ("!$&'()*+,;=:@[]%".includes(String.fromCharCode(b)) && b < 0x80) continue;
    if (shouldEscape(b, mode)) return false;
  }
  return true;
}

function getScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) continue;
    if ((c >= '0' && c <= '9') || c === '+' || c === '-' || c === '.') {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new Error('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

function parseHost(scheme: string, host: string): string {
  const open = host.lastIndexOf('[');
  if (open > 0) throw new Error('invalid IP-literal');
  if (open === 0) {
    const close = host.lastIndexOf(']');
    if (close < 0) throw new Error("missing ']' in host");
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${goQuote(colonPort)} after host`);
    const unescapedColonPort = unescape(colonPort, Mode.Host);
    const hostname = host.slice(1, close);
    const zoneIdx = hostname.indexOf('%25');
    const unescapedHostname = zoneIdx >= 0 ? unescape(hostname.slice(0, zoneIdx), Mode.Host) + unescape(hostname.slice(zoneIdx), Mode.Zone) : unescape(hostname, Mode.Host);
    let addr: { ip: IP; zone: string };
    try {
      addr = parseAddr(unescapedHostname);
    } catch (e) {
      throw new Error(`invalid host: ${(e as Error).message}`, { cause: e });
    }
    if (addr.ip.is4) throw new Error('invalid IP-literal');
    return `[${unescapedHostname}]${unescapedColonPort}`;
  }
  let i = host.indexOf(':');
  if (i !== -1) {
    const last = host.lastIndexOf(':');
    // Go 1.26: http and https keep the first colon (urlstrictcolons=1); other schemes take the last.
    if (last !== i && scheme !== 'http' && scheme !== 'https') i = last;
    const colonPort = host.slice(i);
    if (!validOptionalPort(colonPort)) throw new Error(`invalid port ${goQuote(colonPort)} after host`);
  }
  return unescape(host, Mode.Host);
}

function validUserinfo(s: string): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s);
}

function parseAuthority(scheme: string, authority: string): string {
  const at = authority.lastIndexOf('@');
  const host = parseHost(scheme, at < 0 ? authority : authority.slice(at + 1));
  if (at < 0) return host;
  const userinfo = authority.slice(0, at);
  if (!validUserinfo(userinfo)) throw new Error('net/url: invalid userinfo');
  const colon = userinfo.indexOf(':');
  if (colon < 0) unescape(userinfo, Mode.UserPassword);
  else {
    unescape(userinfo.slice(0, colon), Mode.UserPassword);
    unescape(userinfo.slice(colon + 1), Mode.UserPassword);
  }
  return host;
}

function parse(raw: string, viaRequest: boolean): URL {
  // eslint-disable-next-line no-control-regex -- Go's net/url refuses control characters
  if (/[\x00-\x1f\x7f]/.test(raw)) throw new Error('net/url: invalid control character in URL');
  if (raw === '' && viaRequest) throw new Error('empty url');
  if (raw === '*') return new URL('', '', '*', '', '');
  const [schemeRaw, afterScheme] = getScheme(raw);
  const scheme = schemeRaw.toLowerCase();
  let rest = afterScheme;
  let rawQuery = '';
  if (rest.endsWith('?') && rest.split('?').length === 2) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) {
    if (scheme !== '') return new URL(scheme, '', '', '', rawQuery);
    if (viaRequest) throw new Error('invalid URI for request');
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) throw new Error('first path segment in URL cannot contain colon');
  }
  let host = '';
  if ((scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2);
    rest = '';
    const slash = authority.indexOf('/');
    if (slash >= 0) {
      rest = authority.slice(slash);
      authority = authority.slice(0, slash);
    }
    host = parseAuthority(scheme, authority);
  }
  const path = unescape(rest, Mode.Path);
  return new URL(scheme, host, path, escape(path, Mode.Path) === rest ? '' : rest, rawQuery);
}

function urlError(raw: string, e: unknown): Error {
  return new Error(`parse ${goQuote(raw)}: ${(e as Error).message}`, { cause: e });
}

/** url.ParseRequestURI, with Go's `*url.Error` text. */
export function parseRequestURI(raw: string): URL {
  try {
    return parse(raw, true);
  } catch (e) {
    throw urlError(raw, e);
  }
}

/** The library's `url(string)`: ParseRequestURI must accept it, then url.Parse gives the value. */
export function parseURL(raw: string): URL {
  try {
    parseRequestURI(raw);
    const hash = raw.indexOf('#');
    const u = hash < 0 ? raw : raw.slice(0, hash);
    let parsed: URL;
    try {
      parsed = parse(u, false);
    } catch (e) {
      throw urlError(u, e);
    }
    if (hash >= 0) {
      try {
        unescape(raw.slice(hash + 1), Mode.Fragment);
      } catch (e) {
        throw urlError(raw, e);
      }
    }
    return parsed;
  } catch (e) {
    throw new Error(`URL parse error during conversion from string: ${(e as Error).message}`, { cause: e });
  }
}
