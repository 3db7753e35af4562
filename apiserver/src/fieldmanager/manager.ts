/**
 * The field manager of one resource, after k8s.io/apiserver's endpoints/handlers/fieldmanager over
 * structured-merge-diff's `merge.Updater`: who owns which field of an object, kept in `metadata.managedFields`.
 *
 * Contract:
 * - `update` (create, update, non-apply patch) gives the manager (an `Update` entry of its apiVersion and subresource)
 *   what it added or changed, takes from every other manager what it changed or removed, and refreshes the entry's
 *   time when it took anything; an unchanged object keeps its entries;
 * - `apply` merges the applied configuration into the live object, makes the configuration's fields the manager's
 *   (an `Apply` entry), removes from the object what the manager applied last time and no manager owns any more, and
 *   fails with the apiserver's 409 (one cause per field) when it changes a field another manager owns — unless
 *   `force`, which takes those fields from their owners;
 * - the system fields (apiVersion, kind, metadata name, namespace, uid, resourceVersion, generation,
 *   creationTimestamp, selfLink, managedFields) are nobody's, nor are the fields the subresource resets (`ignored`);
 * - entries are written as the apiserver writes them: Apply entries first, then by time, manager, apiVersion,
 *   subresource; `fieldsType: FieldsV1`; times at second precision;
 * - each entry's fields are paths of its own apiVersion: what a write changed, removed or conflicts with is computed,
 *   for a manager of another apiVersion, on the objects converted to that version (structured-merge-diff's
 *   `merge.Updater` and its Converter — here the kind's generated converters); a manager of a version no longer served
 *   is dropped; an apply's pruning of what it no longer applies is done in the version of its last apply, and what a
 *   manager of any version still owns is added back (addBackOwnedItems);
 * - the decorators of upstream's default field manager, in its order: an update's entries are the request's when it
 *   carries valid ones, none when it resets them (one empty entry), else the live object's (decodeLiveOrNew);
 *   an existing object no one manages stays so on update, and its first apply gives what it holds to
 *   `before-first-apply` (skipnonapplied); at most 10 Update entries, the oldest merged per apiVersion into
 *   `ancient-changes` (capmanagers); the manager `kubectl` applying over a client-side apply may take the fields its
 *   `kubectl.kubernetes.io/last-applied-configuration` still holds as they are (lastappliedmanager), and its apply
 *   keeps that annotation, when the object has one, the configuration it applied (lastappliedupdater).
 */

import { type JsonObject, StatusError, type StatusCause, isJsonObject, newBadRequest } from '@kubegen/runtime';
import { FieldPathError, FieldSet, type Path, fieldElement, goJson, pathString } from './fieldpath';
import { type Comparison, type TypeNode, compare, fieldSetOf, jsonEqual, merge, removePaths } from './typed';

export type Operation = 'Apply' | 'Update';

/** One entry of `metadata.managedFields`, decoded. */
export interface ManagerEntry {
  manager: string;
  operation: Operation;
  apiVersion: string;
  subresource: string;
  time: string | undefined;
  set: FieldSet;
}

/** The manager's identity: its name, operation and subresource, and for an Update its apiVersion (BuildManagerIdentifier). */
const identity = (e: Pick<ManagerEntry, 'manager' | 'operation' | 'apiVersion' | 'subresource'>) =>
  JSON.stringify([e.manager, e.operation, e.operation === 'Apply' ? '' : e.apiVersion, e.subresource]);

const META = fieldElement('metadata');
const STRIPPED: FieldSet = FieldSet.of(
  [fieldElement('apiVersion')],
  [fieldElement('kind')],
  [META],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map((f) => [META, fieldElement(f)]),
);

