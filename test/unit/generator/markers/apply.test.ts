import type { MarkerValue } from '../../../../generator/model/types';
import {
  applySchemaMarkers,
  immutableParentRule,
  normalizeDefault,
  parseMarker,
  schemaPriorities,
  type MarkerTarget,
  type SchemaApplyContext,
} from '../../../../generator/markers';
import type { JSONSchemaProps } from '../../../../generator/core/schema';
import { present } from '../../helpers/present';

const span = { file: 'apis/x/v1/a.ts', line: 3, column: 4 };

function markers(lines: string[], target: MarkerTarget): MarkerValue[] {
  return lines.map((text, i) => {
    const r = parseMarker(text, { ...span, line: span.line + i }, target);
    if (r.kind !== 'marker') throw new Error(`${text}: ${JSON.stringify(r)}`);
    return r.marker;
  });
}

interface Row {
  name: string;
  given: { lines: string[]; schema: JSONSchemaProps; target?: MarkerTarget; ctx?: SchemaApplyContext };
  want: { schema: JSONSchemaProps; errors?: string[] };
}

function run({ given, want }: Row): void {
  const schema = structuredClone(given.schema);
  const ds = applySchemaMarkers(schema, markers(given.lines, given.target ?? 'field'), given.ctx ?? {});
  expect(ds.map((d) => d.message)).toEqual(want.errors ?? []);
  for (const d of ds) expect(d.severity).toBe('error');
  expect(schema).toEqual(want.schema);
}

const V = '+kubebuilder:validation:';
const str: JSONSchemaProps = { type: 'string' };
const int: JSONSchemaProps = { type: 'integer', format: 'int32' };
const num: JSONSchemaProps = { type: 'number' };
const arr: JSONSchemaProps = { type: 'array', items: { type: 'string' } };
const obj: JSONSchemaProps = { type: 'object' };
const intOrString: JSONSchemaProps = { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true };

