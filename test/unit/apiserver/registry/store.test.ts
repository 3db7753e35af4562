/**
 * The generic registry store over a real etcd, serving the wardle sample from its generated package and CRDs: create
 * (generateName, system fields, pruning, validation), get, list with selectors, update and patch with optimistic
 * concurrency, the status subresource, deletion with finalizers, deleteCollection, and the version conversion.
 */
import * as path from 'node:path';
import * as wardle from '@kubegen-generated/wardle.example.com';
import * as etcdGroup from '@kubegen-generated/etcd.database.coreos.com';
import { apiGroupFromPackage, Store, type RequestScope } from '@kubegen/apiserver';
import { EtcdStorage } from '@kubegen/apiserver/storage';
import { StatusError, isJsonObject, type JsonObject } from '@kubegen/runtime';
import { readCrdFiles } from '@kubegen/runtime/testing';
import { startTestEtcd, type TestEtcd } from '../../helpers/etcd';

jest.setTimeout(120_000);

const CRDS = path.resolve(__dirname, '../../../../generated/wardle.example.com/crds');

let etcd: TestEtcd;
let storage: EtcdStorage;
let flunders: Store;
let fischers: Store;
let clusters: Store;

beforeAll(async () => {
  etcd = await startTestEtcd();
  storage = new EtcdStorage({ endpoints: [etcd.endpoint] });
  const group = apiGroupFromPackage(wardle, readCrdFiles([CRDS]));
  const byResource = new Map(group.resources.map((r) => [r.resource, r]));
  flunders = new Store(byResource.get('flunders')!, storage);
  fischers = new Store(byResource.get('fischers')!, storage);
  const etcdDefs = apiGroupFromPackage(etcdGroup, readCrdFiles([path.resolve(__dirname, '../../../../generated/etcd.database.coreos.com/crds')]));
  const clusterDef = etcdDefs.resources.find((r) => r.resource === 'etcdclusters');
  if (!clusterDef) throw new Error('no etcdclusters in generated/etcd.database.coreos.com');
  clusters = new Store(clusterDef, storage);
});

afterAll(async () => {
  await storage.close();
  await etcd.stop();
});

const beta: RequestScope = { version: 'v1beta1', namespace: 'ns1' };
const alpha: RequestScope = { version: 'v1alpha1', namespace: 'ns1' };
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const meta = (o: unknown): JsonObject => (isJsonObject(o) && isJsonObject(o.metadata) ? o.metadata : {});
const flunder = (name: string, extra: JsonObject = {}): JsonObject => ({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name }, ...extra });

async function statusOf(p: Promise<unknown>): Promise<StatusError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof StatusError)) throw new Error(`expected a StatusError, got ${String(err)}`);
  return err;
}

