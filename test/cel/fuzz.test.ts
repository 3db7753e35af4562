/**
 * Hostile schemas and rules: any property names (`__proto__`, `constructor`, dots, spaces, CEL keywords), any
 * nesting of objects / lists / maps / int-or-string, and rules drawn from field references, operators, macros,
 * library calls and arbitrary text. The checker must return problems — never throw — and leave
 * `Object.prototype` untouched. `KUBEGEN_FUZZ_RUNS` sets the runs.
 */
import fc from 'fast-check';
import { CelChecker } from '../../generator/cel';
import type { JSONSchemaProps } from '../../generator/core/schema';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 150);

const names = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'namespace', 'if', 'a-b', 'a.b', 'a b', '1x', '', 'self', 'replicas', 'x__y'),
  fc.string({ minLength: 1, maxLength: 6 }),
);

const ruleText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc
    .tuple(
      fc.constantFrom('self', 'oldSelf', 'self.a', 'self.__proto__', 'self.constructor', 'self[0]', 'self["k"]', 'size(self)'),
      fc.constantFrom(' == ', ' != ', ' < ', ' + ', ' in ', '.all(x, ', '.exists(x, ', '.map(x, ', '.matches(', '.find(', '.isSorted() || ', ' && '),
      fc.constantFrom('1', '"a"', 'x', 'true', 'null', '[1]', 'self', 'quantity("1")', 'ip("::1")', 'x.size() > 1'),
      fc.constantFrom('', ')', '))', ' == true'),
    )
    .map(([a, b, c, d]) => `${a}${b}${c}${d}`),
);

const rule = fc.record(
  { rule: ruleText, messageExpression: fc.option(ruleText, { nil: undefined }), optionalOldSelf: fc.option(fc.boolean(), { nil: undefined }) },
  { requiredKeys: ['rule'] },
);

const withRules = <T extends JSONSchemaProps>(s: fc.Arbitrary<T>) =>
  fc.tuple(s, fc.array(rule, { maxLength: 2 })).map(([node, rules]) => (rules.length > 0 ? { ...node, 'x-kubernetes-validations': rules } : node));

const { schema } = fc.letrec<{ schema: JSONSchemaProps }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    withRules(fc.constantFrom<JSONSchemaProps>({ type: 'string' }, { type: 'string', maxLength: 5 }, { type: 'integer' }, { type: 'number' }, { type: 'boolean' }, { type: 'string', format: 'date-time' }, { 'x-kubernetes-int-or-string': true }, { 'x-kubernetes-preserve-unknown-fields': true })),
    withRules(
      fc.dictionary(names, tie('schema'), { maxKeys: 4 }).map((props) => {
        const properties = Object.create(null) as Record<string, JSONSchemaProps>;
        for (const [k, v] of Object.entries(props)) properties[k] = v;
        return { type: 'object' as const, properties };
      }),
    ),
    withRules(fc.tuple(tie('schema'), fc.option(fc.nat(20), { nil: undefined })).map(([items, maxItems]) => ({ type: 'array' as const, items, ...(maxItems !== undefined ? { maxItems } : {}) }))),
    withRules(tie('schema').map((v) => ({ type: 'object' as const, additionalProperties: v }))),
  ),
}));

test('the CEL checker returns problems for any schema and rules, never throws, never touches Object.prototype', () => {
  const checker = new CelChecker();
  fc.assert(
    fc.property(schema, (s) => {
      const problems = checker.checkSchema({ type: 'object', properties: { spec: s } });
      expect(Array.isArray(problems)).toBe(true);
      for (const p of problems) expect(typeof p.message).toBe('string');
      expect(Object.keys(Object.prototype)).toEqual([]);
      expect(({} as Record<string, unknown>).type).toBeUndefined();
    }),
    { numRuns: RUNS },
  );
});
