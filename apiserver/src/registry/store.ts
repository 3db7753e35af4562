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
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInternalError,
  newNotFound,
  newStaleConflict,
} from '@kubegen/runtime';
import { type FieldRequirement, type LabelRequirement, SelectorParseError, matchFields, matchLabels, parseFieldSelector, parseLabelSelector } from '@kubegen/runtime/client';
import { setOwn } from '@kubegen/runtime/internal';
import { type FieldError, prepareObject, scaleErrors } from '@kubegen/runtime/validation';
import { applyJsonPatch, JsonPatchError } from '@kubegen/runtime/webhook/admission';
import { applyMergePatch } from '@kubegen/runtime/testing';
import type { UserInfo } from '@kubegen/runtime/webhook/admission';
import type { AdmissionAttributes, AdmissionChain } from '../admission/chain';
import type { Predicate, ResourceVersionMatch, Storage, StoredObject, Watch } from '../storage';
import { StorageError, isStorageError, parseResourceVersion } from '../storage';
import { SCHEME_NAME, goJsonType } from './gojson';
import type { ResourceDefinition, ScaleSubresource, VersionDefinition } from './definition';
import { interpret, newInvalidAggregate, unsupportedMediaType } from './errors';
import { decodeObjectMeta, generateName, metaOf, str, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { FieldManager, FieldSet, SCALE_API_VERSION, SCALE_TYPE, type TypeNode, fieldElement, replicasPath, sameObject, toParent, toSubresource, typeOf } from '../fieldmanager';

/** Where a request is: the version it speaks and its namespace (`''`: all namespaces, or a cluster-scoped resource). */
export interface RequestScope {
  readonly version: string;
  readonly namespace: string;
  /** Who asks (what admission plugins see as `userInfo`). */
  readonly user?: UserInfo;
  /** Collects the admission plugins' warnings (and those of unknown fields) for the response. */
  readonly warnings?: string[];
  /**
   * What an unknown field of a request's object is (`fieldValidation`): dropped (`Ignore`), dropped with a warning
   * (`Warn`, the default), or refused (`Strict`).
   */
  readonly fieldValidation?: FieldValidation;
  /** `dryRun=All`: the request runs to its end (admission with `dryRun` true) but nothing is written. */
  readonly dryRun?: boolean;
  /** Who writes (`fieldManager`, or the prefix of the user agent): the manager of the fields a write sets. */
  readonly fieldManager?: string;
  /** An apply's `force`: take the fields it conflicts on from their managers. */
  readonly force?: boolean;
  /**
   * The strict JSON decoder's errors about the request's body itself (its repeated keys: `duplicate field
   * "spec.image"`), answered before its unknown fields as `fieldValidation` says.
   */
  readonly strictErrors?: readonly string[];
}

export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';

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
  /** The request's timeout: the watch ends after it (the watch cache sends a bookmark 2 s before). */
  timeoutMs?: number;
}

/** metav1.DeleteOptions, as far as the store reads them. */
export interface DeleteParams {
  preconditions?: { uid?: string; resourceVersion?: string };
  /**
   * Accepted and, as for a CRD, without effect: the generic registry without a graceful-delete strategy deletes at
   * once (an object with finalizers is marked with a grace period of 0).
   */
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  orphanDependents?: boolean;
}

export type PatchType = 'application/json-patch+json' | 'application/merge-patch+json' | 'application/strategic-merge-patch+json' | 'application/apply-patch+yaml';

export const APPLY_PATCH = 'application/apply-patch+yaml';

/** The patch types a resource of this store accepts (those of a CRD). */
export const PATCH_TYPES: readonly string[] = ['application/json-patch+json', 'application/merge-patch+json', APPLY_PATCH];

