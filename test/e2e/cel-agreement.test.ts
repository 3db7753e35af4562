/**
 * The CEL agreement table (test/cel/rules.ts) against a real kube-apiserver: each rule in a CRD created with
 * `dryRun=All` (validated fully, nothing stored); the apiserver's verdict must be the row's pinned `valid`, which
 * test/cel/check.test.ts pins kubegen's verdict to — together: agreement. Where the apiserver states a cost factor,
 * kubegen's must be the same. Prints the table with the apiserver's message per refusal.
 */
import { useE2e } from './support/namespace';
import { CEL_RULE_CASES, fixtureSchema, type CelRuleCase } from '../cel/rules';
import { checkCelRules } from '../../generator/cel';

const e2e = useE2e(__filename);

interface Verdict {
  row: CelRuleCase;
  accepted: boolean;
  message: string;
}

const verdicts: Verdict[] = [];

function crdWith(row: CelRuleCase): unknown {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'celrules.agreement.kubegen.io' },
    spec: {
      group: 'agreement.kubegen.io',
      names: { kind: 'CelRule', listKind: 'CelRuleList', plural: 'celrules', singular: 'celrule' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: fixtureSchema(row) } }],
    },
  };
}

afterAll(() => {
  const agree = verdicts.filter((v) => v.accepted === v.row.valid).length;
  const lines = verdicts.map((v) => `${v.accepted === v.row.valid ? 'agree   ' : 'DISAGREE'} ${v.accepted ? 'accepted' : 'refused '} ${v.row.name}${v.accepted ? '' : `: ${v.message}`}`);
  process.stdout.write(`CEL agreement table (apiserver): ${agree}/${verdicts.length} rules agree with kubegen's pinned verdict\n${lines.join('\n')}\n`);
});

describe('the apiserver agrees with kubegen on every rule of the CEL table', () => {
  test.each(CEL_RULE_CASES.map((c) => [c.name, c] as const))('%s', async (_name, row) => {
    const res = await e2e.kube.post<{ message?: string }>('/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All', crdWith(row));
    if (res.status !== 201 && res.status !== 422) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
    const accepted = res.status === 201;
    verdicts.push({ row, accepted, message: accepted ? '' : (res.body.message ?? '') });
    expect(accepted).toBe(row.valid);
    // Where the apiserver names a cost factor, kubegen's estimate gives the same factor.
    const factor = /estimated (?:rule|messageExpression) cost exceeds budget by factor of (\S+)/.exec(res.body.message ?? '');
    if (factor) {
      const ours = checkCelRules(fixtureSchema(row)).map((p) => p.message).join('\n');
      expect(ours).toContain(`by factor of ${factor[1]}`);
    }
  });
});
