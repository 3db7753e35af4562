/**
 * The cost estimator against the apiserver's own expectations: the cases of apiextensions-apiserver's
 * `TestCostEstimation` (pkg/apiserver/schema/cel/compilation_test.go), each schema once without bounds (`calc`)
 * and once with maxItems / maxProperties / maxLength set (`set`), with the MaxCost the apiserver computes.
 */
import { CelChecker } from '../../generator/cel';
import type { JSONSchemaProps } from '../../generator/core/schema';

type Gen = (max?: number) => JSONSchemaProps;

function scalar(t: string): JSONSchemaProps {
  if (t === 'int-or-string') return { 'x-kubernetes-int-or-string': true };
  if (t === 'duration' || t === 'date' || t === 'date-time') return { type: 'string', format: t };
  return { type: t as JSONSchemaProps['type'] };
}
const array = (t: string): Gen => (max) => ({ type: 'array', items: scalar(t), ...(max !== undefined ? { maxItems: max } : {}) });
const map = (t: string | JSONSchemaProps): Gen => (max) => ({
  type: 'object',
  additionalProperties: typeof t === 'string' ? scalar(t) : t,
  ...(max !== undefined ? { maxProperties: max } : {}),
});
const str: Gen = (max) => ({ type: 'string', ...(max !== undefined ? { maxLength: max } : {}) });
const bytes: Gen = (max) => ({ type: 'string', format: 'byte', ...(max !== undefined ? { maxLength: max } : {}) });
const objectArray: Gen = (max) => ({
  type: 'array',
  items: { type: 'object', required: ['required'], properties: { required: { type: 'string' }, optional: { type: 'string' } } },
  ...(max !== undefined ? { maxItems: max } : {}),
});
const arrayOfArrays = (t: string): Gen => (max) => ({ type: 'array', items: { type: 'array', items: scalar(t) }, ...(max !== undefined ? { maxItems: max } : {}) });
const mapArray = (t: string): Gen => (max) => ({ type: 'array', items: { type: 'object', additionalProperties: scalar(t) }, ...(max !== undefined ? { maxItems: max } : {}) });
const nestedSpec: Gen = (max) => ({
  type: 'object',
  additionalProperties: { type: 'string', ...(max !== undefined ? { maxLength: max } : {}) },
  ...(max !== undefined ? { maxProperties: max } : {}),
});
const stringList: Gen = (max) => ({ type: 'array', items: str(max), ...(max !== undefined ? { maxItems: max } : {}) });
const enumString = (...values: string[]): Gen => (max) => ({ type: 'string', enum: values, ...(max !== undefined ? { maxLength: max } : {}) });
const intOrString: Gen = (max) => ({ 'x-kubernetes-int-or-string': true, ...(max !== undefined ? { maxLength: max } : {}) });
const replaceObject: Gen = (max) => ({
  type: 'object',
  properties: { str: str(max), before: { type: 'string', maxLength: 2 }, after: { type: 'string', maxLength: 4 } },
});
const splitObject: Gen = (max) => ({ type: 'object', properties: { str: str(max), separator: str(max) } });

