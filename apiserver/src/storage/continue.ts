/**
 * The continue token of a paged list, as k8s.io/apiserver/pkg/storage encodes it: the unpadded URL-safe base64 of
 * `{"v":"meta.k8s.io/v1","rv":<revision>,"start":"<next key, relative to the list's prefix>"}`.
 */

import { newBadRequest, type StatusError } from '@kubegen/runtime';

const VERSION = 'meta.k8s.io/v1';
/** Longer tokens are refused before decoding (a key is at most a few hundred bytes). */
const MAX_TOKEN = 8192;

/** The token of the page starting at `nextKey` of the list under `prefix` read at revision `rv` (-1: the newest). */
export function encodeContinue(nextKey: string, prefix: string, rv: bigint): string {
  const start = nextKey.slice(prefix.length);
  return Buffer.from(JSON.stringify({ v: VERSION, rv: Number(rv), start })).toString('base64url');
}

function invalid(detail: string): StatusError {
  return newBadRequest(`invalid continue token: continue key is not valid: ${detail}`);
}

/** The key to read on from and the revision of the first page (0: the newest); a 400 BadRequest for a token that is not one. */
export function decodeContinue(token: string, prefix: string): { key: string; rv: bigint } {
  if (token.length > MAX_TOKEN || !/^[A-Za-z0-9_-]*$/.test(token)) throw invalid('illegal base64 data');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid('the token is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('the token is not a JSON object');
  const v: unknown = Reflect.get(parsed, 'v');
  const rv: unknown = Reflect.get(parsed, 'rv');
  const start: unknown = Reflect.get(parsed, 'start');
  if (v !== VERSION) throw invalid('server does not recognize this encoded version');
  // -1: read on at the newest revision (the token of a 410 for a compacted first page).
  if (typeof rv !== 'number' || !Number.isSafeInteger(rv) || (rv <= 0 && rv !== -1)) throw invalid(`incorrect encoded start resourceVersion (version ${VERSION})`);
  if (typeof start !== 'string' || start === '') throw invalid('encoded start key empty');
  // The key stays inside the list's prefix: no path segment climbs out of it (Go cleans the path and compares).
  if (start.startsWith('/') || start.split('/').some((s) => s === '..' || s === '.')) throw invalid(`start key escapes the list prefix: ${JSON.stringify(start)}`);
  return { key: prefix + start, rv: rv === -1 ? 0n : BigInt(rv) };
}
