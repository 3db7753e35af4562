/**
 * The CEL disagreements between kubegen and the apiserver that test/e2e/cel-corpus-agreement.test.ts knows of, each
 * with its cause in one line. A listed disagreement does not fail the suite, but the suite fails when a listed entry
 * now agrees (remove it: it was fixed) or is not found at all (the corpus or the tables changed) — the list cannot go
 * stale. The figures still print the true agreement and how many disagreements were known.
 */

/** A corpus rule: `<module@version> <file> <rule path>` (the CRD's rule path, as the apiserver names it). */
export const knownCorpusRules: ReadonlyMap<string, string> = new Map<string, string>([
]);

/** A table rule: `<test name> <rule text>` (every case of that test with that rule). */
export const knownTableRules: ReadonlyMap<string, string> = new Map(
  (
    [
      ['TestValidationExpressions', 'self.a[\'b\'] == 1', 'indexing an object\'s field with a string key: cel-go has no overload'],
      ['TestValidationExpressions', '[\'a\', ?optional.none(), \'c\'] == [\'a\', \'c\']', 'optional syntax: `[?e]` / `{?k: v}` optional list elements and map entries do not parse'],
      ['TestValidationExpressions', '[\'a\', ?optional.of(\'v\'), \'c\'] == [\'a\', \'v\', \'c\']', 'optional syntax: `[?e]` / `{?k: v}` optional list elements and map entries do not parse'],
      ['TestValidationExpressions', '{?\'k\': optional.none(), \'k2\': \'v2\'} == {\'k2\': \'v2\'}', 'optional syntax: `[?e]` / `{?k: v}` optional list elements and map entries do not parse'],
      ['TestValidationExpressions', '{?\'k\': optional.of(\'v\'), \'k2\': \'v2\'} == {\'k\': \'v\', \'k2\': \'v2\'}', 'optional syntax: `[?e]` / `{?k: v}` optional list elements and map entries do not parse'],
      ['TestValidationExpressions', '[[1], [2]].min() == [1]', 'min()/max() over lists of lists or maps: cel-go has no such overload'],
      ['TestValidationExpressions', '[{\'a\': 1}, {\'b\': 2}].max() == {\'b\': 2}', 'min()/max() over lists of lists or maps: cel-go has no such overload'],
      ['TestValidationExpressions', 'self.str.find(\')\') == \'\'', 'invalid regex constants in matches/find/findAll are accepted (apiserver refuses them when compiling)'],
      ['TestValidationExpressions', 'self.str.findAll(\')\') == []', 'invalid regex constants in matches/find/findAll are accepted (apiserver refuses them when compiling)'],
      ['TestValidationExpressions', 'self.str.findAll(\')\', 1) == []', 'invalid regex constants in matches/find/findAll are accepted (apiserver refuses them when compiling)'],
      ['TestValidationExpressions', 'self.str.matches(\'x++\')', 'invalid regex constants in matches/find/findAll are accepted (apiserver refuses them when compiling)'],
      ['TestValidationExpressions', '[].sortBy(e, e) == []', 'sortBy on an empty list literal: list(T) does not unify'],
      ['TestValidationExpressions', 'string(self.val11) == self.val10', 'string(timestamp) / string(duration) conversions are not declared'],
      ['TestValidationExpressions', 'string(self.val13) == self.val12', 'string(timestamp) / string(duration) conversions are not declared'],
      ['TestValidationExpressions', 'string(self.val9) == self.val8', 'string(timestamp) / string(duration) conversions are not declared'],
      ['TestValidationExpressions', 'duration(\'1us\') < duration(\'1nns\')', 'duration constant arguments are not checked at compile time'],
      ['TestValidationExpressions', '\'%d %s %f %s %s\'.format([1, \'abc\', 1.0, duration(\'1m\'), timestamp(\'2000-01-01T00:00:00.000Z\')]) == \'1 abc 1.000000 60s 2000-01-01T00:00:00Z\'', 'mixed-type list literals are list(dyn) in cel-go, a type error in kubegen'],
      ['TestValidationExpressions', 'self.val1.matches(\')\')', 'invalid regex constants in matches/find/findAll are accepted (apiserver refuses them when compiling)'],
      ['TestValidationExpressions', 'type(cidr("2001:db8::/32").ip()) == net.IP', 'the type name net.IP is not declared'],
      ['TestValidationExpressions', 'type(ip("192.168.0.1")) == net.IP', 'the type name net.IP is not declared'],
    ] as const
  ).map(([test, rule, cause]) => [tableRuleKey(test, rule), cause]),
);

/** The key of a table rule in knownTableRules. */
export function tableRuleKey(test: string, rule: string): string {
  return `${test} ${rule}`;
}
