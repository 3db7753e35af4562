/** prepareObject: what the apiserver's decoder makes of a custom resource (pruned, nulls dropped, defaulted), input untouched. */
import { prepareObject, type ValidationSchema } from '@kubegen/runtime/validation';

const schema: ValidationSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        size: { type: 'integer', default: 3 },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        note: { type: 'string' },
      },
    },
  },
};

describe('prepareObject', () => {
  const table: Array<{ name: string; given: string; want: unknown }> = [
    {
      name: 'unknown fields and __proto__ keys pruned, metadata/apiVersion/kind kept, a default applied',
      given: '{"apiVersion":"g/v1","kind":"K","metadata":{"name":"a"},"spec":{"x":1,"__proto__":{"p":1}},"extra":true,"__proto__":{"q":1}}',
      want: { apiVersion: 'g/v1', kind: 'K', metadata: { name: 'a' }, spec: { size: 3 } },
    },
    {
      name: 'preserve-unknown-fields kept, a non-nullable null dropped',
      given: '{"spec":{"free":{"any":[1,{"b":2}]},"note":null,"size":5}}',
      want: { spec: { free: { any: [1, { b: 2 }] }, size: 5 } },
    },
  ];
  it.each(table)('$name', ({ given, want }) => {
    const input = JSON.parse(given) as Record<string, unknown>;
    const before = JSON.stringify(input);
    expect(JSON.parse(JSON.stringify(prepareObject(schema, input)))).toEqual(want);
    expect(JSON.stringify(input)).toBe(before);
  });
});
