/**
 * The generic registry store of one resource, after k8s.io/apiserver's registry/generic/registry.Store with the
 * strategy a CRD gets: every verb of the REST API over the storage interface, for objects in any served version.
 *
 * Contract:
 * - a request's object is in its request version; it is pruned to what the version's schema declares (ObjectMeta to
 *   the fields ObjectMeta has, `__proto__` dropped like any unknown key), defaulted and validated by the version's
 *   generated functions, converted to the storage version by the generated converters and stored; what comes back is
 *   converted to the request version;
 * - create fills the system fields (uid, creationTimestamp, generation 1, a name from `generateName`, retried on a
 *   clash), drops `status` when the kind has the status subresource, and refuses a resourceVersion;
 * - update and patch are compare-and-swap: a stale `metadata.resourceVersion` is a 409 Conflict, none at all means
 *   "the newest"; the main resource keeps the stored status and the status subresource keeps everything but the
 *   status; `generation` grows when anything but metadata (and status, with the subresource) changes; system fields
 *   are kept; an object being deleted takes no new finalizer and goes once its last finalizer is removed;
 * - delete checks the preconditions, adds the garbage collector's finalizer for `Orphan` / `Foreground`, marks an
 *   object with finalizers (deletionTimestamp, grace period 0) instead of deleting it, and deletes it otherwise;
 * - with admission plugins (`options.admission`), create, update (and patch) and delete run the mutating plugins on the
 *   decoded object (which is decoded again when they changed it), then the kind's validation, then the validating
 *   plugins, and write only when all allow (see `AdmissionChain`);
 * - list and watch take label and field selectors (`metadata.name`, `metadata.namespace` and the CRD's selectable
 *   fields); errors are the apiserver's Status bodies.
 */