describe('validation markers', () => {
  const rows: Row[] = [
    { name: 'Maximum', given: { lines: [`${V}Maximum=10`], schema: int }, want: { schema: { ...int, maximum: 10 } } },
    { name: 'Minimum negative float on number', given: { lines: [`${V}Minimum=-1.5`], schema: num }, want: { schema: { ...num, minimum: -1.5 } } },
    { name: 'Minimum non-integral on integer', given: { lines: [`${V}Minimum=1.5`], schema: int }, want: { schema: int, errors: ['+kubebuilder:validation:Minimum: cannot apply non-integral minimum validation (1.5) to integer value'] } },
    { name: 'Minimum on a string', given: { lines: [`${V}Minimum=1`], schema: str }, want: { schema: str, errors: ['+kubebuilder:validation:Minimum: must apply minimum to a numeric value, found type "string"'] } },
    { name: 'Minimum on a $ref resolved to integer', given: { lines: [`${V}Minimum=0`], schema: { $ref: '#/x' }, ctx: { resolvedType: 'integer' } }, want: { schema: { $ref: '#/x', minimum: 0 } } },
    { name: 'ExclusiveMaximum', given: { lines: [`${V}ExclusiveMaximum=true`], schema: num }, want: { schema: { ...num, exclusiveMaximum: true } } },
    { name: 'ExclusiveMinimum on a string', given: { lines: [`${V}ExclusiveMinimum=true`], schema: str }, want: { schema: str, errors: ['+kubebuilder:validation:ExclusiveMinimum: must apply exclusiveminimum to a numeric value, found type "string"'] } },
    { name: 'MultipleOf', given: { lines: [`${V}MultipleOf=2`], schema: int }, want: { schema: { ...int, multipleOf: 2 } } },
    { name: 'MultipleOf non-integral on integer', given: { lines: [`${V}MultipleOf=0.5`], schema: int }, want: { schema: int, errors: ['+kubebuilder:validation:MultipleOf: cannot apply non-integral multipleof validation (0.5) to integer value'] } },
    { name: 'MaxLength / MinLength', given: { lines: [`${V}MaxLength=10`, `${V}MinLength=1`], schema: str }, want: { schema: { ...str, maxLength: 10, minLength: 1 } } },
    { name: 'MaxLength on int-or-string', given: { lines: [`${V}MaxLength=5`], schema: intOrString }, want: { schema: { ...intOrString, maxLength: 5 } } },
    { name: 'MaxLength on integer', given: { lines: [`${V}MaxLength=5`], schema: int }, want: { schema: int, errors: ['+kubebuilder:validation:MaxLength: must apply maxlength to a textual value (string or XIntOrString), found type "integer"'] } },
    { name: 'Pattern', given: { lines: [`${V}Pattern=\`^(\\S+\\s+){4}\\S+$\``], schema: str }, want: { schema: { ...str, pattern: '^(\\S+\\s+){4}\\S+$' } } },
    { name: 'XIntOrString applies before Pattern', given: { lines: [`${V}Pattern=^[0-9]+%?$`, `${V}XIntOrString`], schema: {} }, want: { schema: { pattern: '^[0-9]+%?$', 'x-kubernetes-int-or-string': true } } },
    { name: 'MaxItems / MinItems / UniqueItems', given: { lines: [`${V}MaxItems=3`, `${V}MinItems=1`, `${V}UniqueItems=true`], schema: arr }, want: { schema: { ...arr, maxItems: 3, minItems: 1, uniqueItems: true } } },
    { name: 'MaxItems on a non-array', given: { lines: [`${V}MaxItems=3`], schema: str }, want: { schema: str, errors: ['+kubebuilder:validation:MaxItems: must apply maxitems to an array, found type "string"'] } },
    { name: 'MaxProperties / MinProperties', given: { lines: [`${V}MaxProperties=4`, `${V}MinProperties=1`], schema: obj }, want: { schema: { ...obj, maxProperties: 4, minProperties: 1 } } },
    { name: 'MinProperties on an array', given: { lines: [`${V}MinProperties=1`], schema: arr }, want: { schema: arr, errors: ['+kubebuilder:validation:MinProperties: must apply minproperties to an object, found type "array"'] } },
    { name: 'Enum keeps order and JSON types', given: { lines: [`${V}Enum=B;A;"1";2;true`], schema: str }, want: { schema: { ...str, enum: ['B', 'A', '1', 2, true] } } },
    { name: 'Format', given: { lines: [`${V}Format=date-time`], schema: str }, want: { schema: { ...str, format: 'date-time' } } },
    { name: 'Type applies first', given: { lines: [`${V}Minimum=1`, `${V}Type=integer`], schema: {} }, want: { schema: { type: 'integer', minimum: 1 } } },
    { name: 'XPreserveUnknownFields', given: { lines: [`${V}XPreserveUnknownFields`], schema: obj }, want: { schema: { ...obj, 'x-kubernetes-preserve-unknown-fields': true } } },
    { name: 'XEmbeddedResource', given: { lines: [`${V}XEmbeddedResource`], schema: obj }, want: { schema: { ...obj, 'x-kubernetes-embedded-resource': true } } },
    {
      name: 'XValidation with every argument',
      given: { lines: [`${V}XValidation:rule="self.a > 0",message="a",messageExpression="'a: ' + self.a",reason=FieldValueForbidden,fieldPath=".a",optionalOldSelf=true`], schema: obj },
      want: { schema: { ...obj, 'x-kubernetes-validations': [{ rule: 'self.a > 0', message: 'a', messageExpression: "'a: ' + self.a", reason: 'FieldValueForbidden', fieldPath: '.a', optionalOldSelf: true }] } },
    },
    {
      name: 'XValidation appends in order',
      given: { lines: [`${V}XValidation:rule="r1"`, `${V}XValidation:rule=\`r2 == "x"\`,message=m2`], schema: { ...obj, 'x-kubernetes-validations': [{ rule: 'r0' }] } },
      want: { schema: { ...obj, 'x-kubernetes-validations': [{ rule: 'r0' }, { rule: 'r1' }, { rule: 'r2 == "x"', message: 'm2' }] } },
    },
  ];
  test.each(rows)('$name', run);
});