/** An RFC 3339 time at second precision, as metav1.Time marshals. */
const rfc3339 = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/** How many Update entries an object keeps (DefaultMaxUpdateManagers). */
export const MAX_UPDATE_MANAGERS = 10;
/** The Update manager the oldest Update entries past the cap are merged into (per apiVersion). */
export const ANCIENT_CHANGES = 'ancient-changes';
/** The Update manager of what an object held before its first apply, when no one managed it. */
export const BEFORE_FIRST_APPLY = 'before-first-apply';
/** The annotation of kubectl's client-side apply. */
export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** The manager whose applies read and keep the client-side apply's annotation. */
const KUBECTL = 'kubectl';
/** ValidateAnnotationsSize's limit: the annotations' keys and values together. */
const ANNOTATIONS_LIMIT = 256 * 1024;

/** BuildManagerIdentifier's text: the entry without time and fields (an Apply's without apiVersion), as encoding/json writes it. */
export function goIdentifier(e: Pick<ManagerEntry, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  const parts = [`"operation":"${e.operation}"`];
  if (e.manager !== '') parts.unshift(`"manager":${goJson(e.manager)}`);
  if (e.operation === 'Update' && e.apiVersion !== '') parts.push(`"apiVersion":${goJson(e.apiVersion)}`);
  if (e.subresource !== '') parts.push(`"subresource":${goJson(e.subresource)}`);
  return `{${parts.join(',')}}`;
}

/** An entry's time in Unix seconds (none: 0), as capmanagers and the encoder's sort read it. */
const seconds = (e: ManagerEntry) => {
  const t = e.time === undefined ? Number.NaN : Date.parse(e.time);
  return Number.isNaN(t) ? 0 : Math.floor(t / 1000);
};

/**
 * capUpdateManagers: past `max` Update entries, the oldest (by time, then identifier) are merged, per apiVersion, into
 * an `ancient-changes` Update entry taking the time of the last merged, until `max` are left.
 */
export function capUpdateManagers(entries: readonly ManagerEntry[], max = MAX_UPDATE_MANAGERS): ManagerEntry[] {
  const byId = new Map<string, ManagerEntry>();
  for (const e of entries) byId.set(goIdentifier(e), e);
  const updaters = [...byId.keys()].filter((id) => byId.get(id)?.operation === 'Update');
  if (updaters.length <= max) return [...entries];
  const secondsOf = (id: string) => {
    const e = byId.get(id);
    return e ? seconds(e) : 0;
  };
  updaters.sort((a, b) => secondsOf(a) - secondsOf(b) || (a < b ? -1 : a > b ? 1 : 0));
  const firstOfVersion = new Map<string, string>();
  let length = updaters.length;
  for (const id of updaters) {
    if (length <= max) break;
    const e = byId.get(id);
    if (!e) continue;
    const bucket = goIdentifier({ manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: e.apiVersion, subresource: '' });
    const first = firstOfVersion.get(e.apiVersion);
    if (first === undefined) {
      firstOfVersion.set(e.apiVersion, id);
      continue;
    }
    if (!byId.has(bucket)) {
      const moved = byId.get(first);
      byId.delete(first);
      if (moved) byId.set(bucket, moved);
    }
    const into = byId.get(bucket);
    const set = into ? e.set.union(into.set) : e.set;
    // as upstream: the bucket written, then the merged entry deleted (the bucket itself, when it is the one merged)
    byId.set(bucket, { manager: ANCIENT_CHANGES, operation: 'Update', apiVersion: e.apiVersion, subresource: '', time: e.time, set });
    byId.delete(id);
    length--;
  }
  return [...byId.values()];
}

/**
 * isResetManagedFields as a custom resource reaches it: a request that sets managedFields to one empty entry. (An
 * empty list resets a built-in type's, but a custom resource's ObjectMeta is decoded and encoded again on its way
 * there, and `omitempty` drops the empty list: its entries are then the live object's, as kube-apiserver answers.)
 */
function isReset(obj: JsonObject): boolean {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {};
  const list = Object.hasOwn(meta, 'managedFields') ? meta.managedFields : undefined;
  if (!Array.isArray(list)) return false;
  const [only] = list;
  return list.length === 1 && isJsonObject(only) && Object.keys(only).every((k) => only[k] === null || only[k] === '');
}