import { randomUUID } from 'node:crypto';
import {
  type GroupResource,
  type JsonObject,
  StatusError,
  type StatusCause,
  cloneJSON,
  isJsonObject,
  newBadRequest,
  newInternalError,
  newNotFound,
  newStaleConflict,
} from '@kubegen/runtime';
import { type FieldRequirement, type LabelRequirement, SelectorParseError, matchFields, matchLabels, parseFieldSelector, parseLabelSelector } from '@kubegen/runtime/client';
import { prepareObject } from '@kubegen/runtime/validation';
import { applyJsonPatch, JsonPatchError } from '@kubegen/runtime/webhook/admission';
import { applyMergePatch } from '@kubegen/runtime/testing';
import type { UserInfo } from '@kubegen/runtime/webhook/admission';
import type { AdmissionAttributes, AdmissionChain } from '../admission/chain';
import type { Predicate, ResourceVersionMatch, Storage, StoredObject, Watch } from '../storage';
import { isStorageError } from '../storage';
import type { ResourceDefinition, VersionDefinition } from './definition';
import { interpret, newInvalidAggregate, unsupportedMediaType } from './errors';
import { decodeObjectMeta, generateName, metaOf, str, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';

/** Where a request is: the version it speaks and its namespace (`''`: all namespaces, or a cluster-scoped resource). */
export interface RequestScope {
  readonly version: string;
  readonly namespace: string;
  /** Who asks (what admission plugins see as `userInfo`). */
  readonly user?: UserInfo;
  /** Collects the admission plugins' warnings for the response. */
  readonly warnings?: string[];
}

export interface ListParams {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: ResourceVersionMatch;
}

export interface WatchParams {
  labelSelector?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  allowWatchBookmarks?: boolean;
  sendInitialEvents?: boolean;
  signal?: AbortSignal;
}

/** metav1.DeleteOptions, as far as the store reads them. */
export interface DeleteParams {
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  orphanDependents?: boolean;
}

export type PatchType = 'application/json-patch+json' | 'application/merge-patch+json' | 'application/strategic-merge-patch+json' | 'application/apply-patch+yaml';

/** The patch types a resource of this store accepts (those of a CRD, apply excepted for now). */
export const PATCH_TYPES: readonly string[] = ['application/json-patch+json', 'application/merge-patch+json'];

/** A delete's outcome: the object, and whether it is gone or only marked (finalizers pending). */
export interface DeleteResult {
  object: JsonObject;
  deleted: boolean;
}

export interface StoreOptions {
  /** The first segment of every key (default `/registry`). */
  keyPrefix?: string;
  /** The clock of creationTimestamp and deletionTimestamp. */
  now?: () => Date;
  /** The admission plugins of this kind: mutating after decoding, validating after validation, before any write. */
  admission?: AdmissionChain;
}

/** How many names a create with `generateName` tries before it answers AlreadyExists (the apiserver's retries). */
const GENERATE_NAME_ATTEMPTS = 8;

const ORPHAN = 'orphan';
const FOREGROUND = 'foregroundDeletion';

/** An RFC 3339 time at second precision, as metav1.Time marshals. */
const rfc3339 = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

export class Store {
  readonly gr: GroupResource;
  private readonly keyPrefix: string;
  private readonly now: () => Date;
  private readonly admission: AdmissionChain | undefined;

  constructor(
    readonly def: ResourceDefinition,
    readonly storage: Storage,
    options: StoreOptions = {},
  ) {
    this.gr = { group: def.group, resource: def.resource };
    this.keyPrefix = `${options.keyPrefix ?? '/registry'}/${def.group}/${def.resource}/`;
    this.now = options.now ?? (() => new Date());
    this.admission = options.admission?.empty === false ? options.admission : undefined;
  }

  /** The key of an object, or the prefix of a namespace's (or every) object when `name` is absent. */
  key(namespace: string, name?: string): string {
    const ns = this.def.namespaced && namespace !== '' ? `${namespace}/` : '';
    return name === undefined ? this.keyPrefix + ns : this.keyPrefix + ns + name;
  }

  private version(scope: RequestScope): VersionDefinition {
    const v = this.def.versions.find((x) => x.name === scope.version);
    if (!v) throw newNotFound(this.gr, scope.version);
    return v;
  }

  private apiVersion(version: string): string {
    return `${this.def.group}/${version}`;
  }

  private toStorage(obj: JsonObject): JsonObject {
    return this.def.convert(obj, this.apiVersion(this.def.storageVersion));
  }

  private fromStorage(obj: StoredObject, version: string): JsonObject {
    return this.def.convert(obj, this.apiVersion(version));
  }

  /**
   * A request body as the apiserver decodes it into this kind of `scope.version`: a JSON object of this apiVersion and
   * kind (absent ones filled in), pruned to the schema, its ObjectMeta decoded, defaulted.
   */
  decode(body: unknown, scope: RequestScope): JsonObject {
    if (!isJsonObject(body)) throw newBadRequest(`the body of the request is not a JSON object: ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}`);
    const want = this.apiVersion(scope.version);
    const apiVersion = body.apiVersion ?? want;
    const kind = body.kind ?? this.def.kind;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') throw newBadRequest('the body of the request has an apiVersion or kind that is not a string');
    if (apiVersion !== want) throw newBadRequest(`the API version in the data (${apiVersion}) does not match the expected API version (${want})`);
    if (kind !== this.def.kind) throw newBadRequest(`the kind in the data (${kind}) does not match the expected kind (${this.def.kind}) of ${this.def.resource}.${this.def.group}`);
    const version = this.version(scope);
    const withType: JsonObject = { ...body, apiVersion, kind };
    // Pruned (walks that follow the data use explicit stacks); the validator then refuses nesting past 10,000 levels.
    const pruned = version.schema ? prepareObject(version.schema, withType) : cloneJSON(withType);
    const obj: JsonObject = isJsonObject(pruned) ? cloneJSON(pruned) : {};
    obj.apiVersion = apiVersion;
    obj.kind = kind;
    obj.metadata = decodeObjectMeta(body.metadata);
    version.setDefaults?.(obj);
    return obj;
  }

  private checkNamespace(obj: JsonObject, scope: RequestScope): void {
    const meta = metaOf(obj);
    if (!this.def.namespaced) {
      delete meta.namespace;
      return;
    }
    const ns = str(meta.namespace);
    if (ns !== '' && ns !== scope.namespace) throw newBadRequest('the namespace of the provided object does not match the namespace sent on the request');
    meta.namespace = scope.namespace;
  }

  private validate(obj: JsonObject, version: VersionDefinition, causes: StatusCause[], old?: JsonObject): void {
    const result = version.validate?.(obj, old ? { oldObject: old } : {});
    for (const e of result?.errors ?? []) causes.push({ reason: e.type, message: e.message, field: e.field });
    if (causes.length > 0) throw newInvalidAggregate(this.def.group, this.def.kind, str(metaOf(obj).name), causes);
  }

  async create(scope: RequestScope, body: unknown): Promise<JsonObject> {
    const version = this.version(scope);
    let obj = this.decode(body, scope);
    this.checkNamespace(obj, scope);
    const attrs: Omit<AdmissionAttributes, 'name'> = { operation: 'CREATE', ...admissionScope(scope) };
    const mutated = await this.admission?.mutate({ ...attrs, name: str(metaOf(obj).name), object: obj });
    if (mutated) {
      obj = this.decode(mutated, scope);
      this.checkNamespace(obj, scope);
    }
    const meta = metaOf(obj);
    if (str(meta.resourceVersion) !== '') throw newInternalError('resourceVersion should not be set on objects to be created');
    // PrepareForCreate and FillObjectMetaSystemFields.
    if (this.def.subresources.status) delete obj.status;
    meta.generation = 1;
    meta.uid = randomUUID();
    meta.creationTimestamp = rfc3339(this.now());
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    delete meta.selfLink;
    const base = str(meta.generateName);
    if (str(meta.name) === '' && base !== '') meta.name = generateName(base);
    this.validate(obj, version, validateObjectMeta(meta, this.def.namespaced));
    await this.admission?.validate({ ...attrs, name: str(meta.name), object: obj });
    for (let attempt = 1; ; attempt++) {
      try {
        const created = await this.storage.create(this.key(scope.namespace, str(meta.name)), this.toStorage(obj));
        return this.fromStorage(created, scope.version);
      } catch (err) {
        if (isStorageError(err, 'KeyExists') && base !== '' && attempt < GENERATE_NAME_ATTEMPTS) {
          meta.name = generateName(base);
          continue;
        }
        throw interpret(err, 'create', this.gr, str(meta.name));
      }
    }
  }

  async get(scope: RequestScope, name: string, resourceVersion?: string): Promise<JsonObject> {
    this.version(scope);
    let got: StoredObject | undefined;
    try {
      got = await this.storage.get(this.key(scope.namespace, name), resourceVersion === undefined ? {} : { resourceVersion });
    } catch (err) {
      throw interpret(err, 'get', this.gr, name);
    }
    if (!got) throw newNotFound(this.gr, name);
    return this.fromStorage(got, scope.version);
  }

  /** The predicate of a list or watch's selectors; a selector that does not parse, or a field not selectable, is a 400. */
  predicate(labelSelector = '', fieldSelector = ''): Predicate & { name?: string } {
    let labels: LabelRequirement[];
    let fields: FieldRequirement[];
    try {
      labels = parseLabelSelector(labelSelector);
      fields = parseFieldSelector(fieldSelector);
    } catch (err) {
      if (err instanceof SelectorParseError) throw newBadRequest(err.message);
      throw err;
    }
    for (const f of fields) {
      if (f.field !== 'metadata.name' && !(this.def.namespaced && f.field === 'metadata.namespace') && !this.def.selectableFields.has(f.field)) {
        throw newBadRequest(`field label not supported: ${f.field}`);
      }
    }
    const single = fields.length === 1 && fields[0]?.operator === '=' && fields[0].field === 'metadata.name' ? fields[0].value : undefined;
    return {
      empty: labels.length === 0 && fields.length === 0,
      ...(single !== undefined ? { name: single } : {}),
      matches: (obj) => {
        const meta = metaOf(obj);
        const objLabels: Record<string, string> = {};
        if (isJsonObject(meta.labels)) for (const [k, v] of Object.entries(meta.labels)) if (typeof v === 'string') objLabels[k] = v;
        if (!matchLabels(labels, objLabels)) return false;
        if (fields.length === 0) return true;
        return matchFields(fields, this.fieldsOf(obj));
      },
    };
  }

  private fieldsOf(obj: StoredObject): Record<string, string> {
    const meta = metaOf(obj);
    const out: Record<string, string> = { 'metadata.name': str(meta.name) };
    if (this.def.namespaced) out['metadata.namespace'] = str(meta.namespace);
    for (const field of this.def.selectableFields.keys()) {
      let v: unknown = obj;
      for (const part of field.split('.')) v = isJsonObject(v) && Object.hasOwn(v, part) ? v[part] : undefined;
      out[field] = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
    }
    return out;
  }

  async list(scope: RequestScope, params: ListParams = {}): Promise<JsonObject> {
    this.version(scope);
    const predicate = this.predicate(params.labelSelector, params.fieldSelector);
    let result;
    try {
      result = await this.storage.getList(this.key(scope.namespace), {
        predicate,
        ...(params.limit !== undefined ? { limit: params.limit } : {}),
        ...(params.continue !== undefined ? { continue: params.continue } : {}),
        ...(params.resourceVersion !== undefined ? { resourceVersion: params.resourceVersion } : {}),
        ...(params.resourceVersionMatch !== undefined ? { resourceVersionMatch: params.resourceVersionMatch } : {}),
      });
    } catch (err) {
      throw interpret(err, 'list', this.gr, '');
    }
    const metadata: JsonObject = { resourceVersion: result.resourceVersion };
    if (result.continue !== '') metadata.continue = result.continue;
    if (result.remainingItemCount !== undefined) metadata.remainingItemCount = result.remainingItemCount;
    return {
      apiVersion: this.apiVersion(scope.version),
      kind: this.def.listKind,
      metadata,
      items: result.items.map((i) => this.fromStorage(i, scope.version)),
    };
  }

  /** A watch of the scope's objects; its events' objects are in storage version (`eventObject` converts them). */
  async watch(scope: RequestScope, params: WatchParams = {}): Promise<Watch> {
    this.version(scope);
    const predicate = this.predicate(params.labelSelector, params.fieldSelector);
    // One name: watch its key alone (Go's MatchesSingle).
    const key = predicate.name !== undefined && (scope.namespace !== '' || !this.def.namespaced) ? this.key(scope.namespace, predicate.name) : this.key(scope.namespace);
    try {
      return await this.storage.watch(key, {
        predicate,
        ...(params.resourceVersion !== undefined ? { resourceVersion: params.resourceVersion } : {}),
        ...(params.allowWatchBookmarks !== undefined ? { allowWatchBookmarks: params.allowWatchBookmarks } : {}),
        ...(params.sendInitialEvents !== undefined ? { sendInitialEvents: params.sendInitialEvents } : {}),
        ...(params.signal ? { signal: params.signal } : {}),
      });
    } catch (err) {
      throw interpret(err, 'watch', this.gr, '');
    }
  }

  /** A watch event's object in the request version (a bookmark gets only its apiVersion and kind). */
  eventObject(obj: JsonObject, type: string, scope: RequestScope): JsonObject {
    if (type === 'ERROR') return obj;
    if (type === 'BOOKMARK') return { apiVersion: this.apiVersion(scope.version), kind: this.def.kind, ...obj };
    return this.fromStorage(obj, scope.version);
  }

  /** Replaces the object (PUT), of the main resource or the status subresource. */
  async update(scope: RequestScope, name: string, body: unknown, subresource?: 'status'): Promise<JsonObject> {
    const obj = this.decode(body, scope);
    const meta = metaOf(obj);
    if (str(meta.name) !== name) throw newBadRequest(`the name of the object (${str(meta.name)}) does not match the name on the URL (${name})`);
    this.checkNamespace(obj, scope);
    return this.updateWith(scope, name, subresource, () => cloneJSON(obj));
  }

  /** Patches the object (PATCH) with a JSON patch or a JSON merge patch. */
  async patch(scope: RequestScope, name: string, patchType: string, patch: unknown, subresource?: 'status'): Promise<JsonObject> {
    if (!PATCH_TYPES.includes(patchType)) throw unsupportedMediaType(PATCH_TYPES);
    if (patchType === 'application/json-patch+json' && !Array.isArray(patch)) throw newBadRequest('the JSON patch is not a JSON array of operations');
    return this.updateWith(scope, name, subresource, (current) => {
      let patched: unknown;
      try {
        patched = patchType === 'application/json-patch+json' ? applyJsonPatch(current, Array.isArray(patch) ? patch : []) : applyMergePatch(current, patch);
      } catch (err) {
        if (err instanceof JsonPatchError) throw new StatusError({ code: 422, reason: 'Invalid', message: err.message });
        throw err;
      }
      const obj = this.decode(patched, scope);
      const meta = metaOf(obj);
      if (str(meta.name) !== name) throw newBadRequest(`the name of the object (${str(meta.name)}) does not match the name on the URL (${name})`);
      this.checkNamespace(obj, scope);
      return obj;
    });
  }

  /**
   * The update loop shared by PUT and PATCH: `next(current)` makes the new object (request version) from the current
   * one, again after a concurrent write; then BeforeUpdate's rules, validation, the write; an object being deleted
   * whose last finalizer went is deleted.
   */
  private async updateWith(scope: RequestScope, name: string, subresource: 'status' | undefined, next: (current: JsonObject) => JsonObject): Promise<JsonObject> {
    const version = this.version(scope);
    const key = this.key(scope.namespace, name);
    let updated: StoredObject;
    try {
      updated = await this.storage.guaranteedUpdate(key, {
        tryUpdate: async (stored) => {
          if (!stored) throw newNotFound(this.gr, name);
          const current = this.fromStorage(stored, scope.version);
          const currentMeta = metaOf(current);
          let obj = next(current);
          let meta = metaOf(obj);
          const rv = str(meta.resourceVersion);
          if (rv !== '' && rv !== str(currentMeta.resourceVersion)) throw newStaleConflict(this.gr, name);
          if (subresource === 'status') {
            // The status subresource changes the status only.
            const status = obj.status;
            obj = cloneJSON(current);
            if (status === undefined) delete obj.status;
            else obj.status = status;
            meta = metaOf(obj);
          } else if (this.def.subresources.status) {
            if (current.status === undefined) delete obj.status;
            else obj.status = cloneJSON(current.status);
          }
          const attrs: AdmissionAttributes = {
            operation: 'UPDATE',
            ...admissionScope(scope),
            name,
            oldObject: current,
            ...(subresource ? { subresource } : {}),
          };
          const mutated = await this.admission?.mutate({ ...attrs, object: obj });
          if (mutated) {
            obj = this.decode(mutated, scope);
            this.checkNamespace(obj, scope);
            meta = metaOf(obj);
          }
          // BeforeUpdate: the system fields are the stored ones.
          if (str(meta.uid) === '') meta.uid = currentMeta.uid ?? '';
          for (const f of ['creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation'] as const) {
            if (currentMeta[f] === undefined) delete meta[f];
            else meta[f] = currentMeta[f];
          }
          if (!sameExceptMetadata(obj, current, this.def.subresources.status)) meta.generation = Number(currentMeta.generation ?? 0) + 1;
          const causes = [...validateObjectMeta(meta, this.def.namespaced), ...validateObjectMetaUpdate(meta, currentMeta)];
          if (currentMeta.deletionTimestamp !== undefined) {
            const before = new Set(Array.isArray(currentMeta.finalizers) ? currentMeta.finalizers : []);
            const added = (Array.isArray(meta.finalizers) ? meta.finalizers : []).filter((f) => !before.has(f));
            if (added.length > 0) {
              causes.push({
                reason: 'FieldValueForbidden',
                field: 'metadata.finalizers',
                message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f) => JSON.stringify(f)).join(', ')}}`,
              });
            }
          }
          this.validate(obj, version, causes, current);
          await this.admission?.validate({ ...attrs, object: obj });
          delete meta.resourceVersion;
          return this.toStorage(obj);
        },
      });
    } catch (err) {
      throw interpret(err, 'update', this.gr, name);
    }
    const meta = metaOf(updated);
    if (meta.deletionTimestamp !== undefined && (!Array.isArray(meta.finalizers) || meta.finalizers.length === 0)) {
      try {
        const deleted = await this.storage.delete(key, { preconditions: { uid: str(meta.uid), resourceVersion: str(meta.resourceVersion) } });
        return this.fromStorage(deleted, scope.version);
      } catch (err) {
        // Someone else deleted or changed it meanwhile: what they did stands.
        if (!isStorageError(err, 'KeyNotFound') && !isStorageError(err, 'InvalidObj')) throw interpret(err, 'delete', this.gr, name);
      }
    }
    return this.fromStorage(updated, scope.version);
  }

  async delete(scope: RequestScope, name: string, params: DeleteParams = {}): Promise<DeleteResult> {
    this.version(scope);
    if (params.orphanDependents !== undefined && params.propagationPolicy !== undefined) {
      throw newInvalidAggregate('meta.k8s.io', 'DeleteOptions', '', [
        { reason: 'FieldValueInvalid', field: 'propagationPolicy', message: `Invalid value: ${JSON.stringify(params.propagationPolicy)}: orphanDependents and deletionPropagation cannot be both set` },
      ]);
    }
    const key = this.key(scope.namespace, name);
    const preconditions = params.preconditions ?? {};
    const gcFinalizer = params.propagationPolicy === 'Orphan' || params.orphanDependents === true ? ORPHAN : params.propagationPolicy === 'Foreground' ? FOREGROUND : undefined;
    try {
      const existing = await this.storage.get(key);
      if (!existing) throw newNotFound(this.gr, name);
      if (this.admission) {
        const attrs: AdmissionAttributes = { operation: 'DELETE', ...admissionScope(scope), name, oldObject: this.fromStorage(existing, scope.version) };
        await this.admission.mutate(attrs);
        await this.admission.validate(attrs);
      }
      const existingMeta = metaOf(existing);
      const finalizers = Array.isArray(existingMeta.finalizers) ? existingMeta.finalizers : [];
      if (finalizers.length > 0 || gcFinalizer !== undefined) {
        // Graceful: mark it, the finalizers' owners delete it.
        const marked = await this.storage.guaranteedUpdate(key, {
          preconditions,
          tryUpdate: (cur) => {
            if (!cur) throw newNotFound(this.gr, name);
            const meta = metaOf(cur);
            const list = Array.isArray(meta.finalizers) ? meta.finalizers.filter((f) => typeof f === 'string') : [];
            if (gcFinalizer !== undefined && !list.includes(gcFinalizer)) list.push(gcFinalizer);
            if (gcFinalizer === ORPHAN) meta.finalizers = list.filter((f) => f !== FOREGROUND);
            else if (gcFinalizer === FOREGROUND) meta.finalizers = list.filter((f) => f !== ORPHAN);
            else meta.finalizers = list;
            if (meta.deletionTimestamp === undefined) {
              meta.deletionTimestamp = rfc3339(this.now());
              meta.deletionGracePeriodSeconds = 0;
            }
            delete meta.resourceVersion;
            return cur;
          },
        });
        return { object: this.fromStorage(marked, scope.version), deleted: false };
      }
      const deleted = await this.storage.delete(key, { preconditions });
      return { object: this.fromStorage(deleted, scope.version), deleted: true };
    } catch (err) {
      throw interpret(err, 'delete', this.gr, name);
    }
  }

  /** Deletes every object of the scope the selectors select; the list of what was deleted (or marked). */
  async deleteCollection(scope: RequestScope, list: ListParams, params: DeleteParams = {}): Promise<JsonObject> {
    const { items } = await this.list(scope, { ...list, limit: 0 });
    const out: JsonObject[] = [];
    for (const item of Array.isArray(items) ? items : []) {
      if (!isJsonObject(item)) continue;
      const meta = metaOf(item);
      try {
        const r = await this.delete({ ...scope, namespace: str(meta.namespace) }, str(meta.name), params);
        out.push(r.object);
      } catch (err) {
        // Deleted by someone else meanwhile: nothing to do (the apiserver's deleteCollection ignores NotFound).
        if (!(err instanceof StatusError && err.code === 404)) throw err;
      }
    }
    const rv = await this.storage.currentResourceVersion();
    return { apiVersion: this.apiVersion(scope.version), kind: this.def.listKind, metadata: { resourceVersion: rv }, items: out };
  }
}

/** What admission attributes take from the request's scope. */
function admissionScope(scope: RequestScope): Pick<AdmissionAttributes, 'version' | 'namespace' | 'userInfo' | 'warnings'> {
  return { version: scope.version, namespace: scope.namespace, ...(scope.user ? { userInfo: scope.user } : {}), ...(scope.warnings ? { warnings: scope.warnings } : {}) };
}

/** Whether two objects differ only in metadata (and status, when it is a subresource): no new generation then. */
function sameExceptMetadata(a: JsonObject, b: JsonObject, statusSubresource: boolean): boolean {
  const strip = (o: JsonObject): JsonObject => {
    const { metadata: _m, status, ...rest } = o;
    return statusSubresource || status === undefined ? rest : { ...rest, status };
  };
  return JSON.stringify(canonical(strip(a))) === JSON.stringify(canonical(strip(b)));
}

/** A JSON value with its object keys sorted, for comparisons that ignore key order. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (!isJsonObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort()) Object.defineProperty(out, k, { value: canonical(v[k]), enumerable: true, writable: true, configurable: true });
  return out;
}
