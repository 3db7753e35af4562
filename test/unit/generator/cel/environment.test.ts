/**
 * kubegen's verdicts on the grammar and environment table (./environment-cases.ts): the generation-time checker
 * refuses exactly the rows the apiserver refuses, with cel-go's message (and the same cost factor), and the
 * client-side validator evaluates the evaluation rows as the apiserver does. test/e2e/cel-environment.test.ts pins
 * the same rows to the real apiserver.
 */
import { checkCelRules } from '../../../../generator/cel';
import { validate, type ValidationSchema } from '../../../../runtime/src/validation';
import { ENVIRONMENT_CASES, EVALUATION_CASES, LIBRARY_CONSTANTS, environmentSchema, environmentSpec } from './environment-cases';

describe('the CRD CEL environment: grammar and libraries checked as the apiserver checks them', () => {
  test.each(ENVIRONMENT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const problems = checkCelRules(environmentSchema(c.rule));
    const messages = problems.map((p) => p.message);
    if (c.valid) {
      expect(messages).toEqual([]);
      return;
    }
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join('\n')).toContain(c.message);
    if (c.factor) expect(messages.join('\n')).toContain(`by factor of ${c.factor} `);
    if (c.column !== undefined) expect(messages.join('\n')).toContain(`${c.message} (column ${c.column})`);
  });
});

describe('the CRD CEL environment: every library evaluated client-side', () => {
  test('each constant rule over the libraries holds, none left unchecked', () => {
    expect(LIBRARY_CONSTANTS.length).toBeGreaterThan(80);
    const spec = environmentSpec();
    spec['x-kubernetes-validations'] = LIBRARY_CONSTANTS.map((rule) => ({ rule }));
    const schema = { type: 'object', properties: { spec } } as ValidationSchema;
    const r = validate(schema, { apiVersion: 'e.kubegen.io/v1', kind: 'Env', metadata: { name: 'x' }, spec: {} });
    expect(r.unchecked).toEqual([]);
    expect(r.errors.map((e) => e.detail)).toEqual([]);
  });

  test('a duplicate key of transformMapEntry fails as cel-go words it', () => {
    const schema = environmentSchema({ rule: 'self.tags.transformMapEntry(i, t, {t: i}).size() > 0' }) as ValidationSchema;
    const r = validate(schema, { apiVersion: 'e.kubegen.io/v1', kind: 'Env', metadata: { name: 'x' }, spec: { tags: ['a', 'a'] } });
    expect(r.unchecked).toEqual([]);
    expect(r.errors.map((e) => e.detail)).toEqual(['insert failed: key a already exists evaluating rule: self.tags.transformMapEntry(i, t, {t: i}).size() > 0']);
  });
});

describe('the CRD CEL environment: evaluated client-side as the apiserver evaluates it', () => {
  test.each(EVALUATION_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const schema = environmentSchema({ rule: c.rule }) as ValidationSchema;
    const r = validate(schema, { apiVersion: 'e.kubegen.io/v1', kind: 'Env', metadata: { name: 'x' }, spec: c.spec });
    expect(r.unchecked).toEqual([]);
    expect(r.valid).toBe(c.holds);
    if (!c.holds) expect(r.errors.map((e) => `${e.field}: ${e.detail}`)).toEqual([`spec: failed rule: ${c.rule}`]);
  });
});
