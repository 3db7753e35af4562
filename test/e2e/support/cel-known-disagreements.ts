/**
 * The CEL disagreements between kubegen and the apiserver that test/e2e/cel-corpus-agreement.test.ts knows of, each
 * with its cause in one line. A listed disagreement does not fail the suite, but the suite fails when a listed entry
 * now agrees (remove it: it was fixed) or is not found at all (the corpus or the tables changed) — the list cannot go
 * stale. The figures still print the true agreement and how many disagreements were known.
 */

/** A corpus rule: `<module@version> <file> <rule path>` (the CRD's rule path, as the apiserver names it). */
export const knownCorpusRules: ReadonlyMap<string, string> = new Map<string, string>([
]);

/**
 * A table rule: `<test name> <rule text>` (every case of that test with that rule), an entry written as
 * `[tableRuleKey(test, rule), cause]`. None today: every table rule agrees.
 */
export const knownTableRules: ReadonlyMap<string, string> = new Map<string, string>([
]);

/** The key of a table rule in knownTableRules. */
export function tableRuleKey(test: string, rule: string): string {
  return `${test} ${rule}`;
}
