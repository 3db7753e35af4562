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
 *   subresource; `fieldsType: FieldsV1`; times at second precision. Field sets of different apiVersions are compared
 *   as they are (kubegen's conversions rename no field).
 */

import { type JsonObject, StatusError, type StatusCause, isJsonObject, newBadRequest } from '@kubegen/runtime';
import { FieldPathError, FieldSet, type Path, fieldElement, pathString } from './fieldpath';
import { type TypeNode, compare, fieldSetOf, jsonEqual, merge, removePaths } from './typed';

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
  return out;
}

/** The entries as `metadata.managedFields` (sorted as the apiserver sorts them). */
export function encodeManagedFields(entries: readonly ManagerEntry[]): JsonObject[] {
  const sorted = [...entries].sort((p, q) => {
    if (p.operation !== q.operation) return p.operation === 'Apply' ? -1 : 1;
    const pt = p.time ?? '';
    const qt = q.time ?? '';
    if (pt !== qt) return pt < qt ? -1 : 1;
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

  /** What a comparison says changed, the fields the subresource resets aside (Comparison.ExcludeFields). */
  private relevant(set: FieldSet): FieldSet {
    return set.recursiveDifference(this.options.ignored);
  }

  /**
   * The entries after `manager` changed `live` into `next` (an Update): the entries of `next` when it carries valid
   * ones (a client may reset them) and this is the main resource, else those of `live`.
   */
  update(live: JsonObject | undefined, next: JsonObject, manager: string): JsonObject[] {
    const given = this.options.subresource === '' ? decodeManagedFields(next) : undefined;
    const entries = given ?? (live ? (decodeManagedFields(live) ?? []) : []);
    const before = live ? withoutManagedFields(live) : { apiVersion: next.apiVersion ?? '', kind: next.kind ?? '' };
    const after = withoutManagedFields(next);
    const cmp = compare(before, after, this.options.type);
    const changed = this.relevant(cmp.modified.union(cmp.added));
    const lost = changed.union(this.relevant(cmp.removed));
    const out: ManagerEntry[] = [];
    for (const e of entries) {
      const set = e.set.difference(lost).difference(STRIPPED);
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
    return encodeManagedFields(out);
  }

  /**
   * An apply of `config` by `manager` to `live` (`undefined`: the object does not exist yet; `empty` is then the
   * object it starts from): the merged object with its new `metadata.managedFields`, or the 409 of its conflicts.
   */
  apply(live: JsonObject | undefined, empty: JsonObject, config: JsonObject, manager: string, force: boolean): JsonObject {
    const configMeta = isJsonObject(config.metadata) ? config.metadata : {};
    if (Object.hasOwn(configMeta, 'managedFields') && configMeta.managedFields !== null) throw newBadRequest('metadata.managedFields must be nil');
    const entries = live ? (decodeManagedFields(live) ?? []) : [];
    const base = live ? withoutManagedFields(live) : empty;
    const t = this.options.type;
    const merged = merge(base, config, t);
    const mergedObj: JsonObject = isJsonObject(merged) ? merged : {};
    const id = identity({ manager, operation: 'Apply', apiVersion: this.options.apiVersion, subresource: this.options.subresource });
    const last = entries.find((e) => identity(e) === id);
    const set = this.owned(fieldSetOf(config, t));
    const others = entries.filter((e) => identity(e) !== id);
    // prune: what the manager applied last time, applies no more and nobody else owns
    let result: unknown = mergedObj;
    if (last) {
      const owners = others.reduce((acc, e) => acc.union(e.set), set);
      const gone = last.set.difference(set);
      if (!gone.empty) result = removePaths(mergedObj, t, gone, owners);
    }
    const resultObj: JsonObject = isJsonObject(result) ? result : {};
    const cmp = compare(base, resultObj, t);
    const changed = this.relevant(cmp.modified.union(cmp.added));
    const conflicts: Conflict[] = [];
    for (const e of others) for (const p of e.set.intersection(changed).sortedPaths()) conflicts.push({ entry: e, path: p });
    if (conflicts.length > 0 && !force) {
      conflicts.sort((a, b) => (a.entry.manager < b.entry.manager ? -1 : a.entry.manager > b.entry.manager ? 1 : 0));
      throw conflictError(conflicts);
    }
    const out: ManagerEntry[] = [];
    for (const e of others) {
      const kept = e.set.difference(changed).difference(this.relevant(cmp.removed)).difference(STRIPPED);
      if (!kept.empty) out.push({ ...e, set: kept });
    }
    // a no-op keeps the applier's time (none for a new applier), as the apiserver's managedFieldsUpdater
    const time = jsonEqual(base, resultObj) ? last?.time : rfc3339(this.options.now());
    if (!set.empty) out.push({ manager, operation: 'Apply', apiVersion: this.options.apiVersion, subresource: this.options.subresource, time, set });
    const meta = isJsonObject(resultObj.metadata) ? resultObj.metadata : {};
    resultObj.metadata = { ...meta, managedFields: encodeManagedFields(out) };
    return resultObj;
  }
}

/** Whether two objects are the same but for their managedFields. */
export const sameObject = (a: JsonObject, b: JsonObject) => jsonEqual(withoutManagedFields(a), withoutManagedFields(b));
