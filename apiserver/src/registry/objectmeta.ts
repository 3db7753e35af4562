/**
 * ObjectMeta as the apiserver decodes and validates it (k8s.io/apimachinery/pkg/api/validation): only the fields
 * ObjectMeta declares are kept (a typed decoder drops the others, `__proto__` included); names, namespaces, labels,
 * annotations and finalizers are checked with apimachinery's messages; `generateName` gets its random suffix.
 */

import { randomInt } from 'node:crypto';
import { type JsonObject, isJsonObject, newBadRequest } from '@kubegen/runtime';
import { setOwn } from '@kubegen/runtime/internal';
import type { StatusCause } from '@kubegen/runtime';

/** The fields of metav1.ObjectMeta, with the JSON type each must have. */
const FIELDS: ReadonlyMap<string, 'string' | 'number' | 'stringMap' | 'stringArray' | 'ownerReferences' | 'managedFields'> = new Map([
  ['name', 'string'],
  ['generateName', 'string'],
  ['namespace', 'string'],
  ['selfLink', 'string'],
  ['uid', 'string'],
  ['resourceVersion', 'string'],
  ['generation', 'number'],
  ['creationTimestamp', 'string'],
  ['deletionTimestamp', 'string'],
  ['deletionGracePeriodSeconds', 'number'],
  ['labels', 'stringMap'],
  ['annotations', 'stringMap'],
  ['ownerReferences', 'ownerReferences'],
  ['finalizers', 'stringArray'],
  ['managedFields', 'managedFields'],
]);

/** The Go type of each field, and of one of its items (maps and slices), as json's errors name them. */
const GO_TYPE = {
  string: ['string', ''],
  number: ['int64', ''],
  stringMap: ['map[string]string', 'string'],
  stringArray: ['[]string', 'string'],
  ownerReferences: ['[]v1.OwnerReference', 'v1.OwnerReference'],
  managedFields: ['[]v1.ManagedFieldsEntry', 'v1.ManagedFieldsEntry'],
} as const;

/** Go's name of a JSON value's type in "cannot unmarshal <type> into …"; a number that does not fit an int64 with its text. */
function jsonType(v: unknown, integer = false): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return integer && !Number.isInteger(v) ? `number ${String(v)}` : 'number';
  return typeof v === 'string' ? 'string' : 'object';
}

/** Whether `x` has the JSON type of an ObjectMeta field (or of one of its items, with `item`). */
function fits(want: keyof typeof GO_TYPE, x: unknown, item: boolean): boolean {
  if (item) return want === 'stringMap' || want === 'stringArray' ? typeof x === 'string' : isJsonObject(x);
  switch (want) {
    case 'string':
      return typeof x === 'string';
    case 'number':
      return typeof x === 'number' && Number.isInteger(x);
    case 'stringMap':
      return isJsonObject(x);
    default:
      return Array.isArray(x);
  }
}

/**
 * The ObjectMeta of a request body, as the apiserver decodes it: unknown fields dropped (and named in `unknown`), a
 * field of the wrong JSON type a 400 BadRequest with Go's "cannot unmarshal" error after `prefix`, `null` as absent.
 */
export function decodeObjectMeta(v: unknown, prefix = '', unknown?: string[]): JsonObject {
  if (v === undefined || v === null) return {};
  const fail = (what: string) => newBadRequest(`${prefix}json: cannot unmarshal ${what}`);
  if (!isJsonObject(v)) throw fail(`${jsonType(v)} into Go value of type v1.ObjectMeta`);
  const out: JsonObject = {};
  for (const key of Object.keys(v)) {
    const want = FIELDS.get(key);
    const x = v[key];
    if (want === undefined) {
      unknown?.push(`metadata.${key}`);
      continue;
    }
    if (x === undefined || x === null) continue;
    const [type, itemType] = GO_TYPE[want];
    if (!fits(want, x, false)) throw fail(`${jsonType(x, want === 'number')} into Go struct field ObjectMeta.${key} of type ${type}`);
    if (isJsonObject(x) || Array.isArray(x)) {
      for (const item of Array.isArray(x) ? x : Object.values(x)) {
        if (item !== null && !fits(want, item, true)) throw fail(`${jsonType(item)} into Go struct field ObjectMeta.${key} of type ${itemType}`);
      }
    }
    setOwn(out, key, isJsonObject(x) ? { ...x } : x);
  }
  return out;
}

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const QUALIFIED_NAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const TOTAL_ANNOTATION_SIZE = 256 * 1024;

const quote = (s: string) => JSON.stringify(s);
const invalid = (field: string, value: string, detail: string): StatusCause => ({ reason: 'FieldValueInvalid', field, message: `Invalid value: ${quote(value)}: ${detail}` });

function subdomainErrors(field: string, value: string): StatusCause[] {
  const out: StatusCause[] = [];
  if (value.length > 253) out.push(invalid(field, value, 'must be no more than 253 characters'));
  if (!DNS1123_SUBDOMAIN.test(value)) out.push(invalid(field, value, DNS1123_SUBDOMAIN_MSG));
  return out;
}

