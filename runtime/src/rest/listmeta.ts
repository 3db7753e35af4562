/**
 * The `metadata.continue` of a list response read from its raw bytes, before (and without) decoding its items: a
 * pager can ask for the next page while the JSON of this one is still being parsed.
 *
 * The apiserver writes a list's `metadata` either before `items` (built-in kinds: `{"kind":…,"apiVersion":…,
 * "metadata":{…},"items":[…]}`) or, for custom resources, whose lists it encodes with sorted keys, after them
 * (`{"apiVersion":…,"items":[…],"kind":…,"metadata":{…}}`). `continueTokenOf` looks in those two places only and
 * checks that what it found is the top-level `metadata` by the shape around it; anything else answers `undefined`
 * and the caller decodes the list as usual. It is a hint: the decoded list stays authoritative (the reflector
 * compares the two and drops a page requested with a token the list did not carry).
 */

import { CLOSE_BRACE, COMMA, isJsonSpace, lastNonSpace, OPEN_BRACE, OPEN_BRACKET } from './jsonbytes';

const KEY = Buffer.from('"metadata":{');
/** Bytes of a list's head searched for `metadata` (a ListMeta before `items` starts within the first few hundred). */
const HEAD_BYTES = 4096;

/**
 * The continue token of the list in `body` (a complete response body, or — for metadata written first — its
 * beginning): the token; `''` when the list's metadata has none (the last page); `undefined` when the bytes do not
 * show the list's metadata in either place (then decode the list).
 */
export function continueTokenOf(body: Uint8Array): string | undefined {
  const buf = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return fromHead(buf) ?? fromTail(buf);
}

/**
 * The continue token of a list whose `metadata` is its last member (custom resource lists), read from the last bytes
 * of the body alone (`tail`: at least the metadata object and what follows it); `undefined` when they do not show it.
 */
export function continueTokenOfTail(tail: Uint8Array): string | undefined {
  return fromTail(Buffer.isBuffer(tail) ? tail : Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength));
}

/** `metadata` as a member of the top-level object before any nested value: `{"kind":"…","apiVersion":"…","metadata":{`. */
function fromHead(buf: Buffer): string | undefined {
  let start = 0;
  while (start < buf.length && isJsonSpace(buf[start])) start++;
  if (buf[start] !== OPEN_BRACE) return undefined;
  const at = buf.subarray(0, Math.min(buf.length, HEAD_BYTES)).indexOf(KEY, start + 1);
  if (at < 0) return undefined;
  // depth 1: no object or array opened between the list's `{` and the key (members before it are strings)
  for (let i = start + 1; i < at; i++) if (buf[i] === OPEN_BRACE || buf[i] === OPEN_BRACKET) return undefined;
  if (buf[at - 1] !== COMMA && buf[at - 1] !== OPEN_BRACE && !isJsonSpace(buf[at - 1])) return undefined;
  const open = at + KEY.length - 1;
  const close = buf.indexOf(CLOSE_BRACE, open);
  return close < 0 ? undefined : tokenIn(buf, open, close);
}

/** `metadata` as the last member of the top-level object: `…,"metadata":{…}}` and only white space after. */
function fromTail(buf: Buffer): string | undefined {
  const end = lastNonSpace(buf);
  if (end < 1 || buf[end] !== CLOSE_BRACE) return undefined;
  const at = buf.lastIndexOf(KEY, end);
  if (at < 1 || buf[at - 1] !== COMMA) return undefined;
  const open = at + KEY.length - 1;
  const close = buf.indexOf(CLOSE_BRACE, open);
  // the metadata object closes, then the list does, then nothing: anything nested deeper would close more
  let after = close + 1;
  while (after < end && isJsonSpace(buf[after])) after++;
  if (close < 0 || after !== end) return undefined;
  return tokenIn(buf, open, close);
}

/** The `continue` of the ListMeta object `buf[open..close]` (a flat object of strings and numbers). */
function tokenIn(buf: Buffer, open: number, close: number): string | undefined {
  let meta: unknown;
  try {
    meta = JSON.parse(buf.toString('utf8', open, close + 1));
  } catch {
    return undefined; // a brace inside a string, or not JSON: decode the list instead
  }
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  if (!Object.hasOwn(meta, 'continue')) return '';
  const token = (meta as { continue?: unknown }).continue;
  return typeof token === 'string' ? token : undefined;
}
