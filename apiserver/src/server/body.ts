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
import { unsupportedMediaType } from '../registry';
import { SCHEME_NAME, goJsonType, goSyntaxError, summarizeBody } from '../registry/gojson';
import { LineCounter, isScalar, parseAllDocuments, visit, type YAMLError } from 'yaml';

/**
 * The media types a 415 names for an object body: kube-apiserver's serializers for a custom resource (it lists
 * protobuf, which a custom resource cannot be decoded from: a protobuf body is refused by the decoder, as here).
 */
export const OBJECT_MEDIA_TYPES: readonly string[] = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

/** The media types this server decodes an object body from (the apiserver's JSON and YAML serializers). */
const DECODED_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/json', 'application/yaml']);

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

/**
 * The first YAML document as JSON data, after sigs.k8s.io/yaml's YAMLToJSON over yaml.v2: YAML 1.1 scalars (`yes`,
 * `on`, `0x10`) and merge keys, timestamps kept as their text, non-string keys as their text, a repeated key's last
 * value (and the strict decoder's `line N: key "k" already set in map` in `duplicates`); or the error in yaml.v2's
 * words as far as the `yaml` package lets them be named (`yaml: line N: …`, one line). Mapping keys stay ordinary own
 * keys (`__proto__` included), aliases are bounded.
 */
export function parseYaml(b: Buffer): { value: unknown; duplicates: string[] } | { error: string } {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(b.toString('utf8'), { version: '1.1', merge: true, uniqueKeys: false, lineCounter, customTags: (tags) => tags.filter((t) => t !== 'timestamp' && (typeof t === 'string' || t.tag !== 'tag:yaml.org,2002:timestamp')) });
  const doc = Array.isArray(docs) ? docs[0] : undefined;
  if (doc === undefined) return { value: null, duplicates: [] };
  const err = doc.errors[0];
  if (err !== undefined) return { error: yamlError(err) };
  const duplicates: string[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key === undefined) continue;
        if (seen.has(key)) {
          const at = isScalar(pair.key) && pair.key.range ? lineCounter.linePos(pair.key.range[0]).line : 0;
          duplicates.push(`line ${at}: key ${JSON.stringify(key)} already set in map`);
        }
        seen.add(key);
      }
    },
  });
  try {
    return { value: toJsonData(doc.toJS({ maxAliasCount: 100 }), 0), duplicates };
  } catch (e) {
    return { error: e instanceof Error ? `yaml: ${e.message.split('\n')[0] ?? ''}` : 'yaml: invalid document' };
  }
}

/**
 * yaml.v2's (libyaml's) phrasing of a YAML error, for the errors both parsers see alike; another keeps the `yaml`
 * package's words after yaml.v2's `yaml: line N:` (the status code and reason are the apiserver's either way).
 */
function yamlError(err: YAMLError): string {
  const line = err.linePos?.[0].line;
  const at = line === undefined ? 'yaml: ' : `yaml: line ${line}: `;
  const first = err.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? '';
  if (/^Flow sequence .*end with a \]/.test(first)) return `${at}did not find expected ',' or ']'`;
  if (/^Flow map .*end with a \}/.test(first)) return `${at}did not find expected ',' or '}'`;
  if (err.code === 'BLOCK_AS_IMPLICIT_KEY') return `${at}mapping values are not allowed in this context`;
  if (err.code === 'MISSING_CHAR' && first.startsWith('Missing closing')) return `${at}found unexpected end of stream`;
  if (err.code === 'TAB_AS_INDENT') return `${at}found character that cannot start any token`;
  if (first.startsWith('All mapping items must start at the same column')) return `${at}did not find expected key`;
  return `${at}${first}`;
}

/** What `toJS` made, as JSON data: Buffers (`!!binary`) as their text, non-finite numbers refused as Go's encoder refuses them. */
function toJsonData(v: unknown, depth: number): unknown {
  if (depth > 10_000) throw new Error('exceeded max depth');
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`json: unsupported value: ${v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN'}`);
    return v;
  }
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Uint8Array) return Buffer.from(v).toString('utf8');
  if (Array.isArray(v)) return v.map((x) => toJsonData(x, depth + 1));
  if (v instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of v) Object.defineProperty(out, String(k), { value: toJsonData(x, depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: toJsonData(Object.getOwnPropertyDescriptor(v, k)?.value, depth + 1), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return null;
}

/** A body in its media type (JSON or YAML, with YAML's repeated keys or JSON's by path), or the syntax error in Go's words. */
export function parseBody(b: Buffer, type: string): { value: unknown; duplicates?: string[]; duplicateFields?: string[] } | { error: string } {
  return type === 'application/yaml' ? parseYaml(b) : parseJson(b);
}

/** JSON.parse (and the repeated keys, by path), or Go's syntax error for the bytes. */
export function parseJson(b: Buffer): { value: unknown; duplicateFields: string[] } | { error: string } {
  const text = b.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { error: goSyntaxError(b) ?? 'invalid JSON' };
  }
  return { value, duplicateFields: duplicateFields(text) };
}

/** JSON's insignificant whitespace. */
const JSON_SPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * The repeated keys of a JSON text that parses, in document order, by their path as sigs.k8s.io/json's strict decoder
 * names them (`spec.image`, `metadata.ownerReferences[0].uid`, `[0].op`). One pass over the text, a stack of the
 * containers it is in.
 */
export function duplicateFields(text: string): string[] {
  type Frame = { kind: 'object'; path: string; keys: Set<string>; key: string } | { kind: 'array'; path: string; index: number };
  const out: string[] = [];
  const stack: Frame[] = [];
  const childPath = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    if (top.kind === 'array') return `${top.path}[${top.index}]`;
    return top.path === '' ? top.key : `${top.path}.${top.key}`;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i, j + 1);
      i = j + 1;
      let k = i;
      while (k < text.length && JSON_SPACE.has(text[k] ?? '')) k++;
      const top = stack[stack.length - 1];
      if (text[k] === ':' && top?.kind === 'object') {
        const parsed: unknown = JSON.parse(raw);
        const key = typeof parsed === 'string' ? parsed : '';
        if (top.keys.has(key)) out.push(top.path === '' ? key : `${top.path}.${key}`);
        top.keys.add(key);
        top.key = key;
        i = k + 1;
      }
      continue;
    }
    if (c === '{') stack.push({ kind: 'object', path: childPath(), keys: new Set(), key: '' });
    else if (c === '[') stack.push({ kind: 'array', path: childPath(), index: 0 });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'array') top.index++;
    }
    i++;
  }
  return out;
}