/** The object's annotation `key` (a string), or `undefined`. */
function annotation(obj: JsonObject, key: string): string | undefined {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {};
  const annotations = Object.hasOwn(meta, 'annotations') ? meta.annotations : undefined;
  if (!isJsonObject(annotations) || !Object.hasOwn(annotations, key)) return undefined;
  const v = annotations[key];
  return typeof v === 'string' ? v : undefined;
}

/** `metadata.managedFields` decoded; `undefined` when it is absent, empty or not the apiserver's encoding. */
export function decodeManagedFields(obj: JsonObject): ManagerEntry[] | undefined {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {};
  const list = Object.hasOwn(meta, 'managedFields') ? meta.managedFields : undefined;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const out: ManagerEntry[] = [];
  try {
    for (const e of list) {
      if (!isJsonObject(e)) return undefined;
      const operation = e.operation;
      if (operation !== 'Apply' && operation !== 'Update') return undefined;
      if (e.fieldsType !== 'FieldsV1') return undefined;
      if (typeof e.apiVersion !== 'string' || e.apiVersion === '') return undefined;
      out.push({
        manager: typeof e.manager === 'string' ? e.manager : '',
        operation,
        apiVersion: typeof e.apiVersion === 'string' ? e.apiVersion : '',
        subresource: typeof e.subresource === 'string' ? e.subresource : '',
        time: typeof e.time === 'string' ? e.time : undefined,
        set: FieldSet.fromFieldsV1(e.fieldsV1 ?? {}),
      });
    }
  } catch (err) {
    if (err instanceof FieldPathError) return undefined;
    throw err;
  }
  // a map by identifier: a later entry of the same manager replaces an earlier one
  const byId = new Map<string, ManagerEntry>();
  for (const e of out) byId.set(goIdentifier(e), e);
  return [...byId.values()];
}

/** The entries as `metadata.managedFields` (sorted as the apiserver sorts them). */
export function encodeManagedFields(entries: readonly ManagerEntry[]): JsonObject[] {
  const sorted = [...entries].sort((p, q) => {
    if (p.operation !== q.operation) return p.operation === 'Apply' ? -1 : 1;
    if (seconds(p) !== seconds(q)) return seconds(p) - seconds(q);
    for (const k of ['manager', 'apiVersion', 'subresource'] as const) if (p[k] !== q[k]) return p[k] < q[k] ? -1 : 1;
    return 0;
  });
  return sorted.map((e) => ({
    manager: e.manager,
    operation: e.operation,
    apiVersion: e.apiVersion,
    ...(e.time !== undefined ? { time: e.time } : {}),
    fieldsType: 'FieldsV1',
    fieldsV1: e.set.toFieldsV1(),
    ...(e.subresource !== '' ? { subresource: e.subresource } : {}),
  }));
}

/** A copy of the object without `metadata.managedFields` (what the field manager compares). */
function withoutManagedFields(obj: JsonObject): JsonObject {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : undefined;
  if (!meta || !Object.hasOwn(meta, 'managedFields')) return obj;
  const { managedFields: _m, ...rest } = meta;
  return { ...obj, metadata: rest };
}

export interface FieldManagerOptions {
  /** The type of the objects (the version's schema; `typeOf(schema, true)`). */
  type: TypeNode;
  /** The request's `group/version`. */
  apiVersion: string;
  /** `''` for the main resource, else the subresource (`status`). */
  subresource: string;
  /** What this subresource resets, owned by no one (`status` on the main resource of a kind with the subresource). */
  ignored: FieldSet;
  now: () => Date;
  /**
   * The kind's other versions (merge.Updater's Converter): `convert` an object (of any version) to `apiVersion`, and
   * `type` the schema of a version; `undefined` from either for a version that is not served. Without it, every entry
   * is read as the request's version.
   */
  versions?: {
    convert(obj: JsonObject, apiVersion: string): JsonObject | undefined;
    type(apiVersion: string): TypeNode | undefined;
  };
}

