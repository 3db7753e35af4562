/**
 * The CEL view of a structural schema, as the apiserver builds it (`k8s.io/apiserver/pkg/cel/common`
 * `SchemaDeclType`): which CEL type each node has, which properties are reachable from `self` (escaped names,
 * untyped properties left out), and the size bounds (`MaxElements`, `MinSerializedSize`) that drive the cost
 * estimate. Pure: reads the schema, never changes it.
 */
import type { JSONSchemaProps } from '../core/schema';

/** `MaxRequestSizeBytes` of the apiserver (3 MiB): the bound for anything the schema leaves unbounded. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
const MAX_DURATION_SIZE_JSON = 32;
const MAX_DATETIME_SIZE_JSON = 32;
const MIN_DURATION_SIZE_JSON = 3;
const JSON_DATE_SIZE = 12;
const MIN_DATETIME_SIZE_JSON = 21;
const MIN_STRING_SIZE = 2;
const MIN_BOOL_SIZE = 4;
const MIN_NUMBER_SIZE = 1;

export type ScalarCelType = 'string' | 'int' | 'double' | 'bool' | 'bytes' | 'duration' | 'timestamp' | 'dyn';

export interface DeclField {
  type: DeclType;
  required: boolean;
}

/** A CEL declaration type with the apiserver's size bounds. */
export type DeclType =
  | { kind: 'scalar'; cel: ScalarCelType; maxElements: number; minSerializedSize: number }
  | { kind: 'list'; elem: DeclType; maxElements: number; minSerializedSize: number }
  | { kind: 'map'; elem: DeclType; maxElements: number; minSerializedSize: number }
  | { kind: 'object'; fields: Map<string, DeclField>; maxElements: number; minSerializedSize: number };

/** CEL's reserved words: a property with one of these names is `__name__` in a rule. */
export const CEL_RESERVED: ReadonlySet<string> = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);

/** The apiserver's property-name escaping (`apiservercel.Escape`); undefined when the name is unreachable from CEL. */
export function escapeProperty(name: string): string | undefined {
  if (name.length === 0 || /^[0-9]/.test(name)) return undefined;
  if (CEL_RESERVED.has(name)) return `__${name}__`;
  if (PLAIN_IDENTIFIER.test(name)) return name;
  if (!/^[a-zA-Z0-9_./-]*$/.test(name)) return undefined;
  return name.replace(/__|[-./]/g, (s) => (s === '__' ? '__underscores__' : s === '.' ? '__dot__' : s === '-' ? '__dash__' : '__slash__'));
}

/** A name that needs no escaping: letters, digits and single underscores (the apiserver's skipRegexCheck). */
const PLAIN_IDENTIFIER = /^[a-zA-Z_](?:[a-zA-Z0-9]|_(?!_))*$/;

function zeroIfNegative(n: number): number {
  return n < 0 ? 0 : n;
}

function maxStringLengthPerRequest(s: JSONSchemaProps): number {
  if (s['x-kubernetes-int-or-string']) return MAX_REQUEST_SIZE_BYTES - 2;
  switch (s.format) {
    case 'duration':
      return MAX_DURATION_SIZE_JSON;
    case 'date':
      return JSON_DATE_SIZE;
    case 'date-time':
      return MAX_DATETIME_SIZE_JSON;
    default:
      return MAX_REQUEST_SIZE_BYTES - 2;
  }
}

function scalar(cel: ScalarCelType, minSerializedSize: number, maxElements = 0): DeclType {
  return { kind: 'scalar', cel, maxElements, minSerializedSize };
}

