/**
 * The CEL types of schema nodes and their size bounds, as the apiserver's SchemaDeclType computes them, and the
 * property-name escaping of apiservercel.Escape.
 */
import { escapeProperty, maxCardinality, schemaDeclType, shapeKey } from '../../generator/cel/decltype';
import type { JSONSchemaProps } from '../../generator/core/schema';
import { present } from '../unit/helpers/present';

describe('escapeProperty (apiservercel.Escape)', () => {
  test.each([
    ['replicas', 'replicas'],
    ['dash-name', 'dash__dash__name'],
    ['a.b', 'a__dot__b'],
    ['a/b', 'a__slash__b'],
    ['a__b', 'a__underscores__b'],
    ['namespace', '__namespace__'],
    ['if', '__if__'],
    ['__proto__', '__underscores__proto__underscores__'],
    ['1abc', undefined],
    ['', undefined],
    ['a b', undefined],
    ['a:b', undefined],
  ])('%s → %s', (given, want) => {
    expect(escapeProperty(given)).toBe(want);
  });
});

describe('schemaDeclType', () => {
  test('the root of a resource sees apiVersion, kind and only metadata.name/generateName', () => {
    const t = schemaDeclType({ type: 'object', properties: { metadata: { type: 'object' }, spec: { type: 'object' } } }, true);
    expect(t?.kind).toBe('object');
    if (t?.kind !== 'object') return;
    expect([...t.fields.keys()].sort()).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    const meta = present(t.fields.get('metadata'), 'the metadata field').type;
    expect(meta.kind === 'object' && [...meta.fields.keys()].sort()).toEqual(['generateName', 'name']);
  });

  test('untyped properties are invisible; unescapable names too; __proto__ is an ordinary property', () => {
    const props = JSON.parse('{"a":{"type":"string"},"free":{"x-kubernetes-preserve-unknown-fields":true},"a b":{"type":"string"},"__proto__":{"type":"integer"}}') as Record<string, JSONSchemaProps>;
    const t = schemaDeclType({ type: 'object', properties: props }, false);
    expect(t?.kind === 'object' && [...t.fields.keys()].sort()).toEqual(['__underscores__proto__underscores__', 'a']);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  test('bounds: maxLength ×4, enum, formats, int-or-string, unbounded lists and maps from the minimal size', () => {
    expect(schemaDeclType({ type: 'string', maxLength: 10 }, false)).toMatchObject({ cel: 'string', maxElements: 40 });
    expect(schemaDeclType({ type: 'string', enum: ['A', 'LongValue'] }, false)).toMatchObject({ cel: 'string', maxElements: 9 });
    expect(schemaDeclType({ type: 'string', format: 'date-time' }, false)).toMatchObject({ cel: 'timestamp', maxElements: 32, minSerializedSize: 21 });
    expect(schemaDeclType({ type: 'string', format: 'duration' }, false)).toMatchObject({ cel: 'duration', maxElements: 32 });
    expect(schemaDeclType({ type: 'string', format: 'byte', maxLength: 7 }, false)).toMatchObject({ cel: 'bytes', maxElements: 7 });
    expect(schemaDeclType({ 'x-kubernetes-int-or-string': true }, false)).toMatchObject({ cel: 'dyn', maxElements: 3 * 1024 * 1024 - 2 });
    expect(schemaDeclType({ type: 'array', items: { type: 'number' } }, false)).toMatchObject({ kind: 'list', maxElements: 1572863 });
    expect(schemaDeclType({ type: 'object', additionalProperties: { type: 'string' } }, false)).toMatchObject({ kind: 'map', maxElements: 393215 });
    expect(schemaDeclType({ type: 'array' }, false)).toBeUndefined();
  });

  test('the minimal size of an object counts required properties without a default', () => {
    const t = schemaDeclType(
      { type: 'object', required: ['name', 'port'], properties: { name: { type: 'string' }, port: { type: 'integer', default: 80 }, x: { type: 'string' } } },
      false,
    );
    expect(t?.minSerializedSize).toBe(2 + 4 + 2 + 4);
    expect(maxCardinality(present(t, 'the declared type').minSerializedSize)).toBe(Math.floor((3 * 1024 * 1024) / 13));
  });

  test('shape keys: equal for equal shapes, different when a bound differs', () => {
    const a = present(schemaDeclType({ type: 'object', properties: { n: { type: 'string', maxLength: 3 } } }, false), 'a');
    const b = present(schemaDeclType({ type: 'object', properties: { n: { type: 'string', maxLength: 3 } } }, false), 'b');
    const c = present(schemaDeclType({ type: 'object', properties: { n: { type: 'string', maxLength: 4 } } }, false), 'c');
    expect(shapeKey(a)).toBe(shapeKey(b));
    expect(shapeKey(a)).not.toBe(shapeKey(c));
  });
});
