/**
 * `marshalYamlV2`: the YAML that controller-gen v0.21.0 writes for a JSON value, byte for byte.
 *
 * controller-gen (pkg/genall `yamlMarshal`) serialises an object with encoding/json, decodes that text
 * with gopkg.in/yaml.v2 v2.4.0 into generic maps, and encodes the maps with yaml.v2's Marshal. This module
 * reproduces that pipeline: the data as the JSON round trip leaves it (json-text.ts), yaml.v2's encoder
 * decisions (encode.go: key order, number printing, which strings must be quoted, literal style for
 * multi-line strings), and its emitter (emitter.ts).
 */
import { emitDocument, type EmitMemo, type YNode } from './emitter';
import { sortKeysYamlV2 } from './keyorder';
import { formatIntegerYamlV2, formatNumberYamlV2 } from './numbers';
import { needsQuoting } from './resolve';
import { throughJsonText } from './json-text';

/**
 * JSON data. `undefined` object members are skipped and `undefined` array items become null (as
 * JSON.stringify does). A `bigint` stands for an integer JSON number that a double cannot hold exactly
 * (e.g. a raw `+kubebuilder:default` beyond 2^53): it prints exactly within int64/uint64 range, and as
 * the nearest float64 beyond, as yaml.v2 resolves such JSON text.
 */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | { [key: string]: JsonValue };

/** A value controller-gen's pipeline would reject (Go's json.Marshal or yaml.v2's Unmarshal fails on it). */
export class YamlV2Error extends Error {
  override readonly name = 'YamlV2Error';
}

/**
 * yaml.v2 Marshal of `value` as controller-gen feeds it: JSON-encoded by Go, YAML-decoded, re-encoded.
 * Throws YamlV2Error for data controller-gen could not serialise (non-finite numbers, strings with
 * characters yaml.v2 refuses to read back). A typed object (a CRD, a Role …) is accepted as it is: every value is
 * checked while encoding, and one that is not JSON (a function, a symbol) throws YamlV2Error too.
 */
export function marshalYamlV2(value: JsonValue | object, memo?: YamlV2Memo): string {
  return emitDocument(encode(value, memo?.encoded), memo?.emitted);
}

/**
 * Work shared by several marshalYamlV2 calls: an object met again (a named type's schema used at many places) is
 * encoded once, and its block text written once per indent. Only for values that are not changed between the calls.
 */
export interface YamlV2Memo {
  readonly encoded: WeakMap<object, YNode>;
  readonly emitted: EmitMemo;
}

export function yamlV2Memo(): YamlV2Memo {
  return { encoded: new WeakMap(), emitted: new WeakMap() };
}

type ScalarNode = YNode & { kind: 'scalar' };

/** encode.go `marshal`, for the types a yaml.v2-decoded JSON document holds. */
function encode(value: unknown, memo: WeakMap<object, YNode> | undefined): YNode {
  if (value === null || value === undefined) return { kind: 'scalar', value: 'null', style: 'plain' };
  switch (typeof value) {
    case 'boolean':
      return { kind: 'scalar', value: value ? 'true' : 'false', style: 'plain' };
    case 'number':
      if (!Number.isFinite(value)) throw new YamlV2Error(`json: unsupported value: ${value}`);
      return { kind: 'scalar', value: formatNumberYamlV2(value), style: 'plain' };
    case 'bigint':
      return { kind: 'scalar', value: formatIntegerYamlV2(value), style: 'plain' };
    case 'string':
      return encodeString(value);
    case 'object': {
      const known = memo?.get(value);
      if (known) return known;
      const node: YNode = Array.isArray(value) ? { kind: 'seq', items: value.map((item) => encode(item, memo)) } : encodeMap(value as Record<string, unknown>, memo);
      memo?.set(value, node);
      return node;
    }
    default:
      throw new YamlV2Error(`json: unsupported type: ${typeof value}`);
  }
}

function encodeMap(obj: Record<string, unknown>, memo: WeakMap<object, YNode> | undefined): YNode {
  const present = Object.keys(obj).filter((k) => obj[k] !== undefined);
  // The JSON round trip can change a key (see throughJsonText); two keys that collide keep the later value,
  // as yaml.v2 Unmarshal into a map does.
  const byKey = new Map<string, unknown>();
  for (const k of present) byKey.set(throughJsonText(k, YamlV2Error, true), obj[k]);
  const entries = sortKeysYamlV2([...byKey.keys()]).map(
    (k) => [encodeString(k, false), encode(byKey.get(k), memo)] as const,
  );
  return { kind: 'map', entries };
}

/** encode.go `stringv`, after the JSON round trip. */
function encodeString(raw: string, convert = true): ScalarNode {
  const s = convert ? throughJsonText(raw, YamlV2Error) : raw;
  if (s.includes('\n')) return { kind: 'scalar', value: s, style: 'literal' };
  if (!needsQuoting(s)) return { kind: 'scalar', value: s, style: 'plain' };
  return { kind: 'scalar', value: s, style: 'double' };
}
