/**
 * ObjectTracker: the in-memory apiserver behind fake clients (client-go's `testing.ObjectTracker`, made to
 * behave like the real server where tests depend on it).
 *
 * What it does as the apiserver does:
 * - `metadata.resourceVersion`: one monotonic counter per tracker, bumped by every write (delete included);
 *   lists carry the current value;
 * - `metadata.uid`, `creationTimestamp` (injected clock), `generation` (1 on create; +1 when anything but
 *   `metadata` — and `status`, for kinds with a status subresource — changes); a write that changes nothing is
 *   a no-op (no new resourceVersion, no event);
 * - `generateName` (five random characters of the apiserver's alphabet), `AlreadyExists`, `NotFound`,
 *   namespace mismatch as `BadRequest`, namespaced kinds require a namespace, cluster-scoped kinds drop it;
 * - status subresource: create drops `status`, update keeps the stored `status`, updateStatus changes only
 *   `status` (and is `NotFound` for kinds without the subresource);
 * - a stale `metadata.resourceVersion` on update/patch is a 409 `Conflict`; an update without one is 422
 *   `Invalid` (custom resources require it) unless the descriptor store was made with
 *   `allowUnconditionalUpdate`; delete preconditions (`uid`, `resourceVersion`) are 409s;
 * - finalizers: deleting an object with finalizers sets `deletionTimestamp`; the update that removes the last
 *   finalizer deletes it;
 * - label selectors (full syntax) and field selectors on `metadata.name` / `metadata.namespace` (others are
 *   400 `BadRequest`, as on a CRD without selectable fields); `limit`/`continue` paging over the current state;
 * - watches: events for writes after the watch starts, filtered by namespace and selectors (an object that stops
 *   matching is sent as DELETED, one that starts matching as ADDED); a `resourceVersion` replays later events
 *   from a bounded history (older than the history: ERROR 410 Expired); no resourceVersion (or `"0"`) starts with
 *   synthetic ADDED events for the current objects, and with `sendInitialEvents` + `allowWatchBookmarks` ends
 *   them with the `k8s.io/initial-events-end` BOOKMARK; `timeoutSeconds` closes the stream;
 * - dry run: every check runs, nothing is stored, no event is sent.
 *
 * Versions, as the apiserver does them: objects are stored once per group and resource, in the storage (hub)
 * version of their kind when the group's generated `converters` are given (`TrackerOptions.converters`, passed by
 * every generated fake clientset whose group has multi-version kinds); every read, list, watch event and write of
 * a client of version X converts from / to X through them (patches apply to the object in version X, as on the
 * apiserver). A kind without converters is stored as written and read with the reader's `apiVersion` (the
 * apiserver's `None` conversion strategy). A failing conversion is a 500 `InternalError`, as a failing conversion
 * webhook.
 *
 * What it does not: admission, validation against a schema, defaulting, garbage collection of dependents, managed
 * fields. Strategic merge
 * patch is applied as a JSON merge patch (no list merge keys), and server-side apply is a merge of the applied
 * configuration that creates the object when missing — client-go's `NewSimpleClientset` semantics: no field
 * ownership, so no apply conflicts and `force` has no effect.
 */

import { randomUUID } from 'node:crypto';
import {
  newAlreadyExists,
  newBadRequest,
  newConflict,
  newInternalError,
  newInvalid,
  newNotFound,
  newResourceExpired,
  newStaleConflict,
  StatusError,
  type GroupResource,
} from '../../errors/errors';
import { startTimer } from '../../clock/clock';
import type { Scale } from '../../meta/autoscaling';
import { getOwn, setOwn } from '../../meta/own';
import { convertObject, type GroupConverters } from '../../conversion';
import type { ObjectMeta } from '../../meta/types';
import type { DeleteOptions, ListOptions, PatchType, WatchOptions } from '../../rest/options';
import { formatLabelSelector, matchFields, matchLabels, parseFieldSelector, parseLabelSelector, SelectorParseError } from '../../meta/selectors';
import type { FieldRequirement, LabelRequirement } from '../../meta/selectors';
import type { KubeList, KubeObject, ResourceDescriptor } from '../../client/types';
import { PushWatch } from '../../watch/stream';
import { INITIAL_EVENTS_END_ANNOTATION, type Watch } from '../../watch/types';
import { applyJsonPatch, JsonPatchError, mergePatch } from '../../meta/jsonpatch';
import { deepEqual, isObject, jsonClone, type JsonObject } from './json';

