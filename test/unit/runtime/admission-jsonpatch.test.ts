/**
 * The JSON Patch stage of the admission server: `diffJson` tables (arrays, escapes, `__proto__` keys, the root),
 * `applyJsonPatch` on RFC 6902's examples and its errors, and the properties — applying the diff to the original
 * yields the edited value, neither input is modified, no prototype is touched — over hostile JSON, both for
 * unrelated pairs and for an original and an edit of it.
 */
import fc from 'fast-check';
import { applyJsonPatch, diffJson, escapePointerToken, jsonEqual, JsonPatchError, unescapePointerToken, type JsonPatchOperation } from '../../../runtime/src/webhook/admission';
import { hostileJson, objectOf, plainEverywhere, prototypesUntouched, RUNS, sameJson, type Json } from '../../hostile/json-arbitrary';

describe('diffJson', () => {
  it.each<{ name: string; given: [unknown, unknown]; want: JsonPatchOperation[] }>([
    { name: 'equal values', given: [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }], want: [] },
    { name: 'key order does not matter', given: [{ a: 1, b: 2 }, { b: 2, a: 1 }], want: [] },
    { name: 'a new key', given: [{ a: 1 }, { a: 1, b: { c: [1] } }], want: [{ op: 'add', path: '/b', value: { c: [1] } }] },
    { name: 'a removed key', given: [{ a: 1, b: 2 }, { a: 1 }], want: [{ op: 'remove', path: '/b' }] },
    { name: 'a changed scalar, deep', given: [{ spec: { replicas: 1 } }, { spec: { replicas: 3 } }], want: [{ op: 'replace', path: '/spec/replicas', value: 3 }] },
    { name: 'a type change', given: [{ a: [1] }, { a: { 0: 1 } }], want: [{ op: 'replace', path: '/a', value: { 0: 1 } }] },
    { name: 'null is a value', given: [{ a: null }, { a: 0 }], want: [{ op: 'replace', path: '/a', value: 0 }] },
    { name: 'the root replaced', given: [1, 'x'], want: [{ op: 'replace', path: '', value: 'x' }] },
    { name: '~ and / in keys escaped', given: [{ 'a/b': 1, 'c~d': 1 }, { 'a/b': 2, '~1': true }], want: [{ op: 'remove', path: '/c~0d' }, { op: 'replace', path: '/a~1b', value: 2 }, { op: 'add', path: '/~01', value: true }] },
    { name: 'an empty key', given: [{}, { '': 1 }], want: [{ op: 'add', path: '/', value: 1 }] },
    { name: '__proto__ is an ordinary key', given: [objectOf([['__proto__', { a: 1 }]]), objectOf([['__proto__', { a: 2 }], ['constructor', 'x']])], want: [{ op: 'replace', path: '/__proto__/a', value: 2 }, { op: 'add', path: '/constructor', value: 'x' }] },
    { name: 'an element inserted at the front of an array', given: [{ l: [1, 2, 3] }, { l: [0, 1, 2, 3] }], want: [{ op: 'add', path: '/l/0', value: 0 }] },
    { name: 'an element removed from the middle', given: [[1, 2, 3, 4], [1, 2, 4]], want: [{ op: 'remove', path: '/2' }] },
    { name: 'elements appended', given: [[1], [1, 2, 3]], want: [{ op: 'add', path: '/1', value: 2 }, { op: 'add', path: '/2', value: 3 }] },
    { name: 'elements dropped at the end', given: [[1, 2, 3], [1]], want: [{ op: 'remove', path: '/1' }, { op: 'remove', path: '/1' }] },
    { name: 'an element edited in place', given: [[{ n: 'a', v: 1 }, { n: 'b' }], [{ n: 'a', v: 2 }, { n: 'b' }]], want: [{ op: 'replace', path: '/0/v', value: 2 }] },
    { name: 'a middle replaced and shortened', given: [[0, 1, 2, 9], [0, 5, 9]], want: [{ op: 'replace', path: '/1', value: 5 }, { op: 'remove', path: '/2' }] },
  ])('$name', ({ given: [a, b], want }) => {
    expect(diffJson(a, b)).toEqual(want);
    expect(applyJsonPatch(a, want)).toEqual(b);
  });

  it('copies values: editing the edited object afterwards does not change the patch', () => {
    const edited = { a: { b: [1] } };
    const patch = diffJson({}, edited);
    edited.a.b.push(2);
    expect(patch).toEqual([{ op: 'add', path: '/a', value: { b: [1] } }]);
  });
});

