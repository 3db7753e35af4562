import type { JsonObject } from '@kubegen/runtime';
import { FieldManager, FieldSet, SCALE_API_VERSION, SCALE_TYPE, replicasPath, toParent, toSubresource } from '../../../../apiserver/src/fieldmanager';

/** ScaleHandler (scalehandler.go) as the apiextensions-apiserver uses it: the cases kube-apiserver answers in the e2e. */
const GV = 'g.example.com/v1';
const VERSIONS: ReadonlySet<string> = new Set([GV, 'g.example.com/v2']);
const PATH = replicasPath('.spec.replicas');
const entry = (manager: string, operation: 'Apply' | 'Update', fieldsV1: JsonObject, extra: JsonObject = {}): JsonObject => ({
  manager,
  operation,
  apiVersion: GV,
  time: '2026-01-01T00:00:01Z',
  fieldsType: 'FieldsV1',
  fieldsV1,
  ...extra,
});
const REPLICAS = { 'f:spec': { 'f:replicas': {} } };

describe('toSubresource', () => {
  it("shows the owners of the spec replicas path as owners of the Scale's spec.replicas, of autoscaling/v1, times kept", () => {
    const parent = [entry('creator', 'Update', { 'f:spec': { '.': {}, 'f:image': {}, 'f:replicas': {} } }), entry('labeller', 'Update', { 'f:metadata': { 'f:labels': {} } }), entry('other', 'Update', REPLICAS, { apiVersion: 'x.example.com/v1' })];
    expect(toSubresource(parent, VERSIONS, PATH)).toEqual([{ manager: 'creator', operation: 'Update', apiVersion: SCALE_API_VERSION, time: '2026-01-01T00:00:01Z', fieldsType: 'FieldsV1', fieldsV1: REPLICAS }]);
  });
});

describe('toParent', () => {
  it('takes the path from Update owners (their Scale identifier names autoscaling/v1) and adds the Scale managers with no time', () => {
    const parent = [entry('creator', 'Update', { 'f:spec': { '.': {}, 'f:image': {}, 'f:replicas': {} } }), entry('labeller', 'Update', { 'f:metadata': { 'f:labels': {} } })];
    const scaleEntries = [{ manager: 'scaler', operation: 'Update', apiVersion: SCALE_API_VERSION, time: '2026-01-01T00:00:09Z', fieldsType: 'FieldsV1', fieldsV1: REPLICAS, subresource: 'scale' }];
    // (no time sorts first, as Unix second 0)
    expect(toParent(parent, scaleEntries, GV, VERSIONS, PATH)).toEqual([
      { manager: 'scaler', operation: 'Update', apiVersion: GV, fieldsType: 'FieldsV1', fieldsV1: REPLICAS, subresource: 'scale' },
      entry('creator', 'Update', { 'f:spec': { '.': {}, 'f:image': {} } }),
      entry('labeller', 'Update', { 'f:metadata': { 'f:labels': {} } }),
    ]);
  });

  it("keeps an Apply owner the Scale's entries still hold as it is; drops one that owned only the path", () => {
    const parent = [entry('hpa', 'Apply', REPLICAS, { subresource: 'scale' }), entry('gone', 'Apply', REPLICAS)];
    const scaleEntries = [{ manager: 'hpa', operation: 'Apply', apiVersion: SCALE_API_VERSION, fieldsType: 'FieldsV1', fieldsV1: REPLICAS, subresource: 'scale' }];
    expect(toParent(parent, scaleEntries, GV, VERSIONS, PATH)).toEqual([entry('hpa', 'Apply', REPLICAS, { subresource: 'scale' })]);
  });

  it('round-trips through the Scale field manager: an update of the replicas moves them to the scaler', () => {
    const parent = [entry('creator', 'Update', { 'f:spec': { '.': {}, 'f:image': {}, 'f:replicas': {} } })];
    const fm = new FieldManager({ type: SCALE_TYPE, apiVersion: SCALE_API_VERSION, subresource: 'scale', ignored: new FieldSet(), now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, 5)) });
    const scale = (replicas: number, managedFields?: JsonObject[]): JsonObject => ({ apiVersion: SCALE_API_VERSION, kind: 'Scale', metadata: { name: 'n', uid: 'u', ...(managedFields ? { managedFields } : {}) }, spec: { replicas } });
    const scaleEntries = fm.update(scale(3, toSubresource(parent, VERSIONS, PATH)), scale(5), 'scaler');
    expect(toParent(parent, scaleEntries, GV, VERSIONS, PATH).map((e) => [e.manager, e.fieldsV1, e.time ?? null])).toEqual([
      ['scaler', REPLICAS, null],
      ['creator', { 'f:spec': { '.': {}, 'f:image': {} } }, '2026-01-01T00:00:01Z'],
    ]);
  });
});
