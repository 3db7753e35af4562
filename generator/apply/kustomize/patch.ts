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
  return stripDirectives(patch, where);
}

/** A patch value added where the target has none: its `null`s and `$patch: delete`s have nothing to delete. */
function stripDirectives(v: unknown, where: string): unknown {
  if (Array.isArray(v)) return v.filter((e) => directive(e, where) !== 'delete').map((e) => stripDirectives(e, where));
  if (!isObject(v)) return v;
  checkKeys(v, where);
  const out: JsonObject = {};
  for (const k of Object.keys(v)) {
    if (k === DIRECTIVE || v[k] === null) continue;
    out[k] = stripDirectives(v[k], `${where}.${k}`);
  }
  return out;
}

function mergeMap(dest: JsonObject | undefined, patch: JsonObject, schema: SchemaNode | undefined, where: string): JsonObject {
  checkKeys(patch, where);
  if (!dest) return stripDirectives(patch, where) as JsonObject;
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
      out.push(stripDirectives(p, where));
      continue;
    }
    const i = destKeys.findIndex((dk, j) => !used.has(j) && sameElement(dk, pk));
    if (i >= 0) used.add(i);
    if (keys.length === 0) {
      if (!out.some((e) => keyValues(e, keys)[0] === pk[0])) out.push(p);
      continue;
    }
    if (directive(p, where) === 'delete') continue;
    out.push(i >= 0 ? mergeValue(dest[i], p, schema.items, `${where}[${pk.filter((v) => v !== undefined).join(',')}]`) : stripDirectives(p, where));
  }
  dest.forEach((d, j) => {
    if (used.has(j)) return;
    if (keys.length === 0 && out.some((e) => keyValues(e, keys)[0] === destKeys[j][0])) return;
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

function pointer(p: string, where: string): string[] {
  if (p === '') return [];
  if (!p.startsWith('/')) throw new PatchError(`${where}: ${JSON.stringify(p)} is not a JSON pointer (it must start with /)`);
  return p.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function parentOf(doc: unknown, segs: string[], where: string, path: string): unknown {
  let node = doc;
  for (const s of segs.slice(0, -1)) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(s) && Number(s) < node.length) node = node[Number(s)];
    else if (isObject(node) && Object.hasOwn(node, s)) node = node[s];
    else throw new PatchError(`${where}: path ${JSON.stringify(path)} does not exist`);
  }
  return node;
}

function getAt(doc: unknown, path: string, where: string): unknown {
  const segs = pointer(path, where);
  if (segs.length === 0) return doc;
  const parent = parentOf(doc, segs, where, path);
  const last = segs[segs.length - 1];
  if (Array.isArray(parent) && /^(0|[1-9][0-9]*)$/.test(last) && Number(last) < parent.length) return parent[Number(last)];
  if (isObject(parent) && Object.hasOwn(parent, last)) return parent[last];
  throw new PatchError(`${where}: path ${JSON.stringify(path)} does not exist`);
}

function removeAt(doc: unknown, path: string, where: string): unknown {
  const segs = pointer(path, where);
  if (segs.length === 0) throw new PatchError(`${where}: cannot remove the whole object`);
  const parent = parentOf(doc, segs, where, path);
  const last = segs[segs.length - 1];
  if (Array.isArray(parent) && /^(0|[1-9][0-9]*)$/.test(last) && Number(last) < parent.length) return parent.splice(Number(last), 1)[0];
  if (isObject(parent) && Object.hasOwn(parent, last)) {
    const v = parent[last];
    delete parent[last];
    return v;
  }
  throw new PatchError(`${where}: path ${JSON.stringify(path)} does not exist`);
}

function addAt(doc: unknown, path: string, value: unknown, replace: boolean, where: string): void {
  const segs = pointer(path, where);
  if (segs.length === 0) throw new PatchError(`${where}: cannot replace the whole object`);
  const parent = parentOf(doc, segs, where, path);
  const last = segs[segs.length - 1];
  if (Array.isArray(parent)) {
    if (last === '-' && !replace) {
      parent.push(value);
      return;
    }
    if (!/^(0|[1-9][0-9]*)$/.test(last) || Number(last) > parent.length || (replace && Number(last) === parent.length)) throw new PatchError(`${where}: path ${JSON.stringify(path)}: index out of range`);
    if (replace) parent[Number(last)] = value;
    else parent.splice(Number(last), 0, value);
    return;
  }
  if (!isObject(parent)) throw new PatchError(`${where}: path ${JSON.stringify(path)} does not exist`);
  if (replace && !Object.hasOwn(parent, last)) throw new PatchError(`${where}: path ${JSON.stringify(path)} does not exist`);
  parent[last] = value;
}

/** Applies RFC 6902 operations to a copy of `target`. */
export function jsonPatch(target: JsonObject, ops: readonly JsonPatchOp[], where: string): JsonObject {
  const doc = clone(target);
  ops.forEach((op, i) => {
    const at = `${where}[${i}]`;
    switch (op.op) {
      case 'add':
        addAt(doc, op.path, clone(op.value), false, at);
        break;
      case 'remove':
        removeAt(doc, op.path, at);
        break;
      case 'replace':
        addAt(doc, op.path, clone(op.value), true, at);
        break;
      case 'move': {
        const v = removeAt(doc, op.from ?? '', at);
        addAt(doc, op.path, v, false, at);
        break;
      }
      case 'copy':
        addAt(doc, op.path, clone(getAt(doc, op.from ?? '', at)), false, at);
        break;
      case 'test':
        if (JSON.stringify(getAt(doc, op.path, at)) !== JSON.stringify(op.value)) throw new PatchError(`${at}: test of ${JSON.stringify(op.path)} failed`);
        break;
      default:
        throw new PatchError(`${at}: unknown op ${JSON.stringify(op.op)}`);
    }
  });
  if (!isObject(doc)) throw new PatchError(`${where}: the patch did not leave an object`);
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