type Obj = JsonObject & { metadata: ObjectMeta };

export interface TrackerOptions {
  /** The time of `creationTimestamp` and `deletionTimestamp` (default: now). */
  clock?: () => Date;
  /** New `metadata.uid`s (default `crypto.randomUUID`). */
  uid?: () => string;
  /** Randomness of `generateName` suffixes (default `Math.random`). */
  random?: () => number;
  /** Events kept for watches from a resourceVersion (default 10 000). */
  historyLimit?: number;
  /** Accept updates without `metadata.resourceVersion` (built-in kinds do; custom resources do not). */
  allowUnconditionalUpdate?: boolean;
  /**
   * The generated conversions of API groups (each group package's `converters`): objects of their multi-version
   * kinds are stored in the hub version and converted for every client version.
   */
  converters?: readonly GroupConverters[];
}

export interface WriteOptions {
  dryRun?: boolean;
}

export interface TrackerPatchOptions extends WriteOptions {
  fieldManager?: string;
  force?: boolean;
}

type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

interface HistoryEntry {
  rv: number;
  key: string;
  type: EventType;
  object: Obj;
  old: Obj | undefined;
}

interface Watcher {
  key: string;
  /** The watched resource, in the version events are sent in. */
  descriptor: ResourceDescriptor;
  namespace: string;
  labels: LabelRequirement[];
  fields: FieldRequirement[];
  watch: PushWatch<KubeObject>;
}

const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

function storeKey(d: ResourceDescriptor): string {
  return `${d.group}/${d.resource}`;
}

function objectKey(ns: string, name: string): string {
  return `${ns}/${name}`;
}

function groupResource(d: ResourceDescriptor): GroupResource {
  return { group: d.group, resource: d.resource };
}

function apiVersionOf(d: ResourceDescriptor): string {
  return d.group ? `${d.group}/${d.version}` : d.version;
}

function rvNumber(rv: string | undefined, what: string): number {
  if (rv === undefined || rv === '') return 0;
  if (!/^\d+$/.test(rv)) throw newBadRequest(`invalid ${what} "${rv}"`);
  return Number(rv);
}

/** Dotted JSON path (`.spec.replicas`) into an object, by own keys. */
function getPath(obj: JsonObject, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.replace(/^\./, '').split('.')) {
    if (!isObject(cur)) return undefined;
    cur = getOwn(cur, part);
  }
  return cur;
}

function setPath(obj: JsonObject, path: string, value: unknown): void {
  const parts = path.replace(/^\./, '').split('.');
  const last = parts.pop() ?? '';
  let cur: JsonObject = obj;
  for (const part of parts) {
    const next = getOwn(cur, part);
    cur = isObject(next) ? next : setOwn(cur, part, {});
  }
  setOwn(cur, last, value);
}

function withoutKeys(obj: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = { ...obj };
  for (const k of keys) delete out[k];
  return out;
}

function selectorErrors<R>(fn: () => R): R {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SelectorParseError) throw newBadRequest(err.message);
    throw err;
  }
}

/** The in-memory store of a fake API server. */
export class ObjectTracker {
  private readonly stores = new Map<string, Map<string, Obj>>();
  private readonly descriptors = new Map<string, ResourceDescriptor>();
  private readonly watchers = new Set<Watcher>();
  private readonly history: HistoryEntry[] = [];
  private historyStart = 0;
  private rv = 0;
  private readonly clock: () => Date;
  private readonly uid: () => string;
  private readonly random: () => number;
  private readonly historyLimit: number;
  private readonly allowUnconditionalUpdate: boolean;
  private readonly conversions = new Map<string, GroupConverters>();

  constructor(opts: TrackerOptions = {}) {
    for (const c of opts.converters ?? []) {
      if (this.conversions.has(c.group)) throw new Error(`ObjectTracker: conversions of group ${c.group} are given twice`);
      this.conversions.set(c.group, c);
    }
    this.clock = opts.clock ?? (() => new Date());
    this.uid = opts.uid ?? randomUUID;
    this.random = opts.random ?? Math.random;
    this.historyLimit = opts.historyLimit ?? 10_000;
    this.allowUnconditionalUpdate = opts.allowUnconditionalUpdate ?? false;
  }

