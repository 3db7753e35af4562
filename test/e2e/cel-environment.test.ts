/**
 * The grammar and environment table (test/unit/generator/cel/environment-cases.ts) against a real kube-apiserver: each rule in
 * a CRD created with `dryRun=All`; the apiserver's verdict must be the row's — which test/unit/generator/cel/environment.test.ts
 * pins kubegen's verdict to — and a refusal must quote the row's cel-go message (and cost factor). Then the
 * evaluation rows: every rule alone on the schema of its own version of one CRD (the apiserver validates an object
 * against the schema of the version it is sent in), an object created with `dryRun=All` in the row's version, the
 * apiserver's verdict compared with kubegen's client-side validator on the same object. One CRD for the table: one
 * create and one delete instead of one per row (each costs the apiserver an OpenAPI rebuild and a finalizer pass).
 */
import { useE2e } from './support/namespace';
import { applyCrd, deleteCrd } from './support/crds';
import { ENVIRONMENT_CASES, EVALUATION_CASES, LIBRARY_CONSTANTS, environmentSchema, environmentSpec } from '../unit/generator/cel/environment-cases';
import { formatFieldError, validate, type ValidationSchema } from '../../runtime/src/validation';
import type { JSONSchemaProps, ValidationRule } from '../../generator/core/schema';

jest.setTimeout(120_000);

const e2e = useE2e(__filename);

function crdWith(rule: ValidationRule, plural: string, schema: JSONSchemaProps = environmentSchema(rule)): { metadata: { name: string } } & Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.environment.kubegen.io` },
    spec: {
      group: 'environment.kubegen.io',
      names: { kind: 'Env', listKind: 'EnvList', plural, singular: plural.replace(/s$/, '') },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }],
    },
  };
}

describe('the apiserver agrees with kubegen on every row of the environment table', () => {
  test.each(ENVIRONMENT_CASES.map((c) => [c.name, c] as const))('%s', async (_name, row) => {
    const res = await e2e.kube.post<{ message?: string }>('/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All', crdWith(row.rule, 'envs'));
    if (res.status !== 201 && res.status !== 422) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
    expect(res.status === 201).toBe(row.valid);
    if (row.valid) return;
    const message = res.body.message ?? '';
    expect(message).toContain(row.message);
    if (row.factor) expect(message).toContain(`by factor of ${row.factor} `);
    if (row.column !== undefined) expect(message).toContain(`<input>:1:${row.column}: ${row.message}`);
  });
});

describe('the apiserver evaluates every library as kubegen does client-side', () => {
  test('one object against every constant library rule', async () => {
    const spec = environmentSpec();
    spec['x-kubernetes-validations'] = LIBRARY_CONSTANTS.map((rule) => ({ rule }));
    const root: JSONSchemaProps = { type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec } };
    const crd = crdWith({ rule: 'true' }, 'libs', root);
    const created = await e2e.kube.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    expect(created.status).toBe(201);
    try {
      const obj = { apiVersion: 'environment.kubegen.io/v1', kind: 'Env', metadata: { name: 'x', namespace: e2e.namespace }, spec: {} };
      const url = `/apis/environment.kubegen.io/v1/namespaces/${e2e.namespace}/libs?dryRun=All`;
      const res = await e2e.kube.eventually('libs to be served', async () => {
        const r = await e2e.kube.post<{ message?: string }>(url, obj);
        return r.status === 404 ? undefined : r;
      });
      expect(res.body.message ?? '').toBe('');
      expect(res.status).toBe(201);
      const ours = validate(root as ValidationSchema, obj);
      expect(ours.unchecked).toEqual([]);
      expect(ours.valid).toBe(true);
    } finally {
      await deleteCrd(e2e.kube, crd.metadata.name);
    }
  });
});

describe('the apiserver evaluates every row of the evaluation table as kubegen does client-side', () => {
  // Row i is version `v<i+1>`, whose schema holds the row's rule alone; v1 stores (conversion None).
  const versionOf = (i: number) => `v${i + 1}`;
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'evals.environment.kubegen.io' },
    spec: {
      group: 'environment.kubegen.io',
      names: { kind: 'Env', listKind: 'EnvList', plural: 'evals', singular: 'eval' },
      scope: 'Namespaced',
      versions: EVALUATION_CASES.map((row, i) => ({ name: versionOf(i), served: true, storage: i === 0, schema: { openAPIV3Schema: environmentSchema({ rule: row.rule }) } })),
    },
  };
  let refused: string | undefined;

  beforeAll(async () => {
    const applied = await applyCrd(e2e.kube, crd);
    if (applied.status !== 201) refused = `the CRD of the evaluation rows was refused: ${applied.error ?? String(applied.status)}`;
  });
  afterAll(async () => {
    if (refused === undefined) await deleteCrd(e2e.kube, crd.metadata.name);
  });

  test.each(EVALUATION_CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, row, i) => {
    expect(refused).toBeUndefined();
    const version = versionOf(i);
    const obj = { apiVersion: `environment.kubegen.io/${version}`, kind: 'Env', metadata: { name: 'x', namespace: e2e.namespace }, spec: row.spec };
    const url = `/apis/environment.kubegen.io/${version}/namespaces/${e2e.namespace}/evals?dryRun=All`;
    // A new CRD's handler can answer 404 for a moment after Established.
    const res = await e2e.kube.eventually(`evals ${version} to be served`, async () => {
      const r = await e2e.kube.post<{ message?: string }>(url, obj);
      return r.status === 404 ? undefined : r;
    });
    const ours = validate(environmentSchema({ rule: row.rule }) as ValidationSchema, obj);
    expect(ours.unchecked).toEqual([]);
    expect(res.status === 201).toBe(row.holds);
    expect(ours.valid).toBe(row.holds);
    // The same error: kubegen's, formatted as the apiserver formats a cause, is in the apiserver's message.
    if (!row.holds) {
      expect(ours.errors.map(formatFieldError)).toEqual([`spec: Invalid value: failed rule: ${row.rule}`]);
      expect(res.body.message ?? '').toContain(`is invalid: spec: Invalid value: failed rule: ${row.rule}`);
    }
  });
});