describe('items: markers apply to schema.items, after the others', () => {
  const rows: Row[] = [
    { name: 'items:MaxLength', given: { lines: [`${V}items:MaxLength=5`, `${V}MaxItems=2`], schema: arr }, want: { schema: { ...arr, maxItems: 2, items: { type: 'string', maxLength: 5 } } } },
    { name: 'items:Enum', given: { lines: [`${V}items:Enum={a,b}`], schema: arr }, want: { schema: { ...arr, items: { type: 'string', enum: ['a', 'b'] } } } },
    { name: 'items:XValidation', given: { lines: [`${V}items:XValidation:rule="size(self) > 0"`], schema: arr }, want: { schema: { ...arr, items: { type: 'string', 'x-kubernetes-validations': [{ rule: 'size(self) > 0' }] } } } },
    { name: 'items:Minimum on string items', given: { lines: [`${V}items:Minimum=1`], schema: arr }, want: { schema: arr, errors: ['+kubebuilder:validation:items:Minimum: must apply minimum to a numeric value, found type "string"'] } },
    { name: 'items: on a non-array', given: { lines: [`${V}items:MaxLength=1`], schema: str }, want: { schema: str, errors: ['+kubebuilder:validation:items:MaxLength: must apply kubebuilder:validation:items:MaxLength to an array value, found type "string"'] } },
    { name: 'items:Type then items:Minimum', given: { lines: [`${V}items:Minimum=0`, `${V}items:Type=integer`], schema: { type: 'array', items: {} } }, want: { schema: { type: 'array', items: { type: 'integer', minimum: 0 } } } },
  ];
  test.each(rows)('$name', run);
});

describe('field-only markers', () => {
  const rows: Row[] = [
    { name: 'nullable', given: { lines: ['+nullable'], schema: str }, want: { schema: { ...str, nullable: true } } },
    { name: 'kubebuilder:default scalar', given: { lines: ['+kubebuilder:default=5'], schema: int }, want: { schema: { ...int, default: 5 } } },
    { name: 'kubebuilder:default={} on an array is []', given: { lines: ['+kubebuilder:default={}'], schema: arr }, want: { schema: { ...arr, default: [] } } },
    { name: 'kubebuilder:default={} on an object', given: { lines: ['+kubebuilder:default={}'], schema: obj }, want: { schema: { ...obj, default: {} } } },
    { name: 'kubebuilder:default object', given: { lines: ['+kubebuilder:default={policy: "delete", n: 1}'], schema: obj }, want: { schema: { ...obj, default: { n: 1, policy: 'delete' } } } },
    { name: 'kubebuilder:default list', given: { lines: ['+kubebuilder:default={a,b}'], schema: arr }, want: { schema: { ...arr, default: ['a', 'b'] } } },
    { name: '+default JSON', given: { lines: ['+default={"a": [1, 2]}'], schema: obj }, want: { schema: { ...obj, default: { a: [1, 2] } } } },
    { name: '+kubebuilder:default (10) wins over +default (9), written after', given: { lines: ['+default=2', '+kubebuilder:default=1'], schema: int }, want: { schema: { ...int, default: 1 } } },
    { name: '+kubebuilder:default (10) wins over +default (9), written before', given: { lines: ['+kubebuilder:default=1', '+default=2'], schema: int }, want: { schema: { ...int, default: 1 } } },
    { name: '+default=ref(X) has no effect', given: { lines: ['+default=ref(Foo)'], schema: int }, want: { schema: int } },
    { name: 'kubebuilder:example', given: { lines: ['+kubebuilder:example={a: 1}'], schema: obj }, want: { schema: { ...obj, example: { a: 1 } } } },
    { name: 'EmbeddedResource', given: { lines: [`${V}EmbeddedResource`], schema: obj }, want: { schema: { ...obj, 'x-kubernetes-embedded-resource': true } } },
    { name: 'k8s:immutable', given: { lines: ['+k8s:immutable'], schema: str }, want: { schema: { ...str, 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'field is immutable' }] } } },
    { name: 'markers without schema behaviour change nothing', given: { lines: ['+optional', '+required', '+k8s:optional', `${V}Optional`, `${V}Schemaless`], schema: str }, want: { schema: str } },
  ];
  test.each(rows)('$name', run);
});

