/**
 * Table output: Accept negotiation, `includeObject`, the printer columns' cells (apiextensions' convertor) and the
 * default convertor's Name / Created At, list metadata, kubectl's human durations, and the column JSONPaths.
 */
import type { VersionDefinition, PrinterColumn } from '@kubegen/apiserver';
import { StatusError, isJsonObject, type JsonObject } from '@kubegen/runtime';
import { parseAccept } from '../../../../apiserver/src/server/accept';
import { humanDuration, includeObjectOf, negotiateObjectOutput, parseJsonPath, toTable } from '../../../../apiserver/src/server/table';

const version = (columns: PrinterColumn[]): VersionDefinition => ({ name: 'v1', schema: undefined, validate: undefined, setDefaults: undefined, columns });
const column = (name: string, type: string, jsonPath: string, extra: Partial<PrinterColumn> = {}): PrinterColumn => ({ name, type, jsonPath, format: '', description: '', priority: 0, ...extra });
const NOW = new Date('2026-01-01T01:00:00Z');

function thrown(f: () => unknown): StatusError {
  try {
    f();
  } catch (err) {
    if (err instanceof StatusError) return err;
  }
  throw new Error('no StatusError thrown');
}

describe('negotiation', () => {
  it.each([
    ['application/json;as=Table;v=v1;g=meta.k8s.io,application/json', true, { kind: 'table', apiVersion: 'meta.k8s.io/v1' }],
    ['application/json;as=Table;v=v1beta1;g=meta.k8s.io', true, { kind: 'table', apiVersion: 'meta.k8s.io/v1beta1' }],
    ['application/json;as=Table;v=v1;g=meta.k8s.io, application/json', false, { kind: 'json' }],
    ['application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io,application/json', true, { kind: 'json' }],
    ['application/yaml, */*', true, { kind: 'json' }],
    [undefined, true, { kind: 'json' }],
  ])('%s (table allowed: %s)', (accept, table, want) => {
    expect(negotiateObjectOutput(parseAccept(accept), table)).toEqual(want);
  });

  it('answers 406 when nothing it serves is accepted', () => {
    for (const accept of ['application/yaml', 'application/json;as=Table;v=v2;g=meta.k8s.io']) {
      const err = thrown(() => negotiateObjectOutput(parseAccept(accept), true));
      expect([err.code, err.reason, err.message]).toEqual([406, 'NotAcceptable', 'only the following media types are accepted: application/json']);
    }
  });

  it('reads includeObject as the handler does', () => {
    expect([undefined, '', 'Metadata', 'None', 'Object'].map(includeObjectOf)).toEqual(['Metadata', 'Metadata', 'Metadata', 'None', 'Object']);
    const err = thrown(() => includeObjectOf('All'));
    expect([err.code, err.message]).toEqual([400, `Unable to convert to Table as requested: includeObject: Invalid value: "All": must be 'Metadata', 'Object', 'None', or empty`]);
  });
});

