/**
 * The runtime's one JSON Patch (runtime/src/meta/jsonpatch.ts), which the admission server answers with and the
 * fake API server applies: ONE table of `applyJsonPatch` over RFC 6902 (all of appendix A, and every MUST of §4
 * and RFC 6901 as an error case), `diffJson` tables (arrays, escapes, `__proto__` keys, the root) and properties —
 * applying the diff to the original yields the edited value, neither input is modified, no prototype is touched —
 * over hostile JSON, both for unrelated pairs and for an original and an edit of it; RFC 7386 merge patch's
 * appendix A. Both public entries (`@kubegen/runtime/webhook/admission`, `@kubegen/runtime/testing`) are this module.
 */
import fc from 'fast-check';
import { applyJsonPatch, diffJson, escapePointerToken, jsonEqual, JsonPatchError, mergePatch, unescapePointerToken, type JsonPatchOperation } from '../../../../runtime/src/meta/jsonpatch';
import * as admission from '../../../../runtime/src/webhook/admission';
import * as testing from '../../../../runtime/src/testing/fake';
import { hostileJson, objectOf, plainEverywhere, prototypesUntouched, RUNS, sameJson, type Json } from '../../../hostile/json-arbitrary';

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

describe('applyJsonPatch (RFC 6902): one table', () => {
  type Case = { name: string; doc: unknown; patch: unknown[]; want?: unknown; error?: string; testFailed?: boolean };
  it.each<Case>([
    // appendix A, every example
    { name: 'A.1 add an object member', doc: { foo: 'bar' }, patch: [{ op: 'add', path: '/baz', value: 'qux' }], want: { baz: 'qux', foo: 'bar' } },
    { name: 'A.2 add an array element', doc: { foo: ['bar', 'baz'] }, patch: [{ op: 'add', path: '/foo/1', value: 'qux' }], want: { foo: ['bar', 'qux', 'baz'] } },
    { name: 'A.3 remove an object member', doc: { baz: 'qux', foo: 'bar' }, patch: [{ op: 'remove', path: '/baz' }], want: { foo: 'bar' } },
    { name: 'A.4 remove an array element', doc: { foo: ['bar', 'qux', 'baz'] }, patch: [{ op: 'remove', path: '/foo/1' }], want: { foo: ['bar', 'baz'] } },
    { name: 'A.5 replace a value', doc: { baz: 'qux', foo: 'bar' }, patch: [{ op: 'replace', path: '/baz', value: 'boo' }], want: { baz: 'boo', foo: 'bar' } },
    { name: 'A.6 move a value', doc: { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, patch: [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }], want: { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } } },
    { name: 'A.7 move an array element', doc: { foo: ['all', 'grass', 'cows', 'eat'] }, patch: [{ op: 'move', from: '/foo/1', path: '/foo/3' }], want: { foo: ['all', 'cows', 'eat', 'grass'] } },
    { name: 'A.8 test a value', doc: { baz: 'qux', foo: ['a', 2, 'c'] }, patch: [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], want: { baz: 'qux', foo: ['a', 2, 'c'] } },
    { name: 'A.9 a failed test', doc: { baz: 'qux' }, patch: [{ op: 'test', path: '/baz', value: 'bar' }], error: 'operation 0 (test /baz): test failed', testFailed: true },
    { name: 'A.10 add a nested member object', doc: { foo: 'bar' }, patch: [{ op: 'add', path: '/child', value: { grandchild: {} } }], want: { foo: 'bar', child: { grandchild: {} } } },
    { name: 'A.11 members an operation does not use are ignored', doc: { foo: 'bar' }, patch: [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }], want: { foo: 'bar', baz: 'qux' } },
    { name: 'A.12 adding to a missing parent', doc: { foo: 'bar' }, patch: [{ op: 'add', path: '/baz/bat', value: 'qux' }], error: 'operation 0 (add /baz/bat): "baz" does not exist' },
    // A.13 (an operation with two "op" members) is a JSON text JSON.parse has already resolved: not representable here
    { name: 'A.14 ~ escape ordering', doc: { '/': 9, '~1': 10 }, patch: [{ op: 'test', path: '/~01', value: 10 }], want: { '/': 9, '~1': 10 } },
    { name: 'A.15 a string is not a number', doc: { '/': 9, '~1': 10 }, patch: [{ op: 'test', path: '/~01', value: '10' }], error: 'test failed', testFailed: true },
    { name: 'A.16 add an array value', doc: { foo: ['bar'] }, patch: [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], want: { foo: ['bar', ['abc', 'def']] } },
    // §4 operations beyond the appendix
    { name: 'add replaces an existing member', doc: { a: 1 }, patch: [{ op: 'add', path: '/a', value: 2 }], want: { a: 2 } },
    { name: 'add at the index after the last element appends', doc: [1], patch: [{ op: 'add', path: '/1', value: 2 }], want: [1, 2] },
    { name: 'add on the root replaces the document', doc: { a: 1 }, patch: [{ op: 'add', path: '', value: [1] }], want: [1] },
    { name: 'null is a value', doc: {}, patch: [{ op: 'add', path: '/a', value: null }], want: { a: null } },
    { name: 'replace the root', doc: { a: 1 }, patch: [{ op: 'replace', path: '', value: [1] }], want: [1] },
    { name: 'replace an array element', doc: [1, 2], patch: [{ op: 'replace', path: '/1', value: 3 }], want: [1, 3] },
    { name: 'copy', doc: { a: { b: 1 } }, patch: [{ op: 'copy', from: '/a', path: '/c' }], want: { a: { b: 1 }, c: { b: 1 } } },
    { name: 'copy makes a copy (a later edit of the source does not show)', doc: { a: { b: 1 } }, patch: [{ op: 'copy', from: '/a', path: '/c' }, { op: 'replace', path: '/a/b', value: 2 }], want: { a: { b: 2 }, c: { b: 1 } } },
    { name: 'copy an array element to the end', doc: { l: [1, 2] }, patch: [{ op: 'copy', from: '/l/0', path: '/l/-' }], want: { l: [1, 2, 1] } },
    { name: 'move onto itself is a no-op', doc: { a: 1 }, patch: [{ op: 'move', from: '/a', path: '/a' }], want: { a: 1 } },
    { name: 'test objects by own keys in any order', doc: { a: { x: 1, y: [1, { z: null }] } }, patch: [{ op: 'test', path: '/a', value: { y: [1, { z: null }], x: 1 } }], want: { a: { x: 1, y: [1, { z: null }] } } },
    { name: 'test the whole document', doc: [1], patch: [{ op: 'test', path: '', value: [1] }], want: [1] },
    { name: 'the empty key', doc: { '': 1 }, patch: [{ op: 'replace', path: '/', value: 2 }], want: { '': 2 } },
    { name: '~0 and ~1 in one token', doc: { 'a~/b': 1 }, patch: [{ op: 'remove', path: '/a~0~1b' }], want: {} },
    { name: '__proto__ is an ordinary key', doc: JSON.parse('{"__proto__":{"a":1}}') as unknown, patch: [{ op: 'replace', path: '/__proto__/a', value: 2 }], want: JSON.parse('{"__proto__":{"a":2}}') as unknown },
    { name: 'operations apply in order', doc: {}, patch: [{ op: 'add', path: '/a', value: [] }, { op: 'add', path: '/a/-', value: 1 }, { op: 'move', from: '/a', path: '/b' }], want: { b: [1] } },
    { name: 'an empty patch', doc: { a: 1 }, patch: [], want: { a: 1 } },
    // every error: the document is left as it was (operations apply to a copy, all or none)
    { name: 'all or none: a later failure keeps the earlier ops out', doc: { a: 1 }, patch: [{ op: 'replace', path: '/a', value: 2 }, { op: 'remove', path: '/zz' }], error: 'operation 1 (remove /zz): "zz" does not exist' },
    { name: 'removing a missing key', doc: {}, patch: [{ op: 'remove', path: '/a' }], error: '"a" does not exist' },
    { name: 'replacing a missing key', doc: {}, patch: [{ op: 'replace', path: '/a', value: 1 }], error: '"a" does not exist' },
    { name: 'an inherited key is no key', doc: {}, patch: [{ op: 'replace', path: '/toString', value: 1 }], error: '"toString" does not exist' },
    { name: 'removing the root', doc: {}, patch: [{ op: 'remove', path: '' }], error: 'cannot remove the whole document' },
    { name: 'an index out of range', doc: [1], patch: [{ op: 'add', path: '/5', value: 1 }], error: 'index 5 is out of range (length 1)' },
    { name: 'replacing the element after the last', doc: [1], patch: [{ op: 'replace', path: '/1', value: 1 }], error: 'index 1 is out of range (length 1)' },
    { name: 'a leading-zero index', doc: [1, 2], patch: [{ op: 'remove', path: '/01' }], error: '"01" is not an array index' },
    { name: 'a negative index', doc: [1, 2], patch: [{ op: 'remove', path: '/-1' }], error: '"-1" is not an array index' },
    { name: '- only where add inserts', doc: [1], patch: [{ op: 'remove', path: '/-' }], error: '"-" is not an array index' },
    { name: 'testing a missing value', doc: {}, patch: [{ op: 'test', path: '/a', value: null }], error: '"a" does not exist' },
    { name: 'a path through a scalar', doc: { a: 1 }, patch: [{ op: 'add', path: '/a/b', value: 1 }], error: 'is not a container' },
    { name: 'a path without /', doc: {}, patch: [{ op: 'add', path: 'a', value: 1 }], error: 'does not start with "/"' },
    { name: 'a ~ that is neither ~0 nor ~1 (RFC 6901)', doc: { '~2': 1 }, patch: [{ op: 'remove', path: '/~2' }], error: 'has a ~ that is neither ~0 nor ~1' },
    { name: 'a trailing ~', doc: {}, patch: [{ op: 'add', path: '/a~', value: 1 }], error: 'has a ~ that is neither ~0 nor ~1' },
    { name: 'moving a value into itself', doc: { a: { b: 1 } }, patch: [{ op: 'move', from: '/a', path: '/a/b/c' }], error: 'cannot move a value into itself' },
    { name: 'moving from a missing location', doc: {}, patch: [{ op: 'move', from: '/x', path: '/y' }], error: '"x" does not exist' },
    { name: 'copying from a missing location', doc: {}, patch: [{ op: 'copy', from: '/x', path: '/y' }], error: '"x" does not exist' },
    // §4: malformed operations (an untrusted request body)
    { name: 'an operation that is not an object', doc: {}, patch: ['add'], error: 'operation 0 is not an object' },
    { name: 'an unknown op', doc: {}, patch: [{ op: 'frobnicate', path: '/a' }], error: 'unknown op "frobnicate"' },
    { name: 'no op', doc: {}, patch: [{ path: '/a', value: 1 }], error: 'has no "op" string' },
    { name: 'a path that is not a string', doc: {}, patch: [{ op: 'remove', path: 1 }], error: 'has no "path" string' },
    { name: 'add without a value', doc: {}, patch: [{ op: 'add', path: '/a' }], error: 'operation 0 (add /a) has no "value"' },
    { name: 'test without a value', doc: {}, patch: [{ op: 'test', path: '/a' }], error: 'has no "value"' },
    { name: 'move without from', doc: { a: 1 }, patch: [{ op: 'move', path: '/b' }], error: 'operation 0 (move /b) has no "from" string' },
    { name: 'an inherited op is no op', doc: {}, patch: [Object.create({ op: 'add', path: '/a', value: 1 }) as unknown], error: 'has no "op" string' },
  ])('$name', ({ doc, patch, want, error, testFailed }) => {
    const before = JSON.stringify(doc);
    if (error === undefined) expect(applyJsonPatch(doc, patch)).toEqual(want);
    else {
      let thrown: unknown;
      try {
        applyJsonPatch(doc, patch);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(JsonPatchError);
      expect((thrown as JsonPatchError).message).toContain(error);
      expect((thrown as JsonPatchError).testFailed).toBe(testFailed ?? false);
    }
    expect(JSON.stringify(doc)).toBe(before);
  });

  it('is the one implementation behind the admission and testing entries', () => {
    expect(admission.applyJsonPatch).toBe(applyJsonPatch);
    expect(admission.JsonPatchError).toBe(JsonPatchError);
    expect(testing.applyJsonPatch).toBe(applyJsonPatch);
    expect(testing.applyMergePatch).toBe(mergePatch);
    expect(testing.JsonPatchError).toBe(JsonPatchError);
  });
});