describe('field-and-type markers', () => {
  const rows: Row[] = [
    { name: 'pruning:PreserveUnknownFields', given: { lines: ['+kubebuilder:pruning:PreserveUnknownFields'], schema: obj, target: 'type' }, want: { schema: { ...obj, 'x-kubernetes-preserve-unknown-fields': true } } },
    { name: 'title', given: { lines: ['+kubebuilder:title=My Title'], schema: str }, want: { schema: { ...str, title: 'My Title' } } },
    { name: 'title that is not a string', given: { lines: ['+kubebuilder:title=5'], schema: str }, want: { schema: str, errors: ['+kubebuilder:title: expected string, got number'] } },
    { name: 'externalDocs', given: { lines: ['+kubebuilder:externalDocs:url="https://example.com/docs",description="More"'], schema: str }, want: { schema: { ...str, externalDocs: { description: 'More', url: 'https://example.com/docs' } } } },
    { name: 'externalDocs url only', given: { lines: ['+kubebuilder:externalDocs:url=https://example.com'], schema: obj, target: 'type' }, want: { schema: { ...obj, externalDocs: { url: 'https://example.com' } } } },
  ];
  test.each(rows)('$name', run);
});

describe('topology', () => {
  const objs: JSONSchemaProps = { type: 'array', items: { type: 'object' } };
  const rows: Row[] = [
    { name: 'listType=map with listMapKeys, keys written first', given: { lines: ['+listMapKey=name', '+listMapKey=port', '+listType=map'], schema: objs }, want: { schema: { ...objs, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'port'] } } },
    { name: 'listType=set', given: { lines: ['+listType=set'], schema: arr }, want: { schema: { ...arr, 'x-kubernetes-list-type': 'set' } } },
    { name: 'listType=atomic on a type', given: { lines: ['+listType=atomic'], schema: arr, target: 'type' }, want: { schema: { ...arr, 'x-kubernetes-list-type': 'atomic' } } },
    { name: 'listMapKey without listType=map', given: { lines: ['+listMapKey=name'], schema: objs }, want: { schema: objs, errors: ['+listMapKey: must apply listMapKey to an associative-list (add +listType=map)'] } },
    { name: 'listMapKey with listType=set', given: { lines: ['+listType=set', '+listMapKey=name'], schema: objs }, want: { schema: { ...objs, 'x-kubernetes-list-type': 'set' }, errors: ['+listMapKey: must apply listMapKey to an associative-list (add +listType=map)'] } },
    { name: 'listType on an object', given: { lines: ['+listType=set'], schema: obj }, want: { schema: obj, errors: ['+listType: must apply listType to an array, found type "object"'] } },
    { name: 'k8s:listType / k8s:listMapKey', given: { lines: ['+k8s:listType=map', '+k8s:listMapKey=id'], schema: objs }, want: { schema: { ...objs, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['id'] } } },
    { name: 'mapType', given: { lines: ['+mapType=atomic'], schema: obj }, want: { schema: { ...obj, 'x-kubernetes-map-type': 'atomic' } } },
    { name: 'mapType on an array', given: { lines: ['+mapType=atomic'], schema: arr }, want: { schema: arr, errors: ['+mapType: must apply mapType to an object, found type "array"'] } },
    { name: 'structType writes x-kubernetes-map-type', given: { lines: ['+structType=granular'], schema: obj, target: 'type' }, want: { schema: { ...obj, 'x-kubernetes-map-type': 'granular' } } },
    { name: 'structType on an untyped schema', given: { lines: ['+structType=atomic'], schema: {} }, want: { schema: { 'x-kubernetes-map-type': 'atomic' } } },
    { name: 'structType on a string', given: { lines: ['+structType=atomic'], schema: str }, want: { schema: str, errors: ['+structType: must apply structType to an object, found type "string"'] } },
  ];
  test.each(rows)('$name', run);
});

