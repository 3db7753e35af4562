/**
 * `meta.k8s.io/v1` Table output for kubectl (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io`), after the
 * apiserver's table convertors: with printer columns, apiextensions' (Name, then each `additionalPrinterColumns`
 * column, its cell read by the column's JSONPath and typed by the column's type, a `date` as kubectl's human duration);
 * without, k8s.io/apiserver's default convertor (Name, Created At as RFC 3339). Rows carry what `includeObject` asks
 * (`Metadata`, the default: a PartialObjectMetadata; `Object`: the object; `None`: null), as the handler's asTable.
 */

import { type JsonObject, type JsonValue, isJsonObject, newBadRequest } from '@kubegen/runtime';
import type { PrinterColumn, VersionDefinition } from '../registry';
import { notAcceptable, type MediaRange, acceptsJson, transform } from './accept';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** The descriptions metav1.ObjectMeta's swagger doc gives the Name and creation time columns. */
const NAME_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';
const CREATED_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

const TABLE_VERSIONS = ['v1', 'v1beta1'];

/**
 * The output an Accept header asks of an object endpoint: `json`, or a Table of meta.k8s.io/`version` when `table`
 * is allowed; a 406 when no range is served.
 */
export function negotiateObjectOutput(ranges: readonly MediaRange[], table: boolean): { kind: 'json' } | { kind: 'table'; apiVersion: string } {
  for (const r of ranges) {
    if (!acceptsJson(r)) continue;
    const t = transform(r);
    if (t === undefined) return { kind: 'json' };
    if (table && t.as === 'Table' && t.group === 'meta.k8s.io' && TABLE_VERSIONS.includes(t.version)) return { kind: 'table', apiVersion: `meta.k8s.io/${t.version}` };
  }
  throw notAcceptable(['application/json']);
}

/** The `includeObject` query parameter; another value is the handler's 400. */
export function includeObjectOf(v: string | undefined): IncludeObject {
  if (v === undefined || v === '' || v === 'Metadata') return 'Metadata';
  if (v === 'None' || v === 'Object') return v;
  throw newBadRequest(`Unable to convert to Table as requested: includeObject: Invalid value: ${JSON.stringify(v)}: must be 'Metadata', 'Object', 'None', or empty`);
}

/** A column's cell from an object (apiextensions' convertor), or a default column's. */
interface Column {
  readonly definition: JsonObject;
  cell(obj: JsonObject, now: Date): JsonValue;
}

const nameColumn: Column = {
  definition: { name: 'Name', type: 'string', format: 'name', description: NAME_DESCRIPTION, priority: 0 },
  cell: (obj) => stringField(obj, 'name'),
};

const createdAtColumn: Column = {
  definition: { name: 'Created At', type: 'date', format: '', description: CREATED_DESCRIPTION, priority: 0 },
  cell: (obj) => stringField(obj, 'creationTimestamp') || '0001-01-01T00:00:00Z',
};

function stringField(obj: JsonObject, field: string): string {
  const meta = isJsonObject(obj.metadata) ? obj.metadata : {};
  const v = Object.hasOwn(meta, field) ? meta[field] : undefined;
  return typeof v === 'string' ? v : '';
}

const compiled = new WeakMap<VersionDefinition, readonly Column[]>();

/** The columns of a version: Name and its printer columns, up to one whose JSONPath does not parse (as apiextensions). */
export function columnsOf(version: VersionDefinition): readonly Column[] {
  const known = compiled.get(version);
  if (known) return known;
  const columns: Column[] = [nameColumn];
  if (version.columns.length === 0) columns.push(createdAtColumn);
  for (const c of version.columns) {
    const path = parseJsonPath(c.jsonPath);
    if (!path) break;
    columns.push(printerColumn(c, path));
  }
  compiled.set(version, columns);
  return columns;
}

function printerColumn(c: PrinterColumn, path: readonly Step[]): Column {
  return {
    definition: {
      name: c.name,
      type: c.type,
      format: c.format,
      description: c.description || `Custom resource definition column (in JSONPath format): ${c.jsonPath}`,
      priority: c.priority,
    },
    cell: (obj, now) => {
      const value = evaluate(path, obj);
      if (value === undefined) return null;
      if (c.type === 'string') return goText(value);
      return typedCell(c.type, value, now);
    },
  };
}

/** apiextensions' cellForJSONValue. */
function typedCell(type: string, value: JsonValue, now: Date): JsonValue {
  switch (type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date': {
      if (typeof value !== 'string') return null;
      const t = Date.parse(value);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(t)) return '<invalid>';
      return humanDuration(now.getTime() - t);
    }
  }
  return null;
}

