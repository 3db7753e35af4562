import { StatusError, isJsonObject, type JsonObject, type JsonValue } from '@kubegen/runtime';
import { FieldManager, FieldSet, compare, fieldElement as f, fieldSetOf, merge, typeOf } from '../../../../apiserver/src/fieldmanager';

/** A kind's schema with every list and map type. */
const SCHEMA = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        image: { type: 'string' },
        replicas: { type: 'integer' },
        args: { type: 'array', items: { type: 'string' } },
        tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
        containers: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: { type: 'object', properties: { name: { type: 'string' }, image: { type: 'string' }, port: { type: 'integer' } } },
        },
        selector: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { app: { type: 'string' }, tier: { type: 'string' } } },
        env: { type: 'object', additionalProperties: { type: 'string' } },
        raw: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    },
    status: { type: 'object', properties: { ready: { type: 'boolean' } } },
  },
};
const T = typeOf(SCHEMA, true);
const fields = (v: unknown) => fieldSetOf(v, T).toFieldsV1();

describe('fieldSetOf (ToFieldSet)', () => {
  it.each([
    { name: 'scalars under a struct', given: { spec: { image: 'a', replicas: 1 } }, want: { 'f:spec': { 'f:image': {}, 'f:replicas': {} } } },
    { name: 'an atomic list is one field', given: { spec: { args: ['x', 'y'] } }, want: { 'f:spec': { 'f:args': {} } } },
    { name: 'a set by its values', given: { spec: { tags: ['b', 'a'] } }, want: { 'f:spec': { 'f:tags': { 'v:"a"': {}, 'v:"b"': {} } } } },
    {
      name: 'an associative list by its keys',
      given: { spec: { containers: [{ name: 'web', image: 'nginx' }] } },
      want: { 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
    },
    { name: 'an atomic map is one field', given: { spec: { selector: { app: 'x' } } }, want: { 'f:spec': { 'f:selector': {} } } },
    { name: 'a granular map by its entries', given: { spec: { env: { A: '1' } } }, want: { 'f:spec': { 'f:env': { 'f:A': {} } } } },
    { name: 'unknown fields deduced (maps granular)', given: { spec: { raw: { a: { b: [1] } } } }, want: { 'f:spec': { 'f:raw': { 'f:a': { '.': {}, 'f:b': {} } } } } },
    { name: 'an empty struct is a field', given: { spec: {} }, want: { 'f:spec': {} } },
    { name: 'labels of ObjectMeta', given: { metadata: { labels: { app: 'x' }, finalizers: ['a/b'] } }, want: { 'f:metadata': { 'f:finalizers': { 'v:"a/b"': {} }, 'f:labels': { 'f:app': {} } } } },
  ])('$name', ({ given, want }) => {
    expect(JSON.stringify(fields(given))).toBe(JSON.stringify(want));
  });
});

describe('merge and compare', () => {
  it.each([
    { name: 'scalar replaced', live: { spec: { image: 'a', replicas: 1 } }, config: { spec: { image: 'b' } }, want: { spec: { image: 'b', replicas: 1 } } },
    { name: 'atomic list replaced', live: { spec: { args: ['a', 'b'] } }, config: { spec: { args: ['c'] } }, want: { spec: { args: ['c'] } } },
    { name: 'set united', live: { spec: { tags: ['a', 'b'] } }, config: { spec: { tags: ['c', 'a'] } }, want: { spec: { tags: ['c', 'a', 'b'] } } },
    {
      name: 'associative list merged by key',
      live: { spec: { containers: [{ name: 'a', image: '1', port: 80 }, { name: 'b', image: '2' }] } },
      config: { spec: { containers: [{ name: 'a', image: '3' }, { name: 'c', image: '4' }] } },
      want: { spec: { containers: [{ name: 'a', image: '3', port: 80 }, { name: 'b', image: '2' }, { name: 'c', image: '4' }] } },
    },
    { name: 'atomic map replaced', live: { spec: { selector: { app: 'x', tier: 'y' } } }, config: { spec: { selector: { app: 'z' } } }, want: { spec: { selector: { app: 'z' } } } },
    { name: 'granular map merged', live: { spec: { env: { A: '1', B: '2' } } }, config: { spec: { env: { B: '3' } } }, want: { spec: { env: { A: '1', B: '3' } } } },
  ])('$name', ({ live, config, want }) => {
    expect(merge(live, config, T)).toEqual(want);
    expect(live).not.toEqual(want);
  });

  it('compares: added, modified, removed', () => {
    const c = compare({ spec: { image: 'a', containers: [{ name: 'x', image: '1' }] } }, { spec: { image: 'b', replicas: 2, containers: [] } }, T);
    expect(c.modified.toFieldsV1()).toEqual({ 'f:spec': { 'f:image': {} } });
    expect(c.added.toFieldsV1()).toEqual({ 'f:spec': { 'f:replicas': {} } });
    expect(c.removed.toFieldsV1()).toEqual({ 'f:spec': { 'f:containers': { 'k:{"name":"x"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } });
  });
});

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
function manager(clock: { t: number }): FieldManager {
  return new FieldManager({ type: T, apiVersion: 'g.example.com/v1', subresource: '', ignored: FieldSet.of([f('status')]), now: () => at(clock.t) });
}
const obj = (spec: JsonObject, extra: JsonObject = {}): JsonObject => ({ apiVersion: 'g.example.com/v1', kind: 'K', metadata: { name: 'n', namespace: 'ns', ...extra }, spec });
const EMPTY = obj({});
delete EMPTY.spec;

function entries(o: JsonObject): JsonValue | undefined {
  return isJsonObject(o.metadata) ? o.metadata.managedFields : undefined;
}

/** `o` with these managedFields. */
function withManaged(o: JsonObject, managedFields: JsonObject[]): void {
  o.metadata = { ...(isJsonObject(o.metadata) ? o.metadata : {}), managedFields };
}

describe('FieldManager', () => {
  it('records an Update entry on create, the status (reset by its subresource) and system fields no one', () => {
    const clock = { t: 1 };
    const next = obj({ image: 'a' }, { labels: { app: 'x' }, uid: 'u', resourceVersion: '3' });
    next.status = { ready: true };
    expect(manager(clock).update(undefined, next, 'kubectl')).toEqual([
      {
        manager: 'kubectl',
        operation: 'Update',
        apiVersion: 'g.example.com/v1',
        time: '2026-01-01T00:00:01Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } }, 'f:spec': { '.': {}, 'f:image': {} } },
      },
    ]);
  });

  it('takes changed fields from other managers on update; an unchanged object keeps its entries and times', () => {
    const clock = { t: 1 };
    const fm = manager(clock);
    const live = obj({ image: 'a', replicas: 1 });
    withManaged(live, fm.update(undefined, live, 'one'));
    clock.t = 2;
    const changed = obj({ image: 'b', replicas: 1 });
    expect(fm.update(live, changed, 'two')).toMatchObject([
      { manager: 'one', fieldsV1: { 'f:spec': { '.': {}, 'f:replicas': {} } }, time: '2026-01-01T00:00:01Z' },
      { manager: 'two', fieldsV1: { 'f:spec': { 'f:image': {} } }, time: '2026-01-01T00:00:02Z' },
    ]);
    expect(fm.update(live, obj({ image: 'a', replicas: 1 }), 'two')).toEqual(entries(live));
  });

  it('applies: creates, shares a field set to the same value, conflicts, forces, removes what a manager drops', () => {
    const clock = { t: 1 };
    const fm = manager(clock);
    const config1 = obj({ image: 'a', replicas: 2, tags: ['x'], containers: [{ name: 'c', image: 'i' }] });
    let live = fm.apply(undefined, EMPTY, config1, 'one', false);
    expect(live.spec).toEqual(config1.spec);
    expect(entries(live)).toEqual([
      {
        manager: 'one',
        operation: 'Apply',
        apiVersion: 'g.example.com/v1',
        time: '2026-01-01T00:00:01Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {} } }, 'f:image': {}, 'f:replicas': {}, 'f:tags': { 'v:"x"': {} } } },
      },
    ]);
    // the same value: shared, no conflict
    live = fm.apply(live, EMPTY, obj({ image: 'a' }), 'two', false);
    expect(JSON.stringify(entries(live))).toContain('"manager":"two"');
    // another value of one's fields: 409 with a cause per field
    let err: unknown;
    try {
      fm.apply(live, EMPTY, obj({ replicas: 3, tags: ['y'], containers: [{ name: 'c', image: 'j' }] }), 'two', false);
    } catch (e) {
      err = e;
    }
    if (!(err instanceof StatusError)) throw new Error('the conflicting apply succeeded');
    const status = err.status;
    expect(status.code).toBe(409);
    expect(status.reason).toBe('Conflict');
    expect(status.message).toBe('Apply failed with 2 conflicts: conflicts with "one":\n- .spec.containers[name="c"].image\n- .spec.replicas');
    expect(status.details?.causes).toEqual([
      { reason: 'FieldManagerConflict', message: 'conflict with "one"', field: '.spec.containers[name="c"].image' },
      { reason: 'FieldManagerConflict', message: 'conflict with "one"', field: '.spec.replicas' },
    ]);
    // forced: the fields move to two
    clock.t = 2;
    live = fm.apply(live, EMPTY, obj({ image: 'a', replicas: 3 }), 'two', true);
    expect(live.spec).toMatchObject({ replicas: 3 });
    const byName = (name: string) => {
      const all = entries(live);
      return (Array.isArray(all) ? all : []).filter(isJsonObject).find((e) => e.manager === name)?.fieldsV1;
    };
    expect(byName('one')).toEqual({ 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {} } }, 'f:image': {}, 'f:tags': { 'v:"x"': {} } } });
    expect(byName('two')).toEqual({ 'f:spec': { 'f:image': {}, 'f:replicas': {} } });
    // one drops its container and tag (gone: no one else owns them) and its image (kept: two owns it too)
    live = fm.apply(live, EMPTY, EMPTY, 'one', false);
    expect(live.spec).toEqual({ image: 'a', replicas: 3, tags: [], containers: [] });
    expect(byName('one')).toBeUndefined();
  });

  it('conflicts with an Update manager by name and apiVersion', () => {
    const clock = { t: 1 };
    const fm = manager(clock);
    const live = obj({ image: 'a' });
    withManaged(live, fm.update(undefined, live, 'kubectl-edit'));
    expect(() => fm.apply(live, EMPTY, obj({ image: 'b' }), 'ssa', false)).toThrow('Apply failed with 1 conflict: conflict with "kubectl-edit" using g.example.com/v1: .spec.image');
  });

  it('refuses managedFields in an applied configuration', () => {
    expect(() => manager({ t: 1 }).apply(undefined, EMPTY, obj({}, { managedFields: [] }), 'one', false)).toThrow('metadata.managedFields must be nil');
  });
});

describe('FieldManager across versions (merge.Updater with a Converter)', () => {
  // v2 calls v1's spec.image spec.picture: a field set of one version is not the other's
  const V1 = 'g.example.com/v1';
  const V2 = 'g.example.com/v2';
  const spec2 = { ...SCHEMA.properties.spec, properties: { picture: { type: 'string' }, replicas: { type: 'integer' } } };
  const T2 = typeOf({ ...SCHEMA, properties: { ...SCHEMA.properties, spec: spec2 } }, true);
  const rename = (o: JsonObject, from: string, to: string): JsonObject => {
    const spec = isJsonObject(o.spec) ? { ...o.spec } : undefined;
    if (spec && Object.hasOwn(spec, from)) {
      spec[to] = spec[from] ?? null;
      delete spec[from];
    }
    return { ...o, ...(spec ? { spec } : {}) };
  };
  const versions = {
    convert: (o: JsonObject, apiVersion: string): JsonObject | undefined => {
      if (o.apiVersion === apiVersion) return o;
      if (apiVersion === V2) return { ...rename(o, 'image', 'picture'), apiVersion: V2 };
      if (apiVersion === V1) return { ...rename(o, 'picture', 'image'), apiVersion: V1 };
      return undefined;
    },
    type: (apiVersion: string) => (apiVersion === V1 ? T : apiVersion === V2 ? T2 : undefined),
  };
  const managerIn = (apiVersion: string, clock: { t: number }) =>
    new FieldManager({ type: apiVersion === V1 ? T : T2, apiVersion, subresource: '', ignored: FieldSet.of([f('status')]), now: () => at(clock.t), versions });
  const in2 = (spec: JsonObject): JsonObject => ({ ...obj(spec), apiVersion: V2 });
  const entryList = (o: JsonObject): JsonObject[] => {
    const all = entries(o);
    return Array.isArray(all) ? all.filter(isJsonObject) : [];
  };
  const byName = (o: JsonObject, name: string) => entryList(o).find((e) => e.manager === name);
  /** The live object as a request of `apiVersion` reads it (the registry converts it, managedFields and all). */
  const as = (o: JsonObject, apiVersion: string): JsonObject => versions.convert(o, apiVersion) ?? o;
  const conflictOf = (run: () => unknown): string => {
    try {
      run();
    } catch (err) {
      if (err instanceof StatusError) return err.status.message ?? '';
      throw err;
    }
    return 'no conflict';
  };

  it('an apply conflicts with the manager of the same field in another version, named in its version; force takes it', () => {
    const clock = { t: 1 };
    const v1 = managerIn(V1, clock);
    const v2 = managerIn(V2, clock);
    let live = v2.apply(undefined, in2({}), in2({ picture: 'a', replicas: 1 }), 'old', false);
    expect(byName(live, 'old')).toMatchObject({ apiVersion: V2, fieldsV1: { 'f:spec': { 'f:picture': {}, 'f:replicas': {} } } });
    // read as they are, v1's spec.image and old's spec.picture would not meet
    expect(conflictOf(() => v1.apply(as(live, V1), EMPTY, obj({ image: 'b' }), 'new', false))).toBe('Apply failed with 1 conflict: conflict with "old": .spec.picture');
    // the same value in the other version's name: shared, no conflict
    expect(conflictOf(() => v1.apply(as(live, V1), EMPTY, obj({ image: 'a' }), 'same', false))).toBe('no conflict');
    live = v1.apply(as(live, V1), EMPTY, obj({ image: 'b' }), 'new', true);
    expect(live.spec).toEqual({ image: 'b', replicas: 1 });
    expect(byName(live, 'old')).toMatchObject({ apiVersion: V2, fieldsV1: { 'f:spec': { 'f:replicas': {} } } });
    expect(byName(live, 'new')).toMatchObject({ apiVersion: V1, fieldsV1: { 'f:spec': { 'f:image': {} } } });
  });

  it('an update takes what it changes from managers of every version; a manager of a version not served is dropped', () => {
    const clock = { t: 1 };
    const v1 = managerIn(V1, clock);
    const v2 = managerIn(V2, clock);
    const live = v2.apply(undefined, in2({}), in2({ picture: 'a', replicas: 1 }), 'old', false);
    const gone = { manager: 'ancient', operation: 'Update', apiVersion: 'g.example.com/v0', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:replicas': {} } } };
    const current = as(live, V1);
    withManaged(current, [...entryList(live), gone]);
    const next = obj({ image: 'b', replicas: 1 });
    withManaged(next, entryList(current));
    const after = v1.update(current, next, 'editor');
    expect(after).toMatchObject([
      { manager: 'old', apiVersion: V2, fieldsV1: { 'f:spec': { 'f:replicas': {} } } },
      { manager: 'editor', apiVersion: V1, fieldsV1: { 'f:spec': { 'f:image': {} } } },
    ]);
    expect(after).toHaveLength(2);
  });

  it("an apply prunes what its manager applied last in another version, and keeps what a manager of any version owns", () => {
    const clock = { t: 1 };
    const v1 = managerIn(V1, clock);
    const v2 = managerIn(V2, clock);
    const first = v2.apply(undefined, in2({}), in2({ picture: 'a', replicas: 1 }), 'old', false);
    // old applies again, in v1, without the picture: nobody else owns it, it goes
    const pruned = v1.apply(as(first, V1), EMPTY, obj({ replicas: 1 }), 'old', false);
    expect(pruned.spec).toEqual({ replicas: 1 });
    expect(byName(pruned, 'old')).toMatchObject({ apiVersion: V1, operation: 'Apply', fieldsV1: { 'f:spec': { 'f:replicas': {} } } });
    // with a manager of v1 sharing the image, the picture stays
    const shared = v1.apply(as(first, V1), EMPTY, obj({ image: 'a' }), 'shared', false);
    const kept = v1.apply(shared, EMPTY, obj({ replicas: 1 }), 'old', false);
    expect(kept.spec).toEqual({ image: 'a', replicas: 1 });
    expect(byName(kept, 'shared')).toMatchObject({ apiVersion: V1, fieldsV1: { 'f:spec': { 'f:image': {} } } });
  });
});