describe('type-only markers', () => {
  const fields = [
    { name: 'a', required: false },
    { name: 'b', required: false },
    { name: 'c', required: true },
  ];
  const ctx: SchemaApplyContext = { target: 'type', name: 'Spec', structFields: fields };
  const rows: Row[] = [
    {
      name: 'ExactlyOneOf',
      given: { lines: [`${V}ExactlyOneOf=a;b`], schema: obj, target: 'type', ctx },
      want: { schema: { ...obj, 'x-kubernetes-validations': [{ rule: '[has(self.a),has(self.b)].filter(x,x==true).size() == 1', message: 'exactly one of the fields in [a b] must be set' }] } },
    },
    {
      name: 'AtMostOneOf',
      given: { lines: [`${V}AtMostOneOf={a,b}`], schema: obj, target: 'type', ctx },
      want: { schema: { ...obj, 'x-kubernetes-validations': [{ rule: '[has(self.a),has(self.b)].filter(x,x==true).size() <= 1', message: 'at most one of the fields in [a b] may be set' }] } },
    },
    {
      name: 'AtLeastOneOf',
      given: { lines: [`${V}AtLeastOneOf=a;b`], schema: obj, target: 'type', ctx },
      want: { schema: { ...obj, 'x-kubernetes-validations': [{ rule: '[has(self.a),has(self.b)].filter(x,x==true).size() >= 1', message: 'at least one of the fields in [a b] must be set' }] } },
    },
    {
      name: 'order: XValidation (10), AtMostOneOf (11), ExactlyOneOf (12), AtLeastOneOf (13)',
      given: { lines: [`${V}AtLeastOneOf=a;b`, `${V}ExactlyOneOf=a;b`, `${V}AtMostOneOf=a;b`, `${V}XValidation:rule="x"`], schema: obj, target: 'type', ctx },
      want: {
        schema: {
          ...obj,
          'x-kubernetes-validations': [
            { rule: 'x' },
            { rule: '[has(self.a),has(self.b)].filter(x,x==true).size() <= 1', message: 'at most one of the fields in [a b] may be set' },
            { rule: '[has(self.a),has(self.b)].filter(x,x==true).size() == 1', message: 'exactly one of the fields in [a b] must be set' },
            { rule: '[has(self.a),has(self.b)].filter(x,x==true).size() >= 1', message: 'at least one of the fields in [a b] must be set' },
          ],
        },
      },
    },
    { name: 'ExactlyOneOf naming a required field', given: { lines: [`${V}ExactlyOneOf=a;c`], schema: obj, target: 'type', ctx }, want: { schema: obj, errors: ['+kubebuilder:validation:ExactlyOneOf: field c is part of ExactlyOneOf constraint and must be optional (`?` or +optional)'] } },
    { name: 'ExactlyOneOf naming an unknown field', given: { lines: [`${V}ExactlyOneOf=a;d`], schema: obj, target: 'type', ctx }, want: { schema: obj, errors: ['+kubebuilder:validation:ExactlyOneOf: unknown field "d" in Spec; fields are a, b, c'] } },
    { name: 'AtMostOneOf with a nested path', given: { lines: [`${V}AtMostOneOf=a.x;b`], schema: obj, target: 'type', ctx }, want: { schema: obj, errors: ['+kubebuilder:validation:AtMostOneOf: cannot reference nested fields: a.x'] } },
    { name: 'k8s:enum sorts the values', given: { lines: ['+k8s:enum'], schema: {}, target: 'type', ctx: { target: 'type', name: 'Phase', enumValues: ['Running', 'Pending', 'Done'] } }, want: { schema: { type: 'string', enum: ['Done', 'Pending', 'Running'] } } },
    { name: 'k8s:enum on a non-enum type', given: { lines: ['+k8s:enum'], schema: obj, target: 'type', ctx: { target: 'type', name: 'Spec' } }, want: { schema: obj, errors: ['+k8s:enum: k8s:enum requires a string enum type (a union of string literals or a string `enum`), found type "object"'] } },
    { name: 'k8s:enum on a built string enum schema', given: { lines: ['+k8s:enum'], schema: { type: 'string', enum: ['b', 'a'] }, target: 'type' }, want: { schema: { type: 'string', enum: ['a', 'b'] } } },
    { name: 'k8s:enum on an integer enum', given: { lines: ['+k8s:enum'], schema: { type: 'integer', enum: [1, 2] }, target: 'type' }, want: { schema: { type: 'integer', enum: [1, 2] }, errors: ['+k8s:enum: k8s:enum requires a string enum type (a union of string literals or a string `enum`), found type "integer"'] } },
    {
      name: 'ExactlyOneOf checks the schema\'s own properties without structFields',
      given: { lines: [`${V}ExactlyOneOf=a;b`], schema: { type: 'object', properties: { a: str, b: str }, required: ['b'] }, target: 'type' },
      want: { schema: { type: 'object', properties: { a: str, b: str }, required: ['b'] }, errors: ['+kubebuilder:validation:ExactlyOneOf: field b is part of ExactlyOneOf constraint and must be optional (`?` or +optional)'] },
    },
    {
      name: 'AtLeastOneOf with the schema\'s own properties',
      given: { lines: [`${V}AtLeastOneOf=a;b`], schema: { type: 'object', properties: { a: str, b: str } }, target: 'type' },
      want: { schema: { type: 'object', properties: { a: str, b: str }, 'x-kubernetes-validations': [{ rule: '[has(self.a),has(self.b)].filter(x,x==true).size() >= 1', message: 'at least one of the fields in [a b] must be set' }] } },
    },
  ];
  test.each(rows)('$name', run);
});

