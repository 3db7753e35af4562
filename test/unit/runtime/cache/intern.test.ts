/** The informer's string interning (runtime/src/cache/intern.ts): equal values, bounded table, others' objects left alone. */
import fc from 'fast-check';
import { internCommonFields, StringInterner } from '../../../../runtime/src/cache/intern';
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