describe('create', () => {
  it('fills the system fields, drops the status, prunes unknown fields and __proto__ keys', async () => {
    const body: unknown = JSON.parse(
      '{"apiVersion":"wardle.example.com/v1beta1","kind":"Flunder","metadata":{"generateName":"gen-","__proto__":{"x":1},"bogus":1},"spec":{"reference":"r","extra":1,"__proto__":{"polluted":true}},"status":{"observedGeneration":3},"zzz":1}',
    );
    const created = await flunders.create(beta, body);
    const m = meta(created);
    expect(m.name).toMatch(/^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(m.namespace).toBe('ns1');
    expect(m.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(m.generation).toBe(1);
    expect(m.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Object.keys(m).sort()).toEqual(['creationTimestamp', 'generateName', 'generation', 'managedFields', 'name', 'namespace', 'resourceVersion', 'uid']);
    expect(created.spec).toEqual({ reference: 'r' });
    expect(created.status).toBeUndefined();
    expect(created.zzz).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers the apiserver Status for a duplicate, an invalid object, a wrong kind or apiVersion, a foreign namespace, a resourceVersion', async () => {
    await flunders.create(beta, flunder('dup'));
    const dup = await statusOf(flunders.create(beta, flunder('dup')));
    expect(dup.status).toMatchObject({ code: 409, reason: 'AlreadyExists', message: 'flunders.wardle.example.com "dup" already exists' });

    const invalid = await statusOf(flunders.create(beta, flunder('Bad_Name', { spec: { referenceType: 'Bogus' }, metadata: { name: 'Bad_Name', labels: { __proto__x: 'v' } } })));
    expect(invalid.code).toBe(422);
    expect(invalid.reason).toBe('Invalid');
    expect(invalid.causes.map((c) => c.field)).toEqual(['metadata.name', 'metadata.labels', 'spec.referenceType']);
    expect(invalid.message).toMatch(/^Flunder\.wardle\.example\.com "Bad_Name" is invalid: \[metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);

    const noName = await statusOf(flunders.create(beta, { apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', spec: {} }));
    expect(noName.message).toBe('Flunder.wardle.example.com "" is invalid: metadata.name: Required value: name or generateName is required');

    // a wrong kind is the CRD validator's only error, before ObjectMeta's
    expect((await statusOf(flunders.create(beta, { ...flunder(''), kind: 'Fischer' }))).status).toMatchObject({
      code: 422,
      reason: 'Invalid',
      message: 'Fischer.wardle.example.com "" is invalid: kind: Invalid value: "Fischer": must be Flunder',
    });
    expect((await statusOf(flunders.create(beta, { ...flunder('k'), apiVersion: 'wardle.example.com/v1alpha1' }))).message).toBe(
      'the API version in the data (wardle.example.com/v1alpha1) does not match the expected API version (wardle.example.com/v1beta1)',
    );
    expect((await statusOf(flunders.create(beta, flunder('k', { metadata: { name: 'k', namespace: 'other' } })))).message).toBe(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
    expect((await statusOf(flunders.create(beta, flunder('k', { metadata: { name: 'k', labels: 5 } })))).status).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'Flunder in version "v1beta1" cannot be handled as a Flunder: json: cannot unmarshal number into Go struct field ObjectMeta.labels of type map[string]string',
    });
    expect((await statusOf(flunders.create(beta, flunder('k', { metadata: { name: 'k', labels: { a: 1 } } })))).message).toBe(
      'Flunder in version "v1beta1" cannot be handled as a Flunder: json: cannot unmarshal number into Go struct field ObjectMeta.labels of type string',
    );
    expect((await statusOf(flunders.create(beta, flunder('k', { metadata: 'k' })))).message).toBe(
      'Flunder in version "v1beta1" cannot be handled as a Flunder: json: cannot unmarshal string into Go value of type v1.ObjectMeta',
    );
    expect((await statusOf(flunders.create(beta, flunder('k', { metadata: { name: 'k', generation: 1.5 } })))).message).toBe(
      'Flunder in version "v1beta1" cannot be handled as a Flunder: json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.generation of type int64',
    );
    expect((await statusOf(flunders.create(beta, [flunder('k')]))).code).toBe(400);
    expect((await statusOf(fischers.create({ version: 'v1beta1', namespace: '' }, { apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'f', resourceVersion: '5' } }))).status).toMatchObject({
      code: 500,
      message: 'resourceVersion should not be set on objects to be created',
    });
    await expect(flunders.get(beta, 'k')).rejects.toMatchObject({ status: { code: 404, message: 'flunders.wardle.example.com "k" not found' } });
  });

  it('stores the storage version and serves every version through the generated converters', async () => {
    const created = await flunders.create(alpha, { apiVersion: 'wardle.example.com/v1alpha1', kind: 'Flunder', metadata: { name: 'conv' }, spec: { reference: 'x' } });
    expect(created.apiVersion).toBe('wardle.example.com/v1alpha1');
    const stored = await storage.get(flunders.key('ns1', 'conv'));
    expect(stored?.apiVersion).toBe('wardle.example.com/v1beta1');
    expect((await flunders.get(beta, 'conv')).apiVersion).toBe('wardle.example.com/v1beta1');
  });
});

describe('list', () => {
  beforeAll(async () => {
    const ns: RequestScope = { version: 'v1beta1', namespace: 'lists' };
    for (const [name, team] of [['l1', 'red'], ['l2', 'blue'], ['l3', 'red']] as const) await flunders.create(ns, flunder(name, { metadata: { name, labels: { team } } }));
  });

  it('selects by labels and fields, pages, and refuses a bad selector or a field that is not selectable', async () => {
    const ns: RequestScope = { version: 'v1beta1', namespace: 'lists' };
    const names = (l: JsonObject) => (Array.isArray(l.items) ? l.items.map((i) => meta(i).name) : []);
    expect(names(await flunders.list(ns, { labelSelector: 'team=red' }))).toEqual(['l1', 'l3']);
    expect(names(await flunders.list(ns, { fieldSelector: 'metadata.name!=l1' }))).toEqual(['l2', 'l3']);
    const page = await flunders.list(ns, { limit: 2 });
    expect(page.kind).toBe('FlunderList');
    expect(meta(page)).toMatchObject({ remainingItemCount: 1 });
    expect(names(await flunders.list(ns, { limit: 2, continue: str(meta(page).continue) }))).toEqual(['l3']);
    expect((await statusOf(flunders.list(ns, { labelSelector: 'team in (red' }))).status).toMatchObject({ code: 400, reason: 'BadRequest' });
    expect((await statusOf(flunders.list(ns, { fieldSelector: 'spec.reference=x' }))).status).toMatchObject({ code: 400, message: 'field label not supported: spec.reference' });
    const badRv = await statusOf(flunders.list(ns, { resourceVersion: 'abc' }));
    // the cacher's 400 for a list; a get's is the storage error as it is (a 500 of no reason)
    expect(badRv.status).toMatchObject({ code: 400, reason: 'BadRequest' });
    expect(badRv.message).toBe('invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax');
    const badGet = await statusOf(flunders.get(ns, 'l1', 'abc'));
    expect([badGet.code, badGet.reason, badGet.message]).toEqual([500, '', 'resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax']);
    expect(names(await flunders.list({ version: 'v1beta1', namespace: '' }, { labelSelector: 'team=blue' }))).toEqual(['l2']);
  });
});

describe('update, patch and status', () => {
  it('conflicts on a stale resourceVersion, keeps the stored status, and bumps the generation on spec changes only', async () => {
    const created = await flunders.create(beta, flunder('u', { spec: { reference: 'a' } }));
    const updated = await flunders.update(beta, 'u', { ...created, spec: { reference: 'b' }, status: { observedGeneration: 9 } });
    expect(meta(updated).generation).toBe(2);
    expect(updated.status).toBeUndefined();
    const stale = await statusOf(flunders.update(beta, 'u', { ...created, spec: { reference: 'c' } }));
    expect(stale.status).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message: 'Operation cannot be fulfilled on flunders.wardle.example.com "u": the object has been modified; please apply your changes to the latest version and try again',
    });
    const labelled = await flunders.patch(beta, 'u', 'application/merge-patch+json', { metadata: { labels: { a: 'b' } } });
    expect(meta(labelled).generation).toBe(2);
    const status = await flunders.update(beta, 'u', { ...labelled, spec: { reference: 'ignored' }, status: { observedGeneration: 2 } }, 'status');
    expect(status.status).toEqual({ observedGeneration: 2 });
    expect(status.spec).toEqual({ reference: 'b' });
    const patched = await flunders.patch(beta, 'u', 'application/json-patch+json', [{ op: 'replace', path: '/spec/reference', value: 'd' }]);
    expect(patched.spec).toEqual({ reference: 'd' });
    expect(patched.status).toEqual({ observedGeneration: 2 });
    expect((await statusOf(flunders.patch(beta, 'u', 'application/json-patch+json', [{ op: 'test', path: '/spec/reference', value: 'zz' }]))).code).toBe(422);
    expect((await statusOf(flunders.patch(beta, 'u', 'application/strategic-merge-patch+json', {}))).code).toBe(415);
    expect((await statusOf(flunders.update(beta, 'other', { ...patched }))).message).toBe('the name of the object (u) does not match the name on the URL (other)');
    expect((await statusOf(flunders.update(beta, 'missing', flunder('missing')))).code).toBe(404);
    const immutable = await statusOf(flunders.update(beta, 'u', { ...patched, metadata: { ...meta(patched), uid: 'changed' } }));
    expect(immutable.causes).toEqual([{ reason: 'FieldValueInvalid', field: 'metadata.uid', message: 'Invalid value: "changed": field is immutable' }]);
  });
});

describe('patch and apply: the order of their errors, and a body\'s repeated keys', () => {
  it('answers a patch of a missing object 404 before it decodes the patch (a JSON or merge patch of the wrong shape)', async () => {
    expect((await statusOf(flunders.patch(beta, 'missing', 'application/merge-patch+json', [1]))).code).toBe(404);
    expect((await statusOf(flunders.patch(beta, 'missing', 'application/json-patch+json', { op: 'add' }))).code).toBe(404);
    expect((await statusOf(flunders.patch(beta, 'missing', 'application/strategic-merge-patch+json', {}))).code).toBe(415);
    // an apply creates: its body is decoded first
    expect((await statusOf(flunders.patch({ ...beta, fieldManager: 'm' }, 'missing', 'application/apply-patch+yaml', [1]))).message).toBe(
      'error decoding patch: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}',
    );
    await flunders.create(beta, flunder('shape'));
    expect((await statusOf(flunders.patch(beta, 'shape', 'application/merge-patch+json', [1]))).code).toBe(400);
  });

  it("reports a body's repeated keys before its unknown fields: a warning, Strict's 400 (a patch's 422), nothing with Ignore", async () => {
    const strictErrors = ['duplicate field "spec.reference"'];
    const body = flunder('dup-keys', { spec: { reference: 'a', extra: 1 } });
    const strict = await statusOf(flunders.create({ ...beta, fieldValidation: 'Strict', strictErrors }, body));
    expect(strict.status).toMatchObject({ code: 400, message: 'Flunder in version "v1beta1" cannot be handled as a Flunder: strict decoding error: duplicate field "spec.reference", unknown field "spec.extra"' });
    const warnings: string[] = [];
    await flunders.create({ ...beta, warnings, strictErrors }, body);
    expect(warnings).toEqual(['duplicate field "spec.reference"', 'unknown field "spec.extra"']);
    const ignored: string[] = [];
    await flunders.patch({ ...beta, warnings: ignored, fieldValidation: 'Ignore', strictErrors }, 'dup-keys', 'application/merge-patch+json', { spec: { reference: 'b' } });
    expect(ignored).toEqual([]);
    const patched = await statusOf(flunders.patch({ ...beta, fieldValidation: 'Strict', strictErrors }, 'dup-keys', 'application/merge-patch+json', { spec: { reference: 'b' } }));
    expect(patched.status).toMatchObject({ code: 422, reason: 'Invalid' });
    expect(patched.message).toMatch(/^ "" is invalid: patch: Invalid value: ".*": strict decoding error: duplicate field "spec.reference"$/);
  });

  it("answers an apply patch's repeated keys once it applied: yaml.v2's lines as warnings, or Strict's 400", async () => {
    const lines = ['line 4: key "reference" already set in map'];
    const config = { apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'dup-apply' }, spec: { reference: 'x' } };
    const strict = await statusOf(flunders.apply({ ...beta, fieldManager: 'm', fieldValidation: 'Strict', strictErrors: lines }, 'dup-apply', config));
    expect(strict.status).toMatchObject({ code: 400, message: 'error strict decoding patch: error converting YAML to JSON: yaml: unmarshal errors: line 4: key "reference" already set in map' });
    const warnings: string[] = [];
    const { created } = await flunders.apply({ ...beta, fieldManager: 'm', warnings, strictErrors: lines }, 'dup-apply', config);
    expect(created).toBe(true);
    expect(warnings).toEqual(lines);
  });
});

describe('delete', () => {
  it('marks an object with finalizers, refuses new finalizers, and deletes it when the last is removed', async () => {
    const created = await flunders.create(beta, flunder('fin', { metadata: { name: 'fin', finalizers: ['example.com/keep'] } }));
    const stale = await statusOf(flunders.delete(beta, 'fin', { preconditions: { uid: 'nope' } }));
    expect(stale.status).toMatchObject({ code: 409, reason: 'Conflict' });
    const marked = await flunders.delete(beta, 'fin', { preconditions: { uid: str(meta(created).uid) } });
    expect(marked.deleted).toBe(false);
    expect(meta(marked.object)).toMatchObject({ deletionGracePeriodSeconds: 0, finalizers: ['example.com/keep'] });
    expect(typeof meta(marked.object).deletionTimestamp).toBe('string');
    const added = await statusOf(flunders.patch(beta, 'fin', 'application/merge-patch+json', { metadata: { finalizers: ['example.com/keep', 'example.com/more'] } }));
    expect(added.causes[0]?.message).toBe('Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/more"}');
    await flunders.patch(beta, 'fin', 'application/merge-patch+json', { metadata: { finalizers: null } });
    expect((await statusOf(flunders.get(beta, 'fin'))).code).toBe(404);
  });

  it('deletes at once without finalizers, adds the orphan finalizer for Orphan, and deletes collections by selector', async () => {
    const ns: RequestScope = { version: 'v1beta1', namespace: 'dc' };
    await flunders.create(ns, flunder('d1', { metadata: { name: 'd1', labels: { x: 'y' } } }));
    await flunders.create(ns, flunder('d2', { metadata: { name: 'd2', labels: { x: 'y' } } }));
    await flunders.create(ns, flunder('d3'));
    const gone = await flunders.delete(ns, 'd3');
    expect(gone.deleted).toBe(true);
    const orphaned = await flunders.delete(ns, 'd2', { propagationPolicy: 'Orphan' });
    expect(meta(orphaned.object).finalizers).toEqual(['orphan']);
    const deleted = await flunders.deleteCollection(ns, { labelSelector: 'x=y' });
    expect(Array.isArray(deleted.items) ? deleted.items.map((i) => meta(i).name) : []).toEqual(['d1', 'd2']);
    expect(((await flunders.list(ns)).items as unknown[]).map((i) => meta(i).name)).toEqual(['d2']);
  });
});

describe("the garbage collector's finalizers on delete (deletionFinalizersForGarbageCollection)", () => {
  it('recomputes orphan and foregroundDeletion from the options, bumps the generation when marking, deletes when none is left', async () => {
    const ns: RequestScope = { version: 'v1beta1', namespace: 'gc' };
    await flunders.create(ns, flunder('g1', { metadata: { name: 'g1', finalizers: ['example.com/keep'] } }));
    const fg = await flunders.delete(ns, 'g1', { propagationPolicy: 'Foreground', gracePeriodSeconds: 30 });
    expect(meta(fg.object)).toMatchObject({ finalizers: ['example.com/keep', 'foregroundDeletion'], generation: 2, deletionGracePeriodSeconds: 0 });
    const background = await flunders.delete(ns, 'g1', { orphanDependents: false });
    expect(meta(background.object)).toMatchObject({ finalizers: ['example.com/keep'], generation: 2 });
    await flunders.patch(ns, 'g1', 'application/merge-patch+json', { metadata: { finalizers: null } });
    await flunders.create(ns, flunder('g2'));
    const orphaned = await flunders.delete(ns, 'g2', { propagationPolicy: 'Orphan' });
    expect([orphaned.deleted, meta(orphaned.object).finalizers]).toEqual([false, ['orphan']]);
    // Background takes the orphan finalizer away: nothing is left to wait for
    expect((await flunders.delete(ns, 'g2', { propagationPolicy: 'Background' })).deleted).toBe(true);
    expect((await statusOf(flunders.get(ns, 'g2'))).code).toBe(404);
  });
});

describe('dry runs', () => {
  it('answers what would be stored and stores nothing: create, update, patch, delete (with finalizers too)', async () => {
    const dry: RequestScope = { version: 'v1beta1', namespace: 'dry', dryRun: true };
    const wet: RequestScope = { version: 'v1beta1', namespace: 'dry' };
    const created = await flunders.create(dry, flunder('d1', { spec: { reference: 'r' } }));
    expect(meta(created)).toMatchObject({ name: 'd1', generation: 1 });
    expect(meta(created).resourceVersion).toBeUndefined();
    expect((await statusOf(flunders.get(wet, 'd1'))).code).toBe(404);
    const real = await flunders.create(wet, flunder('d1', { metadata: { name: 'd1', finalizers: ['example.com/keep'] } }));
    expect((await statusOf(flunders.create(dry, flunder('d1')))).reason).toBe('AlreadyExists');
    const rv = str(meta(real).resourceVersion);
    const updated = await flunders.update(dry, 'd1', { ...real, spec: { reference: 'changed' } });
    expect([updated.spec, meta(updated).generation, meta(updated).resourceVersion]).toEqual([{ reference: 'changed' }, 2, rv]);
    const patched = await flunders.patch(dry, 'd1', 'application/merge-patch+json', { spec: { reference: 'p' } });
    expect(patched.spec).toEqual({ reference: 'p' });
    const marked = await flunders.delete(dry, 'd1');
    expect([marked.deleted, typeof meta(marked.object).deletionTimestamp]).toEqual([false, 'string']);
    const stored = await flunders.get(wet, 'd1');
    expect([meta(stored).resourceVersion, meta(stored).deletionTimestamp, stored.spec]).toEqual([rv, undefined, undefined]);
    await flunders.patch(wet, 'd1', 'application/merge-patch+json', { metadata: { finalizers: null } });
    await flunders.create(wet, flunder('d2'));
    expect((await flunders.delete(dry, 'd2')).deleted).toBe(true);
    expect(meta(await flunders.get(wet, 'd2')).name).toBe('d2');
  });

  it('refuses what it would refuse without dryRun (validation and the preconditions run)', async () => {
    const dry: RequestScope = { version: 'v1beta1', namespace: 'dry2', dryRun: true };
    expect((await statusOf(flunders.create(dry, flunder('Bad_Name')))).code).toBe(422);
    await flunders.create({ version: 'v1beta1', namespace: 'dry2' }, flunder('p1'));
    const conflict = await statusOf(flunders.delete(dry, 'p1', { preconditions: { resourceVersion: '1' } }));
    expect(conflict.message).toMatch(/^Operation cannot be fulfilled on Flunder\.wardle\.example\.com "p1": the ResourceVersion in the precondition \(1\) does not match the ResourceVersion in record \(\d+\)\. The object might have been modified$/);
  });
});

describe('the scale subresource (EtcdCluster: .spec.size, .status.size)', () => {
  const ns: RequestScope = { version: 'v1beta2', namespace: 'scaled' };
  const cluster = (name: string, size: number): JsonObject => ({ apiVersion: 'etcd.database.coreos.com/v1beta2', kind: 'EtcdCluster', metadata: { name }, spec: { size } });

  it('reads, updates and patches the replicas as an autoscaling/v1 Scale', async () => {
    await clusters.create(ns, cluster('e1', 3));
    const scale = await clusters.getScale(ns, 'e1');
    expect(scale).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'e1', namespace: 'scaled' }, spec: { replicas: 3 }, status: { replicas: 0 } });
    const rv = str(meta(scale).resourceVersion);
    const updated = await clusters.updateScale(ns, 'e1', { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'e1', resourceVersion: rv }, spec: { replicas: 5 } });
    expect(updated.spec).toEqual({ replicas: 5 });
    expect((await statusOf(clusters.updateScale(ns, 'e1', { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'e1', resourceVersion: rv }, spec: { replicas: 6 } }))).code).toBe(409);
    const patched = await clusters.patchScale(ns, 'e1', 'application/json-patch+json', [{ op: 'replace', path: '/spec/replicas', value: 2 }]);
    expect(patched.spec).toEqual({ replicas: 2 });
    const object = await clusters.get(ns, 'e1');
    expect([isJsonObject(object.spec) ? object.spec.size : undefined, meta(object).generation]).toEqual([2, 3]);
  });

  it('refuses a body that is not a Scale, another name, negative replicas (the scale validation of the object)', async () => {
    await clusters.create(ns, cluster('e2', 1));
    expect((await statusOf(clusters.updateScale(ns, 'e2', cluster('e2', 2)))).message).toBe('no kind is registered for the type v1.Scale in scheme "pkg/runtime/scheme.go:111"');
    expect((await statusOf(clusters.updateScale(ns, 'e2', { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'e3' }, spec: { replicas: 2 } }))).message).toBe(
      'the name of the object (e3) does not match the name on the URL (e2)',
    );
    const negative = await statusOf(clusters.patchScale(ns, 'e2', 'application/merge-patch+json', { spec: { replicas: -1 } }));
    expect(negative.code).toBe(422);
    expect(negative.causes.map((c) => [c.field, c.message])).toContainEqual(['.spec.size', 'Invalid value: -1: should be a non-negative integer']);
    expect((await statusOf(flunders.getScale(beta, 'x'))).code).toBe(404);
  });
});