/** How Go's fmt prints a JSON value (the jsonpath printer of a string column). */
function goText(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goText).join(' ')}]`;
  return `map[${Object.keys(v)
    .sort()
    .map((k) => `${k}:${goText(v[k] ?? null)}`)
    .join(' ')}]`;
}

/** k8s.io/apimachinery's duration.HumanDuration. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

/** A step of the simple JSONPaths printer columns use: `.field`, `[n]`, `[*]`, `[?(@.field=="value")]`. */
type Step = { field: string } | { index: number } | { all: true } | { filter: string[]; equals: string };

/** The steps of `path` (one linear scan), or `undefined` when it is not such a path. */
export function parseJsonPath(path: string): Step[] | undefined {
  const steps: Step[] = [];
  let i = 0;
  const p = path.startsWith('{') && path.endsWith('}') ? path.slice(1, -1) : path;
  while (i < p.length) {
    const ch = p[i];
    if (ch === '.') {
      let j = i + 1;
      while (j < p.length && p[j] !== '.' && p[j] !== '[') j++;
      const field = p.slice(i + 1, j);
      if (field === '') return undefined;
      steps.push({ field });
      i = j;
    } else if (ch === '[') {
      const end = p.indexOf(']', i);
      if (end < 0) return undefined;
      const inner = p.slice(i + 1, end);
      if (inner === '*') steps.push({ all: true });
      else if (/^\d{1,9}$/.test(inner)) steps.push({ index: Number(inner) });
      else {
        const m = /^\?\(@((?:\.[A-Za-z0-9_-]+)+)\s*==\s*(?:"([^"]*)"|'([^']*)')\)$/.exec(inner);
        if (!m) return undefined;
        steps.push({ filter: (m[1] ?? '').slice(1).split('.'), equals: m[2] ?? m[3] ?? '' });
      }
      i = end + 1;
    } else {
      return undefined;
    }
  }
  return steps;
}

/** The first value `steps` reach in `obj` (missing keys allowed), own keys only. */
function evaluate(steps: readonly Step[], obj: JsonValue): JsonValue | undefined {
  let current: JsonValue[] = [obj];
  for (const step of steps) {
    const next: JsonValue[] = [];
    for (const v of current) {
      if ('field' in step) {
        if (isJsonObject(v) && Object.hasOwn(v, step.field)) next.push(v[step.field] ?? null);
      } else if ('index' in step) {
        if (Array.isArray(v) && step.index < v.length) next.push(v[step.index] ?? null);
      } else if ('all' in step) {
        if (Array.isArray(v)) next.push(...v);
        else if (isJsonObject(v)) next.push(...Object.keys(v).map((k) => v[k] ?? null));
      } else if (Array.isArray(v)) {
        for (const item of v) if (evaluate(step.filter.map((field) => ({ field })), item) === step.equals) next.push(item);
      }
    }
    current = next;
  }
  return current[0];
}

/**
 * The Table of an object or a list (`items`), in `apiVersion` (meta.k8s.io/v1 or v1beta1); with `noHeaders` (a watch's
 * events after its first, as TableOptions.NoHeaders) its columnDefinitions are null.
 */
export function toTable(obj: JsonObject, version: VersionDefinition, options: { apiVersion: string; includeObject: IncludeObject; now: Date; noHeaders?: boolean }): JsonObject {
  const columns = columnsOf(version);
  const isList = Array.isArray(obj.items);
  const items = Array.isArray(obj.items) ? obj.items.filter(isJsonObject) : [obj];
  const listMeta = isJsonObject(obj.metadata) ? obj.metadata : {};
  const metadata: JsonObject = {};
  const rv = isList ? listMeta.resourceVersion : stringField(obj, 'resourceVersion');
  if (typeof rv === 'string' && rv !== '') metadata.resourceVersion = rv;
  if (isList && typeof listMeta.continue === 'string' && listMeta.continue !== '') metadata.continue = listMeta.continue;
  if (isList && typeof listMeta.remainingItemCount === 'number') metadata.remainingItemCount = listMeta.remainingItemCount;
  return {
    kind: 'Table',
    apiVersion: options.apiVersion,
    metadata,
    columnDefinitions: options.noHeaders === true ? null : columns.map((c) => ({ ...c.definition })),
    rows: items.map((item) => ({ cells: columns.map((c) => c.cell(item, options.now)), object: rowObject(item, options) })),
  };
}

function rowObject(item: JsonObject, options: { apiVersion: string; includeObject: IncludeObject }): JsonValue {
  switch (options.includeObject) {
    case 'None':
      return null;
    case 'Object':
      return item;
    case 'Metadata':
      return { kind: 'PartialObjectMetadata', apiVersion: options.apiVersion, metadata: isJsonObject(item.metadata) ? item.metadata : {} };
  }
}
