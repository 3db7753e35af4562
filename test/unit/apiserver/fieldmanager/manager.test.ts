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