  /** The current resourceVersion of the tracker (of its last write). */
  get resourceVersion(): string {
    return String(this.rv);
  }

  /** Makes a kind known, so `add` can find its resource from `apiVersion` and `kind`. */
  register(d: ResourceDescriptor): void {
    this.descriptors.set(`${apiVersionOf(d)}/${d.kind}`, d);
  }

  /** The descriptor registered for an object's `apiVersion` and `kind`. */
  descriptorFor(obj: KubeObject): ResourceDescriptor | undefined {
    return this.descriptors.get(`${obj.apiVersion ?? ''}/${obj.kind ?? ''}`);
  }

  /**
   * Seeds an object as it is, status included (client-go's `tracker.Add`): fills in a missing uid,
   * creationTimestamp and generation, assigns a new resourceVersion, and notifies watchers. The descriptor is
   * found from `apiVersion`/`kind` (see `register`) unless given.
   */
  add(obj: KubeObject, d?: ResourceDescriptor): KubeObject {
    const desc = d ?? this.descriptorFor(obj);
    if (!desc) throw new Error(`ObjectTracker.add: no registered resource for ${obj.apiVersion}/${obj.kind}`);
    this.register(desc);
    const o = this.normalise(desc, jsonClone(obj) as JsonObject, obj.metadata?.namespace ?? '');
    const name = o.metadata.name;
    if (!name) throw newInvalid(desc.group, desc.kind, '', [{ field: 'metadata.name', reason: 'FieldValueRequired', message: 'Required value: name is required' }]);
    const store = this.store(desc);
    const key = objectKey(o.metadata.namespace ?? '', name);
    if (store.has(key)) throw newAlreadyExists(groupResource(desc), name);
    o.metadata.uid ||= this.uid();
    o.metadata.creationTimestamp ||= this.now();
    o.metadata.generation ||= 1;
    return this.view(desc, this.commit(desc, key, this.toStorage(desc, o), undefined, 'ADDED'));
  }

  get(d: ResourceDescriptor, namespace: string, name: string): KubeObject {
    return this.view(d, this.mustGet(d, namespace, name));
  }

  list(d: ResourceDescriptor, namespace: string, opts: ListOptions = {}): KubeList<KubeObject> {
    const labels = selectorErrors(() => this.labelRequirements(opts.labelSelector));
    const fields = selectorErrors(() => this.fieldRequirements(opts.fieldSelector));
    const ns = d.namespaced ? namespace : '';
    const all = [...this.store(d).entries()]
      .filter(([, o]) => this.matches(o, ns, labels, fields))
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    let start = 0;
    if (opts.continue) {
      let after: string;
      try {
        after = (JSON.parse(Buffer.from(opts.continue, 'base64url').toString('utf8')) as { after: string }).after;
      } catch {
        throw newBadRequest(`invalid continue token "${opts.continue}"`);
      }
      start = all.findIndex(([k]) => k > after);
      if (start < 0) start = all.length;
    }
    const limit = opts.limit && opts.limit > 0 ? opts.limit : all.length;
    const page = all.slice(start, start + limit);
    const rest = all.length - (start + page.length);
    const metadata: { resourceVersion: string; continue?: string; remainingItemCount?: number } = { resourceVersion: this.resourceVersion };
    if (rest > 0) {
      const [lastKey] = page.at(-1) ?? [];
      metadata.continue = Buffer.from(JSON.stringify({ after: lastKey }), 'utf8').toString('base64url');
      // the server counts the rest only when it need not filter
      if (labels.length === 0 && fields.length === 0) metadata.remainingItemCount = rest;
    }
    return {
      apiVersion: apiVersionOf(d),
      kind: d.listKind ?? `${d.kind}List`,
      metadata,
      items: page.map(([, o]) => this.view(d, o)),
    };
  }