/** The root of a resource (and an embedded resource) always has `apiVersion`, `kind`, `metadata.name`, `metadata.generateName`. */
function withTypeAndObjectMeta(s: JSONSchemaProps): JSONSchemaProps {
  const p = s.properties;
  const meta = p?.metadata;
  if (p && p.kind?.type === 'string' && p.apiVersion?.type === 'string' && meta?.type === 'object' && meta.properties?.name?.type === 'string' && meta.properties.generateName?.type === 'string') {
    return s;
  }
  const props = Object.create(null) as Record<string, JSONSchemaProps>;
  for (const [k, v] of Object.entries(p ?? {})) props[k] = v;
  props.kind = { type: 'string' };
  props.apiVersion = { type: 'string' };
  props.metadata = { type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' } } };
  return { ...s, properties: props };
}

/**
 * The CEL type of a structural schema node, or undefined where the apiserver has none (no `type`, an array
 * without items): such properties are invisible to rules.
 */
export function schemaDeclType(s: JSONSchemaProps, isResourceRoot: boolean, memo?: DeclTypeMemo): DeclType | undefined {
  if (!memo) return declTypeOf(s, isResourceRoot, undefined);
  const table = isResourceRoot ? memo.resourceRoots : memo.nodes;
  if (table.has(s)) return table.get(s);
  const t = declTypeOf(s, isResourceRoot, memo);
  table.set(s, t);
  return t;
}

/**
 * CEL types by schema node, for schemas whose nodes are shared (a named type's schema at many places) and no
 * longer change: each node's type is worked out once (and so its shapeKey too).
 */
export interface DeclTypeMemo {
  readonly nodes: WeakMap<JSONSchemaProps, DeclType | undefined>;
  readonly resourceRoots: WeakMap<JSONSchemaProps, DeclType | undefined>;
}

export function declTypeMemo(): DeclTypeMemo {
  return { nodes: new WeakMap(), resourceRoots: new WeakMap() };
}

function declTypeOf(s: JSONSchemaProps, isResourceRoot: boolean, memo: DeclTypeMemo | undefined): DeclType | undefined {
  if (s['x-kubernetes-int-or-string']) {
    return scalar('dyn', 1, s.maxLength !== undefined ? zeroIfNegative(Number(s.maxLength)) * 4 : maxStringLengthPerRequest(s));
  }
  if (isResourceRoot) s = withTypeAndObjectMeta(s);
  switch (s.type) {
    case 'array': {
      if (!s.items) return undefined;
      const elem = schemaDeclType(s.items, s.items['x-kubernetes-embedded-resource'] === true, memo);
      if (!elem) return undefined;
      const maxItems = s.maxItems !== undefined ? zeroIfNegative(Number(s.maxItems)) : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 1));
      return { kind: 'list', elem, maxElements: maxItems, minSerializedSize: 2 };
    }
    case 'object': {
      const ap = s.additionalProperties;
      if (ap !== undefined && typeof ap === 'object') {
        const elem = schemaDeclType(ap, ap['x-kubernetes-embedded-resource'] === true, memo);
        if (!elem) return undefined;
        const maxProperties = s.maxProperties !== undefined ? zeroIfNegative(Number(s.maxProperties)) : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSerializedSize + 6));
        return { kind: 'map', elem, maxElements: maxProperties, minSerializedSize: 2 };
      }
      const required = new Set(s.required ?? []);
      const fields = new Map<string, DeclField>();
      let minSerializedSize = 2;
      const props = s.properties ?? {};
      for (const [name, prop] of Object.entries(props)) {
        const t = schemaDeclType(prop, prop['x-kubernetes-embedded-resource'] === true, memo);
        if (!t) continue;
        const escaped = escapeProperty(name);
        if (escaped !== undefined) fields.set(escaped, { type: t, required: required.has(name) });
        if (required.has(name) && prop.default === undefined) minSerializedSize += name.length + t.minSerializedSize + 4;
      }
      return { kind: 'object', fields, maxElements: 0, minSerializedSize };
    }
    case 'string':
      switch (s.format) {
        case 'byte':
          return scalar('bytes', MIN_STRING_SIZE, s.maxLength !== undefined ? zeroIfNegative(Number(s.maxLength)) : maxStringLengthPerRequest(s));
        case 'duration':
          return scalar('duration', MIN_DURATION_SIZE_JSON, maxStringLengthPerRequest(s));
        case 'date':
          return scalar('timestamp', JSON_DATE_SIZE, maxStringLengthPerRequest(s));
        case 'date-time':
          return scalar('timestamp', MIN_DATETIME_SIZE_JSON, maxStringLengthPerRequest(s));
      }
      if (s.maxLength !== undefined) return scalar('string', MIN_STRING_SIZE, zeroIfNegative(Number(s.maxLength)) * 4);
      if (s.enum && s.enum.length > 0) {
        let max = 0;
        for (const v of s.enum) if (typeof v === 'string' && Buffer.byteLength(v) > max) max = Buffer.byteLength(v);
        return scalar('string', MIN_STRING_SIZE, max);
      }
      return scalar('string', MIN_STRING_SIZE, maxStringLengthPerRequest(s));
    case 'boolean':
      return scalar('bool', MIN_BOOL_SIZE);
    case 'number':
      return scalar('double', MIN_NUMBER_SIZE);
    case 'integer':
      return scalar('int', MIN_NUMBER_SIZE);
    default:
      return undefined;
  }
}

/** How many times a rule on a node of this type can run per request when its position does not bound it. */
export function maxCardinality(minSerializedSize: number): number {
  return Math.floor(MAX_REQUEST_SIZE_BYTES / (minSerializedSize + 1));
}

/** A canonical text of a type's shape (fields, element types, bounds): the cache key of a compiled environment. */
export function shapeKey(t: DeclType): string {
  let key = shapeKeys.get(t);
  if (key === undefined) {
    key = computeShapeKey(t);
    shapeKeys.set(t, key);
  }
  return key;
}

const shapeKeys = new WeakMap<DeclType, string>();

function computeShapeKey(t: DeclType): string {
  switch (t.kind) {
    case 'scalar':
      return `${t.cel}:${t.maxElements}`;
    case 'list':
      return `[${shapeKey(t.elem)}]${t.maxElements}`;
    case 'map':
      return `{${shapeKey(t.elem)}}${t.maxElements}`;
    case 'object': {
      const parts = [...t.fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, f]) => `${JSON.stringify(k)}${f.required ? '!' : ''}:${shapeKey(f.type)}`);
      return `(${parts.join(',')})`;
    }
  }
}
