/**
 * The grammar and environment table of the apiserver's CRD CEL environment (kube-apiserver 1.37, cel-go 0.29): the
 * constructs cel-js does not have as cel-go has them — `has()` over any operand, the lists extension's `sortBy`, the
 * two-variable comprehensions — and every library function, each positive and negative, with the message (and
 * column) cel-go gives (the apiserver quotes it after `compilation failed: ERROR: <input>:1:N:`).
 * test/unit/generator/cel/environment.test.ts pins kubegen's verdicts and messages to the table; the e2e test
 * test/e2e/cel-environment.test.ts pins the real apiserver's. Evaluation rows: an object, a rule, and whether the
 * rule holds — kubegen's client-side validator and the apiserver's dry-run create must both give that verdict.
 */
import type { JSONSchemaProps, ValidationRule } from '../../../../generator/core/schema';
import { COST_CASES } from './cost-cases';

export interface EnvironmentCase {
  name: string;
  rule: ValidationRule;
  valid: boolean;
  /** For a refused rule: cel-go's message, which both the apiserver's and kubegen's messages contain. */
  message?: string;
  /** For a cost overrun: the factor both state (`1.8x`, `more than 100x`). */
  factor?: string;
  /** For a refused rule: the column cel-go reports (`<input>:1:N`), which kubegen prints as `(column N)`. */
  column?: number;
}

/** The `spec` every rule sits on: lists of objects with optional fields, bounded and unbounded lists, maps. */
export function environmentSpec(rule?: ValidationRule): JSONSchemaProps {
  const spec: JSONSchemaProps = {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 63 },
      tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
      labels: { type: 'object', maxProperties: 10, additionalProperties: { type: 'string', maxLength: 63 } },
      rules: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', maxLength: 10 },
            items: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 5 } },
            path: { type: 'object', properties: { type: { type: 'string', maxLength: 10 }, value: { type: 'string', maxLength: 10 } } },
          },
        },
      },
      unbounded: { type: 'array', items: { type: 'string' } },
      ints: { type: 'array', maxItems: 3000, items: { type: 'integer' } },
      port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
      free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      nested: { type: 'object', properties: { m: { type: 'object', maxProperties: 4, additionalProperties: { type: 'integer' } } } },
      at: { type: 'string', format: 'date-time', maxLength: 40 },
      wait: { type: 'string', format: 'duration', maxLength: 20 },
    },
  };
  if (rule) spec['x-kubernetes-validations'] = [rule];
  return spec;
}

/** The CRD schema of a row: the spec above under an object root. */
export function environmentSchema(rule?: ValidationRule): JSONSchemaProps {
  return { type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec: environmentSpec(rule) } };
}

const ok = (name: string, rule: string): EnvironmentCase => ({ name, rule: { rule }, valid: true });
const bad = (name: string, rule: string, message: string): EnvironmentCase => ({ name, rule: { rule }, valid: false, message });
const COST = 'estimated rule cost exceeds budget by factor of';
const costly = (name: string, rule: string, factor: string): EnvironmentCase => ({ name, rule: { rule }, valid: false, message: COST, factor });

const at = (name: string, rule: string, message: string, column: number): EnvironmentCase => ({ name, rule: { rule }, valid: false, message, column });

