/**
 * Request bodies as the apiserver's handlers read them: the size limit (413), the content type (415), and the first
 * decoding step with its messages — JSON syntax in Go's words, then the apiVersion and kind (the serializer's
 * `couldn't get version/kind`, `Object 'Kind' is missing`), wrapped as handlers' transformDecodeError wraps them.
 *
 * Contract: a body is read once and at most `limit` bytes of it; what is returned was parsed by JSON.parse (so
 * `__proto__` is an ordinary own key); every refusal is a one-line `StatusError`.
 */

import type * as http from 'node:http';
import { StatusError, isJsonObject, newBadRequest, type JsonObject } from '@kubegen/runtime';
import { parse as parseYaml } from 'yaml';
import { unsupportedMediaType } from '../registry';
import { SCHEME_NAME, goJsonType, goSyntaxError, summarizeBody } from '../registry/gojson';

/** The media types of an object this server decodes (kube-apiserver also takes YAML, and lists protobuf, for a CRD). */
export const OBJECT_MEDIA_TYPES: readonly string[] = ['application/json'];

/** The body, refused past `limit` bytes with the apiserver's 413. */
export async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new StatusError({ code: 413, reason: 'RequestEntityTooLarge', message: `Request entity too large: limit is ${limit}` });
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > limit) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** The media type of the request (`application/json` when none is sent), lower case, without parameters. */
export function mediaType(req: http.IncomingMessage): string {
  return (req.headers['content-type'] ?? 'application/json').split(';')[0]?.trim().toLowerCase() || 'application/json';
}

/** JSON.parse, or Go's syntax error for the bytes. */
export function parseJson(b: Buffer): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(b.toString('utf8')) as unknown };
  } catch {
    return { error: goSyntaxError(b) ?? 'invalid JSON' };
  }
}

const TYPE_META_STRUCT = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/**
 * The object of a create or update of `kind`, read as the apiserver's decoder reads it before it knows the kind: JSON
 * only (415 otherwise), the body's size (413), then `checkOptions` (the request's options are validated between
 * reading the body and decoding it), the JSON's syntax, then its apiVersion and kind (strings, the kind present).
 */
export async function readObject(req: http.IncomingMessage, limit: number, kind: string, checkOptions: () => void = () => undefined): Promise<JsonObject> {
  if (mediaType(req) !== 'application/json') throw unsupportedMediaType(OBJECT_MEDIA_TYPES);
  const b = await readBody(req, limit);
  checkOptions();
  const unrecognized = (why: string) => newBadRequest(`the object provided is unrecognized (must be of type ${kind}): ${why} (${summarizeBody(b)})`);
  const parsed = parseJson(b);
  if ('error' in parsed) throw unrecognized(`couldn't get version/kind; json parse error: ${parsed.error}`);
  const v = parsed.value;
  if (v !== null && !isJsonObject(v)) throw unrecognized(`couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonType(v)} into Go value of type ${TYPE_META_STRUCT}`);
  const typeError = v === null ? undefined : typeMetaError(v);
  if (typeError !== undefined) throw unrecognized(typeError);
  if (v === null || typeof v.kind !== 'string' || v.kind === '') throw unrecognized(`Object 'Kind' is missing in '${b.toString('utf8')}'`);
  return v;
}

/** The serializer's error for an apiVersion or kind that is not a string (the first in the body's order), if any. */
function typeMetaError(v: JsonObject): string | undefined {
  for (const key of Object.keys(v)) {
    const x = v[key];
    if ((key === 'apiVersion' || key === 'kind') && x !== null && typeof x !== 'string') {
      return `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonType(x)} into Go struct field .${key} of type string`;
    }
  }
  return undefined;
}

/** A patch's body: JSON of any shape (the patch type decides what it must be), or its syntax error. */
export async function readPatch(req: http.IncomingMessage, limit: number): Promise<{ value: unknown } | { error: string }> {
  return parseJson(await readBody(req, limit));
}

/**
 * An apply patch's body: YAML (JSON is YAML), as sigs.k8s.io/yaml reads it — duplicate keys allowed, the last one
 * kept; an error is one line.
 */
export async function readApplyPatch(req: http.IncomingMessage, limit: number): Promise<{ value: unknown } | { error: string }> {
  const text = (await readBody(req, limit)).toString('utf8');
  if (/^\s*[{[]/.test(text)) {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      // not JSON after all: YAML's flow syntax may still read it
    }
  }
  try {
    const value: unknown = parseYaml(text, { uniqueKeys: false, maxAliasCount: 100 });
    return { value: value ?? null };
  } catch (err) {
    return { error: (err instanceof Error ? err.message : 'invalid YAML').split('\n')[0] ?? 'invalid YAML' };
  }
}

/** The versions a DeleteOptions body may name (meta.k8s.io's, and the legacy `v1`). */
const DELETE_OPTIONS_VERSIONS = new Set(['v1', 'meta.k8s.io/v1', 'meta.k8s.io/v1beta1']);

/** The DeleteOptions body of a delete, `undefined` when there is none; what the meta codecs cannot decode is a 400. */
export async function readDeleteOptions(req: http.IncomingMessage, limit: number): Promise<JsonObject | undefined> {
  const b = await readBody(req, limit);
  if (b.length === 0) return undefined;
  if (mediaType(req) !== 'application/json') throw unsupportedMediaType(OBJECT_MEDIA_TYPES);
  const parsed = parseJson(b);
  if ('error' in parsed) throw newBadRequest(`couldn't get version/kind; json parse error: ${parsed.error}`);
  const v = parsed.value;
  if (v === null) return {};
  if (!isJsonObject(v)) throw newBadRequest(`couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonType(v)} into Go value of type ${TYPE_META_STRUCT}`);
  const typeError = typeMetaError(v);
  if (typeError !== undefined) throw newBadRequest(typeError);
  const kind = typeof v.kind === 'string' && v.kind !== '' ? v.kind : 'DeleteOptions';
  const version = typeof v.apiVersion === 'string' && v.apiVersion !== '' ? v.apiVersion : 'meta.k8s.io/v1';
  if (kind !== 'DeleteOptions' || !DELETE_OPTIONS_VERSIONS.has(version)) {
    throw newBadRequest(`no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(version)} in scheme ${JSON.stringify(SCHEME_NAME)}`);
  }
  return v;
}