/** One version's view of a write: its type, the objects before and after in it, and their comparison. */
interface VersionView {
  type: TypeNode;
  before: JsonObject;
  after: JsonObject;
  cmp: Comparison;
}

/** printManager: an applier by name, an updater with its apiVersion (and subresource). */
function printManager(e: ManagerEntry): string {
  const name = `${JSON.stringify(e.manager)}${e.subresource !== '' ? ` with subresource ${JSON.stringify(e.subresource)}` : ''}`;
  return e.operation === 'Update' ? `${name} using ${e.apiVersion}` : name;
}

interface Conflict {
  entry: ManagerEntry;
  path: Path;
}

/** The 409 of an apply that conflicts (NewConflictError): one cause per field, the message of upstream's getConflictMessage. */
function conflictError(conflicts: readonly Conflict[]): StatusError {
  const causes: StatusCause[] = conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${printManager(c.entry)}`, field: pathString(c.path) }));
  let message: string;
  const [only] = conflicts;
  if (conflicts.length === 1 && only) message = `Apply failed with 1 conflict: conflict with ${printManager(only.entry)}: ${pathString(only.path)}`;
  else {
    const byManager = new Map<string, Conflict[]>();
    for (const c of conflicts) byManager.set(c.entry.manager, [...(byManager.get(c.entry.manager) ?? []), c]);
    const lines: string[] = [];
    for (const m of [...byManager.keys()].sort()) {
      const cs = byManager.get(m) ?? [];
      const [first] = cs;
      if (!first) continue;
      lines.push(`conflicts with ${printManager(first.entry)}:`);
      for (const c of cs) lines.push(`- ${pathString(c.path)}`);
    }
    message = `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
  }
  return new StatusError({ code: 409, reason: 'Conflict', message, details: { causes } });
}

export class FieldManager {
  constructor(private readonly options: FieldManagerOptions) {}

  /** What a writer takes: not the system fields, nor what its subresource resets. */
  private owned(set: FieldSet): FieldSet {
    return set.difference(STRIPPED).recursiveDifference(this.options.ignored);
  }

  /**
   * Updater.update's versions map: the view of `before` → `after` (objects of the request's version) in an entry's
   * apiVersion, converted once per version; `undefined` for a version that is not served (IsMissingVersionError).
   */
  private viewer(before: JsonObject, after: JsonObject): (apiVersion: string) => VersionView | undefined {
    const views = new Map<string, VersionView | undefined>();
    return (apiVersion) => {
      if (views.has(apiVersion)) return views.get(apiVersion);
      let view: VersionView | undefined;
      const versions = this.options.versions;
      if (apiVersion === this.options.apiVersion || !versions) view = { type: this.options.type, before, after, cmp: compare(before, after, this.options.type) };
      else {
        const type = versions.type(apiVersion);
        const b = type && versions.convert(before, apiVersion);
        const a = type && versions.convert(after, apiVersion);
        view = type && b && a ? { type, before: b, after: a, cmp: compare(b, a, type) } : undefined;
      }
      views.set(apiVersion, view);
      return view;
    };
  }

  /** What a comparison says changed, the fields the subresource resets aside (Comparison.ExcludeFields). */
  private relevant(set: FieldSet): FieldSet {
    return set.recursiveDifference(this.options.ignored);
  }

  /**
   * The entries after `manager` changed `live` into `next` (an Update; `live` is `undefined` for a create): see the
   * contract for which entries it starts from; none (`[]`) for an existing object no one manages.
   */
  update(live: JsonObject | undefined, next: JsonObject, manager: string): JsonObject[] {
    const entries = this.liveOrNew(live, next);
    // skipNonApplied: an existing object no one manages is not tracked by its updates (a create always is)
    if (entries.length === 0 && live !== undefined && uidOf(live) !== '') return [];
    return encodeManagedFields(capUpdateManagers(this.updateEntries(entries, live, next, manager)));
  }

