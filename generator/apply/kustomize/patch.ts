/**
 * The patches of `kubegen apply -k`, as kustomize v5 applies them.
 *
 * Strategic merge (kyaml's `merge2.Merge` with `ListIncreaseDirection: prepend`): maps merge, `null` deletes a field,
 * `$patch: delete` deletes a map or a list element; a list merges by its patch merge key only where the schema of a
 * built-in kind (Kubernetes 1.21's OpenAPI, which kyaml embeds) says so — `containers` by `name`, `ports` by
 * `containerPort`+`protocol`, `env` by `name`, `volumeMounts` by `mountPath` … (`SCHEMAS` below) — and is otherwise
 * replaced. A custom kind has no schema, so a patch of it is a JSON merge patch. Merged list elements come in the
 * order kyaml gives them: the patch's elements first (in its order), then the target's others.
 *
 * JSON 6902 (RFC 6902): add, remove, replace, move, copy, test, with JSON pointers (`~0`, `~1`, `-` to append).
 */

export type JsonObject = Record<string, unknown>;

export class PatchError extends Error {}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A node of the merge schema: fields and, for a list, how its elements merge. */
interface SchemaNode {
  fields?: Record<string, SchemaNode>;
  /** A list merged by these keys (`[]` for a list of scalars merged as a set). */
  mergeKeys?: string[];
  /** The schema of the list's elements. */
  items?: SchemaNode;
}

const list = (mergeKeys: string[], items?: SchemaNode): SchemaNode => ({ mergeKeys, ...(items ? { items } : {}) });
const CONTAINER: SchemaNode = {
  fields: {
    ports: list(['containerPort', 'protocol']),
    env: list(['name']),
    volumeMounts: list(['mountPath']),
    volumeDevices: list(['devicePath']),
  },
};
const POD_SPEC: SchemaNode = {
  fields: {
    containers: list(['name'], CONTAINER),
    initContainers: list(['name'], CONTAINER),
    ephemeralContainers: list(['name'], CONTAINER),
    volumes: list(['name']),
    imagePullSecrets: list(['name']),
    hostAliases: list(['ip']),
    topologySpreadConstraints: list(['topologyKey', 'whenUnsatisfiable']),
  },
};
const OBJECT_META: SchemaNode = { fields: { finalizers: list([]), ownerReferences: list(['uid']) } };
const POD_TEMPLATE: SchemaNode = { fields: { metadata: OBJECT_META, spec: POD_SPEC } };
const withMeta = (spec?: SchemaNode, extra?: Record<string, SchemaNode>): SchemaNode => ({ fields: { metadata: OBJECT_META, ...(spec ? { spec } : {}), ...extra } });
const WORKLOAD = withMeta({ fields: { template: POD_TEMPLATE } });
const CRONJOB = withMeta({ fields: { jobTemplate: { fields: { metadata: OBJECT_META, spec: { fields: { template: POD_TEMPLATE } } } } } });
const WEBHOOKS = withMeta(undefined, { webhooks: list(['name']) });

/** Built-in kinds with more than metadata to merge by key, by `apiVersion/kind` as Kubernetes 1.21 serves them. */
const SCHEMAS: ReadonlyMap<string, SchemaNode> = new Map([
  ['v1/Pod', withMeta(POD_SPEC)],
  ['v1/PodTemplate', withMeta(undefined, { template: POD_TEMPLATE })],
  ['v1/ReplicationController', WORKLOAD],
  ['v1/Service', withMeta({ fields: { ports: list(['port', 'protocol']) } })],
  ['v1/ServiceAccount', withMeta(undefined, { secrets: list(['name']) })],
  ...['apps/v1', 'apps/v1beta2', 'apps/v1beta1', 'extensions/v1beta1'].flatMap((v) => ['Deployment', 'DaemonSet', 'ReplicaSet', 'StatefulSet'].map((k): [string, SchemaNode] => [`${v}/${k}`, WORKLOAD])),
  ['batch/v1/Job', WORKLOAD],
  ['batch/v1/CronJob', CRONJOB],
  ['batch/v1beta1/CronJob', CRONJOB],
  ['admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration', WEBHOOKS],
  ['admissionregistration.k8s.io/v1/MutatingWebhookConfiguration', WEBHOOKS],
  ['admissionregistration.k8s.io/v1beta1/ValidatingWebhookConfiguration', WEBHOOKS],
  ['admissionregistration.k8s.io/v1beta1/MutatingWebhookConfiguration', WEBHOOKS],
]);