  create(d: ResourceDescriptor, obj: KubeObject, namespace: string, opts: WriteOptions = {}): KubeObject {
    this.register(d);
    const o = this.normalise(d, jsonClone(obj) as JsonObject, namespace);
    if (o.metadata.resourceVersion) {
      // the apiserver answers this with a reason-less 500
      throw new StatusError({ code: 500, message: 'resourceVersion should not be set on objects to be created' });
    }
    if (!o.metadata.name) {
      if (!o.metadata.generateName) {
        throw newInvalid(d.group, d.kind, '', [
          { field: 'metadata.name', reason: 'FieldValueRequired', message: 'Required value: name or generateName is required' },
        ]);
      }
      o.metadata.name = this.generateName(d, o.metadata.namespace ?? '', o.metadata.generateName);
    }
    const name = o.metadata.name;
    const key = objectKey(o.metadata.namespace ?? '', name);
    if (this.store(d).has(key)) throw newAlreadyExists(groupResource(d), name);
    if (d.subresources?.status) delete o.status;
    o.metadata.uid = this.uid();
    o.metadata.creationTimestamp = this.now();
    o.metadata.generation = 1;
    delete o.metadata.deletionTimestamp;
    delete o.metadata.deletionGracePeriodSeconds;
    delete o.metadata.managedFields;
    const stored = this.toStorage(d, o);
    if (opts.dryRun) return this.view(d, stored);
    return this.view(d, this.commit(d, key, stored, undefined, 'ADDED'));
  }

  /** Update of the object (`subresource` absent) or of its status (`'status'`). */
  update(d: ResourceDescriptor, obj: KubeObject, namespace: string, opts: WriteOptions & { subresource?: string } = {}): KubeObject {
    const incoming = this.toStorage(d, this.normalise(d, jsonClone(obj) as JsonObject, namespace));
    const name = incoming.metadata.name;
    if (!name) {
      throw newInvalid(d.group, d.kind, '', [{ field: 'metadata.name', reason: 'FieldValueRequired', message: 'Required value: name is required' }]);
    }
    const ns = incoming.metadata.namespace ?? '';
    this.checkSubresource(d, opts.subresource, name);
    const stored = this.mustGet(d, ns, name);
    this.checkResourceVersion(d, stored, incoming.metadata.resourceVersion, true);
    if (incoming.metadata.uid && incoming.metadata.uid !== stored.metadata.uid) {
      throw newConflict(groupResource(d), name, `Precondition failed: UID in precondition: ${incoming.metadata.uid}, UID in object meta: ${stored.metadata.uid}`);
    }
    let next: Obj;
    if (opts.subresource === 'status') {
      next = jsonClone(stored);
      if (incoming.status === undefined) delete next.status;
      else next.status = incoming.status;
    } else {
      next = incoming;
      const keep = stored.metadata;
      next.metadata = {
        ...next.metadata,
        uid: keep.uid,
        creationTimestamp: keep.creationTimestamp,
        generation: keep.generation,
        ...(keep.deletionTimestamp ? { deletionTimestamp: keep.deletionTimestamp } : {}),
        ...(keep.deletionGracePeriodSeconds !== undefined ? { deletionGracePeriodSeconds: keep.deletionGracePeriodSeconds } : {}),
      };
      if (!keep.deletionTimestamp) {
        delete next.metadata.deletionTimestamp;
        delete next.metadata.deletionGracePeriodSeconds;
      }
      delete next.metadata.managedFields;
      if (d.subresources?.status) {
        if (stored.status === undefined) delete next.status;
        else next.status = jsonClone(stored.status);
      }
      const specKeys = d.subresources?.status ? ['metadata', 'status'] : ['metadata'];
      if (!deepEqual(withoutKeys(next, specKeys), withoutKeys(stored, specKeys))) {
        next.metadata.generation = (keep.generation ?? 0) + 1;
      }
    }
    return this.view(d, this.write(d, stored, next, opts.dryRun ?? false));
  }