  /** decodeLiveOrNew: a subresource's entries are the live object's; the main resource's the request's, unless reset or not valid. */
  private liveOrNew(live: JsonObject | undefined, next: JsonObject): ManagerEntry[] {
    const fromLive = () => (live ? (decodeManagedFields(live) ?? []) : []);
    if (this.options.subresource !== '') return fromLive();
    if (isReset(next)) return [];
    return decodeManagedFields(next) ?? fromLive();
  }

  /** The Update of `manager` (from `live`, none for a create, to `next`) over `entries`, not capped. */
  private updateEntries(entries: readonly ManagerEntry[], live: JsonObject | undefined, next: JsonObject, manager: string): ManagerEntry[] {
    const before = live ? withoutManagedFields(live) : { apiVersion: next.apiVersion ?? '', kind: next.kind ?? '' };
    const after = withoutManagedFields(next);
    const view = this.viewer(before, after);
    const cmp = view(this.options.apiVersion)?.cmp ?? compare(before, after, this.options.type);
    const changed = this.relevant(cmp.modified.union(cmp.added));
    const out: ManagerEntry[] = [];
    for (const e of entries) {
      // an Update forces: every other manager loses what the write changed or removed, in its own version
      const v = view(e.apiVersion);
      if (!v) continue;
      const set = e.set.difference(this.relevant(v.cmp.modified.union(v.cmp.added))).difference(this.relevant(v.cmp.removed)).difference(STRIPPED);
      if (!set.empty) out.push({ ...e, set });
    }
    const taken = this.owned(changed);
    if (!taken.empty) {
      const id = identity({ manager, operation: 'Update', apiVersion: this.options.apiVersion, subresource: this.options.subresource });
      const i = out.findIndex((e) => identity(e) === id);
      const prior = i >= 0 ? out[i] : undefined;
      const entry: ManagerEntry = {
        manager,
        operation: 'Update',
        apiVersion: this.options.apiVersion,
        subresource: this.options.subresource,
        time: rfc3339(this.options.now()),
        set: prior ? prior.set.union(taken) : taken,
      };
      if (i >= 0) out.splice(i, 1, entry);
      else out.push(entry);
    }
    return out;
  }

  /**
   * An apply of `config` by `manager` to `live` (`undefined`: the object does not exist yet; `empty` is then the
   * object it starts from): the merged object with its new `metadata.managedFields`, or the 409 of its conflicts.
   * `applied` is the configuration as the request sent it (what the last-applied annotation records).
   */
  apply(live: JsonObject | undefined, empty: JsonObject, config: JsonObject, manager: string, force: boolean, applied: JsonObject = config): JsonObject {
    const configMeta = isJsonObject(config.metadata) ? config.metadata : {};
    if (Object.hasOwn(configMeta, 'managedFields') && configMeta.managedFields !== null) throw newBadRequest('metadata.managedFields must be nil');
    let entries = live ? (decodeManagedFields(live) ?? []) : [];
    // skipNonApplied: what an object no one manages holds is before-first-apply's (an Update from the empty object)
    if (entries.length === 0 && live) entries = capUpdateManagers(this.updateEntries([], empty, live, BEFORE_FIRST_APPLY));
    let result: JsonObject;
    try {
      result = this.applyEntries(live, entries, empty, config, manager, force);
    } catch (err) {
      if (!(err instanceof ApplyConflict)) throw err;
      // lastAppliedManager: kubectl upgrading from client-side apply takes what its last-applied configuration still holds
      const allowed = manager === KUBECTL && live ? this.allowedByLastApplied(live) : undefined;
      if (!allowed) throw conflictError(err.conflicts);
      const rest = err.conflicts.filter((c) => !allowed.has(c.path));
      if (rest.length > 0) throw conflictError(rest);
      result = this.applyEntries(live, entries, empty, config, manager, true);
    }
    // lastAppliedUpdater: kubectl's apply keeps the annotation, when the object has one, what it applied
    if (manager === KUBECTL && (annotation(result, LAST_APPLIED) ?? '') !== '') setLastApplied(result, lastAppliedOf(applied));
    return result;
  }