/** Built-in groups of Kubernetes 1.21: their kinds merge `metadata` by its schema (finalizers as a set …). */
const BUILTIN_GROUPS = new Set(['', 'apps', 'batch', 'extensions', 'policy', 'autoscaling', 'rbac.authorization.k8s.io', 'networking.k8s.io', 'storage.k8s.io', 'scheduling.k8s.io', 'coordination.k8s.io', 'discovery.k8s.io', 'node.k8s.io', 'certificates.k8s.io', 'admissionregistration.k8s.io', 'apiextensions.k8s.io', 'apiregistration.k8s.io', 'events.k8s.io', 'flowcontrol.apiserver.k8s.io']);

function schemaOf(apiVersion: string, kind: string): SchemaNode | undefined {
  const s = SCHEMAS.get(`${apiVersion}/${kind}`);
  if (s) return s;
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  return BUILTIN_GROUPS.has(group) ? withMeta() : undefined;
}

const DIRECTIVE = '$patch';

function directive(v: unknown, where: string): 'delete' | undefined {
  if (!isObject(v) || !Object.hasOwn(v, DIRECTIVE)) return undefined;
  if (v[DIRECTIVE] === 'delete') return 'delete';
  throw new PatchError(`${where}: $patch: ${JSON.stringify(v[DIRECTIVE])} is not supported by kubegen apply -k (only $patch: delete)`);
}

function checkKeys(patch: JsonObject, where: string): void {
  for (const k of Object.keys(patch)) {
    if (k.startsWith('$') && k !== DIRECTIVE) throw new PatchError(`${where}: the directive ${k} is not supported by kubegen apply -k`);
  }
}

function mergeValue(dest: unknown, patch: unknown, schema: SchemaNode | undefined, where: string): unknown {
  if (isObject(patch)) {
    if (directive(patch, where) === 'delete') return undefined;
    return mergeMap(isObject(dest) ? dest : undefined, patch, schema, where);
  }
  if (Array.isArray(patch) && Array.isArray(dest) && schema?.mergeKeys) return mergeList(dest, patch, schema, where);
  return stripDirectives(patch, where, schema);
}

/**
 * A patch value added where the target has none: its `null`s and `$patch: delete`s have nothing to delete. A list
 * the schema gives no merge key is copied as it is, directives and all, as kyaml copies it.
 */
function stripDirectives(v: unknown, where: string, schema?: SchemaNode): unknown {
  if (Array.isArray(v)) {
    if (!schema?.mergeKeys) return v;
    return v.filter((e) => directive(e, where) !== 'delete').map((e) => stripDirectives(e, where, schema.items));
  }
  if (!isObject(v)) return v;
  checkKeys(v, where);
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    if (k === DIRECTIVE || v[k] === null) continue;
    out[k] = stripDirectives(v[k], `${where}.${k}`, schema?.fields?.[k]);
  }
  return out;
}

function mergeMap(dest: JsonObject | undefined, patch: JsonObject, schema: SchemaNode | undefined, where: string): JsonObject {
  checkKeys(patch, where);
  if (!dest) return stripDirectives(patch, where, schema) as JsonObject;
  const out: JsonObject = {};
  for (const k of Object.keys(dest)) out[k] = dest[k];
  for (const k of Object.keys(patch)) {
    if (k === DIRECTIVE) continue;
    const p = patch[k];
    if (p === null) {
      delete out[k];
      continue;
    }
    const merged = mergeValue(Object.hasOwn(out, k) ? out[k] : undefined, p, schema?.fields?.[k], `${where}.${k}`);
    if (merged === undefined) delete out[k];
    else out[k] = merged;
  }
  return out;
}

function keyValues(el: unknown, keys: string[]): (string | undefined)[] {
  if (keys.length === 0) return [isObject(el) || Array.isArray(el) ? undefined : String(el)];
  return keys.map((k) => (isObject(el) && Object.hasOwn(el, k) && el[k] !== null && el[k] !== undefined ? String(el[k] as string | number) : undefined));
}

/** kyaml's match of two elements' key values: each equal or one missing, at least one equal. */
function sameElement(a: (string | undefined)[], b: (string | undefined)[]): boolean {
  let common = false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i] && a[i] !== undefined) common = true;
    else if (a[i] !== undefined && b[i] !== undefined) return false;
  }
  return common;
}