describe('JSON Pointer tokens', () => {
  it.each([
    { given: 'a', want: 'a' },
    { given: 'a/b', want: 'a~1b' },
    { given: '~', want: '~0' },
    { given: '~1', want: '~01' },
    { given: '/~/', want: '~1~0~1' },
  ])('$given ↔ $want', ({ given, want }) => {
    expect(escapePointerToken(given)).toBe(want);
    expect(unescapePointerToken(want)).toBe(given);
  });
});

describe('applyJsonPatch', () => {
  // RFC 6902 appendix A
  it.each<{ name: string; doc: unknown; patch: JsonPatchOperation[]; want: unknown }>([
    { name: 'A.1 add an object member', doc: { foo: 'bar' }, patch: [{ op: 'add', path: '/baz', value: 'qux' }], want: { baz: 'qux', foo: 'bar' } },
    { name: 'A.2 add an array element', doc: { foo: ['bar', 'baz'] }, patch: [{ op: 'add', path: '/foo/1', value: 'qux' }], want: { foo: ['bar', 'qux', 'baz'] } },
    { name: 'A.3 remove an object member', doc: { baz: 'qux', foo: 'bar' }, patch: [{ op: 'remove', path: '/baz' }], want: { foo: 'bar' } },
    { name: 'A.4 remove an array element', doc: { foo: ['bar', 'qux', 'baz'] }, patch: [{ op: 'remove', path: '/foo/1' }], want: { foo: ['bar', 'baz'] } },
    { name: 'A.5 replace a value', doc: { baz: 'qux', foo: 'bar' }, patch: [{ op: 'replace', path: '/baz', value: 'boo' }], want: { baz: 'boo', foo: 'bar' } },
    { name: 'A.6 move a value', doc: { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, patch: [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }], want: { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } } },
    { name: 'A.7 move an array element', doc: { foo: ['all', 'grass', 'cows', 'eat'] }, patch: [{ op: 'move', from: '/foo/1', path: '/foo/3' }], want: { foo: ['all', 'cows', 'eat', 'grass'] } },
    { name: 'A.8 test a value', doc: { baz: 'qux', foo: ['a', 2, 'c'] }, patch: [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], want: { baz: 'qux', foo: ['a', 2, 'c'] } },
    { name: 'A.10 add a nested member object', doc: { foo: 'bar' }, patch: [{ op: 'add', path: '/child', value: { grandchild: {} } }], want: { foo: 'bar', child: { grandchild: {} } } },
    { name: 'A.14 ~ escape ordering', doc: { '/': 9, '~1': 10 }, patch: [{ op: 'test', path: '/~01', value: 10 }], want: { '/': 9, '~1': 10 } },
    { name: 'A.16 add an array value', doc: { foo: ['bar'] }, patch: [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], want: { foo: ['bar', ['abc', 'def']] } },
    { name: 'copy', doc: { a: { b: 1 } }, patch: [{ op: 'copy', from: '/a', path: '/c' }], want: { a: { b: 1 }, c: { b: 1 } } },
    { name: 'replace the root', doc: { a: 1 }, patch: [{ op: 'replace', path: '', value: [1] }], want: [1] },
  ])('$name', ({ doc, patch, want }) => {
    const before = JSON.stringify(doc);
    expect(applyJsonPatch(doc, patch)).toEqual(want);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it.each<{ name: string; doc: unknown; patch: JsonPatchOperation[]; error: string }>([
    { name: 'A.9 a failed test', doc: { baz: 'qux' }, patch: [{ op: 'test', path: '/baz', value: 'bar' }], error: 'operation 0 (test /baz): test failed' },
    { name: 'A.12 adding to a missing parent', doc: { foo: 'bar' }, patch: [{ op: 'add', path: '/baz/bat', value: 'qux' }], error: 'operation 0 (add /baz/bat): "baz" does not exist' },
    { name: 'removing a missing key', doc: {}, patch: [{ op: 'remove', path: '/a' }], error: '"a" does not exist' },
    { name: 'an index out of range', doc: [1], patch: [{ op: 'add', path: '/5', value: 1 }], error: 'index 5 is out of range (length 1)' },
    { name: 'a leading-zero index', doc: [1, 2], patch: [{ op: 'remove', path: '/01' }], error: '"01" is not an array index' },
    { name: 'a path without /', doc: {}, patch: [{ op: 'add', path: 'a', value: 1 }], error: 'does not start with "/"' },
    { name: 'an inherited key is no key', doc: {}, patch: [{ op: 'replace', path: '/toString', value: 1 }], error: '"toString" does not exist' },
    { name: 'moving a value into itself', doc: { a: { b: 1 } }, patch: [{ op: 'move', from: '/a', path: '/a/b/c' }], error: 'cannot move a value into itself' },
  ])('$name → JsonPatchError', ({ doc, patch, error }) => {
    expect(() => applyJsonPatch(doc, patch)).toThrow(JsonPatchError);
    expect(() => applyJsonPatch(doc, patch)).toThrow(error);
  });
});

/** An edit of `value`: some keys and elements changed, removed or added, at any depth. */
function editOf(value: Json): fc.Arbitrary<Json> {
  if (Array.isArray(value)) {
    return fc.tuple(fc.tuple(...value.map((v) => fc.oneof(fc.constant(v), editOf(v)))), fc.nat({ max: value.length }), fc.nat({ max: 2 }), fc.array(hostileJson(2), { maxLength: 2 })).map(([items, at, drop, added]) => {
      const out = [...items];
      out.splice(at, Math.min(drop, out.length - at), ...added);
      return out;
    });
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return fc
      .tuple(fc.tuple(...keys.map((k) => fc.oneof(fc.constant<Json | undefined>(value[k]), fc.constant(undefined), editOf(value[k])))), fc.array(fc.tuple(fc.constantFrom('__proto__', 'a/b', '~', 'n'), hostileJson(2)), { maxLength: 2 }))
      .map(([vals, added]) => objectOf([...keys.flatMap((k, i) => (vals[i] === undefined ? [] : [[k, vals[i]] as const])), ...added]) as Json);
  }
  return fc.oneof(fc.constant(value), hostileJson(1));
}

describe('diffJson properties', () => {
  const check = (a: Json, b: Json) => {
    const before = [JSON.stringify(a), JSON.stringify(b)];
    const patched = applyJsonPatch(a, diffJson(a, b));
    sameJson(patched, b);
    expect(jsonEqual(patched, b)).toBe(true);
    plainEverywhere(patched);
    expect([JSON.stringify(a), JSON.stringify(b)]).toEqual(before);
    prototypesUntouched();
  };

  it('applying the diff of two unrelated values yields the second', () => {
    fc.assert(fc.property(hostileJson(4), hostileJson(4), check), { numRuns: RUNS });
  });

  it('applying the diff of a value and an edit of it yields the edit', () => {
    fc.assert(fc.property(hostileJson(4).chain((a) => fc.tuple(fc.constant(a), editOf(a))), ([a, b]) => { check(a, b); }), { numRuns: RUNS * 2 });
  });

  it('the diff of a value with itself (or a copy) is empty', () => {
    fc.assert(fc.property(hostileJson(4), (a) => { expect(diffJson(a, JSON.parse(JSON.stringify(a)))).toEqual([]); }), { numRuns: RUNS });
  });
});