  /**
   * allowedConflictsFromLastApplied: the fields of the live object's last-applied configuration (of this apiVersion)
   * that the live object still holds as it says; `undefined` when there is none or it does not parse.
   */
  private allowedByLastApplied(live: JsonObject): FieldSet | undefined {
    const text = annotation(live, LAST_APPLIED) ?? '';
    if (text === '') return undefined;
    let last: unknown;
    try {
      last = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!isJsonObject(last) || last.apiVersion !== this.options.apiVersion) return undefined;
    try {
      const cmp = compare(last, live, this.options.type);
      return fieldSetOf(last, this.options.type).difference(cmp.modified).difference(cmp.added).difference(cmp.removed);
    } catch (err) {
      if (err instanceof FieldPathError) return undefined;
      throw err;
    }
  }

  /** The structured merge of an apply over `entries`: the merged object with its entries, or an `ApplyConflict`. */
  private applyEntries(live: JsonObject | undefined, entries: readonly ManagerEntry[], empty: JsonObject, config: JsonObject, manager: string, force: boolean): JsonObject {
    const base = live ? withoutManagedFields(live) : empty;
    const t = this.options.type;
    const merged = merge(base, config, t);
    const mergedObj: JsonObject = isJsonObject(merged) ? merged : {};
    const id = identity({ manager, operation: 'Apply', apiVersion: this.options.apiVersion, subresource: this.options.subresource });
    const last = entries.find((e) => identity(e) === id);
    const set = this.owned(fieldSetOf(config, t));
    const others = entries.filter((e) => identity(e) !== id);
    // prune: what the manager applied last time, applies no more and nobody else owns
    const result = last ? this.prune(mergedObj, last, set, others) : mergedObj;
    const resultObj: JsonObject = isJsonObject(result) ? result : {};
    const view = this.viewer(base, resultObj);
    const conflicts: Conflict[] = [];
    const out: ManagerEntry[] = [];
    for (const e of others) {
      const v = view(e.apiVersion);
      if (!v) continue;
      const changed = this.relevant(v.cmp.modified.union(v.cmp.added));
      for (const p of e.set.intersection(changed).sortedPaths()) conflicts.push({ entry: e, path: p });
      const kept = e.set.difference(changed).difference(this.relevant(v.cmp.removed)).difference(STRIPPED);
      if (!kept.empty) out.push({ ...e, set: kept });
    }
    if (conflicts.length > 0 && !force) {
      conflicts.sort((a, b) => (a.entry.manager < b.entry.manager ? -1 : a.entry.manager > b.entry.manager ? 1 : 0));
      throw new ApplyConflict(conflicts);
    }
    // a no-op keeps the applier's time (none for a new applier), as the apiserver's managedFieldsUpdater
    const time = jsonEqual(base, resultObj) ? last?.time : rfc3339(this.options.now());
    if (!set.empty) out.push({ manager, operation: 'Apply', apiVersion: this.options.apiVersion, subresource: this.options.subresource, time, set });
    const meta = isJsonObject(resultObj.metadata) ? resultObj.metadata : {};
    resultObj.metadata = { ...meta, managedFields: encodeManagedFields(out) };
    return resultObj;
  }