/** Every function of the apiserver's CRD environment, each accepted (constant rules: they also hold when evaluated). */
const ACCEPTED: string[] = [
  'self.tags.all(i, t, i < 5 && t != \'\')',
  'self.labels.all(k, v, k != v)',
  'self.labels.exists(k, v, k == v)',
  'self.tags.existsOne(i, t, t == \'a\') || true',
  'self.tags.exists_one(i, t, t == \'a\') || true',
  'self.tags.transformList(i, t, t + \'x\').size() >= 0',
  'self.tags.transformList(i, t, i % 2 == 0, t).size() >= 0',
  'self.labels.transformMap(k, v, v.size()).size() >= 0',
  'self.tags.transformMap(i, t, i < 3, t).size() >= 0',
  'self.tags.transformMapEntry(i, t, {t: i}).size() >= 0',
  'self.labels.transformMapEntry(k, v, k != \'\', {v: k}).size() >= 0',
  'self.rules.all(i, r, has(r.name) && i >= 0)',
  'self.tags.transformMap(i, t, t)[0] == \'\'',
  '\'abc\'.charAt(1) == \'b\'',
  '\'abc\'.indexOf(\'b\') == 1',
  '\'abc\'.indexOf(\'b\', 1) == 1',
  '\'abc\'.lastIndexOf(\'b\') == 1',
  '\'abc\'.lastIndexOf(\'b\', 2) == 1',
  '\'ABC\'.lowerAscii() == \'abc\'',
  '\'abc\'.upperAscii() == \'ABC\'',
  '\'abc\'.replace(\'b\', \'x\') == \'axc\'',
  '\'abc\'.replace(\'b\', \'x\', 1) == \'axc\'',
  '\'a,b\'.split(\',\').size() == 2',
  '\'a,b\'.split(\',\', 1).size() == 1',
  '\'abc\'.substring(1) == \'bc\'',
  '\'abc\'.substring(1, 2) == \'b\'',
  '\' a \'.trim() == \'a\'',
  'strings.quote(\'a\') == \'"a"\'',
  '\'%s\'.format([\'a\']) == \'a\'',
  '[1, 2, 3].slice(0, 1) == [1]',
  '[[1], [2]].flatten() == [1, 2]',
  '[1, 1].distinct() == [1]',
  'lists.range(3) == [0, 1, 2]',
  '[1, 2].first().orValue(0) == 1',
  '[1, 2].last().orValue(0) == 2',
  '[2, 1].sort() == [1, 2]',
  '[1, 2].reverse() == [2, 1]',
  'sets.contains([1, 2], [1])',
  'sets.equivalent([1, 2], [2, 1])',
  'sets.intersects([1], [1, 2])',
  '\'abc\'.matches(\'^a\')',
  'matches(\'abc\', \'^a\')',
  '\'abc\'.find(\'b\') == \'b\'',
  '\'abc\'.findAll(\'b\').size() == 1',
  '\'abc\'.findAll(\'b\', 1).size() == 1',
  'isURL(\'https://a.b/c\')',
  'url(\'https://a.b/c\').getScheme() == \'https\'',
  'url(\'https://a.b:80/c\').getPort() == \'80\'',
  'url(\'https://a.b/c?x=1\').getQuery().size() == 1',
  '[1, 2].isSorted()',
  '[1, 2].sum() == 3',
  '[1, 2].min() == 1',
  '[1, 2].max() == 2',
  '[1, 2].indexOf(2) == 1',
  '[1, 2].lastIndexOf(2) == 1',
  'quantity(\'1Gi\').isInteger()',
  'isQuantity(\'1Gi\')',
  'quantity(\'1Gi\').asInteger() > 0',
  'quantity(\'1Gi\').asApproximateFloat() > 0.0',
  'quantity(\'1Gi\').add(quantity(\'1Mi\')).isGreaterThan(quantity(\'1Gi\'))',
  'quantity(\'1Gi\').sub(1).isLessThan(quantity(\'1Gi\'))',
  'quantity(\'1Gi\').compareTo(quantity(\'1Gi\')) == 0',
  'isIP(\'1.2.3.4\')',
  'ip(\'1.2.3.4\').family() == 4',
  'ip.isCanonical(\'1.2.3.4\')',
  'ip(\'1.2.3.4\').isLoopback() == false',
  'string(ip(\'1.2.3.4\')) == \'1.2.3.4\'',
  'isCIDR(\'10.0.0.0/8\')',
  'cidr(\'10.0.0.0/8\').containsIP(\'10.1.1.1\')',
  'cidr(\'10.0.0.0/8\').containsCIDR(\'10.1.0.0/16\')',
  'cidr(\'10.0.0.0/8\').prefixLength() == 8',
  'cidr(\'10.1.0.0/8\').masked() == cidr(\'10.0.0.0/8\')',
  'cidr(\'10.0.0.0/8\').ip() == ip(\'10.0.0.0\')',
  'format.dns1123Label().validate(\'abc\').hasValue() == false',
  'format.named(\'dns1123Label\').hasValue()',
  'isSemver(\'1.2.3\')',
  'semver(\'1.2.3\').major() == 1',
  'semver(\'1.2.3\').isGreaterThan(semver(\'1.2.0\'))',
  'semver(\'v1.2\', true).minor() == 2',
  'semver(\'1.2.3\').compareTo(semver(\'1.2.3\')) == 0',
  'optional.of(1).hasValue()',
  'optional.none().orValue(1) == 1',
  '[1, 2].exists(x, x == 1)',
  'dyn(1) == 1',
  'type(1) == int',
  'int(\'1\') == 1',
  'uint(1) == 1u',
  'double(1) == 1.0',
  'string(1) == \'1\'',
  'bytes(\'a\') == b\'a\'',
  'duration(\'1s\') > duration(\'0s\')',
  'timestamp(\'2020-01-01T00:00:00Z\').getFullYear() == 2020',
  'timestamp(\'2020-01-01T00:00:00Z\').getDayOfWeek(\'UTC\') >= 0',
  '\'abc\'.contains(\'b\') && \'abc\'.startsWith(\'a\') && \'abc\'.endsWith(\'c\')',
  'size(\'abc\') == 3',
  'b\'abc\'.size() == 3',
  '[1, 2].map(x, x * 2) == [2, 4]',
  '[1, 2].filter(x, x > 1) == [2]',
  '{\'a\': 1}.exists(k, k == \'a\')',
  '1 in [1, 2]',
  '1 < 2.0',
  // optional list elements and map entries (cel-go parser VisitListInit / VisitMapInitializerList)
  '[\'a\', ?optional.none(), \'c\'] == [\'a\', \'c\']',
  '[\'a\', ?optional.of(\'v\'), \'c\'] == [\'a\', \'v\', \'c\']',
  '[?optional.none()].size() == 0',
  '[?optional.of(1), 2,] == [1, 2]',
  '{?\'k\': optional.none(), \'k2\': \'v2\'} == {\'k2\': \'v2\'}',
  '{?\'k\': optional.of(\'v\'), \'k2\': \'v2\'} == {\'k\': \'v\', \'k2\': \'v2\'}',
  // the lists extension's sortBy on an empty literal, min/max/isSorted/sum over each comparable or summable type
  '[].sortBy(e, e) == []',
  '[2.0, 1.0].min() == 1.0',
  '[1u, 2u].sum() == 3u',
  '[duration(\'1s\'), duration(\'2s\')].isSorted()',
  // a duration plus a timestamp is a timestamp (cel-go's overload), to the nanosecond
  'duration(\'1ns\') + timestamp(\'2000-01-01T00:00:00.000000001Z\') == timestamp(\'2000-01-01T00:00:00.000000002Z\')',
  'timestamp(\'2000-01-01T00:00:00.000000001Z\') != timestamp(\'2000-01-01T00:00:00.000000002Z\')',
  // sortBy orders timestamps to the nanosecond (Go's time.Time.Compare)
  'string([timestamp(\'2000-01-01T00:00:00.000000002Z\'), timestamp(\'2000-01-01T00:00:00.000000001Z\')].sortBy(t, t)[0]) == \'2000-01-01T00:00:00.000000001Z\'',
  // string() of a timestamp (RFC 3339 with nanoseconds, the offset kept) and of a duration (seconds)
  'string(timestamp(\'2000-01-01T00:00:00.5+01:00\')) == \'2000-01-01T00:00:00.5+01:00\'',
  'string(timestamp(\'2000-01-01T00:00:00.000Z\')) == \'2000-01-01T00:00:00Z\'',
  'string(timestamp(1)) == \'1970-01-01T00:00:01Z\'',
  'string(duration(\'1m1.5s\')) == \'61.5s\'',
  'string(duration(\'1ns\')) == \'0.000000001s\'',
  'string(duration(\'-90m\')) == \'-5400s\'',
  // a list literal of mixed types inside format (exempt from the homogeneous-literal check)
  '\'%s %s\'.format([1, \'a\']) == \'1 a\'',
  'strings.quote(self.name) != \'\'',
  '\'ab\'.charAt(self.name.size()) != \'z\'',
];
/** Refused: cel-go's message and column (`<input>:1:N`). */
const REFUSED: Array<[rule: string, message: string, column: number]> = [
  ['self.tags.all(i, i, true)', 'duplicate variable name: i', 18],
  ['self.tags.all(i, __result__, true)', 'iteration variable overwrites accumulator variable', 18],
  ['self.tags.all(i, t.x, true)', 'argument must be a simple name', 19],
  ['self.tags.all(i, t, 1)', 'expected type \'bool\' but found \'int\'', 21],
  ['self.tags.exists(i, t, \'a\')', 'expected type \'bool\' but found \'string\'', 24],
  ['self.tags.existsOne(i, t, 1)', 'found no matching overload for \'_?_:_\' applied to \'(int, int, int)\'', 20],
  ['self.tags.transformList(i, t, 1, t).size() > 0', 'found no matching overload for \'_?_:_\' applied to \'(int, list(string), list(string))\'', 24],
  ['self.tags.transformMapEntry(i, t, t).size() > 0', 'found no matching overload for \'cel.@mapInsert\' applied to \'(map(dyn, dyn), string)\'', 28],
  ['self.name.all(i, t, true)', 'expression of type \'string\' cannot be range of a comprehension (must be list, map, or dynamic)', 5],
  ['\'abc\'.reverse() == \'cba\'', 'found no matching overload for \'reverse\' applied to \'string.()\'', 14],
  ['[[1], [[2]]].flatten(2) == [1, 2]', 'expected type \'list(int)\' but found \'list(list(int))\'', 7],
  ['math.greatest(1, 2) == 2', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.least(1, 2) == 1', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.greatest([1, 2]) == 2', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.ceil(1.2) == 2.0', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.floor(1.2) == 1.0', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.round(1.5) == 2.0', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.trunc(1.5) == 1.0', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.abs(-1) == 1', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.sign(-2) == -1', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.isNaN(1.0)', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.isInf(1.0)', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.isFinite(1.0)', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.bitAnd(3, 1) == 1', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.bitOr(2, 1) == 3', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.bitXor(3, 1) == 2', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.bitNot(0) == -1', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.bitShiftLeft(1, 2) == 4', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.bitShiftRight(4, 2) == 1', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['math.sqrt(4.0) == 2.0', 'undeclared reference to \'math\' (in container \'\')', 1],
  ['base64.encode(b\'a\') == \'YQ==\'', 'undeclared reference to \'base64\' (in container \'\')', 1],
  ['base64.decode(\'YQ==\') == b\'a\'', 'undeclared reference to \'base64\' (in container \'\')', 1],
  ['cel.bind(x, 1, x == 1)', 'undeclared reference to \'cel\' (in container \'\')', 1],
  ['regex.replace(\'abc\', \'b\', \'x\') == \'axc\'', 'undeclared reference to \'regex\' (in container \'\')', 1],
  ['regex.extract(\'abc\', \'b\').hasValue()', 'undeclared reference to \'regex\' (in container \'\')', 1],
  ['regex.extractAll(\'abc\', \'b\').size() == 1', 'undeclared reference to \'regex\' (in container \'\')', 1],
  ['quantity(\'1Gi\').sign() == 1', 'found no matching overload for \'sign\' applied to \'kubernetes.Quantity.()\'', 21],
  ['isImage(\'nginx:1\')', 'undeclared reference to \'isImage\' (in container \'\')', 8],
  ['image(\'nginx:1\').containsDigest() == false', 'undeclared reference to \'image\' (in container \'\')', 6],
  ['jsonpatch.escapeKey(\'a/b\') == \'a~1b\'', 'undeclared reference to \'jsonpatch\' (in container \'\')', 1],
  ['authorizer.path(\'/x\').check(\'get\').allowed()', 'undeclared reference to \'authorizer\' (in container \'\')', 1],
  ['1 == 1.0', 'found no matching overload for \'_==_\' applied to \'(int, double)\'', 3],
  ['self.tags.all(i, t, i)', 'expected type \'bool\' but found \'int\'', 21],
  ['self.name.size() == \'a\'', 'found no matching overload for \'_==_\' applied to \'(int, string)\'', 18],
  ['size(1) == 1', 'found no matching overload for \'size\' applied to \'(int)\'', 5],
  ['self.tags[0] + 1 == 1', 'found no matching overload for \'_+_\' applied to \'(string, int)\'', 14],
  ['!self.name', 'found no matching overload for \'!_\' applied to \'(string)\'', 1],
  ['-self.name == 1', 'found no matching overload for \'-_\' applied to \'(string)\'', 1],
  ['self.name.foo() == 1', 'undeclared reference to \'foo\' (in container \'\')', 14],
  ['self.rules[0].?nope.hasValue()', 'undefined field \'nope\'', 14],
  ['has(self.rules[0].nope)', 'undefined field \'nope\'', 4],
  ['self.nope == 1', 'undefined field \'nope\'', 5],
  ['self.rules.map(r, r.nope).size() > 0', 'undefined field \'nope\'', 20],
  ['(self.name) == 1', 'found no matching overload for \'_==_\' applied to \'(string, int)\'', 13],
  ['self.name.startsWith(1)', 'found no matching overload for \'startsWith\' applied to \'string.(int)\'', 21],
  ['self.tags.exists(t, t == 1)', 'found no matching overload for \'_==_\' applied to \'(string, int)\'', 23],
  ['self.tags[0] > 1 ? true : false', 'found no matching overload for \'_>_\' applied to \'(string, int)\'', 14],
  ['[1, \'a\'].size() == 2', 'expected type \'int\' but found \'string\'', 5],
  ['{\'a\': 1, \'b\': \'x\'}.size() == 2', 'expected type \'int\' but found \'string\'', 15],
  ['[\'a\', [1]].size() == 2', 'expected type \'string\' but found \'list(int)\'', 7],
  ['[1, ?2].size() == 1', 'expected type \'optional_type(int)\' but found \'int\'', 6],
  ['{?\'a\': 1}.size() == 1', 'expected type \'optional_type(int)\' but found \'int\'', 8],
  ['[1, ?optional.of(\'a\')].size() == 2', 'expected type \'int\' but found \'string\'', 17],
  ['[[1], [2]].min() == [1]', 'found no matching overload for \'min\' applied to \'list(list(int)).()\'', 15],
  ['[{\'a\': 1}].max() == {\'a\': 1}', 'found no matching overload for \'max\' applied to \'list(map(string, int)).()\'', 15],
  ['[[1]].isSorted()', 'found no matching overload for \'isSorted\' applied to \'list(list(int)).()\'', 15],
  ['self.name.matches(\'x++\')', 'invalid matches argument', 19],
  ['self.name.matches(\')\')', 'invalid matches argument', 19],
  ['matches(\'[\', self.name)', 'invalid matches argument', 9],
  ['duration(\'1nns\') > duration(\'0s\')', 'invalid duration argument', 10],
  ['timestamp(\'2000-13-01T00:00:00Z\') > timestamp(0)', 'invalid timestamp argument', 11],
  ['timestamp(\'2000-01-01 00:00:00Z\') > timestamp(0)', 'invalid timestamp argument', 11],
  ['net.Foo == net.IP', 'undeclared reference to \'net\' (in container \'\')', 1],
  ['string(quantity(\'1\')) == \'1\'', 'found no matching overload for \'string\' applied to \'(kubernetes.Quantity)\'', 7],
];
const OVER_BUDGET: Array<[rule: string, factor: string]> = [
  ['self.ints.all(i, x, self.ints.all(j, y, i == j || x != y))', '7.2x'],
  ['self.ints.transformMap(i, x, self.ints.transformList(j, y, x + y)).size() > 0', '13.5x'],
  ['self.ints.all(i, x, self.ints.exists(j, y, x == y))', '5.4x'],
  ['[\'a\', \'b\'].join() == \'ab\'', 'more than 100x'],
  ['[\'a\', \'b\'].join(\',\') == \'a,b\'', 'more than 100x'],
];