const TYPE_META_STRUCT = 'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/**
 * The object of a create or update of `kind`, read as the apiserver's decoder reads it before it knows the kind: JSON
 * or YAML (415 otherwise), the body's size (413), then `checkOptions` (the request's options are validated between
 * reading the body and decoding it), the syntax, then its apiVersion and kind (strings, the kind present); a body's
 * repeated keys go to `onDuplicates`: a YAML body's as the strict YAML decoder words them (`yaml`), a JSON body's as
 * the strict JSON decoder does (`duplicate field "spec.image"`, `json`).
 */
export async function readObject(
  req: http.IncomingMessage,
  limit: number,
  kind: string,
  checkOptions: () => void = () => undefined,
  onDuplicates: (texts: readonly string[], format: 'yaml' | 'json') => void = () => undefined,
): Promise<JsonObject> {
  const type = mediaType(req);
  if (!DECODED_MEDIA_TYPES.has(type)) {
    req.resume();
    throw unsupportedMediaType(OBJECT_MEDIA_TYPES);
  }
  const b = await readBody(req, limit);
  checkOptions();
  const unrecognized = (why: string) => newBadRequest(`the object provided is unrecognized (must be of type ${kind}): ${why} (${summarizeBody(b)})`);
  const parsed = parseBody(b, type);
  if ('error' in parsed) throw unrecognized(type === 'application/yaml' ? parsed.error : `couldn't get version/kind; json parse error: ${parsed.error}`);
  if (parsed.duplicates !== undefined && parsed.duplicates.length > 0) onDuplicates(parsed.duplicates, 'yaml');
  if (parsed.duplicateFields !== undefined && parsed.duplicateFields.length > 0) onDuplicates(parsed.duplicateFields.map(duplicateFieldText), 'json');
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

/** The strict JSON decoder's text of a repeated key. */
export const duplicateFieldText = (path: string) => `duplicate field ${JSON.stringify(path)}`;

/** A patch's body: JSON of any shape (the patch type decides what it must be) with its repeated keys, or its syntax error. */
export async function readPatch(req: http.IncomingMessage, limit: number): Promise<{ value: unknown; duplicateFields: string[] } | { error: string }> {
  return parseJson(await readBody(req, limit));
}

/**
 * An apply patch's body: YAML (JSON is YAML), as sigs.k8s.io/yaml reads it — duplicate keys allowed, the last one
 * kept, and listed as yaml.v2's strict decoder words them (`line N: key "k" already set in map`); an error is one line.
 */
export async function readApplyPatch(req: http.IncomingMessage, limit: number): Promise<{ value: unknown; duplicates: string[] } | { error: string }> {
  const b = await readBody(req, limit);
  const text = b.toString('utf8');
  if (/^\s*[{[]/.test(text)) {
    let value: unknown;
    let parsed = false;
    try {
      value = JSON.parse(text) as unknown;
      parsed = true;
    } catch {
      // not JSON after all: YAML's flow syntax may still read it
    }
    // JSON with a repeated key: YAML reads it again for the strict decoder's lines
    if (parsed && duplicateFields(text).length === 0) return { value, duplicates: [] };
  }
  const parsed = parseYaml(b);
  return 'error' in parsed ? parsed : { value: parsed.value ?? null, duplicates: parsed.duplicates };
}

/** The versions a DeleteOptions body may name (meta.k8s.io's, and the legacy `v1`). */
const DELETE_OPTIONS_VERSIONS = new Set(['v1', 'meta.k8s.io/v1', 'meta.k8s.io/v1beta1']);

/** The DeleteOptions body of a delete, `undefined` when there is none; what the meta codecs cannot decode is a 400. */
export async function readDeleteOptions(req: http.IncomingMessage, limit: number): Promise<JsonObject | undefined> {
  const b = await readBody(req, limit);
  if (b.length === 0) return undefined;
  const type = mediaType(req);
  if (!DECODED_MEDIA_TYPES.has(type)) throw unsupportedMediaType(OBJECT_MEDIA_TYPES);
  const parsed = parseBody(b, type);
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