/** [name, schema, rule, calc cost, set bound, set cost] from TestCostEstimation. */
const CASES: Array<[string, Gen, string, number, number, number]> = [
  ['number array with all', array('number'), 'self.all(x, true)', 4718591, 10, 32],
  ['string array with all', array('string'), 'self.all(x, true)', 3145727, 20, 62],
  ['boolean array with all', array('boolean'), 'self.all(x, true)', 1887437, 5, 17],
  ['array of number arrays with all', arrayOfArrays('number'), 'self.all(x, true)', 3145727, 100, 302],
  ['array of objects with all', objectArray, 'self.all(x, true)', 555128, 50, 152],
  ['map of numbers with all', map('number'), 'self.all(x, true)', 1348169, 10, 32],
  ['map of strings with all', map('string'), 'self.all(x, true)', 1179647, 3, 11],
  ['map of booleans with all', map('boolean'), 'self.all(x, true)', 943718, 100, 302],
  ['string with contains', str, "self.contains('test')", 314574, 10, 5],
  ['string with startsWith', str, "self.startsWith('test')", 2, 15, 2],
  ['string with endsWith', str, "self.endsWith('test')", 2, 30, 2],
  ['concat string', str, 'size(self + "hello") > size("hello")', 314578, 4, 7],
  ['index of array with numbers', array('number'), 'self[1] == 0.0', 2, 5000, 2],
  ['index of array with strings', array('string'), 'self[1] == self[1]', 314577, 8, 314577],
  ['O(n^2) loop with numbers (set)', array('number'), 'self.all(x, self.all(y, true))', 0, 10, 352],
  ['O(n^3) loop with numbers (set)', array('number'), 'self.all(x, self.all(y, self.all(z, true)))', 0, 10, 3552],
  ['regex matches simple', str, 'self.matches("x")', 314574, 50, 22],
  ['regex matches empty string', str, '"".matches("(((((((((())))))))))[0-9]")', 7, 10, 7],
  ['regex matches empty regex', str, 'self.matches("")', 1, 100, 1],
  ['map of strings with value length', nestedSpec, 'self.all(x, x.contains(self[x]))', 2752507, 10, 72],
  ['set array maxLength to zero', array('number'), 'self[3] == 0.0', 2, 0, 2],
  ['set map maxLength to zero', map('number'), 'self["x"] == 0.0', 2, 0, 2],
  ['set string maxLength to zero', str, 'self == "x"', 2, 0, 1],
  ['set bytes maxLength to zero', bytes, 'self == b"x"', 2, 0, 1],
  ['set maxLength greater than estimated maxLength', array('number'), 'self.all(x, x == 0.0)', 6291454, 3 * 1024 * 2048, 25165826],
  ['int-or-string array with all', array('int-or-string'), 'self.all(x, true)', 4718591, 10, 32],
  ['index of array with int-or-strings', array('int-or-string'), 'self[0] == 5', 3, 10, 3],
  ['index of array with booleans', array('boolean'), 'self[0] == false', 2, 25, 2],
  ['index of array of objects', objectArray, 'self[0] == null', 2, 422, 2],
  ['index of array of array of numbers', arrayOfArrays('number'), 'self[0][0] == -1.0', 3, 51, 3],
  ['array of number maps with all', mapArray('number'), 'self.all(x, x.y == 25.2)', 6291452, 12, 74],
  ['index of array of number maps', mapArray('number'), 'self[0].x > 2.0', 4, 3000, 4],
  ['duration array with all', array('duration'), 'self.all(x, true)', 2359295, 5, 17],
  ['index of duration array', array('duration'), 'self[0].getHours() == 2', 4, 525, 4],
  ['date array with all', array('date'), 'self.all(x, true)', 725936, 15, 47],
  ['index of date array', array('date'), 'self[2].getDayOfMonth() == 13', 4, 42, 4],
  ['date-time array with all', array('date-time'), 'self.all(x, true)', 428963, 25, 77],
  ['index of date-time array', array('date-time'), 'self[2].getMinutes() == 45', 4, 99, 4],
  ['map of int-or-strings with all', map('int-or-string'), 'self.all(x, true)', 1348169, 15, 47],
  ['map of objects with all', map({ type: 'object', properties: { required: { type: 'string' }, optional: { type: 'string' } }, required: ['required'] }), 'self.all(x, true)', 428963, 20, 62],
  ['map of number maps with all', map({ type: 'object', additionalProperties: { type: 'number' } }), 'self.all(x, true)', 1179647, 10, 32],
  ['map of number arrays with all', map({ type: 'array', items: { type: 'number' } }), 'self.all(x, true)', 1179647, 25, 77],
  ['map of durations with all', map('duration'), 'self.all(x, true)', 1048577, 5, 17],
  ['map of dates with all', map('date'), 'self.all(x, true)', 524288, 10, 32],
  ['map of date-times with all', map('date-time'), 'self.all(x, true)', 349526, 25, 77],
  ['extended library regex find', str, "self.find('[0-9]+') == ''", 629147, 10, 11],
  ['extended library join', stringList, "self.join(' ') == 'aa bb'", 329853068905, 10, 43],
  ['extended library isSorted', stringList, 'self.isSorted() == true', 329854432052, 10, 52],
  ['extended library replace', replaceObject, "self.str.replace(self.before, self.after) == 'does not matter'", 629154, 4, 12],
  ['extended library split', splitObject, 'self.str.split(self.separator) == []', 629160, 10, 22],
  ['extended library lowerAscii', str, "self.lowerAscii() == 'lower!'", 314575, 10, 6],
  ['check cost of size call', map('integer'), 'oldSelf.size() == self.size()', 5, 10, 5],
  ['check cost of timestamp comparison', map('date-time'), 'self["a"] == self["b"]', 8, 7, 8],
  ['check cost of duration comparison', map('duration'), 'self["c"] == self["d"]', 8, 42, 8],
  ['enums with maxLength equals to the longest possible value', enumString('A', 'B', 'C', 'LongValue'), "self.contains('A')", 2, 1000, 401],
  ['IntOrString type with quantity rule', intOrString, 'isQuantity(self)', 314574, 20, 9],
];

describe("cost estimates equal the apiserver's (TestCostEstimation)", () => {
  const checker = new CelChecker();
  test.each(CASES)('%s', (_name, gen, rule, calc, bound, set) => {
    if (calc > 0) expect(checker.expressionCost(gen(), rule)).toEqual({ cost: calc });
    expect(checker.expressionCost(gen(bound), rule)).toEqual({ cost: set });
  });

  test('an O(n^2) loop over an unbounded list exceeds the per-call limit', () => {
    const r = checker.expressionCost(array('number')(), 'self.all(x, self.all(y, true))');
    expect('cost' in r && r.cost > 1_000_000).toBe(true);
  });
});

describe("cost estimates of the optional library and namespaced functions equal the apiserver's (TestValidationExpressions)", () => {
  const checker = new CelChecker();
  const schema: JSONSchemaProps = {
    type: 'object',
    properties: { l: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'atomic' }, m: { type: 'object', additionalProperties: { type: 'string' } } },
  };
  // [rule, the MaxCost the apiserver's compiler gave it]: a namespace (`sets`, `lists`, `optional`) costs nothing.
  test.each([
    ["sets.contains(['a', 'b'], ['b'])", 23],
    ["sets.equivalent(['c', 'b', 'a'], ['b', 'c', 'a'])", 39],
    ['lists.range(4) == [0,1,2,3]', 26],
    ['ip.isCanonical("127.0.0.1")', 2],
    ['!format.named("unknown").hasValue()', 3],
    ['optional.ofNonZeroValue(1).hasValue()', 2],
    ['optional.ofNonZeroValue(0) == optional.none()', 3],
    ["self.l[?0].optMap(v, v == 'a').hasValue()", 22],
    ["self.m[?'k'].optMap(v, v == 'v').hasValue()", 22],
  ] as const)('%s costs %d', (rule, cost) => {
    expect(checker.expressionCost(schema, rule)).toEqual({ cost });
  });
});