  patch(
    d: ResourceDescriptor,
    namespace: string,
    name: string,
    type: PatchType,
    body: unknown,
    opts: TrackerPatchOptions & { subresource?: string } = {},
  ): KubeObject {
    const ns = d.namespaced ? namespace : '';
    const patchBody = typeof body === 'string' ? this.parsePatch(body) : jsonClone(body);
    if (type === 'application/apply-patch+yaml') {
      if (!opts.fieldManager) {
        throw newInvalid('meta.k8s.io', 'PatchOptions', '', [
          { field: 'fieldManager', reason: 'FieldValueRequired', message: 'Required value: is required for apply patch' },
        ]);
      }
      if (!isObject(patchBody)) throw newBadRequest('an apply patch must be an object');
      this.checkSubresource(d, opts.subresource, name);
      const existing = this.store(d).get(objectKey(ns, name));
      if (!existing) {
        if (opts.subresource) throw newNotFound(groupResource(d), name);
        const created = { ...patchBody, metadata: { ...(isObject(patchBody.metadata) ? patchBody.metadata : {}), name } } as KubeObject;
        if (d.namespaced) created.metadata = { ...created.metadata, namespace: ns };
        return this.create(d, created, ns, opts);
      }
    }
    this.checkSubresource(d, opts.subresource, name);
    const stored = this.mustGet(d, ns, name);
    // a patch applies to the object in the version of the request
    const current = this.view(d, stored);
    let patched: unknown;
    try {
      switch (type) {
        case 'application/json-patch+json':
          if (!Array.isArray(patchBody)) throw newBadRequest('a JSON patch must be an array of operations');
          patched = applyJsonPatch(current, patchBody);
          break;
        case 'application/merge-patch+json':
        case 'application/strategic-merge-patch+json':
        case 'application/apply-patch+yaml':
          if (!isObject(patchBody)) throw newBadRequest('a merge patch must be an object');
          patched = mergePatch(current, patchBody);
          break;
        default:
          throw new StatusError({ code: 415, reason: 'UnsupportedMediaType', message: `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml` });
      }
    } catch (err) {
      if (err instanceof JsonPatchError) {
        // as the apiserver: 422 with a generic message (the fake adds the cause)
        throw new StatusError({
          code: 422,
          reason: 'Invalid',
          message: 'the server rejected our request due to an error in our request',
          details: { name, group: d.group, kind: d.resource, causes: [{ reason: 'FieldValueInvalid', message: err.message }] },
        });
      }
      throw err;
    }
    if (!isObject(patched) || !isObject(patched.metadata)) throw newBadRequest('the patch removed metadata');
    const pm = patched.metadata as ObjectMeta;
    if (pm.name !== name || (d.namespaced && (pm.namespace ?? '') !== ns)) {
      throw newBadRequest('the name and namespace of an object cannot be changed by a patch');
    }
    // a patch without a resourceVersion is unconditional; one with a resourceVersion is a precondition
    if (!pm.resourceVersion) pm.resourceVersion = stored.metadata.resourceVersion;
    return this.update(d, patched, ns, { dryRun: opts.dryRun, ...(opts.subresource ? { subresource: opts.subresource } : {}) });
  }

  delete(d: ResourceDescriptor, namespace: string, name: string, opts: DeleteOptions = {}): KubeObject {
    const ns = d.namespaced ? namespace : '';
    const stored = this.mustGet(d, ns, name);
    const pre = opts.preconditions;
    if (pre?.uid !== undefined && pre.uid !== stored.metadata.uid) {
      throw newConflict(
        { group: d.group, resource: d.kind },
        name,
        `the UID in the precondition (${pre.uid}) does not match the UID in record (${stored.metadata.uid ?? ''}). The object might have been deleted and then recreated`,
      );
    }
    if (pre?.resourceVersion !== undefined && pre.resourceVersion !== stored.metadata.resourceVersion) {
      throw newConflict(
        { group: d.group, resource: d.kind },
        name,
        `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${stored.metadata.resourceVersion ?? ''}). The object might have been modified`,
      );
    }
    if (opts.dryRun) return this.view(d, stored);
    const key = objectKey(ns, name);
    if ((stored.metadata.finalizers ?? []).length > 0) {
      if (stored.metadata.deletionTimestamp) return this.view(d, stored);
      const next = jsonClone(stored);
      next.metadata.deletionTimestamp = this.now();
      // setting deletionTimestamp bumps the generation, as on the apiserver
      next.metadata.generation = (stored.metadata.generation ?? 0) + 1;
      next.metadata.deletionGracePeriodSeconds = opts.gracePeriodSeconds ?? 0;
      return this.view(d, this.commit(d, key, next, stored, 'MODIFIED'));
    }
    const gone = jsonClone(stored);
    return this.view(d, this.commit(d, key, gone, stored, 'DELETED'));
  }

  deleteCollection(d: ResourceDescriptor, namespace: string, opts: DeleteOptions = {}, listOpts: ListOptions = {}): void {
    const { items } = this.list(d, namespace, { ...listOpts, limit: undefined, continue: undefined });
    for (const item of items) {
      this.delete(d, item.metadata?.namespace ?? '', item.metadata?.name ?? '', opts);
    }
  }

