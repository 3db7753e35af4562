/**
 * The informer's string interning (runtime/src/cache/intern.ts): equal values, bounded table, others' objects left
 * alone; an update sharing the unchanged parts of the object it replaces.
 */
import fc from 'fast-check';
import { internCommonFields, shareUnchanged, StringInterner } from '../../../../runtime/src/cache/intern';
import { metaNamespaceKeyFunc } from '../../../../runtime/src/cache/store';

interface Decoded {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string };
}

/** A freshly decoded object, its strings made by `JSON.parse` (equal strings, not shared ones). */
function decoded(ns: string): Decoded {
  const parsed: unknown = JSON.parse(JSON.stringify({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a', namespace: ns } }));
  return { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a', namespace: ns }, ...(typeof parsed === 'object' ? parsed : {}) };
}

describe('StringInterner', () => {
  it('returns the first string it kept for equal ones, and keeps each once', () => {
    const interner = new StringInterner();
    const first = ['bench', 'scale'].join('-');
    expect(interner.intern(first)).toBe(first);
    expect(interner.intern(['bench', 'scale'].join('-'))).toBe('bench-scale');
    expect(interner.size).toBe(1);
  });

  it('stops growing at its bound and still returns equal strings', () => {
    const interner = new StringInterner(3);
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 20 }), (values) => {
        for (const v of values) expect(interner.intern(v)).toBe(v);
        expect(interner.size).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('keeps `__proto__` as an ordinary string', () => {
    const interner = new StringInterner();
    expect(interner.intern('__proto__')).toBe('__proto__');
    expect(interner.intern('constructor')).toBe('constructor');
    expect(interner.size).toBe(2);
  });
});

describe('internCommonFields', () => {
  it('keeps the values of apiVersion, kind and metadata.namespace and interns each', () => {
    const interner = new StringInterner();
    const a = decoded('bench-scale');
    const b = decoded('bench-scale');
    internCommonFields(a, interner);
    internCommonFields(b, interner);
    expect(b).toEqual(decoded('bench-scale'));
    expect(interner.size).toBe(3); // apiVersion, kind, namespace: one each for both objects
  });

  it.each([
    { name: 'a frozen object', given: Object.freeze(decoded('ns')) },
    { name: 'a sealed metadata', given: { ...decoded('ns'), metadata: Object.seal({ name: 'a', namespace: 'ns' }) } },
    { name: 'a read-only kind', given: Object.defineProperty(decoded('ns'), 'kind', { value: 'CronTab', writable: false, enumerable: true }) },
    { name: 'an array', given: ['ns'] },
    { name: 'metadata of the wrong type', given: { apiVersion: 'v1', metadata: 'ns' } },
    { name: 'null', given: null },
  ])('leaves $name as it is, without throwing', ({ given }) => {
    const before = JSON.stringify(given);
    expect(() => internCommonFields(given, new StringInterner())).not.toThrow();
    expect(JSON.stringify(given)).toBe(before);
  });

  it('reads inherited fields of nobody: only own properties are interned', () => {
    const interner = new StringInterner();
    class Inherits {}
    Object.assign(Inherits.prototype, { apiVersion: 'v1', kind: 'Pod' });
    const inherits = new Inherits();
    internCommonFields(inherits, interner);
    expect(Object.keys(inherits)).toEqual([]);
    expect(interner.size).toBe(0);
  });
});

describe('metaNamespaceKeyFunc with its shared prefixes', () => {
  it('is <namespace>/<name> for any namespace, past the bound of kept prefixes too', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.string({ minLength: 1 })), { maxLength: 50 }), (pairs) => {
        for (const [namespace, name] of pairs) expect(metaNamespaceKeyFunc({ metadata: { namespace, name } })).toBe(`${namespace}/${name}`);
      }),
    );
    for (let i = 0; i < 5000; i++) expect(metaNamespaceKeyFunc({ metadata: { namespace: `ns-${i}`, name: 'a' } })).toBe(`ns-${i}/a`);
    expect(metaNamespaceKeyFunc({ metadata: { namespace: '__proto__', name: 'a' } })).toBe('__proto__/a');
  });
});