describe('toTable', () => {
  const crontab = (name: string, spec: JsonObject, extra: JsonObject = {}): JsonObject => ({
    apiVersion: 'stable.example.com/v1',
    kind: 'CronTab',
    metadata: { name, namespace: 'ns', resourceVersion: '7', creationTimestamp: '2026-01-01T00:00:00Z', uid: 'u' },
    spec,
    ...extra,
  });
  const columns = [
    column('Schedule', 'string', '.spec.schedule'),
    column('Replicas', 'integer', '.spec.replicas', { description: 'how many' }),
    column('Ready', 'string', '.status.conditions[?(@.type=="Ready")].status', { priority: 1 }),
    column('Age', 'date', '.metadata.creationTimestamp'),
    column('Tags', 'string', '.spec.tags'),
  ];

  it('has a cell per printer column, typed by the column, null when the path finds nothing', () => {
    const obj = crontab('a', { schedule: '* * * * *', replicas: 2.7, tags: ['x', 'y'] }, { status: { conditions: [{ type: 'Synced', status: 'False' }, { type: 'Ready', status: 'True' }] } });
    const table = toTable(obj, version(columns), { apiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: NOW });
    expect(table).toEqual({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: '7' },
      columnDefinitions: [
        expect.objectContaining({ name: 'Name', type: 'string', format: 'name', priority: 0 }),
        { name: 'Schedule', type: 'string', format: '', description: 'Custom resource definition column (in JSONPath format): .spec.schedule', priority: 0 },
        { name: 'Replicas', type: 'integer', format: '', description: 'how many', priority: 0 },
        { name: 'Ready', type: 'string', format: '', description: 'Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=="Ready")].status', priority: 1 },
        { name: 'Age', type: 'date', format: '', description: 'Custom resource definition column (in JSONPath format): .metadata.creationTimestamp', priority: 0 },
        { name: 'Tags', type: 'string', format: '', description: 'Custom resource definition column (in JSONPath format): .spec.tags', priority: 0 },
      ],
      rows: [{ cells: ['a', '* * * * *', 2, 'True', '60m', '[x y]'], object: null }],
    });
    const empty = toTable(crontab('b', {}), version(columns), { apiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: NOW });
    expect(empty.rows).toEqual([{ cells: ['b', null, null, null, '60m', null], object: null }]);
  });

  it('uses the default convertor without printer columns: Name and Created At', () => {
    const table = toTable(crontab('a', {}), version([]), { apiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: NOW });
    expect(table.columnDefinitions).toEqual([expect.objectContaining({ name: 'Name', format: 'name' }), expect.objectContaining({ name: 'Created At', type: 'date', format: '' })]);
    expect(table.rows).toEqual([{ cells: ['a', '2026-01-01T00:00:00Z'], object: null }]);
  });

  it('leaves the column definitions null with noHeaders (a watch event after the first), the rows as without', () => {
    const headed = toTable(crontab('a', {}), version([]), { apiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: NOW });
    const bare = toTable(crontab('a', {}), version([]), { apiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: NOW, noHeaders: true });
    expect(bare.columnDefinitions).toBeNull();
    expect(bare.rows).toEqual(headed.rows);
  });

  it('converts a list with its resourceVersion, continue and remaining count, and each row carries what includeObject asks', () => {
    const items = [crontab('a', {}), crontab('b', {})];
    const list: JsonObject = { apiVersion: 'stable.example.com/v1', kind: 'CronTabList', metadata: { resourceVersion: '9', continue: 'tok', remainingItemCount: 3 }, items };
    const byMeta = toTable(list, version([]), { apiVersion: 'meta.k8s.io/v1', includeObject: 'Metadata', now: NOW });
    expect(byMeta.metadata).toEqual({ resourceVersion: '9', continue: 'tok', remainingItemCount: 3 });
    const rows = (t: JsonObject) => (Array.isArray(t.rows) ? t.rows.map((r) => (isJsonObject(r) ? r.object : undefined)) : []);
    expect(rows(byMeta)).toEqual(items.map((i) => ({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: i.metadata })));
    const whole = toTable(list, version([]), { apiVersion: 'meta.k8s.io/v1beta1', includeObject: 'Object', now: NOW });
    expect(rows(whole)).toEqual(items);
    expect(toTable({ ...list, items: [] }, version([]), { apiVersion: 'meta.k8s.io/v1', includeObject: 'None', now: NOW }).rows).toEqual([]);
  });

  it('drops the columns from the first one whose JSONPath it cannot read (apiextensions falls back the same way)', () => {
    const table = toTable(crontab('a', { schedule: 's' }), version([column('Schedule', 'string', '.spec.schedule'), column('Bad', 'string', 'spec..x'), column('After', 'string', '.spec')]), {
      apiVersion: 'meta.k8s.io/v1',
      includeObject: 'None',
      now: NOW,
    });
    expect(table.rows).toEqual([{ cells: ['a', 's'], object: null }]);
  });
});

describe('humanDuration (apimachinery duration.HumanDuration)', () => {
  const s = 1000;
  it.each([
    [-3 * s, '<invalid>'],
    [-1 * s, '0s'],
    [0, '0s'],
    [119 * s, '119s'],
    [120 * s, '2m'],
    [125 * s, '2m5s'],
    [10 * 60 * s, '10m'],
    [179 * 60 * s, '179m'],
    [3 * 3600 * s, '3h'],
    [(3 * 3600 + 120) * s, '3h2m'],
    [8 * 3600 * s, '8h'],
    [47 * 3600 * s, '47h'],
    [50 * 3600 * s, '2d2h'],
    [48 * 3600 * s, '2d'],
    [9 * 86400 * s, '9d'],
    [(2 * 365 + 3) * 86400 * s, '2y3d'],
    [9 * 365 * 86400 * s, '9y'],
  ])('%d ms → %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });
});

describe('column JSONPaths', () => {
  it.each([
    ['.spec.replicas', [{ field: 'spec' }, { field: 'replicas' }]],
    ['{.items[0].name}', [{ field: 'items' }, { index: 0 }, { field: 'name' }]],
    ['.a[*]', [{ field: 'a' }, { all: true }]],
    [".c[?(@.type=='Ready')].status", [{ field: 'c' }, { filter: ['type'], equals: 'Ready' }, { field: 'status' }]],
  ])('%s', (p, want) => {
    expect(parseJsonPath(p)).toEqual(want);
  });

  it.each(['spec', '.a..b', '.a[', '.a[?(@.x>1)]', '.a[-1]'])('refuses %s', (p) => {
    expect(parseJsonPath(p)).toBeUndefined();
  });
});
