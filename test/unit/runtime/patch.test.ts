import fc from 'fast-check';
import { applyJsonPatch, applyMergePatch, PatchError } from '../../../runtime/src/testing/fake';
import type { JsonPatchOp } from '../../../runtime/src/testing/fake/json';

describe('RFC 7386 merge patch (the RFC appendix A table)', () => {
  const table: Array<{ target: unknown; patch: unknown; want: unknown }> = [
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
  ];
  it.each(table)('$#', ({ target, patch, want }) => {
    const before = JSON.stringify(target);
    expect(applyMergePatch(target, patch)).toEqual(want);
    expect(JSON.stringify(target)).toBe(before);
  });

  it('patching with the target itself is the identity on null-free objects (property)', () => {
    const nullFree = fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.integer())));
    fc.assert(fc.property(nullFree, (o) => JSON.stringify(applyMergePatch(o, o)) === JSON.stringify(o)));
  });
});

describe('RFC 6902 JSON patch (RFC appendix A examples)', () => {
  const table: Array<{ name: string; doc: unknown; ops: JsonPatchOp[]; want?: unknown; error?: RegExp }> = [
    { name: 'add object member', doc: { foo: 'bar' }, ops: [{ op: 'add', path: '/baz', value: 'qux' }], want: { foo: 'bar', baz: 'qux' } },
    { name: 'add array element', doc: { foo: ['bar', 'baz'] }, ops: [{ op: 'add', path: '/foo/1', value: 'qux' }], want: { foo: ['bar', 'qux', 'baz'] } },
    { name: 'append with -', doc: { foo: ['bar'] }, ops: [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }], want: { foo: ['bar', ['abc', 'def']] } },
    { name: 'remove member', doc: { baz: 'qux', foo: 'bar' }, ops: [{ op: 'remove', path: '/baz' }], want: { foo: 'bar' } },
    { name: 'remove element', doc: { foo: ['bar', 'qux', 'baz'] }, ops: [{ op: 'remove', path: '/foo/1' }], want: { foo: ['bar', 'baz'] } },
    { name: 'replace', doc: { baz: 'qux', foo: 'bar' }, ops: [{ op: 'replace', path: '/baz', value: 'boo' }], want: { baz: 'boo', foo: 'bar' } },
    {
      name: 'move member',
      doc: { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
      ops: [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
      want: { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
    },
    { name: 'move element', doc: { foo: ['all', 'grass', 'cows', 'eat'] }, ops: [{ op: 'move', from: '/foo/1', path: '/foo/3' }], want: { foo: ['all', 'cows', 'eat', 'grass'] } },
    { name: 'test ok', doc: { baz: 'qux', foo: ['a', 2, 'c'] }, ops: [{ op: 'test', path: '/baz', value: 'qux' }, { op: 'test', path: '/foo/1', value: 2 }], want: { baz: 'qux', foo: ['a', 2, 'c'] } },
    { name: 'test fails', doc: { baz: 'qux' }, ops: [{ op: 'test', path: '/baz', value: 'bar' }], error: /test failed/ },
    { name: 'add nested member', doc: { foo: 'bar' }, ops: [{ op: 'add', path: '/child', value: { grandchild: {} } }], want: { foo: 'bar', child: { grandchild: {} } } },
    { name: 'add to a missing parent', doc: { foo: 'bar' }, ops: [{ op: 'add', path: '/baz/bat', value: 'qux' }], error: /does not exist/ },
    { name: 'escapes ~0 ~1', doc: { '/': 9, '~1': 10 }, ops: [{ op: 'test', path: '/~01', value: 10 }, { op: 'replace', path: '/~1', value: 8 }], want: { '/': 8, '~1': 10 } },
    { name: 'copy', doc: { a: { b: 1 } }, ops: [{ op: 'copy', from: '/a', path: '/c' }], want: { a: { b: 1 }, c: { b: 1 } } },
    { name: 'index out of bounds', doc: { foo: [1] }, ops: [{ op: 'add', path: '/foo/5', value: 2 }], error: /out of bounds/ },
    { name: 'leading zero index', doc: { foo: [1, 2] }, ops: [{ op: 'remove', path: '/foo/01' }], error: /invalid array index/ },
    { name: 'unknown op', doc: {}, ops: [{ op: 'frobnicate', path: '/a' }], error: /unknown/ },
    { name: 'replace root', doc: { a: 1 }, ops: [{ op: 'replace', path: '', value: [1] }], want: [1] },
    { name: 'move into itself', doc: { a: { b: {} } }, ops: [{ op: 'move', from: '/a', path: '/a/b/c' }], error: /into itself/ },
    { name: 'ops are atomic on a copy', doc: { a: 1 }, ops: [{ op: 'replace', path: '/a', value: 2 }, { op: 'remove', path: '/zz' }], error: /does not exist/ },
  ];
  it.each(table)('$name', ({ doc, ops, want, error }) => {
    const before = JSON.stringify(doc);
    if (error) {
      expect(() => applyJsonPatch(doc, ops)).toThrow(PatchError);
      expect(() => applyJsonPatch(doc, ops)).toThrow(error);
    } else {
      expect(applyJsonPatch(doc, ops)).toEqual(want);
    }
    expect(JSON.stringify(doc)).toBe(before);
  });
});
