import {
  FieldTypeError,
  nestedBool,
  nestedField,
  nestedFieldNoCopy,
  nestedFloat64,
  nestedInt64,
  nestedMap,
  nestedSlice,
  nestedString,
  nestedStringMap,
  nestedStringSlice,
  removeNestedField,
  setNestedField,
} from '../../../../runtime/src/meta/unstructured';
import fc from 'fast-check';
import { cloneJSON, isJsonObject, type JsonObject } from '../../../../runtime/src/meta/json';
import { jsonValue } from '../../helpers/arbitrary';

const obj = (): JsonObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name: 'a', labels: { app: 'web' } },
  spec: { replicas: 3, ratio: 0.5, paused: false, hosts: ['a', 'b'], template: { image: 'x' }, items: [{ n: 1 }] },
});

describe('nested reads (apimachinery unstructured helpers)', () => {
  it.each([
    { name: 'string', read: (o: unknown) => nestedString(o, 'kind'), want: { value: 'Widget', found: true } },
    { name: 'int64', read: (o: unknown) => nestedInt64(o, 'spec', 'replicas'), want: { value: 3, found: true } },
    { name: 'float64', read: (o: unknown) => nestedFloat64(o, 'spec', 'ratio'), want: { value: 0.5, found: true } },
    { name: 'bool', read: (o: unknown) => nestedBool(o, 'spec', 'paused'), want: { value: false, found: true } },
    { name: 'string slice', read: (o: unknown) => nestedStringSlice(o, 'spec', 'hosts'), want: { value: ['a', 'b'], found: true } },
    { name: 'slice', read: (o: unknown) => nestedSlice(o, 'spec', 'items'), want: { value: [{ n: 1 }], found: true } },
    { name: 'map', read: (o: unknown) => nestedMap(o, 'spec', 'template'), want: { value: { image: 'x' }, found: true } },
    { name: 'string map', read: (o: unknown) => nestedStringMap(o, 'metadata', 'labels'), want: { value: { app: 'web' }, found: true } },
    { name: 'absent leaf', read: (o: unknown) => nestedString(o, 'spec', 'nope'), want: { value: undefined, found: false } },
    { name: 'through a non-object', read: (o: unknown) => nestedString(o, 'spec', 'replicas', 'x'), want: { value: undefined, found: false } },
    { name: 'an inherited key is absent', read: (o: unknown) => nestedFieldNoCopy(o, 'spec', 'constructor'), want: { value: undefined, found: false } },
  ])('$name', ({ read, want }) => {
    expect(read(obj())).toEqual(want);
  });

  it.each([
    { read: (o: unknown) => nestedString(o, 'spec', 'replicas'), want: '.spec.replicas accessor error: 3 is of the type int64, expected string' },
    { read: (o: unknown) => nestedInt64(o, 'spec', 'ratio'), want: '.spec.ratio accessor error: 0.5 is of the type float64, expected int64' },
    { read: (o: unknown) => nestedStringMap(o, 'spec'), want: '.spec accessor error:' },
    { read: (o: unknown) => nestedStringSlice(o, 'spec', 'items'), want: 'is of the type array, expected []string' },
  ])('a value of another type is a FieldTypeError: $want', ({ read, want }) => {
    expect(() => read(obj())).toThrow(FieldTypeError);
    expect(() => read(obj())).toThrow(want);
  });

  it('copies what it returns except NoCopy', () => {
    const o = obj();
    const { value } = nestedField(o, 'spec', 'template');
    expect(value).toEqual({ image: 'x' });
    expect(value).not.toBe(nestedFieldNoCopy(o, 'spec', 'template').value);
    const m = nestedMap(o, 'spec', 'template').value;
    if (m) m['image'] = 'changed';
    expect(nestedString(o, 'spec', 'template', 'image').value).toBe('x');
  });
});

describe('nested writes', () => {
  it('creates the objects on the way, and removes', () => {
    const o = obj();
    setNestedField(o, 2, 'status', 'ready', 'count');
    expect(o['status']).toEqual({ ready: { count: 2 } });
    setNestedField(o, 'y', 'spec', 'template', 'image');
    expect(nestedString(o, 'spec', 'template', 'image').value).toBe('y');
    removeNestedField(o, 'spec', 'template', 'image');
    expect(nestedMap(o, 'spec', 'template').value).toEqual({});
    removeNestedField(o, 'spec', 'absent', 'deeper');
    expect(nestedField(o, 'spec', 'replicas').value).toBe(3);
  });

  it('refuses to write through a value that is not an object', () => {
    const o = obj();
    expect(() => setNestedField(o, 1, 'spec', 'hosts', 'x')).toThrow('value cannot be set because .spec.hosts is not an object (it is array)');
    expect(() => setNestedField(o, 1)).toThrow('setNestedField: an empty path');
  });

  it('keeps __proto__ as an ordinary key (never a prototype)', () => {
    const o: JsonObject = {};
    setNestedField(o, 'polluted', '__proto__', 'x');
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
    expect(nestedString(o, '__proto__', 'x')).toEqual({ value: 'polluted', found: true });
    expect(Object.keys(o)).toEqual(['__proto__']);
  });
});

describe('untrusted objects and paths (property)', () => {
  const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'spec', 'metadata', 'a'), fc.string({ maxLength: 4 }));
  const path = fc.array(key, { minLength: 1, maxLength: 4 });

  it('reads never reach a prototype and never throw but a FieldTypeError; a write is read back; the prototype is untouched', () => {
    fc.assert(
      fc.property(jsonValue(3, 3), path, jsonValue(1, 2), (given, p, value) => {
        const before = cloneJSON(given);
        const read = nestedFieldNoCopy(given, ...p);
        if (read.found) {
          // every key of the path is an own key on the way
          let cur: unknown = given;
          for (const k of p) {
            expect(isJsonObject(cur) && Object.hasOwn(cur, k)).toBe(true);
            cur = (cur as Record<string, unknown>)[k];
          }
        }
        try {
          nestedString(given, ...p);
        } catch (err) {
          expect(err).toBeInstanceOf(FieldTypeError);
        }
        expect(given).toEqual(before);
        if (!isJsonObject(given)) return;
        const target = cloneJSON(given);
        try {
          setNestedField(target, value, ...p);
        } catch (err) {
          // only a non-object on the way refuses the write
          expect((err as Error).message).toMatch(/^value cannot be set because .* is not an object/);
          return;
        }
        expect(nestedFieldNoCopy(target, ...p)).toEqual({ value, found: true });
        removeNestedField(target, ...p);
        expect(nestedFieldNoCopy(target, ...p).found).toBe(false);
        expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
        expect(({} as Record<string, unknown>)['a']).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