  /**
   * Updater.prune: `merged` without what `last` (the applier's previous apply) holds and no manager owns any more —
   * `set` (its new fields, of the request's version) and `others`' fields, each in its own version. The removal is done
   * in `last`'s version; then, version by version, what was removed and a manager of that version owns is put back
   * (addBackOwnedItems); the result is in the request's version.
   */
  private prune(merged: JsonObject, last: ManagerEntry, set: FieldSet, others: readonly ManagerEntry[]): JsonObject {
    const versions = this.options.versions;
    const owned = new Map<string, FieldSet>([[this.options.apiVersion, set]]);
    // without versions, every entry is read as the request's version
    for (const e of others) {
      const v = versions ? e.apiVersion : this.options.apiVersion;
      owned.set(v, (owned.get(v) ?? new FieldSet()).union(e.set));
    }
    const typeOf = (v: string) => (v === this.options.apiVersion ? this.options.type : versions?.type(v));
    const convert = (obj: JsonObject, v: string) => (v === this.options.apiVersion && obj.apiVersion === v ? obj : versions?.convert(obj, v));
    const lastVersion = versions && last.apiVersion !== this.options.apiVersion ? last.apiVersion : this.options.apiVersion;
    const lastType = typeOf(lastVersion);
    const atLast = convert(merged, lastVersion);
    // the version of the last apply is not served any more: nothing to prune (its manager's entry is replaced)
    if (!lastType || !atLast) return merged;
    const gone = last.set.difference(lastVersion === this.options.apiVersion ? set : new FieldSet());
    if (gone.empty) return merged;
    const removed = removePaths(atLast, lastType, gone, owned.get(lastVersion) ?? new FieldSet());
    let pruned: JsonObject = isJsonObject(removed) ? removed : {};
    for (const [version, managed] of owned) {
      if (version === lastVersion) continue;
      const type = typeOf(version);
      const m = convert(merged, version);
      const p = convert(pruned, version);
      if (!type || !m || !p) continue;
      const lost = fieldSetOf(m, type).difference(fieldSetOf(p, type));
      const restored = removePaths(m, type, lost, managed);
      pruned = isJsonObject(restored) ? restored : p;
    }
    return convert(pruned, this.options.apiVersion) ?? merged;
  }
}

/** The conflicts of an apply, before lastAppliedManager decides whether they stand. */
class ApplyConflict extends Error {
  constructor(readonly conflicts: readonly Conflict[]) {
    super('apply conflicts');
  }
}

/** The object's uid ('' when it has none: a new object). */
function uidOf(obj: JsonObject): string {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {};
  return typeof meta.uid === 'string' ? meta.uid : '';
}

/** buildLastApplied: the applied configuration without the annotation, as encoding/json writes a map (keys sorted, a newline after). */
export function lastAppliedOf(applied: JsonObject): string {
  const copy = sortedKeys(applied);
  const meta = isJsonObject(copy) && isJsonObject(copy.metadata) ? copy.metadata : undefined;
  if (meta && isJsonObject(meta.annotations) && Object.hasOwn(meta.annotations, LAST_APPLIED)) {
    const { [LAST_APPLIED]: _last, ...rest } = meta.annotations;
    meta.annotations = rest;
  }
  return `${goJson(copy)}\n`;
}

/** SetLastApplied: the annotation set on `obj`, or dropped when the annotations would pass their size limit. */
function setLastApplied(obj: JsonObject, value: string): void {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {};
  const annotations: JsonObject = isJsonObject(meta.annotations) ? { ...meta.annotations } : {};
  annotations[LAST_APPLIED] = value;
  let size = 0;
  for (const k of Object.keys(annotations)) {
    const v = annotations[k];
    size += Buffer.byteLength(k) + (typeof v === 'string' ? Buffer.byteLength(v) : 0);
  }
  if (size > ANNOTATIONS_LIMIT) delete annotations[LAST_APPLIED];
  obj.metadata = { ...meta, annotations };
}

/** A JSON value with its object keys sorted (own keys only). */
function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (!isJsonObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort()) Object.defineProperty(out, k, { value: sortedKeys(v[k]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Whether two objects are the same but for their managedFields. */
export const sameObject = (a: JsonObject, b: JsonObject) => jsonEqual(withoutManagedFields(a), withoutManagedFields(b));