  getScale(d: ResourceDescriptor, namespace: string, name: string): Scale {
    const scale = d.subresources?.scale;
    if (!scale) throw newNotFound(groupResource(d), name);
    // the scale paths are those of the version asked
    const o = this.view(d, this.mustGet(d, d.namespaced ? namespace : '', name)) as Obj;
    const spec = getPath(o, scale.specReplicasPath);
    const status = getPath(o, scale.statusReplicasPath);
    const selector = scale.labelSelectorPath ? getPath(o, scale.labelSelectorPath) : undefined;
    const m = o.metadata;
    return {
      apiVersion: 'autoscaling/v1',
      kind: 'Scale',
      metadata: {
        name: m.name,
        ...(m.namespace ? { namespace: m.namespace } : {}),
        uid: m.uid,
        resourceVersion: m.resourceVersion,
        creationTimestamp: m.creationTimestamp,
      },
      spec: { replicas: typeof spec === 'number' ? spec : 0 },
      status: {
        replicas: typeof status === 'number' ? status : 0,
        ...(typeof selector === 'string' ? { selector } : {}),
      },
    };
  }

  updateScale(d: ResourceDescriptor, namespace: string, name: string, scale: Scale, opts: WriteOptions = {}): Scale {
    const sub = d.subresources?.scale;
    if (!sub) throw newNotFound(groupResource(d), name);
    const ns = d.namespaced ? namespace : '';
    const stored = this.mustGet(d, ns, name);
    this.checkResourceVersion(d, stored, scale.metadata?.resourceVersion, false);
    const replicas = scale.spec?.replicas;
    if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0) {
      throw newInvalid('autoscaling', 'Scale', name, [
        { field: 'spec.replicas', reason: 'FieldValueInvalid', message: 'Invalid value: must be greater than or equal to 0' },
      ]);
    }
    const inVersion = this.view(d, stored) as Obj;
    setPath(inVersion, sub.specReplicasPath, replicas);
    const next = this.toStorage(d, inVersion);
    if (!deepEqual(next, stored)) next.metadata.generation = (stored.metadata.generation ?? 0) + 1;
    this.write(d, stored, next, opts.dryRun ?? false);
    if (opts.dryRun) return { ...this.getScale(d, ns, name), spec: { replicas } };
    return this.getScale(d, ns, name);
  }

  watch(d: ResourceDescriptor, namespace: string, opts: WatchOptions = {}): Watch<KubeObject> {
    const labels = selectorErrors(() => this.labelRequirements(opts.labelSelector));
    const fields = selectorErrors(() => this.fieldRequirements(opts.fieldSelector));
    const ns = d.namespaced ? namespace : '';
    const from = rvNumber(opts.resourceVersion, 'resourceVersion');
    const key = storeKey(d);
    const w = new PushWatch<KubeObject>(opts.signal);
    const watcher: Watcher = { key, descriptor: d, namespace: ns, labels, fields, watch: w };
    if (from > 0) {
      if (from < this.historyStart) {
        w.error(newResourceExpired(`too old resource version: ${from} (${this.historyStart})`).status);
        w.close();
        return w;
      }
      for (const e of this.history) {
        if (e.rv > from && e.key === key) this.deliver(watcher, e.type, e.object, e.old);
      }
    } else {
      for (const item of this.list(d, ns, { labelSelector: opts.labelSelector, fieldSelector: opts.fieldSelector }).items) {
        w.add(item);
      }
      if (opts.sendInitialEvents && opts.allowWatchBookmarks) {
        w.bookmark({
          apiVersion: apiVersionOf(d),
          kind: d.kind,
          metadata: { resourceVersion: this.resourceVersion, annotations: { [INITIAL_EVENTS_END_ANNOTATION]: 'true' } },
        });
      }
    }
    this.watchers.add(watcher);
    w.onStop(() => this.watchers.delete(watcher));
    if (opts.timeoutSeconds && opts.timeoutSeconds > 0) {
      const timer = startTimer(() => { w.close(); }, opts.timeoutSeconds * 1000, { keepAlive: false });
      w.onStop(() => { timer.cancel(); });
    }
    return w;
  }

  /** Ends every open watch cleanly (as a server closing its connections). */
  closeWatches(): void {
    for (const w of [...this.watchers]) w.watch.close();
  }

  // internals

  /** The converters and hub version of `d`'s kind, when its group has generated conversions for it. */
  private conversionOf(d: ResourceDescriptor): { converters: GroupConverters; hub: string } | undefined {
    const converters = this.conversions.get(d.group);
    if (!converters) return undefined;
    const k = getOwn(converters.kinds, d.kind) as GroupConverters['kinds'][string] | undefined;
    return k ? { converters, hub: k.hub } : undefined;
  }

  /** Converts an object written through `d` (its `apiVersion` is `d`'s) to the storage version. */
  private toStorage(d: ResourceDescriptor, o: Obj): Obj {
    const c = this.conversionOf(d);
    if (!c || c.hub === d.version) return o;
    return this.convert(d, c, o, d.group ? `${d.group}/${c.hub}` : c.hub) as Obj;
  }

  /** A fresh copy of a stored object in the version of `d` (the only form objects leave the tracker in). */
  private view(d: ResourceDescriptor, o: Obj): KubeObject {
    const c = this.conversionOf(d);
    if (!c) {
      const out = jsonClone(o);
      out.apiVersion = apiVersionOf(d);
      return out;
    }
    return jsonClone(this.convert(d, c, o, apiVersionOf(d)));
  }

  private convert(d: ResourceDescriptor, c: { converters: GroupConverters; hub: string }, o: Obj, apiVersion: string): JsonObject {
    try {
      return convertObject(c.converters, o, apiVersion);
    } catch (err) {
      // a ConversionError, or a hand-written conversion function throwing: as the apiserver answers a failing
      // conversion webhook
      if (!(err instanceof Error)) throw err;
      throw newInternalError(`conversion for ${d.group}/${apiVersion.slice(apiVersion.lastIndexOf('/') + 1)}, Kind=${d.kind} failed: ${err.message}`);
    }
  }

  private now(): string {
    return this.clock().toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  private store(d: ResourceDescriptor): Map<string, Obj> {
    const key = storeKey(d);
    let s = this.stores.get(key);
    if (!s) {
      s = new Map();
      this.stores.set(key, s);
    }
    return s;
  }

  private mustGet(d: ResourceDescriptor, namespace: string, name: string): Obj {
    const o = this.store(d).get(objectKey(d.namespaced ? namespace : '', name));
    if (!o) throw newNotFound(groupResource(d), name);
    return o;
  }

  private parsePatch(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      throw newBadRequest('the patch body is not valid JSON (the fake does not parse YAML apply bodies)');
    }
  }

  /** Namespace and type meta as the server sets them; throws on a namespace mismatch. */
  private normalise(d: ResourceDescriptor, o: JsonObject, namespace: string): Obj {
    const metadata: ObjectMeta = isObject(o.metadata) ? (o.metadata) : {};
    o.metadata = metadata;
    if (d.namespaced) {
      const ns = metadata.namespace || namespace;
      if (!ns) throw newBadRequest(`the namespace of the provided object is empty: ${d.resource} is namespaced`);
      if (namespace && metadata.namespace && metadata.namespace !== namespace) {
        throw newBadRequest(`the namespace of the provided object does not match the namespace sent on the request`);
      }
      metadata.namespace = ns;
    } else {
      delete metadata.namespace;
    }
    o.apiVersion = apiVersionOf(d);
    o.kind = d.kind;
    return o as Obj;
  }

  private generateName(d: ResourceDescriptor, ns: string, prefix: string): string {
    for (let attempt = 0; attempt < 100; attempt++) {
      let suffix = '';
      for (let i = 0; i < 5; i++) suffix += NAME_ALPHABET.charAt(Math.floor(this.random() * NAME_ALPHABET.length));
      const name = `${prefix}${suffix}`;
      if (!this.store(d).has(objectKey(ns, name))) return name;
    }
    throw newAlreadyExists(groupResource(d), prefix);
  }

  private checkSubresource(d: ResourceDescriptor, subresource: string | undefined, name: string): void {
    if (subresource === undefined || subresource === '') return;
    if (subresource === 'status' && d.subresources?.status) return;
    if (subresource === 'scale' && d.subresources?.scale) {
      throw newBadRequest('the fake tracker supports getScale/updateScale, not patches of the scale subresource');
    }
    throw newNotFound(groupResource(d), name);
  }

  private checkResourceVersion(d: ResourceDescriptor, stored: Obj, rv: string | undefined, requireForUpdate: boolean): void {
    const name = stored.metadata.name ?? '';
    if (!rv) {
      if (requireForUpdate && !this.allowUnconditionalUpdate) {
        // the apiserver names the resource here, not the kind
        throw newInvalid(d.group, d.resource, name, [
          { field: 'metadata.resourceVersion', reason: 'FieldValueInvalid', message: 'Invalid value: 0: must be specified for an update' },
        ]);
      }
      return;
    }
    if (rv !== stored.metadata.resourceVersion) throw newStaleConflict(groupResource(d), name);
  }

  /** Stores `next` in place of `stored` unless nothing changed; finishes a deletion whose finalizers are gone. */
  private write(d: ResourceDescriptor, stored: Obj, next: Obj, dryRun: boolean): Obj {
    next.metadata.resourceVersion = stored.metadata.resourceVersion;
    const key = objectKey(stored.metadata.namespace ?? '', stored.metadata.name ?? '');
    const finishing = !!next.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0;
    if (!finishing && deepEqual(next, stored)) return stored;
    if (dryRun) return next;
    if (finishing) return this.commit(d, key, next, stored, 'DELETED');
    return this.commit(d, key, next, stored, 'MODIFIED');
  }

  /**
   * Assigns the next resourceVersion, stores (or removes) `obj` (in the storage version), records history and
   * notifies watchers. Returns `obj` itself: callers hand out `view`s of it only.
   */
  private commit(d: ResourceDescriptor, key: string, obj: Obj, old: Obj | undefined, type: EventType): Obj {
    this.rv += 1;
    obj.metadata.resourceVersion = String(this.rv);
    const store = this.store(d);
    if (type === 'DELETED') store.delete(key);
    else store.set(key, obj);
    const entry: HistoryEntry = { rv: this.rv, key: storeKey(d), type, object: obj, old };
    this.history.push(entry);
    if (this.history.length > this.historyLimit) {
      const dropped = this.history.shift();
      if (dropped !== undefined) this.historyStart = dropped.rv;
    }
    for (const w of this.watchers) {
      if (w.key === entry.key) this.deliver(w, type, obj, old);
    }
    return obj;
  }

  /** Sends one event to a watcher, in the watcher's version; a failing conversion is an ERROR event. */
  private deliver(w: Watcher, type: EventType, obj: Obj, old: Obj | undefined): void {
    const now = this.matches(obj, w.namespace, w.labels, w.fields);
    const before = old !== undefined && this.matches(old, w.namespace, w.labels, w.fields);
    let send: ((o: KubeObject) => void) | undefined;
    if (type === 'MODIFIED') {
      if (now && before) send = (o) => { w.watch.modify(o); };
      else if (now) send = (o) => { w.watch.add(o); };
      else if (before) send = (o) => { w.watch.delete(o); };
    } else if (type === 'ADDED') {
      if (now) send = (o) => { w.watch.add(o); };
    } else if (now || before) {
      send = (o) => { w.watch.delete(o); };
    }
    if (!send) return;
    let o: KubeObject;
    try {
      o = this.view(w.descriptor, obj);
    } catch (err) {
      if (err instanceof StatusError) {
        w.watch.error(err.status);
        return;
      }
      throw err;
    }
    send(o);
  }

  private labelRequirements(sel: ListOptions['labelSelector']): LabelRequirement[] {
    if (sel === undefined) return [];
    return parseLabelSelector(typeof sel === 'string' ? sel : formatLabelSelector(sel));
  }

  private fieldRequirements(sel: string | undefined): FieldRequirement[] {
    const reqs = sel ? parseFieldSelector(sel) : [];
    for (const r of reqs) {
      if (r.field !== 'metadata.name' && r.field !== 'metadata.namespace') {
        throw newBadRequest(`field label not supported: ${r.field}`);
      }
    }
    return reqs;
  }

  private matches(o: Obj, namespace: string, labels: LabelRequirement[], fields: FieldRequirement[]): boolean {
    const m = o.metadata;
    if (namespace && (m.namespace ?? '') !== namespace) return false;
    if (!matchLabels(labels, m.labels ?? {})) return false;
    return matchFields(fields, { 'metadata.name': m.name ?? '', 'metadata.namespace': m.namespace ?? '' });
  }
}