function mergeList(dest: unknown[], patch: unknown[], schema: SchemaNode, where: string): unknown[] {
  const keys = schema.mergeKeys ?? [];
  const destKeys = dest.map((e) => keyValues(e, keys));
  const used = new Set<number>();
  const out: unknown[] = [];
  for (const p of patch) {
    const pk = keyValues(p, keys);
    if (pk.every((v) => v === undefined)) {
      out.push(stripDirectives(p, where, schema.items));
      continue;
    }
    const i = destKeys.findIndex((dk, j) => !used.has(j) && sameElement(dk, pk));
    if (i >= 0) used.add(i);
    if (keys.length === 0) {
      if (!out.some((e) => keyValues(e, keys)[0] === pk[0])) out.push(p);
      continue;
    }
    if (directive(p, where) === 'delete') continue;
    out.push(i >= 0 ? mergeValue(dest[i], p, schema.items, `${where}[${pk.filter((v) => v !== undefined).join(',')}]`) : stripDirectives(p, where, schema.items));
  }
  dest.forEach((d, j) => {
    if (used.has(j)) return;
    if (keys.length === 0 && out.some((e) => keyValues(e, keys)[0] === keyValues(d, keys)[0])) return;
    out.push(d);
  });
  return out;
}

/** Applies a strategic merge patch to an object of `apiVersion`/`kind`; `undefined` when the patch deletes it. */
export function strategicMerge(target: JsonObject, patch: JsonObject, where: string): JsonObject | undefined {
  if (directive(patch, where) === 'delete') return undefined;
  const apiVersion = typeof target.apiVersion === 'string' ? target.apiVersion : '';
  const kind = typeof target.kind === 'string' ? target.kind : '';
  return mergeMap(target, patch, schemaOf(apiVersion, kind), where);
}

/** One RFC 6902 operation. */
export interface JsonPatchOp {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}