/**
 * The rules of ACCEPTED that name no field: constant expressions over every library, each true — kubegen's
 * client-side validator and the apiserver must both evaluate all of them, on one object, to true.
 */
export const LIBRARY_CONSTANTS: string[] = ACCEPTED.filter((r) => !/\bself\b/.test(r));

export const ENVIRONMENT_CASES: EnvironmentCase[] = [
  // has(): a field selection over any operand (cel-go parser MakeHas, checker checkSelectField)
  ok('has over an index', 'has(self.rules[0].path)'),
  ok('has over a selection after an index', 'has(self.rules[0].path.type)'),
  ok('has in a ternary over an index (issue 26)', '(self.rules.size() > 0 ? (has(self.rules[0].items) ? self.rules[0].items.size() : 0) : 0) >= 0'),
  ok('has in a disjunction over an index (issue 26)', "self.rules.size() == 0 || !has(self.rules[0].path) || self.rules[0].path.type != 'Prefix'"),
  ok('has over a macro result', 'has(self.rules.filter(r, has(r.name))[0].name) || true'),
  ok('has over a parenthesised operand', 'has((self).name)'),
  ok('has over a map literal', "has({'a': 1}.a)"),
  ok('has on a map value', 'has(self.labels.app)'),
  ok('has on a nested map', 'has(self.nested.m.x)'),
  ok('has on an int-or-string (dyn)', 'has(self.port.x)'),
  bad('has of an identifier', 'has(self)', 'invalid argument to has() macro'),
  bad('has of an index', 'has(self.tags[0])', 'invalid argument to has() macro'),
  bad('has of a map index', "has(self.labels['a'])", 'invalid argument to has() macro'),
  bad('has of an optional selection', 'has(self.rules[0].?path)', 'invalid argument to has() macro'),
  bad('has on a list', 'has(self.tags.x)', "type 'list(string)' does not support field selection"),
  bad('has of an undeclared field after an index', 'has(self.rules[0].nope)', "undefined field 'nope'"),
  bad('has on a preserved object without properties', 'has(self.free.x.y)', "undefined field 'x'"),
  // optional syntax next to has()
  ok('optional chain over an index', "self.rules[0].?path.?type.orValue('') == ''"),
  ok('optional index then optional selection', 'self.rules[?0].?path.hasValue() || true'),
  // the optional library: optMap / optFlatMap, ofNonZeroValue, optionals compared with == (and with null)
  ok('optMap over an optional index', "self.tags[?0].optMap(t, t == 'a').hasValue() || true"),
  ok('optMap over an optional selection', "self.rules[0].?path.?type.optMap(t, t.size()).orValue(0) >= 0"),
  ok('optFlatMap', "self.tags[?0].optFlatMap(t, self.labels[?t]).hasValue() || true"),
  bad('optFlatMap to a non-optional', "self.tags[?0].optFlatMap(t, t).hasValue()", "found no matching overload for '_?_:_'"),
  bad('optMap with a non-identifier variable', "self.tags[?0].optMap(1, 2).hasValue()", 'optMap() variable name must be a simple identifier'),
  ok('optional.ofNonZeroValue', "optional.ofNonZeroValue(self.name).hasValue() || true"),
  // cel-go sizes no optional: comparing two costs the most there is.
  costly('optionals compared', "self.tags[?0] == optional.of('a') || self.labels[?'a'] != optional.none()", 'more than 100x'),
  ok('an optional compared with null', 'size(self.name) == 0 || format.dns1123Label().validate(self.name) == null'),
  bad('optionals of different types compared', "self.tags[?0] == optional.of(1)", "found no matching overload for '_==_'"),
  // the lists extension's sortBy (ext.Lists version 2+, cost from version 3)
  ok('sortBy on strings', 'self.tags.sortBy(t, t).size() >= 0'),
  ok('sortBy on objects by a field', 'self.rules.sortBy(r, r.name).size() >= 0'),
  ok('sortBy with a constant key', 'self.tags.sortBy(t, 1).size() >= 0'),
  ok('sortBy on a list literal', '[2, 1].sortBy(x, x) == [1, 2]'),
  ok('sortBy on a bounded list by size', 'self.tags.sortBy(t, t.size()).size() >= 0'),
  bad('sortBy by an object key', 'self.rules.sortBy(r, r).size() >= 0', "found no matching overload for '@sortByAssociatedKeys'"),
  bad('sortBy on a map', 'self.labels.sortBy(k, k).size() >= 0', "found no matching overload for '@sortByAssociatedKeys' applied to 'map(string, string).(list(string))'"),
  bad('sortBy on a string literal', "'abc'.sortBy(x, x).size() > 0", 'sortBy can only be applied to a list, identifier, comprehension, call or select expression'),
  bad('sortBy on a map literal', "{'a': 1}.sortBy(x, x).size() > 0", 'sortBy can only be applied to a list, identifier, comprehension, call or select expression'),
  bad('sortBy with a non-identifier variable', 'self.tags.sortBy(1, x).size() > 0', 'argument is not an identifier'),
  costly('sortBy over 3000 ints', 'self.ints.sortBy(x, x).size() > 0', '1.8x'),
  costly('sortBy over an unbounded list', 'self.unbounded.sortBy(x, x).size() > 0', 'more than 100x'),
  // constant patterns of find / findAll: compiled when the apiserver makes the program (its regex optimisations)
  bad('find with an invalid constant pattern', "self.name.find(')') == ''", 'program instantiation failed: error parsing regexp: unexpected ): `)`'),
  bad('findAll with an invalid constant pattern', "self.name.findAll('x**').size() == 0", 'program instantiation failed: error parsing regexp: invalid nested repetition operator: `**`'),
  bad('findAll with a limit and an invalid constant pattern', "self.name.findAll('(', 1).size() == 0", 'program instantiation failed: error parsing regexp: missing closing ): `(`'),
  ok('find with a pattern from the object (compiled when evaluated)', "self.name.find(self.name) == self.name"),
  // an object is not indexable (cel-go declares _[_] for lists and maps; the apiserver names the object's type by path)
  bad('an object indexed by a string', "self.rules[0].path['type'] == 'x'", "found no matching overload for '_[_]' applied to '("),
  bad('an object indexed optionally', "self.rules[0].path[?'type'].hasValue()", "found no matching overload for '_[?_]' applied to '("),
  // string.format with a literal format and a list literal: checked when compiling (cel-go ext/formatting.go's
  // stringFormatValidator, strings library version 2), each verb against the checked type of its element
  ok('format %s of every formattable type', "'%s %s %s %s %s %s %s %s %s %s %s %s'.format(['a', 1, 1u, 1.0, true, b'a', null, int, timestamp(0), duration('1s'), [1], {'a': 1}]) != ''"),
  ok('format %s of a list literal of mixed types', "'%s'.format([[1, 'a', [true]]]) != ''"),
  ok('format %d of an int and a uint', "'%d %d'.format([1, 2u]) == '1 2'"),
  ok('format %f of a double and of a string', "'%.2f %f'.format([1.0, 'NaN']) != ''"),
  ok('format %e of a double and of a string', "'%e %.3e'.format([1.0, 'Infinity']) != ''"),
  ok('format %b of an int, a uint and a bool', "'%b %b %b'.format([5, 5u, true]) != ''"),
  ok('format %x / %X of an int, a uint, a string and bytes', "'%x %X %x %X'.format([255, 255u, 'a', b'a']) != ''"),
  ok('format %o of an int and a uint', "'%o %o'.format([8, 8u]) != ''"),
  ok('format %% takes no element', "'100%% %s'.format(['a']) == '100% a'"),
  ok('format of a dyn element (int-or-string) with %d', "'%d'.format([self.port]) != ''"),
  ok('format of an object field by its type', "'%s %d'.format([self.name, self.tags.size()]) != ''"),
  ok('format with a format string from the object (checked when evaluated)', "self.name.format([1]) != '' || true"),
  ok('format with a list from the object (checked when evaluated)', "'%d'.format(self.tags) != '' || true"),
  at('format %d of a string', "'%d'.format(['a']) == ''", 'error during formatting: decimal clause can only be used on integers, was given string', 14),
  at('format %d of a string field', "'%d'.format([self.name]) == ''", 'error during formatting: decimal clause can only be used on integers, was given string', 18),
  at('format %f of an int', "'%f'.format([1]) == ''", 'error during formatting: fixed-point clause can only be used on doubles, was given int', 14),
  at('format %e of an int', "'%e'.format([1]) == ''", 'error during formatting: scientific clause can only be used on doubles, was given int', 14),
  at('format %b of a double', "'%b'.format([1.0]) == ''", 'error during formatting: only integers and bools can be formatted as binary, was given double', 14),
  at('format %x of a bool', "'%x'.format([true]) == ''", 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given bool', 14),
  at('format %X of a list', "'%X'.format([[1]]) == ''", 'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given list', 14),
  at('format %o of a double', "'%o'.format([1.0]) == ''", 'error during formatting: octal clause can only be used on integers, was given double', 14),
  at('format %d of a timestamp', "'%d'.format([timestamp(0)]) == ''", 'error during formatting: decimal clause can only be used on integers, was given google.protobuf.Timestamp', 23),
  at('format %s of a quantity', "'%s'.format([quantity('1')]) == ''", 'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given kubernetes.Quantity', 22),
  at('format %s of a quantity inside a list literal', "'%s'.format([[1, quantity('1')]]) == ''", 'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given kubernetes.Quantity', 26),
  at('format %s of an optional inside a map literal', "'%s'.format([{'a': optional.none()}]) == ''", 'error during formatting: string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given optional_type', 33),
  at('format with fewer elements than clauses', "'%s %s'.format([1]) == ''", 'index 1 out of range', 15),
  at('format with no elements', "'%d'.format([]) == ''", 'index 0 out of range', 12),
  at('format with more elements than clauses', "'%s'.format([1, 2]) == ''", 'too many arguments supplied to string.format (expected 1, got 2)', 12),
  at('format with an unknown verb', "'%q'.format([1]) == ''", 'could not parse formatting clause: unrecognized formatting clause "q"', 12),
  ok('format %d after a precision (the precision is read, then ignored)', "'%.2d'.format([1]) != ''"),
  at('format with an unknown verb after a precision', "'%.2z'.format([1]) == ''", 'could not parse formatting clause: unrecognized formatting clause "z"', 14),
  at('format with a percent at the end', "'a %'.format([1]) == ''", 'unexpected end of string', 13),
  at('format with an unterminated precision', "'%.3'.format([1.0]) == ''", 'could not parse formatting clause: error while parsing precision: could not find end of precision specifier', 13),
  at('format with an empty precision', "'%.f'.format([1.0]) == ''", 'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax', 13),
  // the environment's libraries and two-variable comprehensions (probed on kube-apiserver 1.37.2, cel-go 0.29)
  ...ACCEPTED.map((r) => ok(`accepted: ${r}`, r)),
  ...REFUSED.map(([r, message, column]) => at(`refused: ${r}`, r, message, column)),
  ...OVER_BUDGET.map(([r, factor]) => costly(`over budget: ${r}`, r, factor)),
  // the cost estimate, construct by construct (./cost-cases.ts)
  ...COST_CASES,
];

export interface EvaluationCase {
  name: string;
  rule: string;
  spec: Record<string, unknown>;
  /** Whether the rule holds on the object (the apiserver accepts it). */
  holds: boolean;
}

export const EVALUATION_CASES: EvaluationCase[] = [
  { name: 'has over an index, present', rule: "self.rules.size() == 0 || !has(self.rules[0].path) || self.rules[0].path.type != 'Prefix'", spec: { rules: [{ path: { type: 'Exact' } }] }, holds: true },
  { name: 'has over an index, present and refused', rule: "self.rules.size() == 0 || !has(self.rules[0].path) || self.rules[0].path.type != 'Prefix'", spec: { rules: [{ path: { type: 'Prefix' } }] }, holds: false },
  { name: 'has over an index, absent', rule: "self.rules.size() == 0 || !has(self.rules[0].path) || self.rules[0].path.type != 'Prefix'", spec: { rules: [{ name: 'a' }] }, holds: true },
  { name: 'has over an index in a ternary', rule: '(self.rules.size() > 0 ? (has(self.rules[0].items) ? self.rules[0].items.size() : 0) : 0) < 2', spec: { rules: [{ items: ['a', 'b'] }] }, holds: false },
  { name: 'optMap over a present element', rule: "self.tags[?0].optMap(t, t == 'a').orValue(false)", spec: { tags: ['a'] }, holds: true },
  { name: 'optMap over a present element, refused', rule: "self.tags[?0].optMap(t, t == 'a').orValue(false)", spec: { tags: ['b'] }, holds: false },
  { name: 'optMap over an absent element', rule: "self.tags[?0].optMap(t, t == 'a') == optional.none()", spec: { tags: [] }, holds: true },
  { name: 'optFlatMap', rule: "self.tags[?0].optFlatMap(t, self.labels[?t]).orValue('') == 'x'", spec: { tags: ['a'], labels: { a: 'x' } }, holds: true },
  { name: 'ofNonZeroValue of an empty string', rule: 'optional.ofNonZeroValue(self.name).hasValue()', spec: { name: '' }, holds: false },
  { name: 'ofNonZeroValue of a string', rule: 'optional.ofNonZeroValue(self.name).hasValue()', spec: { name: 'a' }, holds: true },
  { name: 'ofNonZeroValue of a list', rule: 'optional.ofNonZeroValue(self.tags).hasValue()', spec: { tags: ['a'] }, holds: true },
  { name: 'optionals of equal values', rule: 'optional.of(size(self.tags)) == optional.of(1)', spec: { tags: ['a'] }, holds: true },
  { name: 'optionals of different values', rule: 'optional.of(size(self.tags)) == optional.of(1)', spec: { tags: ['a', 'b'] }, holds: false },
  { name: 'an empty optional is never null', rule: 'format.dns1123Label().validate(self.name) == null', spec: { name: 'abc' }, holds: false },
  { name: 'sortBy orders strings', rule: "self.tags.sortBy(t, t) == ['a', 'b', 'c']", spec: { tags: ['c', 'a', 'b'] }, holds: true },
  { name: 'sortBy orders objects by a field', rule: "self.rules.sortBy(r, r.name).map(r, r.name) == ['x', 'y']", spec: { rules: [{ name: 'y' }, { name: 'x' }] }, holds: true },
  { name: 'sortBy by a key that is not the order', rule: "self.tags.sortBy(t, t.size()) == ['a', 'bb', 'ccc']", spec: { tags: ['ccc', 'a', 'bb'] }, holds: true },
  { name: 'sortBy is stable', rule: "self.tags.sortBy(t, t.size()) == ['b', 'a', 'cc']", spec: { tags: ['cc', 'b', 'a'] }, holds: true },
  { name: 'sortBy descending key', rule: "self.tags.sortBy(t, -t.size())[0] == 'ccc'", spec: { tags: ['a', 'ccc', 'bb'] }, holds: true },
  { name: 'sortBy result compared, refused', rule: "self.tags.sortBy(t, t) == self.tags", spec: { tags: ['b', 'a'] }, holds: false },
  // optional elements and entries over the object's values
  { name: 'an optional element present', rule: "[?self.tags[?0], 'z'] == ['a', 'z']", spec: { tags: ['a'] }, holds: true },
  { name: 'an optional element absent', rule: "[?self.tags[?0], 'z'] == ['z']", spec: { tags: [] }, holds: true },
  { name: 'an optional entry present', rule: "{?'x': self.labels[?'a']} == {'x': 'b'}", spec: { labels: { a: 'b' } }, holds: true },
  { name: 'an optional entry absent', rule: "{?'x': self.labels[?'a']}.size() == 0", spec: { labels: { c: 'd' } }, holds: true },
  { name: 'an optional entry absent, refused', rule: "{?'x': self.labels[?'a']}.size() == 1", spec: { labels: { c: 'd' } }, holds: false },
  // string() of the object's timestamps and durations, as Go prints them
  { name: 'string of a date-time keeps its offset and fraction', rule: "string(self.at) == '2000-01-02T03:04:05.5+01:30'", spec: { at: '2000-01-02T03:04:05.5+01:30' }, holds: true },
  { name: 'string of a date-time in UTC', rule: "string(self.at) == '2000-01-02T03:04:05.123456789Z'", spec: { at: '2000-01-02T03:04:05.123456789Z' }, holds: true },
  { name: 'string of a date-time, refused', rule: "string(self.at) == '2000-01-02T03:04:05Z'", spec: { at: '2000-01-02T04:04:05+01:00' }, holds: false },
  { name: 'string of a duration', rule: "string(self.wait) == '90.25s'", spec: { wait: '1m30.25s' }, holds: true },
  // timestamps to the nanosecond (Go's time.Time): compared, subtracted, moved by durations in their own zone
  { name: 'timestamps a nanosecond apart are ordered', rule: "self.at < timestamp('2000-01-01T00:00:00.000000002Z')", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: true },
  { name: 'timestamps a nanosecond apart are not equal', rule: "self.at == timestamp('2000-01-01T00:00:00.000000002Z')", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: false },
  { name: 'timestamps a nanosecond apart differ', rule: "self.at != timestamp('2000-01-01T00:00:00.000000002Z')", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: true },
  { name: 'timestamps in different zones at one instant are equal', rule: "self.at == timestamp('2000-01-01T00:00:00.000000001Z')", spec: { at: '2000-01-01T01:00:00.000000001+01:00' }, holds: true },
  { name: 'a timestamp at or after one a nanosecond later, refused', rule: "self.at >= timestamp('2000-01-01T00:00:00.000000002Z')", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: false },
  { name: 'the difference of two timestamps in nanoseconds', rule: "self.at - timestamp('2000-01-01T00:00:00Z') == duration('1ns')", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: true },
  { name: 'a timestamp moved by a duration keeps its zone and nanoseconds', rule: "string(self.at + duration('999999ns')) == '2000-01-01T01:00:00.001+01:00'", spec: { at: '2000-01-01T01:00:00.000000001+01:00' }, holds: true },
  { name: 'getMilliseconds after adding nanoseconds', rule: "(self.at + duration('999999ns')).getMilliseconds() == 1", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: true },
  { name: 'getMilliseconds after subtracting nanoseconds across a second', rule: "(self.at - duration('2ns')).getMilliseconds() == 999 && (self.at - duration('2ns')).getSeconds() == 59", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: true },
  { name: 'a duration plus a timestamp', rule: "duration('1ns') + self.at == timestamp('2000-01-01T00:00:00.000000002Z')", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: true },
  { name: 'a timestamp in a list, a nanosecond off', rule: "self.at in [timestamp('2000-01-01T00:00:00Z')]", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: false },
  { name: 'lists of timestamps a nanosecond apart', rule: "[self.at] == [timestamp('2000-01-01T00:00:00Z')]", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: false },
  { name: 'the least of timestamps a nanosecond apart', rule: "string([self.at, timestamp('2000-01-01T00:00:00Z')].min()) == '2000-01-01T00:00:00Z'", spec: { at: '2000-01-01T00:00:00.000000001Z' }, holds: true },
  // two-variable comprehensions (cel-go ext.TwoVarComprehensions)
  { name: 'all over a list with the index', rule: 'self.tags.all(i, t, i < 2 || t == "x")', spec: { tags: ['a', 'b', 'x'] }, holds: true },
  { name: 'all over a list with the index, refused', rule: 'self.tags.all(i, t, i < 2 || t == "x")', spec: { tags: ['a', 'b', 'c'] }, holds: false },
  { name: 'exists over a map with key and value', rule: 'self.labels.exists(k, v, k == v)', spec: { labels: { a: 'b', c: 'c' } }, holds: true },
  { name: 'exists over a map, refused', rule: 'self.labels.exists(k, v, k == v)', spec: { labels: { a: 'b' } }, holds: false },
  { name: 'existsOne over a list', rule: "self.tags.existsOne(i, t, t == 'a')", spec: { tags: ['a', 'b'] }, holds: true },
  { name: 'existsOne over a list, two match', rule: "self.tags.existsOne(i, t, t == 'a')", spec: { tags: ['a', 'a'] }, holds: false },
  { name: 'transformList with a filter', rule: "self.tags.transformList(i, t, i % 2 == 0, t + '!') == ['a!', 'c!']", spec: { tags: ['a', 'b', 'c'] }, holds: true },
  { name: 'transformMap over a list keys by index', rule: "self.tags.transformMap(i, t, t.size())[1] == 2", spec: { tags: ['a', 'bb'] }, holds: true },
  { name: 'transformMap over a map', rule: "self.labels.transformMap(k, v, v + k) == {'x': 'yx'}", spec: { labels: { x: 'y' } }, holds: true },
  { name: 'transformMapEntry inverts a map', rule: "self.labels.transformMapEntry(k, v, {v: k}) == {'y': 'x', 'w': 'z'}", spec: { labels: { x: 'y', z: 'w' } }, holds: true },
  { name: 'transformMapEntry with a filter', rule: "self.tags.transformMapEntry(i, t, i > 0, {t: i}) == {'b': 1}", spec: { tags: ['a', 'b'] }, holds: true },
  { name: 'nested two-variable comprehensions', rule: 'self.rules.all(i, r, !has(r.items) || r.items.all(j, x, j < i + 1))', spec: { rules: [{ items: ['a'] }, { items: ['a', 'b'] }] }, holds: true },
  { name: 'nested two-variable comprehensions, refused', rule: 'self.rules.all(i, r, !has(r.items) || r.items.all(j, x, j < i + 1))', spec: { rules: [{ items: ['a', 'b'] }] }, holds: false },
];
