/**
 * YAML as kustomize reads resources and patches: kyaml over go-yaml v3, then JSON. That is YAML 1.2 with go-yaml
 * v3's resolver, not kubectl's YAML 1.1 (manifests.ts): `yes`, `on`, `y` stay strings; `0644` is still octal (420),
 * `0o17`, `0x1F`, `0b101` and `1_000` are numbers; `1:20` is a string; an unquoted timestamp (`2001-01-01`,
 * `2001-12-14T21:59:43.10-05:00`) becomes the RFC 3339 text Go's JSON encoder writes for it
 * (`2001-01-01T00:00:00Z`); `.inf` and `.nan` have no JSON form, and kustomize fails on them, so they are refused.
 *
 * The document is parsed with the failsafe schema (every scalar a string), then each plain, untagged scalar is
 * resolved here (`resolvePlain`, a port of go-yaml v3's `resolve`); quoted and block scalars are strings; `!!str`,
 * `!!int`, `!!float`, `!!bool`, `!!null` tags are honoured. Integers beyond 2^53 lose precision (JavaScript numbers).
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node as YamlNode, type Scalar } from 'yaml';
import { group } from '../../text';

export class KyamlError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

const MAP: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ...['true', 'True', 'TRUE'].map((s): [string, unknown] => [s, true]),
  ...['false', 'False', 'FALSE'].map((s): [string, unknown] => [s, false]),
  ...['', '~', 'null', 'Null', 'NULL'].map((s): [string, unknown] => [s, null]),
  ...['.nan', '.NaN', '.NAN'].map((s): [string, unknown] => [s, Number.NaN]),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map((s): [string, unknown] => [s, Number.POSITIVE_INFINITY]),
  ...['-.inf', '-.Inf', '-.INF'].map((s): [string, unknown] => [s, Number.NEGATIVE_INFINITY]),
]);

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** Go's `strconv.ParseInt(s, 0, 64)` / `ParseUint` (after go-yaml removed underscores): a bigint, or undefined. */
function parseGoInt(s: string): bigint | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (!m) return undefined;
  const [sign, digits] = [group(m, 1), group(m, 2)];
  let v: bigint;
  if (/^0[oO]/.test(digits)) v = BigInt(`0o${digits.slice(2)}`);
  else if (/^0[xXbB]/.test(digits)) v = BigInt(digits.toLowerCase());
  else if (digits.length > 1 && digits.startsWith('0')) v = BigInt(`0o${digits.slice(1)}`);
  else v = BigInt(digits);
  if (sign === '-') v = -v;
  if (v < INT64_MIN || v > UINT64_MAX || (sign === '-' && v > 0n)) return undefined;
  return v;
}

/** go-yaml v3's timestamp formats, as the text Go's JSON encoder writes for the parsed time (RFC 3339, nanoseconds). */
function parseTimestamp(s: string): string | undefined {
  const m = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:([Tt])|( ))([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\.([0-9]{1,9}))?(Z|[+-][0-9]{2}:[0-9]{2})?)?$/.exec(s);
  if (!m) return undefined;
  const [y, mo, d] = [group(m, 1), group(m, 2), group(m, 3)];
  const [, , , , t, space, h, mi, se, frac, zone] = m;
  if (t && !zone) return undefined; // the T layouts need a zone
  if (space && zone) return undefined; // the space layout has none
  const [Y, M, D, H, Mi, S] = [Number(y), Number(mo), Number(d), Number(h ?? '0'), Number(mi ?? '0'), Number(se ?? '0')];
  const date = new Date(Date.UTC(Y, M - 1, D, H, Mi, S));
  if (date.getUTCFullYear() !== Y || date.getUTCMonth() !== M - 1 || date.getUTCDate() !== D || H > 23 || Mi > 59 || S > 59) return undefined;
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59)) return undefined;
  const two = (n: number): string => String(n).padStart(2, '0');
  const fraction = frac ? `.${frac}`.replace(/0+$/, '').replace(/\.$/, '') : '';
  const offset = !zone || zone === 'Z' || /^[+-]00:00$/.test(zone) ? 'Z' : zone;
  return `${y}-${two(M)}-${two(D)}T${two(H)}:${two(Mi)}:${two(S)}${fraction}${offset}`;
}

/** YAML 1.1's booleans that go-yaml v2 also resolves (v3 does not). */
const V2_BOOLS: ReadonlyMap<string, boolean> = new Map([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON'].map((x): [string, boolean] => [x, true]),
  ...['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF'].map((x): [string, boolean] => [x, false]),
]);