describe('server-side apply across versions (managers keep their apiVersion; conflicts in each one)', () => {
  const managed = (o: JsonObject) => {
    const all = meta(o).managedFields;
    return (Array.isArray(all) ? all : []).filter(isJsonObject).map((e) => `${str(e.manager)} ${str(e.operation)} ${str(e.apiVersion)} ${JSON.stringify(e.fieldsV1)}`);
  };
  const alphaFlunder = (spec: JsonObject): JsonObject => ({ apiVersion: 'wardle.example.com/v1alpha1', kind: 'Flunder', metadata: { name: 'versions' }, spec });

  it('a v1alpha1 applier conflicts with a v1beta1 one, keeps its version after a forced apply and loses what a v1beta1 update changes', async () => {
    await flunders.apply({ ...alpha, fieldManager: 'alpha-applier' }, 'versions', alphaFlunder({ reference: 'a', referenceType: 'Flunder' }));
    const conflict = await statusOf(flunders.apply({ ...beta, fieldManager: 'beta-applier' }, 'versions', flunder('versions', { spec: { reference: 'b' } })));
    expect(conflict.status).toMatchObject({ code: 409, message: 'Apply failed with 1 conflict: conflict with "alpha-applier": .spec.reference' });
    const { object: forced } = await flunders.apply({ ...beta, fieldManager: 'beta-applier', force: true }, 'versions', flunder('versions', { spec: { reference: 'b' } }));
    expect(managed(forced)).toEqual([
      'alpha-applier Apply wardle.example.com/v1alpha1 {"f:spec":{"f:referenceType":{}}}',
      'beta-applier Apply wardle.example.com/v1beta1 {"f:spec":{"f:reference":{}}}',
    ]);
    // read in v1alpha1, the entries are the same
    expect(managed(await flunders.get(alpha, 'versions'))).toEqual(managed(forced));
    const updated = await flunders.patch({ ...beta, fieldManager: 'editor' }, 'versions', 'application/merge-patch+json', { spec: { referenceType: 'Fischer' } });
    expect(managed(updated)).toEqual([
      'beta-applier Apply wardle.example.com/v1beta1 {"f:spec":{"f:reference":{}}}',
      expect.stringMatching(/^editor Update wardle\.example\.com\/v1beta1 \{"f:spec":\{"f:referenceType":\{\}\}\}$/),
    ]);
    // the alpha applier applies again without its field, in v1beta1 this time: nothing of its is left to prune
    const { object: again } = await flunders.apply({ ...beta, fieldManager: 'alpha-applier' }, 'versions', flunder('versions', { spec: {} }));
    expect(again.spec).toEqual({ reference: 'b', referenceType: 'Fischer' });
    await flunders.delete(beta, 'versions');
  });
});
