/**
 * The grammar and environment table: constructs of the apiserver's CRD CEL environment (kube-apiserver 1.37) that
 * cel-js does not have as cel-go has them — `has()` over any operand, the lists extension's `sortBy` — each positive
 * and negative, with the message cel-go gives (the apiserver quotes it after `compilation failed: ERROR: <input>:…`).
 * test/unit/cel/environment.test.ts pins kubegen's verdicts and messages to the table; the e2e test
 * test/e2e/cel-environment.test.ts pins the real apiserver's. Evaluation rows: an object, a rule, and whether the
 * rule holds — kubegen's client-side validator and the apiserver's dry-run create must both give that verdict.
 */
import type { JSONSchemaProps, ValidationRule } from '../../../generator/core/schema';

export interface EnvironmentCase {
  name: string;
  rule: ValidationRule;
  valid: boolean;
  /** For a refused rule: cel-go's message, which both the apiserver's and kubegen's messages contain. */
  message?: string;
  /** For a cost overrun: the factor both state (`1.8x`, `more than 100x`). */
  factor?: string;
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
  { name: 'sortBy orders strings', rule: "self.tags.sortBy(t, t) == ['a', 'b', 'c']", spec: { tags: ['c', 'a', 'b'] }, holds: true },
  { name: 'sortBy orders objects by a field', rule: "self.rules.sortBy(r, r.name).map(r, r.name) == ['x', 'y']", spec: { rules: [{ name: 'y' }, { name: 'x' }] }, holds: true },
  { name: 'sortBy by a key that is not the order', rule: "self.tags.sortBy(t, t.size()) == ['a', 'bb', 'ccc']", spec: { tags: ['ccc', 'a', 'bb'] }, holds: true },
  { name: 'sortBy is stable', rule: "self.tags.sortBy(t, t.size()) == ['b', 'a', 'cc']", spec: { tags: ['cc', 'b', 'a'] }, holds: true },
  { name: 'sortBy descending key', rule: "self.tags.sortBy(t, -t.size())[0] == 'ccc'", spec: { tags: ['a', 'ccc', 'bb'] }, holds: true },
  { name: 'sortBy result compared, refused', rule: "self.tags.sortBy(t, t) == self.tags", spec: { tags: ['b', 'a'] }, holds: false },
];