/** The patch types of the scale subresource. */
export const SCALE_PATCH_TYPES: readonly string[] = ['application/json-patch+json', 'application/merge-patch+json', APPLY_PATCH];

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
   * A request body as the apiserver decodes it into this kind of `scope.version`: a JSON object of this apiVersion
   * (any kind: a wrong one is a validation error, as for a CRD), pruned to the schema, its ObjectMeta decoded,
   * defaulted. Unknown fields (pruned ones, and ObjectMeta's) are answered as `scope.fieldValidation` says: a warning
   * by default; with `Strict` a 400 (`unknownFields: 'patch'`: the 422 of a patch, which names the patched object);
   * never for `unknownFields: 'ignore'` (an object admission plugins made).
   */
  decode(body: unknown, scope: RequestScope, unknownFields: 'report' | 'patch' | 'ignore' = 'report', defaults = true): JsonObject {
    if (!isJsonObject(body)) throw newBadRequest(`the body of the request is not a JSON object: ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}`);
    const want = this.apiVersion(scope.version);
    const apiVersion = typeof body.apiVersion === 'string' ? body.apiVersion : '';
    const kind = typeof body.kind === 'string' ? body.kind : '';
    const report = (unknown: string[], version: string) => {
      if (unknownFields === 'ignore') return;
      const texts = [...(scope.strictErrors ?? []), ...[...new Set(unknown)].sort().map((f) => `unknown field ${JSON.stringify(f)}`)];
      if (texts.length === 0) return;
      const mode = scope.fieldValidation ?? 'Warn';
      if (mode === 'Strict' && unknownFields === 'patch') {
        throw newInvalidAggregate('', '', '', [{ reason: 'FieldValueInvalid', field: 'patch', message: `Invalid value: ${JSON.stringify(JSON.stringify(canonical(body)))}: strict decoding error: ${texts.join(', ')}` }]);
      }
      if (mode === 'Strict') throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${this.def.kind}: strict decoding error: ${texts.join(', ')}`);
      if (mode === 'Warn') scope.warnings?.push(...texts);
    };
    if (apiVersion !== want) {
      // A version of this group it does not serve: decoded with no schema (every field but the type and ObjectMeta is
      // unknown, and reported), then refused.
      const slash = apiVersion.lastIndexOf('/');
      if (slash >= 0 && apiVersion.slice(0, slash) === this.def.group && !this.def.versions.some((v) => v.name === apiVersion.slice(slash + 1))) {
        report(Object.keys(body).filter((k) => k !== 'apiVersion' && k !== 'kind' && k !== 'metadata'), apiVersion.slice(slash + 1));
      }
      throw newBadRequest(`the API version in the data (${apiVersion}) does not match the expected API version (${want})`);
    }
    const version = this.version(scope);
    const prefix = `${kind} in version ${JSON.stringify(scope.version)} cannot be handled as a ${this.def.kind}: `;
    const unknown: string[] = [];
    const metadata = decodeObjectMeta(body.metadata, prefix, unknown);
    const withType: JsonObject = { ...body, apiVersion, kind };
    // Pruned (walks that follow the data use explicit stacks); the validator then refuses nesting past 10,000 levels.
    const pruned = version.schema ? prepareObject(version.schema, withType) : cloneJSON(withType);
    const obj: JsonObject = isJsonObject(pruned) ? cloneJSON(pruned) : {};
    if (version.schema) collectPruned(withType, obj, '', unknown, 0);
    report(unknown, scope.version);
    obj.apiVersion = apiVersion;
    obj.kind = kind;
    obj.metadata = metadata;
    if (defaults) version.setDefaults?.(obj);
    return obj;
  }

  /**
   * The field manager of a write in `scope` (to the main resource or a subresource): the fields the subresource resets
   * are nobody's — the status on the main resource of a kind with the status subresource, the spec on the status.
   */
  private fieldManager(scope: RequestScope, subresource: 'status' | 'scale' | undefined): FieldManager {
    const version = this.version(scope);
    const ignored = subresource === 'status' ? FieldSet.of([fieldElement('spec')]) : subresource === undefined && this.def.subresources.status ? FieldSet.of([fieldElement('status')]) : new FieldSet();
    return new FieldManager({ type: this.typeOfVersion(version), apiVersion: this.apiVersion(scope.version), subresource: subresource ?? '', ignored, now: this.now, versions: this.fieldManagerVersions });
  }

  /** The field manager's view of the kind's versions: their schemas as types, the generated converters between them. */
  private readonly fieldManagerVersions = {
    convert: (obj: JsonObject, apiVersion: string): JsonObject | undefined => (this.servedVersion(apiVersion) ? this.def.convert(obj, apiVersion) : undefined),
    type: (apiVersion: string): TypeNode | undefined => {
      const v = this.servedVersion(apiVersion);
      return v && this.typeOfVersion(v);
    },
  };

  private readonly types = new Map<string, TypeNode>();

  /** A version's schema as the field manager's type (computed once). */
  private typeOfVersion(version: VersionDefinition): TypeNode {
    let t = this.types.get(version.name);
    if (!t) {
      t = typeOf(version.schema, true);
      this.types.set(version.name, t);
    }
    return t;
  }

  /** The served version of `apiVersion` (`group/version`), if any. */
  private servedVersion(apiVersion: string): VersionDefinition | undefined {
    return this.def.versions.find((v) => this.apiVersion(v.name) === apiVersion);
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

  /**
   * The kind's validation (the CRD validator's order): a wrong kind is the only error when there is one; then ObjectMeta's
   * `causes`, then the version's generated validation.
   */
  private validate(obj: JsonObject, version: VersionDefinition, causes: StatusCause[], old?: JsonObject): void {
    const kind = str(obj.kind);
    if (kind !== this.def.kind) {
      throw newInvalidAggregate(this.def.group, kind, str(metaOf(obj).name), [{ reason: 'FieldValueInvalid', field: 'kind', message: `Invalid value: ${JSON.stringify(kind)}: must be ${this.def.kind}` }]);
    }
    const result = version.validate?.(obj, old ? { oldObject: old } : {});
    const errors: FieldError[] = [...(result?.errors ?? [])];
    // the CRD validator's ValidateScaleSpec / ValidateScaleStatus, after the schema's errors
    if (this.def.subresources.scale) scaleErrors(obj, this.def.subresources.scale, errors);
    for (const e of errors) causes.push({ reason: e.type, message: e.message, field: e.field });
    if (causes.length > 0) throw newInvalidAggregate(this.def.group, this.def.kind, str(metaOf(obj).name), causes);
  }

  async create(scope: RequestScope, body: unknown, applied?: JsonObject): Promise<JsonObject> {
    const version = this.version(scope);
    let obj = applied ?? this.decode(body, scope);
    this.checkNamespace(obj, scope);
    // the creator's fields (an apply's object comes with its Apply entry)
    if (!applied) setManagedFields(obj, this.fieldManager(scope, undefined).update(undefined, obj, scope.fieldManager ?? ''));
    const attrs: Omit<AdmissionAttributes, 'name'> = { operation: 'CREATE', ...admissionScope(scope) };
    const mutated = await this.admission?.mutate({ ...attrs, name: str(metaOf(obj).name), object: obj });
    if (mutated) {
      obj = this.decode(mutated, scope, 'ignore');
      this.checkNamespace(obj, scope);
    }
    const meta = metaOf(obj);
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
    if (scope.dryRun) {
      // DryRunnableStorage: AlreadyExists when the key holds an object, else what would have been stored.
      let existing: StoredObject | undefined;
      try {
        existing = await this.storage.get(this.key(scope.namespace, str(meta.name)));
      } catch (err) {
        throw interpret(err, 'create', this.gr, str(meta.name));
      }
      if (existing) throw newAlreadyExists(this.gr, str(meta.name));
      delete meta.resourceVersion;
      return this.fromStorage(this.toStorage(obj), scope.version);
    }
    // etcd3's Create: a resourceVersion that parses to anything but 0 is refused (an error of no reason, a 500).
    if (/^[0-9]+$/.test(str(meta.resourceVersion)) && BigInt(str(meta.resourceVersion)) !== 0n) {
      throw new StatusError({ code: 500, message: 'resourceVersion should not be set on objects to be created' });
    }
    delete meta.resourceVersion;
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
        ...(params.timeoutMs !== undefined ? { timeoutMs: params.timeoutMs } : {}),
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
    return this.updateWith(scope, name, subresource, () => cloneJSON(obj), true);
  }

  /** Patches the object (PATCH) with a JSON patch, a JSON merge patch or an apply configuration. */
  async patch(scope: RequestScope, name: string, patchType: string, patch: unknown, subresource?: 'status'): Promise<JsonObject> {
    if (!PATCH_TYPES.includes(patchType)) throw unsupportedMediaType(PATCH_TYPES);
    if (patchType === APPLY_PATCH) return (await this.apply(scope, name, patch, subresource)).object;
    return this.updateWith(scope, name, subresource, (current) => {
      // the patcher decodes a JSON or merge patch as it applies it to the object it found: a missing object is a 404 first
      checkPatch(patchType, patch);
      const obj = this.decode(applyPatch(patchType, patch, current), scope, 'patch');
      const meta = metaOf(obj);
      if (str(meta.name) !== name) throw newBadRequest(`the name of the object (${str(meta.name)}) does not match the name on the URL (${name})`);
      this.checkNamespace(obj, scope);
      return obj;
    });
  }

  /**
   * Server-side apply (the patcher's applyPatcher): the configuration, of the request's version and without
   * managedFields, merged into the object by the field manager (a 409 on conflicts unless `force`); an object that does
   * not exist is created from it (`created`).
   */
  async apply(request: RequestScope, name: string, body: unknown, subresource?: 'status'): Promise<{ object: JsonObject; created: boolean }> {
    checkPatch(APPLY_PATCH, body);
    // an apply patch's repeated keys (yaml.v2's lines) are answered once it applied, not with the object's unknown fields
    const { strictErrors: repeated = [], ...scope } = request;
    const patch = isJsonObject(body) ? body : {};
    const manager = scope.fieldManager ?? '';
    const fm = this.fieldManager(scope, subresource);
    const gv = typeof patch.apiVersion === 'string' ? patch.apiVersion : '';
    if (gv !== this.apiVersion(scope.version)) {
      // a version the kind does not serve cannot be converted; a served one is not the request's
      if (!this.def.versions.some((v) => this.apiVersion(v.name) === gv)) throw newBadRequest(`invalid object type: ${gv}, Kind=${typeof patch.kind === 'string' ? patch.kind : ''}`);
      throw newBadRequest(`Incorrect version specified in apply patch. Specified patch version: ${gv}, expected: ${this.apiVersion(scope.version)}`);
    }
    const given = isJsonObject(patch.metadata) ? patch.metadata : {};
    if (Object.hasOwn(given, 'managedFields') && given.managedFields !== null) throw newBadRequest('metadata.managedFields must be nil');
    // pruned to the schema, but a field the configuration does not name (a default, an ObjectMeta field) is not the manager's
    const config = onlyGiven(this.decode(patch, scope, 'patch', false), patch);
    const checked = (obj: JsonObject): JsonObject => {
      // the applyPatcher's strict decoding of the patch, after the field manager's apply (its conflicts first)
      if (repeated.length > 0 && scope.fieldValidation === 'Strict') {
        throw newBadRequest(`error strict decoding patch: error converting YAML to JSON: yaml: unmarshal errors: ${repeated.join('; ')}`);
      }
      if (repeated.length > 0 && (scope.fieldValidation ?? 'Warn') === 'Warn') scope.warnings?.push(...repeated);
      const out = this.decode(obj, scope, 'ignore');
      if (str(metaOf(out).name) !== name) throw newBadRequest(`the name of the object (${str(metaOf(out).name)}) does not match the name on the URL (${name})`);
      this.checkNamespace(out, scope);
      return out;
    };
    try {
      return { object: await this.updateWith(scope, name, subresource, (current) => checked(fm.apply(current, {}, config, manager, scope.force === true, patch)), false, false), created: false };
    } catch (err) {
      if (!(err instanceof StatusError && err.code === 404 && err.reason === 'NotFound') || subresource !== undefined) throw err;
    }
    const empty: JsonObject = { apiVersion: this.apiVersion(scope.version), kind: this.def.kind, metadata: { name, ...(this.def.namespaced ? { namespace: scope.namespace } : {}) } };
    return { object: await this.create(scope, undefined, checked(fm.apply(undefined, empty, config, manager, scope.force === true, patch))), created: true };
  }

  /** The scale subresource's definition; 404 when the kind has none. */
  private scaleDef(): ScaleSubresource {
    const scale = this.def.subresources.scale;
    if (!scale) throw newNotFound(this.gr, '');
    return scale;
  }

  /** GET `/scale`: the object's autoscaling/v1 Scale (ScaleREST.Get: a 500 when the spec replicas are absent). */
  async getScale(scope: RequestScope, name: string, resourceVersion?: string): Promise<JsonObject> {
    const scale = this.scaleDef();
    const obj = await this.get(scope, name, resourceVersion);
    const { object, specFound } = scaleOf(obj, scale);
    if (!specFound) throw newInternalError(`the spec replicas field ${JSON.stringify(scale.specReplicasPath)} does not exist`);
    return object;
  }

  /** PUT `/scale`: the Scale's spec.replicas written to the object's spec replicas path (its resourceVersion a precondition). */
  async updateScale(scope: RequestScope, name: string, body: unknown): Promise<JsonObject> {
    const scale = this.scaleDef();
    const requested = decodeScale(body);
    return this.scaleUpdate(scope, name, scale, () => requested);
  }

  /** PATCH `/scale`: the patch applied to the current Scale, then as PUT; an apply through the Scale's field manager. */
  async patchScale(scope: RequestScope, name: string, patchType: string, patch: unknown): Promise<JsonObject> {
    const scale = this.scaleDef();
    if (!SCALE_PATCH_TYPES.includes(patchType)) throw unsupportedMediaType(SCALE_PATCH_TYPES);
    if (patchType === APPLY_PATCH) return this.applyScale(scope, name, scale, patch);
    checkPatch(patchType, patch);
    return this.scaleUpdate(scope, name, scale, (current) => decodeScale(applyPatch(patchType, patch, current)));
  }

  /** The field manager of the Scale (of `autoscaling/v1`, the subresource `scale`). */
  private scaleFieldManager(): FieldManager {
    return new FieldManager({ type: SCALE_TYPE, apiVersion: SCALE_API_VERSION, subresource: 'scale', ignored: new FieldSet(), now: this.now });
  }

  /** The object's Scale with the managedFields its field manager sees (ScaleHandler.ToSubresource). */
  private scaleView(current: JsonObject, scale: ScaleSubresource): JsonObject {
    const view = scaleOf(current, scale).object;
    const entries = toSubresource(managedEntries(current), this.servedApiVersions(), replicasPath(scale.specReplicasPath));
    if (entries.length > 0) metaOf(view).managedFields = entries;
    return view;
  }

  /** The object's managedFields after the Scale's field manager left `scaleEntries` (ScaleHandler.ToParent). */
  private fromScaleEntries(obj: JsonObject, current: JsonObject, scale: ScaleSubresource, scaleEntries: unknown, scope: RequestScope): void {
    const list = Array.isArray(scaleEntries) ? scaleEntries.filter(isJsonObject) : [];
    setManagedFields(obj, toParent(managedEntries(current), list, this.apiVersion(scope.version), this.servedApiVersions(), replicasPath(scale.specReplicasPath)));
  }

  private servedApiVersions(): ReadonlySet<string> {
    return new Set(this.def.versions.map((v) => this.apiVersion(v.name)));
  }

  /**
   * An apply to `/scale` as kube-apiserver answers it for a custom resource: the configuration an `autoscaling/v1`
   * Scale, applied by the Scale's field manager to the object's Scale (a 409 on conflicts unless `force`); one that
   * changes nothing records its manager, one that changes the Scale fails converting it back (the apiserver's 500).
   */
  private async applyScale(scope: RequestScope, name: string, scale: ScaleSubresource, body: unknown): Promise<JsonObject> {
    checkPatch(APPLY_PATCH, body);
    const config = isJsonObject(body) ? body : {};
    const gv = typeof config.apiVersion === 'string' ? config.apiVersion : '';
    const kind = typeof config.kind === 'string' ? config.kind : '';
    if (gv !== SCALE_API_VERSION) throw newBadRequest(`invalid object type: ${gv}, Kind=${kind}`);
    const fm = this.scaleFieldManager();
    const updated = await this.updateWith(
      scope,
      name,
      'scale',
      (current) => {
        const view = this.scaleView(current, scale);
        const applied = fm.apply(view, {}, config, scope.fieldManager ?? '', scope.force === true, config);
        if (!sameObject(applied, view)) {
          const meta = isJsonObject(config.metadata) ? config.metadata : {};
          throw new StatusError({
            code: 500,
            message: `failed to convert new object (${str(meta.namespace)}/${str(meta.name)}; ${SCALE_API_VERSION}, Kind=${kind}) to proper version: request to convert CR to an invalid group/version: ${SCALE_API_VERSION}`,
          });
        }
        const obj = cloneJSON(current);
        this.fromScaleEntries(obj, current, scale, metaOf(applied).managedFields, scope);
        return obj;
      },
      false,
      false,
    );
    return scaleOf(updated, scale).object;
  }

  /** ScaleREST.Update: the object's update through `scaleUpdatedObjectInfo`; the answer is the updated object's Scale. */
  private async scaleUpdate(scope: RequestScope, name: string, scale: ScaleSubresource, requested: (current: JsonObject) => JsonObject): Promise<JsonObject> {
    const fm = this.scaleFieldManager();
    const updated = await this.updateWith(
      scope,
      name,
      'scale',
      (current) => {
        const view = this.scaleView(current, scale);
        const next = requested(scaleOf(current, scale).object);
        const meta = metaOf(next);
        if (str(meta.name) !== name) throw newBadRequest(`the name of the object (${str(meta.name)}) does not match the name on the URL (${name})`);
        const spec = isJsonObject(next.spec) ? next.spec : {};
        const replicas = spec.replicas ?? 0;
        if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < -2147483648 || replicas > 2147483647) {
          throw newBadRequest(`Scale in version "v1" cannot be handled as a Scale: json: cannot unmarshal ${goJsonType(replicas)} into Go struct field ScaleSpec.spec.replicas of type int32`);
        }
        // the Scale's field manager, then its entries mapped back to the object
        const scaleEntries = fm.update(view, next, scope.fieldManager ?? '');
        const obj = cloneJSON(current);
        setPath(obj, scale.specReplicasPath, replicas);
        const rv = str(meta.resourceVersion);
        if (rv !== '') metaOf(obj).resourceVersion = rv;
        this.fromScaleEntries(obj, current, scale, scaleEntries, scope);
        return obj;
      },
      false,
      false,
    );
    return scaleOf(updated, scale).object;
  }

  /**
   * The update loop shared by PUT and PATCH: `next(current)` makes the new object (request version) from the current
   * one, again after a concurrent write; then BeforeUpdate's rules, validation, the write; an object being deleted
   * whose last finalizer went is deleted.
   */
  private async updateWith(
    scope: RequestScope,
    name: string,
    subresource: 'status' | 'scale' | undefined,
    next: (current: JsonObject) => JsonObject,
    put = false,
    manage = true,
  ): Promise<JsonObject> {
    const version = this.version(scope);
    const fm = this.fieldManager(scope, subresource);
    const key = this.key(scope.namespace, name);
    const tryUpdate = async (stored: StoredObject | undefined): Promise<StoredObject> => {
      if (!stored) throw newNotFound(this.gr, name);
      const current = this.fromStorage(stored, scope.version);
      const currentMeta = metaOf(current);
      let obj = next(current);
      let meta = metaOf(obj);
      // The registry's checks of the new object's resourceVersion: it parses (else an error of no reason, a 500);
      // a replacement names one (a CRD allows no unconditional update); it is the stored one (else 409).
      const rv = str(meta.resourceVersion);
      const revision = revisionOf(rv);
      if (put && revision === 0n) {
        throw newInvalidAggregate(this.def.group, this.def.resource, name, [{ reason: 'FieldValueInvalid', field: 'metadata.resourceVersion', message: 'Invalid value: 0: must be specified for an update' }]);
      }
      if (revision !== 0n && revision !== parseResourceVersion(str(currentMeta.resourceVersion))) throw newStaleConflict(this.gr, name);
      if (subresource === 'status') {
        // The status subresource changes the status only (and an apply's managedFields).
        const status = obj.status;
        const applied = manage ? undefined : meta.managedFields;
        obj = cloneJSON(current);
        if (status === undefined) delete obj.status;
        else obj.status = status;
        meta = metaOf(obj);
        if (applied !== undefined) meta.managedFields = applied;
      } else if (this.def.subresources.status) {
        if (current.status === undefined) delete obj.status;
        else obj.status = cloneJSON(current.status);
      }
      // the writer's fields (an apply's come with the object)
      if (manage) setManagedFields(obj, fm.update(current, obj, scope.fieldManager ?? ''));
      const attrs: AdmissionAttributes = {
        operation: 'UPDATE',
        ...admissionScope(scope),
        name,
        oldObject: current,
        ...(subresource ? { subresource } : {}),
      };
      const mutated = await this.admission?.mutate({ ...attrs, object: obj });
      if (mutated) {
        obj = this.decode(mutated, scope, 'ignore');
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
    };
    let updated: StoredObject;
    try {
      if (scope.dryRun) {
        // DryRunnableStorage: the update as it would be, its resourceVersion still the stored one; nothing written.
        const stored = await this.storage.get(key);
        const next = await tryUpdate(stored);
        metaOf(next).resourceVersion = str(stored ? metaOf(stored).resourceVersion : '');
        return this.fromStorage(next, scope.version);
      }
      updated = await this.storage.guaranteedUpdate(key, { tryUpdate });
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
    try {
      const existing = await this.storage.get(key);
      if (!existing) throw newNotFound(this.gr, name);
      this.checkPreconditions(existing, name, preconditions);
      if (this.admission) {
        const attrs: AdmissionAttributes = { operation: 'DELETE', ...admissionScope(scope), name, oldObject: this.fromStorage(existing, scope.version) };
        await this.admission.mutate(attrs);
        await this.admission.validate(attrs);
      }
      const existingMeta = metaOf(existing);
      const finalizers = stringsOf(existingMeta.finalizers);
      const withGc = gcFinalizers(finalizers, params);
      const gcChanged = withGc.length !== finalizers.length || withGc.some((f) => !finalizers.includes(f));
      // No graceful strategy (a CRD's): pending finalizers (after the collector's are recomputed) mark the object as
      // being deleted, their owners delete it; none left, it is deleted at once.
      if ((finalizers.length > 0 || gcChanged) && withGc.length > 0) {
        const mark = (cur: StoredObject | undefined): StoredObject => {
          if (!cur) throw newNotFound(this.gr, name);
          const meta = metaOf(cur);
          const was = stringsOf(meta.finalizers);
          const next = gcFinalizers(was, params);
          if (next.length !== was.length || next.some((f) => !was.includes(f))) meta.finalizers = next;
          // markAsDeleting: a new generation when the deletion starts; a grace period of 0
          if (meta.deletionTimestamp === undefined) {
            if (typeof meta.generation === 'number' && meta.generation > 0) meta.generation += 1;
            meta.deletionTimestamp = rfc3339(this.now());
          }
          meta.deletionGracePeriodSeconds = 0;
          delete meta.resourceVersion;
          return cur;
        };
        if (scope.dryRun) {
          const marked = mark(cloneJSON(existing));
          metaOf(marked).resourceVersion = str(existingMeta.resourceVersion);
          return { object: this.fromStorage(marked, scope.version), deleted: false };
        }
        const marked = await this.storage.guaranteedUpdate(key, { preconditions, tryUpdate: mark });
        return { object: this.fromStorage(marked, scope.version), deleted: false };
      }
      // DryRunnableStorage: the object as it is, nothing deleted.
      if (scope.dryRun) return { object: this.fromStorage(existing, scope.version), deleted: true };
      const deleted = await this.storage.delete(key, { preconditions });
      return { object: this.fromStorage(deleted, scope.version), deleted: true };
    } catch (err) {
      throw interpret(err, 'delete', this.gr, name);
    }
  }

  /**
   * BeforeDelete's early check of the preconditions (409 naming the kind, as rest.BeforeDelete words it); the storage
   * checks them again as it deletes.
   */
  private checkPreconditions(existing: StoredObject, name: string, preconditions: { uid?: string; resourceVersion?: string }): void {
    const meta = metaOf(existing);
    const gk = { group: this.def.group, resource: this.def.kind };
    if (preconditions.uid !== undefined && preconditions.uid !== str(meta.uid)) {
      throw newConflict(gk, name, `the UID in the precondition (${preconditions.uid}) does not match the UID in record (${str(meta.uid)}). The object might have been deleted and then recreated`);
    }
    if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== str(meta.resourceVersion)) {
      throw newConflict(
        gk,
        name,
        `the ResourceVersion in the precondition (${preconditions.resourceVersion}) does not match the ResourceVersion in record (${str(meta.resourceVersion)}). The object might have been modified`,
      );
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

/** The patcher's decoding of a patch: a patch type this store takes (415), of the shape the type needs (Go's words). */
function checkPatch(patchType: string, patch: unknown): void {
  if (!PATCH_TYPES.includes(patchType)) throw unsupportedMediaType(PATCH_TYPES);
  if (patchType === APPLY_PATCH && !isJsonObject(patch)) {
    throw newBadRequest(`error decoding patch: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ${goJsonType(patch)} into Go value of type map[string]interface {}`);
  }
  if (patchType === 'application/json-patch+json' && !Array.isArray(patch)) {
    throw newBadRequest(`error decoding patch: json: cannot unmarshal ${goJsonType(patch)} into Go value of type []handlers.jsonPatchOp`);
  }
  if (patchType === 'application/merge-patch+json' && patch !== null && !isJsonObject(patch)) {
    throw newBadRequest(`error decoding patch: json: cannot unmarshal ${goJsonType(patch)} into Go value of type map[string]interface {}`);
  }
}

/** The object's managedFields as they are stored (the entries that are objects). */
function managedEntries(obj: JsonObject): JsonObject[] {
  const list = metaOf(obj).managedFields;
  return Array.isArray(list) ? list.filter(isJsonObject) : [];
}

/** The object's managedFields: these entries, or none (the field omitted, as metav1 omits an empty list). */
function setManagedFields(obj: JsonObject, entries: JsonObject[]): void {
  const meta = metaOf(obj);
  if (entries.length > 0) meta.managedFields = entries;
  else delete meta.managedFields;
}

/** A checked patch applied to `current`; one that does not apply is the apiserver's generic 422, its cause saying why. */
function applyPatch(patchType: string, patch: unknown, current: JsonObject): unknown {
  try {
    return patchType === 'application/json-patch+json' ? applyJsonPatch(current, Array.isArray(patch) ? patch : []) : applyMergePatch(current, patch);
  } catch (err) {
    if (err instanceof JsonPatchError) {
      throw new StatusError({ code: 422, reason: 'Invalid', message: 'the server rejected our request due to an error in our request', details: { causes: [{ message: err.message }] } });
    }
    throw err;
  }
}

/** The fields of a simple JSON path (`.spec.replicas`). */
const pathFields = (path: string) => path.replace(/^\./, '').split('.');

/** unstructured.NestedInt64 / NestedString: the value at `path`, whether it is there, or the accessor error (a 500 of no reason). */
function nestedValue(obj: JsonObject, path: string, want: 'int64' | 'string'): { value?: number | string; found: boolean } {
  let cursor: unknown = obj;
  for (const f of pathFields(path)) {
    if (!isJsonObject(cursor) || !Object.hasOwn(cursor, f)) return { found: false };
    cursor = cursor[f];
  }
  if (want === 'int64' && typeof cursor === 'number' && Number.isInteger(cursor)) return { value: cursor, found: true };
  if (want === 'string' && typeof cursor === 'string') return { value: cursor, found: true };
  throw new StatusError({ code: 500, message: `${path} accessor error: ${JSON.stringify(cursor)} is of the type ${goJsonType(cursor)}, expected ${want}` });
}

/** unstructured.SetNestedField: `value` at `path`, the objects on the way made. */
function setPath(obj: JsonObject, path: string, value: number): void {
  const fields = pathFields(path);
  let cursor: JsonObject = obj;
  for (const f of fields.slice(0, -1)) {
    const next = Object.hasOwn(cursor, f) ? cursor[f] : undefined;
    if (isJsonObject(next)) cursor = next;
    else {
      const made: JsonObject = {};
      setOwn(cursor, f, made);
      cursor = made;
    }
  }
  setOwn(cursor, fields[fields.length - 1] ?? '', value);
}

/** scaleFromCustomResource: an object's autoscaling/v1 Scale, and whether its spec replicas are there. */
function scaleOf(obj: JsonObject, scale: ScaleSubresource): { object: JsonObject; specFound: boolean } {
  const spec = nestedValue(obj, scale.specReplicasPath, 'int64');
  const status = nestedValue(obj, scale.statusReplicasPath, 'int64');
  const selector = scale.labelSelectorPath ? nestedValue(obj, scale.labelSelectorPath, 'string').value : undefined;
  const meta = metaOf(obj);
  const metadata: JsonObject = {};
  for (const f of ['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp'] as const) if (str(meta[f]) !== '') metadata[f] = str(meta[f]);
  const replicas = typeof spec.value === 'number' ? spec.value : 0;
  return {
    object: {
      kind: 'Scale',
      apiVersion: 'autoscaling/v1',
      metadata,
      // ScaleSpec.replicas is omitempty, ScaleStatus.replicas is not
      spec: replicas === 0 ? {} : { replicas },
      status: { replicas: typeof status.value === 'number' ? status.value : 0, ...(typeof selector === 'string' && selector !== '' ? { selector } : {}) },
    },
    specFound: spec.found,
  };
}

/** A Scale body (autoscaling/v1): its apiVersion and kind checked as the decoder of a built-in type checks them. */
function decodeScale(body: unknown): JsonObject {
  if (!isJsonObject(body)) throw newBadRequest(`the body of the request is not a JSON object: ${body === null ? 'null' : goJsonType(body)}`);
  const apiVersion = typeof body.apiVersion === 'string' ? body.apiVersion : '';
  const kind = typeof body.kind === 'string' ? body.kind : '';
  // the scheme of the scale endpoint knows autoscaling/v1 Scale only (and says so in its own odd words)
  if (apiVersion !== 'autoscaling/v1' || kind !== 'Scale') throw newBadRequest(`no kind is registered for the type v1.Scale in scheme ${JSON.stringify(SCHEME_NAME)}`);
  return { ...body, metadata: decodeObjectMeta(body.metadata, 'Scale in version "v1" cannot be handled as a Scale: ') };
}

/** The strings of a JSON list (finalizers). */
const stringsOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((f) => typeof f === 'string') : []);

/**
 * deletionFinalizersForGarbageCollection: the object's finalizers with the garbage collector's two recomputed — orphan
 * for `orphanDependents` / `Orphan`, foregroundDeletion for `Foreground`; without either option the one already there
 * (the first of them) stays; a custom resource's default policy adds neither.
 */
function gcFinalizers(finalizers: readonly string[], params: DeleteParams): string[] {
  const first = finalizers.find((f) => f === ORPHAN || f === FOREGROUND);
  const policy = params.propagationPolicy;
  const orphan = params.orphanDependents ?? (policy === undefined ? first === ORPHAN : policy === 'Orphan');
  const foreground = params.orphanDependents === undefined && (policy === undefined ? first === FOREGROUND : policy === 'Foreground');
  return [...finalizers.filter((f) => f !== ORPHAN && f !== FOREGROUND), ...(orphan ? [ORPHAN] : []), ...(foreground ? [FOREGROUND] : [])];
}

/** A new object's resourceVersion as the registry parses it: what does not parse is an error of no reason (a 500). */
function revisionOf(rv: string): bigint {
  try {
    return parseResourceVersion(rv);
  } catch (err) {
    throw new StatusError({ code: 500, message: err instanceof StorageError ? (err.field?.detail ?? err.message) : 'invalid resourceVersion' });
  }
}

/** What admission attributes take from the request's scope. */
function admissionScope(scope: RequestScope): Pick<AdmissionAttributes, 'version' | 'namespace' | 'userInfo' | 'warnings' | 'dryRun'> {
  return {
    version: scope.version,
    namespace: scope.namespace,
    ...(scope.user ? { userInfo: scope.user } : {}),
    ...(scope.warnings ? { warnings: scope.warnings } : {}),
    ...(scope.dryRun ? { dryRun: true } : {}),
  };
}

/**
 * The paths of `original`'s fields that pruning dropped from `kept` (`spec.x`, `spec.items[0].y`), into `out`; null
 * values aside (dropped as absent). Stops at the depth the schema walk stops.
 */
function collectPruned(original: unknown, kept: unknown, path: string, out: string[], depth: number): void {
  if (depth > 64) return;
  if (Array.isArray(original) && Array.isArray(kept)) {
    original.forEach((x, i) => { collectPruned(x, kept[i], `${path}[${i}]`, out, depth + 1); });
    return;
  }
  if (!isJsonObject(original) || !isJsonObject(kept)) return;
  for (const k of Object.keys(original)) {
    if (path === '' && k === 'metadata') continue;
    const p = path === '' ? k : `${path}.${k}`;
    if (!Object.hasOwn(kept, k)) {
      if (original[k] !== null) out.push(p);
    } else collectPruned(original[k], kept[k], p, out, depth + 1);
  }
}

/** `kept` (`given` pruned and defaulted) without what `given` does not have: the fields the pruning added. */
function onlyGiven(kept: JsonObject, given: JsonObject): JsonObject {
  const walk = (k: unknown, g: unknown, depth: number): unknown => {
    if (depth > 256) return k;
    if (isJsonObject(k) && isJsonObject(g)) {
      const out: JsonObject = {};
      for (const key of Object.keys(k)) if (Object.hasOwn(g, key)) setOwn(out, key, walk(k[key], g[key], depth + 1));
      return out;
    }
    if (Array.isArray(k) && Array.isArray(g) && k.length === g.length) return k.map((x, i) => walk(x, g[i], depth + 1));
    return k;
  };
  const out = walk(kept, given, 0);
  return isJsonObject(out) ? out : {};
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
