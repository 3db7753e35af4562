import { StatusError, isJsonObject, type JsonObject, type JsonValue } from '@kubegen/runtime';
import { ANCIENT_CHANGES, BEFORE_FIRST_APPLY, FieldManager, FieldSet, LAST_APPLIED, capUpdateManagers, decodeManagedFields, fieldElement as f, lastAppliedOf, typeOf } from '../../../../apiserver/src/fieldmanager';

/**
 * The decorators of upstream's default field manager (capmanagers, skipnonapplied, decodeLiveOrNew's reset,
 * lastappliedmanager, lastappliedupdater), each against the behaviour its Go tests pin.
 */
const SCHEMA = {
  type: 'object',
  properties: {
    spec: { type: 'object', properties: { image: { type: 'string' }, replicas: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' } } },
    status: { type: 'object', properties: { ready: { type: 'boolean' } } },
  },
};
const T = typeOf(SCHEMA, true);
const GV = 'g.example.com/v1';
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const manager = (clock: { t: number }) => new FieldManager({ type: T, apiVersion: GV, subresource: '', ignored: FieldSet.of([f('status')]), now: () => at(clock.t) });
const obj = (spec: JsonObject, meta: JsonObject = {}): JsonObject => ({ apiVersion: GV, kind: 'K', metadata: { name: 'n', namespace: 'ns', ...meta }, spec });
const managed = (o: JsonObject): JsonValue[] => (isJsonObject(o.metadata) && Array.isArray(o.metadata.managedFields) ? o.metadata.managedFields : []);
const names = (entries: readonly JsonValue[]) => entries.filter(isJsonObject).map((e) => `${JSON.stringify(e.operation)}/${JSON.stringify(e.manager)}`.replaceAll('"', ''));
const withManaged = (o: JsonObject, managedFields: JsonObject[]): JsonObject => ({ ...o, metadata: { ...(isJsonObject(o.metadata) ? o.metadata : {}), managedFields } });

describe('capUpdateManagers (capmanagers.go)', () => {
  const entry = (manager: string, t: number, path: string, apiVersion = GV, operation: 'Apply' | 'Update' = 'Update') => ({
    manager,
    operation,
    apiVersion,
    subresource: '',
    time: `2026-01-01T00:00:${String(t).padStart(2, '0')}Z`,
    set: FieldSet.of([f('spec'), f(path)]),
  });

  it('keeps up to 10 Update entries; Apply entries do not count', () => {
    const given = [...Array.from({ length: 10 }, (_, i) => entry(`m${i}`, i, `f${i}`)), entry('applier', 0, 'a', GV, 'Apply')];
    expect(capUpdateManagers(given)).toEqual(given);
  });

  it('merges the oldest past 10 into ancient-changes, per apiVersion, with the time of the last merged', () => {
    const given = Array.from({ length: 12 }, (_, i) => entry(`m${String(i).padStart(2, '0')}`, i, `f${i}`));
    const out = capUpdateManagers(given);
    expect(out).toHaveLength(10);
    const ancient = out.find((e) => e.manager === ANCIENT_CHANGES);
    expect(ancient).toMatchObject({ operation: 'Update', apiVersion: GV, time: '2026-01-01T00:00:02Z' });
    expect(ancient?.set.toFieldsV1()).toEqual({ 'f:spec': { 'f:f0': {}, 'f:f1': {}, 'f:f2': {} } });
    expect(out.map((e) => e.manager).filter((m) => m !== ANCIENT_CHANGES)).toEqual(Array.from({ length: 9 }, (_, i) => `m${String(i + 3).padStart(2, '0')}`));
  });

  it('keeps the first of another apiVersion as it is, and ties broken by the identifier', () => {
    const given = [entry('b', 0, 'x', 'g.example.com/v2'), entry('a', 0, 'y'), entry('c', 0, 'z'), ...Array.from({ length: 9 }, (_, i) => entry(`n${i}`, 10 + i, `g${i}`))];
    const out = capUpdateManagers(given);
    expect(out).toHaveLength(10);
    // sorted: a (v1), b (v2), c (v1), n0 (v1) …: a is v1's first, b v2's first; c and n0 merged with a
    expect(out.find((e) => e.manager === 'b')).toBeDefined();
    expect(out.find((e) => e.manager === ANCIENT_CHANGES)).toMatchObject({ time: '2026-01-01T00:00:10Z' });
    expect(out.find((e) => e.manager === ANCIENT_CHANGES)?.set.toFieldsV1()).toEqual({ 'f:spec': { 'f:g0': {}, 'f:y': {}, 'f:z': {} } });
  });

  it('caps what an update writes: eleven updaters of fields of their own leave ten entries', () => {
    const clock = { t: 0 };
    const fm = manager(clock);
    let live = obj({}, { uid: 'u' });
    live = withManaged(live, fm.update(undefined, live, 'creator'));
    const labels: JsonObject = {};
    for (let i = 0; i < 11; i++) {
      clock.t = i + 1;
      labels[`l${i}`] = 'x';
      const next = obj({}, { uid: 'u', labels: { ...labels }, managedFields: managed(live) });
      live = withManaged(next, fm.update(live, next, `u${String(i).padStart(2, '0')}`));
    }
    const out = managed(live).filter(isJsonObject);
    expect(out.map((e) => e.manager)).toEqual([ANCIENT_CHANGES, ...Array.from({ length: 9 }, (_, i) => `u${String(i + 2).padStart(2, '0')}`)]);
    // the creator (an empty spec) and the two oldest labellers merged, at the time of the last merged
    expect(out[0]).toMatchObject({ time: '2026-01-01T00:00:02Z', fieldsV1: { 'f:metadata': { 'f:labels': { 'f:l0': {}, 'f:l1': {} } }, 'f:spec': {} } });
  });
});

describe('managedFields reset and before-first-apply (decodeLiveOrNew, skipnonapplied.go)', () => {
  it('an update that sets managedFields to one empty entry leaves the object unmanaged, and later updates too', () => {
    const clock = { t: 1 };
    const fm = manager(clock);
    const live = withManaged(obj({ image: 'a' }, { uid: 'u' }), fm.update(undefined, obj({ image: 'a' }), 'creator'));
    expect(names(managed(live))).toEqual(['Update/creator']);
    expect(fm.update(live, obj({ image: 'b' }, { uid: 'u', managedFields: [{}] }), 'editor')).toEqual([]);
    expect(fm.update(live, obj({ image: 'b' }, { uid: 'u', managedFields: [{ manager: '', operation: '' }] }), 'editor')).toEqual([]);
    // an empty list is dropped with a custom resource's ObjectMeta on its way (omitempty): the live entries stay
    expect(names(fm.update(live, obj({ image: 'b' }, { uid: 'u', managedFields: [] }), 'editor'))).toEqual(['Update/creator', 'Update/editor']);
    const unmanaged = obj({ image: 'b' }, { uid: 'u' });
    expect(fm.update(unmanaged, obj({ image: 'c' }, { uid: 'u' }), 'editor')).toEqual([]);
  });

  it('a create is tracked even when its request resets managedFields', () => {
    expect(names(manager({ t: 1 }).update(undefined, obj({ image: 'a' }, { managedFields: [] }), 'creator'))).toEqual(['Update/creator']);
  });

  it("an update's invalid managedFields are replaced by the live object's", () => {
    const clock = { t: 1 };
    const fm = manager(clock);
    const live = withManaged(obj({ image: 'a' }, { uid: 'u' }), fm.update(undefined, obj({ image: 'a' }), 'creator'));
    for (const bad of [
      [{ manager: 'x', operation: 'Bogus', apiVersion: GV, fieldsType: 'FieldsV1', fieldsV1: {} }],
      [{ manager: 'x', operation: 'Update', apiVersion: GV, fieldsType: 'FieldsV2', fieldsV1: {} }],
      [{ manager: 'x', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: {} }],
      [{ manager: 'x', operation: 'Update', apiVersion: GV, fieldsType: 'FieldsV1', fieldsV1: { 'x:y': {} } }],
    ]) {
      expect(names(fm.update(live, obj({ image: 'a', replicas: 1 }, { uid: 'u', managedFields: bad }), 'editor'))).toEqual(['Update/creator', 'Update/editor']);
    }
    // valid ones are taken as they are
    const given = [{ manager: 'someone', operation: 'Update', apiVersion: GV, time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:image': {} } } }];
    expect(names(fm.update(live, obj({ image: 'a' }, { uid: 'u', managedFields: given }), 'editor'))).toEqual(['Update/someone']);
  });

  it('the first apply to an unmanaged object gives what it holds to before-first-apply, and conflicts with it', () => {
    const clock = { t: 1 };
    const fm = manager(clock);
    const live = obj({ image: 'a', replicas: 2 }, { uid: 'u', labels: { x: '1' } });
    live.status = { ready: true };
    let err: unknown;
    try {
      fm.apply(live, {}, obj({ image: 'b' }), 'ssa', false);
    } catch (e) {
      err = e;
    }
    expect(err instanceof StatusError ? err.status.message : err).toBe(`Apply failed with 1 conflict: conflict with "${BEFORE_FIRST_APPLY}" using ${GV}: .spec.image`);
    const applied = fm.apply(live, {}, obj({ image: 'a' }), 'ssa', false);
    expect(managed(applied)).toEqual([
      { manager: 'ssa', operation: 'Apply', apiVersion: GV, fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:image': {} } } },
      {
        manager: BEFORE_FIRST_APPLY,
        operation: 'Update',
        apiVersion: GV,
        time: '2026-01-01T00:00:01Z',
        fieldsType: 'FieldsV1',
        // the status is the status subresource's: no one's here
        fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:x': {} } }, 'f:spec': { '.': {}, 'f:image': {}, 'f:replicas': {} } },
      },
    ]);
  });
});

describe('the last-applied annotation of client-side apply (lastappliedmanager.go, lastappliedupdater.go)', () => {
  const clientSide = (spec: JsonObject) => JSON.stringify({ apiVersion: GV, kind: 'K', metadata: { annotations: {}, name: 'n', namespace: 'ns' }, spec });
  /** An object created by kubectl's client-side apply (its annotation), then `spec` changed by another updater. */
  function upgraded(clock: { t: number }, applied: JsonObject, now: JsonObject): JsonObject {
    const fm = manager(clock);
    const created = obj(applied, { uid: 'u', annotations: { [LAST_APPLIED]: clientSide(applied) } });
    let live = withManaged(created, fm.update(undefined, created, 'kubectl-client-side-apply'));
    const next = { ...live, spec: now };
    live = withManaged(next, fm.update(live, next, 'other'));
    return live;
  }

  it('kubectl takes the fields its last-applied configuration still holds; a field changed since is a conflict', () => {
    const clock = { t: 1 };
    const live = upgraded(clock, { image: 'a', replicas: 1 }, { image: 'a', replicas: 5 });
    const fm = manager(clock);
    // image is as last applied: taken from kubectl-client-side-apply; replicas was changed by other: a conflict
    expect(() => fm.apply(live, {}, obj({ image: 'b', replicas: 2 }), 'kubectl', false)).toThrow(`Apply failed with 1 conflict: conflict with "other" using ${GV}: .spec.replicas`);
    const out = fm.apply(live, {}, obj({ image: 'b' }), 'kubectl', false);
    expect(out.spec).toEqual({ image: 'b', replicas: 5 });
    // the client-side applier keeps the annotation
    expect(names(managed(out))).toEqual(['Apply/kubectl', 'Update/kubectl-client-side-apply', 'Update/other']);
    // another manager gets no such leave
    expect(() => fm.apply(live, {}, obj({ image: 'b' }), 'kubectl-ssa', false)).toThrow('conflict with "kubectl-client-side-apply"');
  });

  it("kubectl's apply keeps the annotation what it applied, when the object has it; no annotation, none written", () => {
    const clock = { t: 1 };
    const live = upgraded(clock, { image: 'a' }, { image: 'a' });
    const fm = manager(clock);
    const config: JsonObject = { kind: 'K', apiVersion: GV, metadata: { name: 'n', annotations: { z: '<&>' } }, spec: { image: 'b' } };
    const out = fm.apply(live, {}, config, 'kubectl', false, config);
    const annotations = isJsonObject(out.metadata) && isJsonObject(out.metadata.annotations) ? out.metadata.annotations : {};
    expect(annotations[LAST_APPLIED]).toBe('{"apiVersion":"g.example.com/v1","kind":"K","metadata":{"annotations":{"z":"\\u003c\\u0026\\u003e"},"name":"n"},"spec":{"image":"b"}}\n');
    const plain = withManaged(obj({ image: 'a' }, { uid: 'u' }), manager(clock).update(undefined, obj({ image: 'a' }), 'creator'));
    const noAnnotation = fm.apply(plain, {}, obj({ image: 'a' }), 'kubectl', false);
    expect(isJsonObject(noAnnotation.metadata) ? noAnnotation.metadata.annotations : undefined).toBeUndefined();
  });

  it('drops the annotation when it would pass the 256 KiB of annotations', () => {
    const clock = { t: 1 };
    const live = upgraded(clock, { image: 'a' }, { image: 'a' });
    const big = 'x'.repeat(256 * 1024);
    const out = manager(clock).apply(live, {}, obj({ image: big }), 'kubectl', false);
    const annotations = isJsonObject(out.metadata) && isJsonObject(out.metadata.annotations) ? out.metadata.annotations : {};
    expect(Object.hasOwn(annotations, LAST_APPLIED)).toBe(false);
  });

  it('lastAppliedOf: keys sorted, HTML escaped, a newline after', () => {
    expect(lastAppliedOf({ b: 1, a: { d: '<', c: [{ y: 1, x: 2 }] } })).toBe('{"a":{"c":[{"x":2,"y":1}],"d":"\\u003c"},"b":1}\n');
  });
});

describe('decodeManagedFields', () => {
  it('a later entry of the same manager replaces an earlier one', () => {
    const e = (image: string) => ({ manager: 'm', operation: 'Update', apiVersion: GV, fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { [`f:${image}`]: {} } } });
    const out = decodeManagedFields(obj({}, { managedFields: [e('a'), e('b')] }));
    expect(out?.map((x) => x.set.toFieldsV1())).toEqual([{ 'f:spec': { 'f:b': {} } }]);
  });
});