/** A JSON pointer's reference tokens (`~1` is `/`, `~0` is `~`); kustomize's library ignores what precedes the first `/`. */
function pointer(p: string, where: string): string[] {
  if (!p.startsWith('/')) throw new PatchError(`${where}: ${JSON.stringify(p)} is not a JSON pointer (it must start with /)`);
  return p.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Go's strconv.Atoi, as an index: a number, or undefined. */
function atoi(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : undefined;
}

type Container = { map: JsonObject } | { list: unknown[] };

/**
 * evanphx/json-patch v4 (the library kustomize applies JSON 6902 patches with): `findObject` walks every token but
 * the last — a missing key, a bad index or a scalar on the way means the path is missing — and returns the container
 * of the last one. The quirks kustomize shows are kept: `replace` of a missing key of a mapping sets it, `copy` from a
 * missing key copies null, `test` of a missing key passes for null, negative list indexes count from the end.
 */
function findContainer(doc: JsonObject, tokens: string[]): { con: Container; key: string } | undefined {
  const key = tokens.at(-1);
  if (key === undefined) return undefined;
  let holder: Record<string | number, unknown> = { root: doc };
  let holderKey: string | number = 'root';
  for (const t of tokens.slice(0, -1)) {
    const node = holder[holderKey];
    let next: unknown;
    let nextKey: string | number;
    if (Array.isArray(node)) {
      const i = listIndex(node, t);
      if (i === undefined) return undefined;
      next = node[i];
      nextKey = i;
    } else if (isObject(node)) {
      next = Object.hasOwn(node, t) ? node[t] : undefined;
      nextKey = t;
    } else {
      return undefined;
    }
    if (next === undefined || (!isObject(next) && !Array.isArray(next))) return undefined;
    holder = node as Record<string | number, unknown>;
    holderKey = nextKey;
  }
  const last = holder[holderKey];
  if (Array.isArray(last)) return { con: { list: last }, key };
  if (isObject(last)) return { con: { map: last }, key };
  return undefined;
}

/** An existing index of `list` (negative from the end), or undefined. */
function listIndex(list: unknown[], key: string): number | undefined {
  let i = atoi(key);
  if (i === undefined) return undefined;
  if (i < 0) {
    if (i < -list.length) return undefined;
    i += list.length;
  }
  return i < list.length ? i : undefined;
}

function getIn(c: Container, key: string): { ok: true; value: unknown } | { ok: false } {
  if ('map' in c) return { ok: true, value: Object.hasOwn(c.map, key) ? c.map[key] : undefined };
  const i = listIndex(c.list, key);
  return i === undefined ? { ok: false } : { ok: true, value: c.list[i] };
}

function addIn(c: Container, key: string, value: unknown, at: string, path: string): void {
  if ('map' in c) {
    Object.defineProperty(c.map, key, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  if (key === '-') {
    c.list.push(value);
    return;
  }
  let i = atoi(key);
  const size = c.list.length + 1;
  if (i === undefined) throw new PatchError(`${at}: error in add for path: '${path}': value was not a proper array index: '${key}'`);
  if (i >= size || i < -size) throw new PatchError(`${at}: error in add for path: '${path}': Unable to access invalid index: ${i}`);
  if (i < 0) i += size;
  c.list.splice(i, 0, value);
}

function removeIn(c: Container, key: string, at: string, path: string): void {
  if ('map' in c) {
    if (!Object.hasOwn(c.map, key)) throw new PatchError(`${at}: error in remove for path: '${path}': Unable to remove nonexistent key: ${key}`);
    delete c.map[key];
    return;
  }
  const i = listIndex(c.list, key);
  if (i === undefined) throw new PatchError(`${at}: error in remove for path: '${path}': Unable to access invalid index: ${key}`);
  c.list.splice(i, 1);
}

function setIn(c: Container, key: string, value: unknown, at: string, path: string): void {
  if ('map' in c) {
    Object.defineProperty(c.map, key, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  const i = listIndex(c.list, key);
  if (i === undefined) throw new PatchError(`${at}: replace operation does not apply: doc is missing key: ${path}`);
  c.list[i] = value;
}

function find(doc: JsonObject, path: string, at: string, op: string, what = 'path'): { con: Container; key: string } {
  const found = findContainer(doc, pointer(path, at));
  if (!found) throw new PatchError(`${at}: ${op} operation does not apply: doc is missing ${what}: ${path}`);
  return found;
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return a === b;
}

/** Applies RFC 6902 operations to a copy of `target`, as kustomize's evanphx/json-patch v4 does (see findContainer). */
export function jsonPatch(target: JsonObject, ops: readonly JsonPatchOp[], where: string): JsonObject {
  const doc = clone(target);
  ops.forEach((op, i) => {
    const at = `${where}[${i}]`;
    if (op.path === '') throw new PatchError(`${at}: ${op.op} of the whole object is not supported by kubegen apply -k`);
    switch (op.op) {
      case 'add': {
        const { con, key } = find(doc, op.path, at, 'add');
        addIn(con, key, clone(op.value ?? null), at, op.path);
        break;
      }
      case 'remove': {
        const { con, key } = find(doc, op.path, at, 'remove');
        removeIn(con, key, at, op.path);
        break;
      }
      case 'replace': {
        const { con, key } = find(doc, op.path, at, 'replace');
        if (!getIn(con, key).ok) throw new PatchError(`${at}: replace operation does not apply: doc is missing key: ${op.path}`);
        setIn(con, key, clone(op.value ?? null), at, op.path);
        break;
      }
      case 'move': {
        const from = find(doc, op.from ?? '', at, 'move', 'from path');
        const got = getIn(from.con, from.key);
        if (!got.ok) throw new PatchError(`${at}: error in move for path: '${from.key}': Unable to access invalid index: ${from.key}`);
        removeIn(from.con, from.key, at, from.key);
        const to = find(doc, op.path, at, 'move', 'destination path');
        addIn(to.con, to.key, got.value, at, op.path);
        break;
      }
      case 'copy': {
        const from = find(doc, op.from ?? '', at, 'copy', 'from path');
        const got = getIn(from.con, from.key);
        if (!got.ok) throw new PatchError(`${at}: error in copy for from: '${op.from ?? ''}': Unable to access invalid index: ${from.key}`);
        const to = find(doc, op.path, at, 'copy', 'destination path');
        addIn(to.con, to.key, clone(got.value ?? null), at, op.path);
        break;
      }
      case 'test': {
        const { con, key } = find(doc, op.path, at, 'test', 'path');
        const got = getIn(con, key);
        if (!got.ok) throw new PatchError(`${at}: error in test for path: '${op.path}': Unable to access invalid index: ${key}`);
        const want = op.value ?? null;
        // the library reads `value: null` as no value: it matches only a missing key
        if (got.value === undefined ? want !== null : want === null || !jsonEqual(got.value, want)) throw new PatchError(`${at}: testing value ${op.path} failed`);
        break;
      }
      default:
        throw new PatchError(`${at}: unknown op ${JSON.stringify(op.op)}`);
    }
  });
  return doc;
}

/** Checks the shape of parsed JSON 6902 operations; `undefined` when `value` is not a list of operations. */
export function asJsonPatch(value: unknown): JsonPatchOp[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const ops: JsonPatchOp[] = [];
  for (const v of value) {
    if (!isObject(v) || typeof v.op !== 'string' || typeof v.path !== 'string') return undefined;
    ops.push({ op: v.op, path: v.path, ...(typeof v.from === 'string' ? { from: v.from } : {}), ...(Object.hasOwn(v, 'value') ? { value: v.value } : {}) });
  }
  return ops;
}
