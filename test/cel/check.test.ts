/**
 * kubegen's verdict on every rule of the CEL agreement table (test/cel/rules.ts), pinned to the apiserver's
 * (which test/e2e/cel-agreement.test.ts pins against a real kube-apiserver), with the message and did-you-mean.
 */
import { checkCelRules, type CelProblem } from '../../generator/cel';
import { CEL_RULE_CASES, fixtureSchema } from './rules';

const verdicts: Array<{ name: string; valid: boolean; kubegen: boolean }> = [];

afterAll(() => {
  const agree = verdicts.filter((v) => v.valid === v.kubegen).length;
  const invalid = verdicts.filter((v) => !v.valid).length;
  process.stdout.write(`CEL agreement table (kubegen): ${agree}/${verdicts.length} rules agree with the apiserver's verdict (${verdicts.length - invalid} valid, ${invalid} invalid)\n`);
});

describe('CEL rules checked at generation time, as the apiserver checks them', () => {
  test('the table has at least 100 rules with unique names', () => {
    expect(CEL_RULE_CASES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(CEL_RULE_CASES.map((c) => c.name)).size).toBe(CEL_RULE_CASES.length);
  });

  test.each(CEL_RULE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const problems: CelProblem[] = checkCelRules(fixtureSchema(c));
    verdicts.push({ name: c.name, valid: c.valid, kubegen: problems.length === 0 });
    if (c.valid) {
      expect(problems.map((p) => p.message)).toEqual([]);
      return;
    }
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.map((p) => p.message).join('\n')).toContain(c.kubegen);
    if (c.hint) expect(problems.map((p) => p.hint)).toContain(c.hint);
  });
});