describe('mergePatch (RFC 7386 appendix A)', () => {
  it.each<{ target: unknown; patch: unknown; want: unknown }>([
    { target: { a: 'b' }, patch: { a: 'c' }, want: { a: 'c' } },
    { target: { a: 'b' }, patch: { b: 'c' }, want: { a: 'b', b: 'c' } },
    { target: { a: 'b' }, patch: { a: null }, want: {} },
    { target: { a: 'b', b: 'c' }, patch: { a: null }, want: { b: 'c' } },
    { target: { a: ['b'] }, patch: { a: 'c' }, want: { a: 'c' } },
    { target: { a: 'c' }, patch: { a: ['b'] }, want: { a: ['b'] } },
    { target: { a: { b: 'c' } }, patch: { a: { b: 'd', c: null } }, want: { a: { b: 'd' } } },
    { target: { a: [{ b: 'c' }] }, patch: { a: [1] }, want: { a: [1] } },
    { target: ['a', 'b'], patch: ['c', 'd'], want: ['c', 'd'] },
    { target: { a: 'b' }, patch: ['c'], want: ['c'] },
    { target: { a: 'foo' }, patch: null, want: null },
    { target: { a: 'foo' }, patch: 'bar', want: 'bar' },
    { target: { e: null }, patch: { a: 1 }, want: { e: null, a: 1 } },
    { target: [1, 2], patch: { a: 'b', c: null }, want: { a: 'b' } },
    { target: {}, patch: { a: { bb: { ccc: null } } }, want: { a: { bb: {} } } },
  ])('$#: $patch on $target', ({ target, patch, want }) => {
    const before = JSON.stringify(target);
    expect(mergePatch(target, patch)).toEqual(want);
    expect(JSON.stringify(target)).toBe(before);
  });

  it('patching with the target itself is the identity on null-free objects (property)', () => {
    const nullFree = fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.integer())));
    fc.assert(fc.property(nullFree, (o) => JSON.stringify(mergePatch(o, o)) === JSON.stringify(o)));
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
    const entries = Object.entries(value);
    return fc
      .tuple(fc.tuple(...entries.map(([, v]) => fc.oneof(fc.constant<Json | undefined>(v), fc.constant(undefined), editOf(v)))), fc.array(fc.tuple(fc.constantFrom('__proto__', 'a/b', '~', 'n'), hostileJson(2)), { maxLength: 2 }))
      .map(([vals, added]) => objectOf([...entries.flatMap(([k], i) => (vals[i] === undefined ? [] : [[k, vals[i]] as const])), ...added]) as Json);
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
