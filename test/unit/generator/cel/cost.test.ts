/**
 * The estimated cost of a rule (generator/cel/cost.ts) equals the apiserver's — cel-go's checker cost estimator with
 * the Kubernetes library estimators and the CRD size estimator — exactly, construct by construct. Each `cost` is the
 * `CompilationResult.MaxCost` k8s.io/apiextensions-apiserver v0.37.2's `Compile` (cel-go v0.29.2) gives for the rule
 * on that node of the environment table's schema (./environment-cases.ts), recorded by compiling it there; 2^64 − 1
 * (math.MaxUint64) is MAX_UINT64. ./environment-cases.ts has rows of the same constructs near the budget, whose
 * verdicts and cost factors test/e2e/cel-environment.test.ts pins to a real apiserver.
 */
import { CelChecker } from '../../../../generator/cel';
import { MAX_UINT64 } from '../../../../generator/cel/cost';
import { environmentSchema, environmentSpec } from './environment-cases';

/** `[what it shows, the node the rule sits on ('spec', or 'root': the object holding spec), rule, cel-go's cost]` */
const COSTS: ReadonlyArray<readonly [string, 'spec' | 'root', string, number]> = [
  ['map() results: each element sized from the empty accumulator to the mapped value', 'spec', "self.tags.map(t, t + 'x').exists(x, x == 'ab')", 284],
  ['an iteration variable over a list without a path is sized as self', 'spec', 'self.unbounded.map(e, 1).exists_one(x, x == 1)', 15_728_640],
  ['filter() results', 'spec', "self.tags.filter(t, t != '').all(x, x.startsWith('a'))", 204],
  ['a regex match on an int-or-string: the string overload, by pattern length', 'spec', "self.port.matches('^[0-9]+$')", 629_148],
  ['a regex match in a loop', 'spec', "self.ints.all(i, self.name.matches('^a+$'))", 93_003],
  ['sum() of a dyn: one traversal of its size', 'spec', 'dyn([]).sum() == 0', 12],
  ['indexOf on a string: one traversal of the receiver', 'spec', "self.name.indexOf('o') == 1", 29],
  ['lastIndexOf on a string', 'spec', "self.name.lastIndexOf('o', 2) == 2", 29],
  ['slice with negative constants: start and end 0', 'spec', '[1,2,3,4].slice(-5, -3) != [1,2]', 31],
  ['slice with its end before its start wraps around', 'spec', '[1,2,3,4].slice(3, 0) != [1,2]', MAX_UINT64],
  ['flatten with a negative depth flattens nothing', 'spec', '[[1],[2],[3,4]].flatten(-1) == [1,2,3,4]', 62],
  ['flatten of a dyn', 'spec', 'dyn([1,2,3,4]).flatten() == [1,2,3,4]', 37],
  ['flatten() of lists of strings keeps the element type', 'spec', 'self.rules.map(r, r.items).flatten().isSorted()', MAX_UINT64],
  ["sortBy: the key's variable sized as self, the result as n²", 'spec', "['a', 'c', 'b', 'first'].sortBy(e, e == 'first' ? '' : e) == ['first', 'a', 'b', 'c']", 145],
  ['sortBy over objects, then a loop over the result', 'spec', "self.rules.sortBy(r, r.name).all(r, r.name != '')", 887],
  ['type(x) == google.protobuf.Timestamp: a qualified name is one identifier', 'spec', 'type(self.name) == google.protobuf.Timestamp || true', 4],
  ['comparing an indexed call result with a long string constant', 'spec', `self.name.split(',')[0] == '${'x'.repeat(300)}'`, 54],
  ['validate().value()[0] against a long constant', 'spec', `format.dns1123Label().validate(self.name).value()[0] == '${'y'.repeat(200)}'`, 837],
  ['strings.quote: one traversal, escaped size', 'spec', 'strings.quote(self.name) == self.name', 56],
  ['a comparison with a dyn operand resolves to the string overload', 'spec', 'dyn(self.name) < self.name', 31],
  ['join of a dyn sums nothing', 'spec', "dyn(self.tags).join(',') == self.name", 7],
  ['contains on an int-or-string', 'spec', 'self.port.contains(self.name)', 8_178_902],
  ['substring of a dyn', 'spec', 'dyn(self.name).substring(1).size() > 0', 31],
  ["a map literal's keys size its iteration variable", 'spec', "{'abc': 1}.exists(k, k == self.name)", 38],
  ['in over a dyn', 'spec', 'self.name in dyn(self.tags)', 15],
  ['split with a negative limit', 'spec', "self.name.split(',', -1).all(s, s == self.name)", MAX_UINT64],
  ['two appends to one path: the key of a map at depth three is sized as a value', 'root', "self.spec.labels.all(k, v, k.matches('^[a-z]+$'))", 564],
  ['one append: the key of a map at depth three', 'root', "self.spec.labels.all(k, k.matches('^[a-z]+$'))", 64],
  ['a range whose path a later selection overwrote is sized after the loop', 'spec', 'self.rules.all(r, r.items.all(i, t, t == r.name))', 3_263],
  ['transformList results', 'spec', "self.tags.transformList(i, t, t + 'x').exists(x, x == self.name)", 304],
];

describe("a rule's estimated cost is cel-go's", () => {
  const checker = new CelChecker();
  test.each(COSTS.map(([what, on, rule, cost]) => [what, on, rule, cost] as const))('%s', (_what, on, rule, cost) => {
    expect(checker.expressionCost(on === 'spec' ? environmentSpec() : environmentSchema(), rule)).toEqual({ cost });
  });

  test('a rule cel-go refuses has no cost (flatten() is for lists of lists)', () => {
    expect(checker.expressionCost(environmentSpec(), '[1, 2].flatten() == []')).toEqual({
      error: "rule does not compile: found no matching overload for 'flatten' applied to 'list(int).()' (column 15)",
    });
  });
});