describe('type-level markers then field-level markers', () => {
  test('same priority: the field-level marker (later) wins', () => {
    const schema: JSONSchemaProps = { type: 'integer' };
    const all = [...markers([`${V}Maximum=10`, `${V}Minimum=0`], 'type'), ...markers([`${V}Maximum=5`], 'field')];
    expect(applySchemaMarkers(schema, all, { target: 'field', name: 'replicas' })).toEqual([]);
    expect(schema).toEqual({ type: 'integer', maximum: 5, minimum: 0 });
  });

  test('diagnostics carry the marker span', () => {
    const schema: JSONSchemaProps = { type: 'string' };
    const ms = markers([`${V}Pattern=x`, `${V}Maximum=1`], 'field');
    expect(present(applySchemaMarkers(schema, ms, {})[0], 'a diagnostic').span).toEqual({ ...span, line: span.line + 1 });
  });

  test('applying does not share objects with the marker values', () => {
    const ms = markers([`${V}Enum=a;b`, '+kubebuilder:default={a: {b: 1}}'], 'field');
    const schema: JSONSchemaProps = { type: 'object' };
    applySchemaMarkers(schema, ms, {});
    (schema.enum as unknown[]).push('c');
    (schema.default as { a: { b: number } }).a.b = 2;
    expect(ms.map((m) => m.value)).toEqual([['a', 'b'], { a: { b: 1 } }]);
  });
});

describe('helpers', () => {
  test('normalizeDefault', () => {
    expect(normalizeDefault({}, { type: 'array' })).toEqual([]);
    expect(normalizeDefault({}, { type: 'object' })).toEqual({});
    expect(normalizeDefault({ a: 1 }, { type: 'array' })).toEqual({ a: 1 });
  });
  test('immutableParentRule', () => {
    expect(immutableParentRule('size')).toEqual({ rule: '!has(oldSelf.size) || has(self.size)', message: 'field size is immutable once set' });
  });
});

test('priority table', () => {
  const p = schemaPriorities();
  expect({
    Type: p['kubebuilder:validation:Type'],
    XIntOrString: p['kubebuilder:validation:XIntOrString'],
    listType: p['listType'],
    k8sListType: p['k8s:listType'],
    default: p['default'],
    kubebuilderDefault: p['kubebuilder:default'],
    Minimum: p['kubebuilder:validation:Minimum'],
    XValidation: p['kubebuilder:validation:XValidation'],
    itemsType: p['kubebuilder:validation:items:Type'],
    AtMostOneOf: p['kubebuilder:validation:AtMostOneOf'],
    ExactlyOneOf: p['kubebuilder:validation:ExactlyOneOf'],
    AtLeastOneOf: p['kubebuilder:validation:AtLeastOneOf'],
  }).toEqual({
    Type: 9,
    XIntOrString: 9,
    listType: 9,
    k8sListType: 9,
    default: 9,
    kubebuilderDefault: 10,
    Minimum: 10,
    XValidation: 10,
    itemsType: 9,
    AtMostOneOf: 11,
    ExactlyOneOf: 12,
    AtLeastOneOf: 13,
  });
  expect(Object.values(p).every((n) => n >= 9 && n <= 13)).toBe(true);
});