/** go-yaml's `resolve` for an untagged plain scalar: whether it is a string, and its value (v2 or v3 rules). */
function resolve(text: string, v2: boolean): { str: boolean; value: unknown } {
  const first = text.charAt(0);
  // go-yaml v3 also reads `<<` (a merge key) as not a string; v2's table has no entry for '<'
  const hint = first === '' || 'yYnNtTfFoO~'.includes(first) || (!v2 && first === '<') ? 'M' : first === '.' ? '.' : '+-0123456789'.includes(first) ? 'D' : '';
  if (hint === '') return { str: true, value: text };
  if (MAP.has(text)) return { str: false, value: MAP.get(text) };
  if (text === '<<') return { str: false, value: text };
  if (v2 && V2_BOOLS.has(text)) return { str: false, value: V2_BOOLS.get(text) };
  if (hint === '.') {
    return YAML_STYLE_FLOAT.test(text) ? { str: false, value: Number(text) } : { str: true, value: text };
  }
  if (hint === 'D') {
    const ts = parseTimestamp(text);
    if (ts !== undefined) return { str: false, value: ts };
    const plain = text.replace(/_/g, '');
    const i = parseGoInt(plain);
    if (i !== undefined) return { str: false, value: Number(i) };
    if (YAML_STYLE_FLOAT.test(plain)) {
      const f = Number(plain);
      if (Number.isFinite(f)) return { str: false, value: f };
    }
  }
  return { str: true, value: text };
}

/** The value go-yaml v3 gives a plain scalar without a tag (a timestamp as the RFC 3339 text JSON gets). */
export function resolvePlain(text: string): unknown {
  return resolve(text, false).value;
}

const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;

/** Whether go-yaml v2 writes `text` double-quoted because, plain, it would read back as another type. */
export function v2NeedsQuotes(text: string): boolean {
  return !resolve(text, true).str || BASE60_FLOAT.test(text);
}

const TAG = 'tag:yaml.org,2002:';

function scalarValue(node: Scalar): unknown {
  const text = typeof node.value === 'string' ? node.value : String(node.value);
  const tag = node.tag;
  if (tag === undefined || tag === '!') return node.type === 'PLAIN' && tag === undefined ? resolvePlain(text) : text;
  if (tag === `${TAG}str` || tag === `${TAG}binary` || tag === `${TAG}timestamp`) return text;
  const v = resolvePlain(text);
  const ok =
    (tag === `${TAG}int` && typeof v === 'number' && Number.isInteger(v)) ||
    (tag === `${TAG}float` && typeof v === 'number') ||
    (tag === `${TAG}bool` && typeof v === 'boolean') ||
    (tag === `${TAG}null` && v === null);
  if (!ok) {
    if (tag.startsWith(TAG)) throw new KyamlError(`cannot decode ${JSON.stringify(text)} as !!${tag.slice(TAG.length)}`, node.range?.[0] ?? 0);
    return text; // a local tag (!foo): kyaml keeps the text
  }
  return v;
}

interface Walk {
  doc: Document;
  aliases: number;
}

function toValue(node: unknown, w: Walk, depth: number): unknown {
  if (depth > 1000) throw new KyamlError('the document nests more than 1000 levels', 0);
  if (node === null || node === undefined) return null;
  if (isAlias(node)) {
    if (++w.aliases > 100) throw new KyamlError('more than 100 aliases', node.range?.[0] ?? 0);
    return toValue(node.resolve(w.doc), w, depth + 1);
  }
  if (isScalar(node)) {
    const v = scalarValue(node);
    if (typeof v === 'number' && !Number.isFinite(v)) throw new KyamlError(`${JSON.stringify(String(node.value))} (${String(v)}) has no JSON form; kustomize cannot render it either`, node.range?.[0] ?? 0);
    return v;
  }
  if (isSeq(node)) return node.items.map((item) => toValue(item, w, depth + 1));
  if (isMap(node)) {
    const out: Record<string, unknown> = {};
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? String(pair.key.value) : pair.key === null ? '' : undefined;
      if (key === undefined) throw new KyamlError('a mapping key must be a scalar', (pair.key as YamlNode | null)?.range?.[0] ?? 0);
      Object.defineProperty(out, key, { value: toValue(pair.value, w, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  throw new KyamlError('cannot read this node', 0);
}

/**
 * The JSON value of a document parsed with `{ version: '1.2', schema: 'failsafe' }`, as kustomize reads it.
 * `asText` names maps of `metadata` whose scalar values kustomize rewrites to their text (it reads and writes them
 * back as strings: a resource's annotations; a strategic merge patch's labels and annotations), so `1e3` stays
 * "1e3" and `null` becomes "null".
 */
export function kyamlValue(doc: Document, asText: readonly ('labels' | 'annotations')[] = []): unknown {
  const value = toValue(doc.contents, { doc, aliases: 0 }, 0);
  const metadata = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>).metadata : undefined;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return value;
  for (const key of asText) {
    const node = doc.getIn(['metadata', key], true);
    const target = (metadata as Record<string, unknown>)[key];
    if (!isMap(node) || typeof target !== 'object' || target === null || Array.isArray(target)) continue;
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key) || !isScalar(pair.value)) continue;
      const name = String(pair.key.value);
      const text = pair.value.value;
      if (Object.hasOwn(target, name)) (target as Record<string, unknown>)[name] = typeof text === 'string' ? text : '';
    }
  }
  return value;
}

/** The parse options kyamlValue expects. */
export const KYAML_PARSE_OPTIONS = { version: '1.2', schema: 'failsafe' } as const;