/** A qualified name (`[prefix/]name`, as label and annotation keys and finalizers are): apimachinery's IsQualifiedName. */
function qualifiedNameErrors(field: string, value: string): StatusCause[] {
  const parts = value.split('/');
  let name = value;
  const out: StatusCause[] = [];
  if (parts.length === 2) {
    const [prefix = '', rest = ''] = parts;
    name = rest;
    if (prefix === '') out.push(invalid(field, value, 'prefix part must be non-empty'));
    else if (prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix)) out.push(invalid(field, value, `prefix part ${DNS1123_SUBDOMAIN_MSG}`));
  } else if (parts.length > 2) {
    return [invalid(field, value, "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")];
  }
  if (name.length === 0) out.push(invalid(field, value, 'name part must be non-empty'));
  else if (name.length > 63) out.push(invalid(field, value, 'name part must be no more than 63 characters'));
  if (name.length > 0 && !QUALIFIED_NAME.test(name)) out.push(invalid(field, value, QUALIFIED_NAME_MSG));
  return out;
}

/** The errors of an object's metadata on create (and update): ValidateObjectMeta with a DNS-subdomain name. */
export function validateObjectMeta(meta: JsonObject, namespaced: boolean): StatusCause[] {
  const out: StatusCause[] = [];
  const name = typeof meta.name === 'string' ? meta.name : '';
  const generateName = typeof meta.generateName === 'string' ? meta.generateName : '';
  if (generateName !== '') {
    // The prefix is validated as a name without its trailing '-' (Go's NameIsDNSSubdomain with prefix = true).
    const stem = generateName.endsWith('-') ? generateName.slice(0, -1) : generateName;
    for (const e of subdomainErrors('metadata.generateName', stem)) out.push({ ...e, message: `Invalid value: ${quote(generateName)}: ${e.message?.replace(/^Invalid value: "[^"]*": /, '') ?? ''}` });
  }
  if (name === '') out.push({ reason: 'FieldValueRequired', field: 'metadata.name', message: 'Required value: name or generateName is required' });
  else out.push(...subdomainErrors('metadata.name', name));
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : '';
  if (namespaced) {
    if (namespace === '') out.push({ reason: 'FieldValueRequired', field: 'metadata.namespace', message: 'Required value' });
    else if (namespace.length > 63 || !DNS1123_LABEL.test(namespace)) out.push(invalid('metadata.namespace', namespace, DNS1123_LABEL_MSG));
  } else if (namespace !== '') {
    out.push({ reason: 'FieldValueForbidden', field: 'metadata.namespace', message: 'Forbidden: not allowed on this type' });
  }
  if (isJsonObject(meta.labels)) {
    for (const [k, v] of Object.entries(meta.labels)) {
      out.push(...qualifiedNameErrors('metadata.labels', k));
      const value = typeof v === 'string' ? v : '';
      if (value.length > 63) out.push(invalid('metadata.labels', value, 'must be no more than 63 characters'));
      if (!LABEL_VALUE.test(value)) out.push(invalid('metadata.labels', value, LABEL_VALUE_MSG));
    }
  }
  if (isJsonObject(meta.annotations)) {
    let size = 0;
    for (const [k, v] of Object.entries(meta.annotations)) {
      out.push(...qualifiedNameErrors('metadata.annotations', k.toLowerCase()));
      size += k.length + (typeof v === 'string' ? v.length : 0);
    }
    if (size > TOTAL_ANNOTATION_SIZE) {
      out.push({ reason: 'FieldValueTooLong', field: 'metadata.annotations', message: `Too long: may not be more than ${TOTAL_ANNOTATION_SIZE} bytes` });
    }
  }
  if (Array.isArray(meta.finalizers)) {
    meta.finalizers.forEach((f, i) => {
      if (typeof f === 'string') out.push(...qualifiedNameErrors(`metadata.finalizers[${i}]`, f));
    });
  }
  return out;
}

/** The immutable fields of an update (ValidateObjectMetaUpdate): name, namespace, uid, creationTimestamp. */
export function validateObjectMetaUpdate(meta: JsonObject, old: JsonObject): StatusCause[] {
  const out: StatusCause[] = [];
  for (const field of ['name', 'namespace', 'uid', 'creationTimestamp'] as const) {
    const now = meta[field];
    const was = old[field];
    if (now !== was) {
      out.push({ reason: 'FieldValueInvalid', field: `metadata.${field}`, message: `Invalid value: ${quote(typeof now === 'string' ? now : '')}: field is immutable` });
    }
  }
  return out;
}

const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const MAX_GENERATED_NAME_LENGTH = 63 - 5;

/** `generateName` plus 5 random characters (apiserver's SimpleNameGenerator), the prefix cut to 58 characters. */
export function generateName(base: string): string {
  const prefix = base.length > MAX_GENERATED_NAME_LENGTH ? base.slice(0, MAX_GENERATED_NAME_LENGTH) : base;
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)] ?? 'x';
  return prefix + suffix;
}

/** The metadata of an object (a new object when it has none). */
export function metaOf(obj: JsonObject): JsonObject {
  if (isJsonObject(obj.metadata)) return obj.metadata;
  const meta: JsonObject = {};
  obj.metadata = meta;
  return meta;
}

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