describe('shareUnchanged', () => {
  interface Cached {
    apiVersion: string;
    kind: string;
    metadata: { name: string; namespace: string; resourceVersion: string; generation?: number; labels: Record<string, string> };
    spec: { schedule: string; template?: { containers: { name: string; args: string[] }[] }; other?: unknown };
    data?: unknown;
    status: { lastScheduleTime: string };
  }
  /** A cached CronTab and a decoded update of it: `change` edits the update (a fresh copy). */
  const pair = (change: (o: Cached) => void = () => undefined): { old: Cached; obj: Cached } => {
    const old: Cached = {
      apiVersion: 'stable.example.com/v1',
      kind: 'CronTab',
      metadata: { name: 'a', namespace: 'ns', resourceVersion: '1', generation: 3, labels: { app: 'x' } },
      spec: { schedule: '* * * * *', template: { containers: [{ name: 'c', args: ['a', 'b'] }] } },
      data: { list: [1, { b: 2, a: 1 }] },
      status: { lastScheduleTime: '2000-01-01T00:00:00Z' },
    };
    const obj = structuredClone(old);
    obj.metadata.resourceVersion = '2';
    change(obj);
    return { old, obj };
  };
  /** The value at a dotted path (own keys). */
  const at = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (typeof v === 'object' && v !== null && Object.hasOwn(v, k) ? Reflect.get(v, k) : undefined), o);

  it.each([
    { name: 'a status write: the spec and data shared; status and metadata the update\'s', change: (o: Cached) => { o.status.lastScheduleTime = '2001-01-01T00:00:00Z'; }, shared: ['spec', 'data'], own: ['status', 'metadata', 'metadata.labels'] },
    { name: 'keys in another order: not the same document (a shared value serializes as the update)', change: (o: Cached) => { o.data = { list: [1, { a: 1, b: 2 }] }; }, shared: ['spec'], own: ['data'] },
    { name: 'a change deep inside at the same generation: that part kept, the rest shared', change: (o: Cached) => { o.spec.template = { containers: [{ name: 'c', args: ['a', 'c'] }] }; }, shared: ['data'], own: ['spec'] },
    { name: 'a key renamed (same number of keys): not equal', change: (o: Cached) => { o.spec = { schedule: '* * * * *', other: o.spec.template }; }, shared: ['data'], own: ['spec'] },
    { name: 'an array turned object: not equal', change: (o: Cached) => { o.data = { list: { 0: 1, 1: { b: 2, a: 1 } } }; }, shared: ['spec'], own: ['data'] },
    { name: 'a new generation: nothing compared, nothing shared', change: (o: Cached) => { o.metadata.generation = 4; }, shared: [], own: ['spec', 'data', 'status'] },
    { name: 'no generation: nothing shared', change: (o: Cached) => { delete o.metadata.generation; }, shared: [], own: ['spec', 'data'] },
  ])('$name', ({ change, shared, own }) => {
    const { old, obj } = pair(change);
    const expected = JSON.stringify(obj);
    shareUnchanged(old, obj);
    for (const p of shared) expect(at(obj, p)).toBe(at(old, p));
    for (const p of own) expect(at(obj, p)).not.toBe(at(old, p));
    // the update's value is unchanged
    expect(JSON.stringify(obj)).toBe(expected);
    expect(obj.metadata.resourceVersion).toBe('2');
  });

  it('leaves a frozen update, a missing old object and itself alone, and never throws', () => {
    const { old, obj } = pair();
    Object.freeze(obj);
    shareUnchanged(old, obj);
    expect(obj.spec).not.toBe(old.spec);
    const { obj: other } = pair();
    shareUnchanged(undefined, other);
    shareUnchanged(other, other);
    shareUnchanged({ metadata: { generation: 3 }, get spec(): never { throw new Error('no'); } }, other);
    expect(other.metadata.resourceVersion).toBe('2');
  });

  it('gives up past 64 levels (not equal) rather than recursing without bound', () => {
    const deep = (n: number): unknown => (n === 0 ? 'leaf' : { d: deep(n - 1) });
    const meta = () => ({ generation: 1 });
    const old = { metadata: meta(), spec: deep(100) };
    const obj = { metadata: meta(), spec: deep(100) };
    shareUnchanged(old, obj);
    expect(obj.spec).not.toBe(old.spec);
    const shallowOld = { metadata: meta(), spec: deep(10) };
    const shallow = { metadata: meta(), spec: deep(10) };
    shareUnchanged(shallowOld, shallow);
    expect(shallow.spec).toBe(shallowOld.spec);
  });

  it('reads own keys only: a `__proto__` key is an ordinary value', () => {
    const parse = (x: number): unknown => JSON.parse(`{"metadata":{"generation":1},"spec":{"__proto__":{"x":${x}}}}`);
    const old = parse(1);
    const same = parse(1);
    const other = parse(2);
    shareUnchanged(old, same);
    shareUnchanged(old, other);
    expect(at(same, 'spec')).toBe(at(old, 'spec'));
    expect(at(other, 'spec')).not.toBe(at(old, 'spec'));
    expect(Object.getPrototypeOf(at(same, 'spec'))).toBe(Object.prototype);
  });
});
