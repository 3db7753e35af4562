/**
 * The CEL agreement table: rules (valid and invalid) on the nodes of one fixture schema, each with the verdict of
 * the real kube-apiserver when a CRD carrying it is created. The unit test (test/cel/check.test.ts) pins kubegen's
 * verdict to `valid`; the e2e test (test/e2e/cel-agreement.test.ts) pins the apiserver's — together: agreement.
 */
import { QUANTITY_PATTERN } from '../../generator/schema/build';
import type { JSONSchemaProps, ValidationRule } from '../../generator/core/schema';

/** Where a rule sits in the fixture schema. */
export type RuleSite =
  | 'root'
  | 'spec'
  | 'spec.name'
  | 'spec.text'
  | 'spec.tags'
  | 'spec.items'
  | 'spec.labels'
  | 'spec.ports[]'
  | 'spec.atomicList[]'
  | 'spec.port'
  | 'spec.nested'
  | 'spec.objs[]'
  | 'spec.objMap{}'
  | 'spec.boundedObjs[]'
  | 'spec.template';

export interface CelRuleCase {
  /** What the row shows (unique). */
  name: string;
  at: RuleSite;
  rule: ValidationRule;
  /** Whether the apiserver accepts a CRD with this rule (and kubegen, by agreement). */
  valid: boolean;
  /** For invalid rows: a fragment of kubegen's message. */
  kubegen?: string;
  /** For invalid rows with an unknown field: kubegen's did-you-mean. */
  hint?: string;
}

/** The fixture `spec`: a node of every kind a rule meets (bounded and unbounded, list/map types, formats). */
export function fixtureSpec(): JSONSchemaProps & { properties: ReturnType<typeof fixtureProperties> } {
  return { type: 'object', properties: fixtureProperties() };
}

/** The fixture's spec properties, typed as written: a case reads `ports.items` without a check. */
function fixtureProperties() {
  return {
    replicas: { type: 'integer', format: 'int32' },
    mode: { type: 'string', enum: ['Fast', 'Slow'] },
    name: { type: 'string', maxLength: 63 },
    text: { type: 'string' },
    ratio: { type: 'number' },
    enabled: { type: 'boolean' },
    created: { type: 'string', format: 'date-time' },
    timeout: { type: 'string', format: 'duration' },
    data: { type: 'string', format: 'byte', maxLength: 64 },
    port: { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
    memory: { anyOf: [{ type: 'integer' }, { type: 'string' }], pattern: QUANTITY_PATTERN, 'x-kubernetes-int-or-string': true },
    tags: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 }, 'x-kubernetes-list-type': 'set' },
    items: { type: 'array', items: { type: 'string' } },
    labels: { type: 'object', maxProperties: 10, additionalProperties: { type: 'string', maxLength: 63 } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
    ports: {
      type: 'array',
      maxItems: 16,
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['name'],
      items: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 15 }, port: { type: 'integer' } } },
    },
    atomicList: { type: 'array', maxItems: 4, items: { type: 'object', properties: { value: { type: 'string', maxLength: 10 } } } },
    nested: { type: 'object', properties: { inner: { type: 'object', properties: { value: { type: 'string', maxLength: 10 } } } } },
    ints: { type: 'array', items: { type: 'integer' } },
    objs: { type: 'array', items: { type: 'object', properties: { a: { type: 'string', maxLength: 8 } } } },
    objMap: { type: 'object', additionalProperties: { type: 'object', properties: { a: { type: 'string', maxLength: 8 } } } },
    boundedObjs: { type: 'array', maxItems: 100, 'x-kubernetes-list-type': 'atomic', items: { type: 'object', properties: { a: { type: 'string', maxLength: 8 } } } },
    template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
    'dash-name': { type: 'string', maxLength: 5 },
    namespace: { type: 'string', maxLength: 5 },
    if: { type: 'integer' },
    true: { type: 'integer' },
  } satisfies Record<string, JSONSchemaProps>;
}

/** The `openAPIV3Schema` of a CRD with the fixture and one rule at its site. */
export function fixtureSchema(c: Pick<CelRuleCase, 'at' | 'rule'>): JSONSchemaProps {
  const spec = fixtureSpec();
  const root: JSONSchemaProps = { type: 'object', properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec } };
  const props = spec.properties;
  const node: Record<RuleSite, JSONSchemaProps> = {
    root,
    spec,
    'spec.name': props.name,
    'spec.text': props.text,
    'spec.tags': props.tags,
    'spec.items': props.items,
    'spec.labels': props.labels,
    'spec.ports[]': props.ports.items,
    'spec.atomicList[]': props.atomicList.items,
    'spec.port': props.port,
    'spec.nested': props.nested,
    'spec.objs[]': props.objs.items,
    'spec.objMap{}': props.objMap.additionalProperties,
    'spec.boundedObjs[]': props.boundedObjs.items,
    'spec.template': props.template,
  };
  (node[c.at]['x-kubernetes-validations'] ??= []).push(c.rule);
  return root;
}

const ok = (name: string, at: RuleSite, rule: string, extra: Partial<ValidationRule> = {}): CelRuleCase => ({ name, at, rule: { rule, ...extra }, valid: true });
const bad = (name: string, at: RuleSite, rule: string, kubegen: string, extra: Partial<ValidationRule> = {}, hint?: string): CelRuleCase => ({
  name,
  at,
  rule: { rule, ...extra },
  valid: false,
  kubegen,
  ...(hint ? { hint } : {}),
});

const COST = 'estimated rule cost exceeds budget';

export const CEL_RULE_CASES: CelRuleCase[] = [
  // fields, optional fields, has(), escaping
  ok('int field', 'spec', 'self.replicas >= 1'),
  bad('field typo', 'spec', 'self.replicaz >= 1', "undefined field 'replicaz'", {}, 'replicas'),
  bad('nested field typo', 'spec', 'self.nested.inner.valeu == "a"', "undefined field 'valeu'", {}, 'value'),
  ok('has on optional field', 'spec', '!has(self.replicas) || self.replicas > 0'),
  bad('has on unknown field', 'spec', 'has(self.replica)', "undefined field 'replica'", {}, 'replicas'),
  ok('nested has', 'spec', 'has(self.nested.inner) && has(self.nested.inner.value)'),
  ok('optional select', 'spec', 'self.?replicas.orValue(1) > 0'),
  ok('optional chain', 'spec', 'self.nested.?inner.?value.orValue("") != "x"'),
  ok('escaped dash name', 'spec', 'self.dash__dash__name.size() < 5'),
  ok('escaped keyword name', 'spec', 'self.__namespace__ != "x"'),
  ok('reserved word as a field name (1.32+)', 'spec', 'self.namespace != "x"'),
  ok('keyword if as a field name', 'spec', 'self.if > 0 && self.__if__ > 0'),
  bad('literal true as a field name does not parse', 'spec', 'self.true > 0', 'does not parse'),
  ok('literal true as a field name escaped', 'spec', 'self.__true__ > 0'),
  ok('root metadata name', 'root', 'self.metadata.name.startsWith("a")'),
  bad('root metadata labels are not visible', 'root', 'has(self.metadata.labels)', "undefined field 'labels'"),
  ok('root apiVersion and kind', 'root', 'self.apiVersion != "" && self.kind != ""'),
  ok('root spec field', 'root', 'self.spec.replicas <= 10'),
  // type errors
  bad('string compared to int', 'spec', 'self.mode == 3', 'does not compile'),
  bad('int compared to string', 'spec', 'self.replicas == "3"', 'does not compile'),
  ok('cross-type numeric comparison', 'spec', 'self.replicas < 2.5'),
  bad('int equals double', 'spec', 'self.replicas == 2.0', 'does not compile'),
  ok('double field', 'spec', 'self.ratio <= 1.0'),
  bad('bool plus int', 'spec', 'self.enabled + 1 == 2', 'does not compile'),
  bad('mixed list literal', 'spec', '[1, "a"].size() == 2', 'does not compile'),
  bad('ternary branches differ', 'spec', '(self.replicas > 1 ? "a" : 1) == 1', 'does not compile'),
  bad('size of int', 'spec', 'size(self.replicas) > 0', 'does not compile'),
  bad('unknown function', 'spec', 'self.name.shout() == "A"', 'does not compile'),
  bad('unknown variable', 'spec', 'other.replicas > 1', 'does not compile'),
  ok('string concatenation', 'spec', 'self.name + "-x" != "a"'),
  ok('in list literal', 'spec', 'self.mode in ["Fast", "Slow"]'),
  bad('in list of other type', 'spec', 'self.replicas in ["a"]', 'does not compile'),
  ok('int conversion', 'spec', 'int(self.ratio) >= 0'),
  ok('string conversion', 'spec', 'string(self.replicas) != ""'),
  ok('dyn escape hatch', 'spec', 'dyn(self.mode) != 3'),
  // parse errors
  bad('unbalanced parenthesis', 'spec', '(self.replicas > 1', 'does not parse'),
  bad('trailing operator', 'spec', 'self.replicas >', 'does not parse'),
  bad('unterminated string', 'spec', 'self.name == "abc', 'does not parse'),
  bad('double dot', 'spec', 'self..replicas > 1', 'does not parse'),
  bad('assignment', 'spec', 'self.replicas = 1', 'does not parse'),
  // not a bool, messageExpression not a string
  bad('rule is an int', 'spec', 'self.replicas', 'must evaluate to a bool'),
  bad('rule is a string', 'spec', 'self.name', 'must evaluate to a bool'),
  bad('rule is a list', 'spec', 'self.tags', 'must evaluate to a bool'),
  bad('rule on int-or-string is dyn', 'spec.port', 'self', 'must evaluate to a bool'),
  ok('messageExpression string', 'spec', 'self.replicas > 0', { messageExpression: '"replicas must be positive"' }),
  bad('messageExpression with an unbounded string conversion', 'spec', 'self.replicas > 0', 'estimated messageExpression cost exceeds budget', { messageExpression: '"replicas is " + string(self.replicas)' }),
  ok('messageExpression with a bounded field', 'spec', 'self.name != ""', { messageExpression: '"name " + self.name + " is empty"' }),
  bad('messageExpression int', 'spec', 'self.replicas > 0', 'messageExpression must evaluate to a string', { messageExpression: 'self.replicas' }),
  bad('messageExpression typo', 'spec', 'self.replicas > 0', "undefined field 'replicaz'", { messageExpression: '"n=" + string(self.replicaz)' }),
  bad('messageExpression parse error', 'spec', 'self.replicas > 0', 'does not parse', { messageExpression: '"a" +' }),
  // how often a rule runs: the bounds of the lists and maps above it, or the request size over its minimal size
  ok('rule on items of an unbounded object list, cheap', 'spec.objs[]', 'self.a.size() < 5'),
  bad('rule on items of an unbounded object list, times a million', 'spec.objs[]', "self.a.matches('^[a-z]+$')", COST),
  ok('the same rule on items of a bounded list', 'spec.boundedObjs[]', "self.a.matches('^[a-z]+$')"),
  bad('rule on values of an unbounded map, times the map bound', 'spec.objMap{}', "self.a.matches('^[a-z]+$')", COST),
  ok('cheap rule on values of an unbounded map', 'spec.objMap{}', 'has(self.a)'),
  // embedded resources see apiVersion, kind, metadata.name
  ok('embedded resource kind', 'spec.template', 'self.kind != "" && self.apiVersion != ""'),
  ok('embedded resource metadata name', 'spec.template', '!has(self.metadata.name) || self.metadata.name.size() < 64'),
  bad('embedded resource spec is unknown', 'spec.template', 'has(self.spec)', "undefined field 'spec'"),
  // everyday rules
  ok('common: self.tags.map(t, t.size()).all(n, n < 30)', 'spec', 'self.tags.map(t, t.size()).all(n, n < 30)'),
  ok('common: self.tags.map(t, t) == self.tags', 'spec', 'self.tags.map(t, t) == self.tags'),
  ok('common: self.labels.map(k, self.labels[k]).exists(v, v == "a")', 'spec', 'self.labels.map(k, self.labels[k]).exists(v, v == "a")'),
  ok('common: self.ports.map(p, p.name).exists(n, n == "http")', 'spec', 'self.ports.map(p, p.name).exists(n, n == "http")'),
  ok('common: type(self.replicas) == int', 'spec', 'type(self.replicas) == int'),
  ok('common: self.replicas % 2 == 0', 'spec', 'self.replicas % 2 == 0'),
  ok('common: double(self.replicas) / 2.0 > 0.5', 'spec', 'double(self.replicas) / 2.0 > 0.5'),
  ok('common: self.created + duration("1h") > self.created', 'spec', 'self.created + duration("1h") > self.created'),
  ok('common: timestamp(self.name) > self.created', 'spec', 'timestamp(self.name) > self.created'),
  ok('common: self.timeout.getSeconds() > 0', 'spec', 'self.timeout.getSeconds() > 0'),
  ok('common: size(self.labels) == self.labels.size()', 'spec', 'size(self.labels) == self.labels.size()'),
  ok('common: self.labels.?app.orValue("") == "x"', 'spec', 'self.labels.?app.orValue("") == "x"'),
  ok('common: self.labels[?"app"].orValue("") == "x"', 'spec', 'self.labels[?"app"].orValue("") == "x"'),
  ok('common: optional.of(1).hasValue()', 'spec', 'optional.of(1).hasValue()'),
  ok('common: optional.none().orValue(1) == 1', 'spec', 'optional.none().orValue(1) == 1'),
  ok('common: self.?nested.?inner.hasValue()', 'spec', 'self.?nested.?inner.hasValue()'),
  ok('common: uint(self.replicas) > 0u', 'spec', 'uint(self.replicas) > 0u'),
  ok('common: self.data == b"abc"', 'spec', 'self.data == b"abc"'),
  ok('common: string(self.data) != ""', 'spec', 'string(self.data) != ""'),
  ok('common: bytes(self.name).size() > 0', 'spec', 'bytes(self.name).size() > 0'),
  ok('common: self.tags.all(t, t in ["a", "b"])', 'spec', 'self.tags.all(t, t in ["a", "b"])'),
  ok('common: self.name.substring(1, 2) == "a"', 'spec', 'self.name.substring(1, 2) == "a"'),
  ok('common: dyn(self.replicas) == dyn(self.name)', 'spec', 'dyn(self.replicas) == dyn(self.name)'),
  ok('common: self.port == 80 || self.port == "http"', 'spec', 'self.port == 80 || self.port == "http"'),
  ok('common: int(self.port) > 0', 'spec', 'int(self.port) > 0'),
  ok('common: self.memory.matches("^[0-9]+$")', 'spec', 'self.memory.matches("^[0-9]+$")'),
  ok('common: quantity(self.memory).isInteger()', 'spec', 'quantity(self.memory).isInteger()'),
  ok('common: self.ports.exists_one(p, p.name == "http")', 'spec', 'self.ports.exists_one(p, p.name == "http")'),
  ok('common: self.name in self.labels', 'spec', 'self.name in self.labels'),
  ok('common: [1, 2, 3].exists(x, x == self.replicas)', 'spec', '[1, 2, 3].exists(x, x == self.replicas)'),
  ok('common: {"a": 1}["a"] == 1', 'spec', '{"a": 1}["a"] == 1'),
  ok('common: !(self.replicas > 5)', 'spec', '!(self.replicas > 5)'),
  ok('common: -self.replicas < 0', 'spec', '-self.replicas < 0'),
  ok('common: self.created.getFullYear() > 2000', 'spec', 'self.created.getFullYear() > 2000'),
  ok('common: duration("1h") > duration("30m")', 'spec', 'duration("1h") > duration("30m")'),
  ok('common: self.tags.size() == 0 || self.tags[self.tags.size() - 1] != ""', 'spec', 'self.tags.size() == 0 || self.tags[self.tags.size() - 1] != ""'),
  ok('common: has(self.nested.inner.value) ? self.nested.inner.value != "" : true', 'spec', 'has(self.nested.inner.value) ? self.nested.inner.value != "" : true'),
  ok('common: self.ports.all(p, self.ports.exists_one(q, q.name == p.name))', 'spec', 'self.ports.all(p, self.ports.exists_one(q, q.name == p.name))'),
  ok('common: self.labels == {"a": "b"}', 'spec', 'self.labels == {"a": "b"}'),
  ok('common: self.tags + self.tags == self.tags', 'spec', 'self.tags + self.tags == self.tags'),
  ok('common: self.name.size() + self.replicas > 0', 'spec', 'self.name.size() + self.replicas > 0'),
  bad('common: now is not a variable', 'spec', 'self.created < now', 'does not compile'),
  bad('common: int compared to null', 'spec', 'self.replicas == null', 'does not compile'),
  // the entry's other fields
  ok('fieldPath to a property', 'spec', 'self.replicas > 0', { fieldPath: '.replicas' }),
  ok('fieldPath with quoted name', 'spec', 'self.replicas > 0', { fieldPath: "['dash-name']" }),
  ok('fieldPath into a map', 'spec', 'self.replicas > 0', { fieldPath: '.labels.app' }),
  ok('fieldPath nested', 'spec', 'self.replicas > 0', { fieldPath: '.nested.inner.value' }),
  bad('fieldPath to an unknown property', 'spec', 'self.replicas > 0', 'must be a valid path', { fieldPath: '.replicaz' }),
  bad('fieldPath without a leading dot', 'spec', 'self.replicas > 0', 'must be a valid path', { fieldPath: 'replicas' }),
  bad('fieldPath into a list', 'spec', 'self.replicas > 0', 'must be a valid path', { fieldPath: '.tags.x' }),
  bad('fieldPath with an index', 'spec', 'self.replicas > 0', 'must be a valid path', { fieldPath: '.ports[0]' }),
  bad('message with a line break', 'spec', 'self.replicas > 0', 'must not contain line breaks', { message: 'first\nsecond' }),
  bad('multi-line rule without message', 'spec', 'self.replicas > 0 &&\nself.replicas < 10', 'message must be specified'),
  ok('multi-line rule with message', 'spec', 'self.replicas > 0 &&\nself.replicas < 10', { message: 'between 1 and 9' }),
  bad('blank message', 'spec', 'self.replicas > 0', 'must be non-empty', { message: '  ' }),
  // transition rules
  ok('oldSelf on spec', 'spec', 'self.replicas >= oldSelf.replicas'),
  ok('oldSelf immutability', 'spec.name', 'self == oldSelf'),
  ok('optionalOldSelf', 'spec', 'oldSelf.hasValue() ? self.replicas >= oldSelf.value().replicas : true', { optionalOldSelf: true }),
  ok('optionalOldSelf field of the optional', 'spec', 'self.replicas >= oldSelf.replicas.value()', { optionalOldSelf: true }),
  ok('optionalOldSelf nested object of the optional', 'spec', 'self.nested == oldSelf.nested.value()', { optionalOldSelf: true }),
  ok('optionalOldSelf orValue on a field', 'spec', 'self.replicas >= oldSelf.replicas.orValue(0)', { optionalOldSelf: true }),
  bad('optionalOldSelf field compared without value()', 'spec', 'self.replicas >= oldSelf.replicas', 'does not compile', { optionalOldSelf: true }),
  bad('optionalOldSelf orValue of the wrong type', 'spec', 'self.replicas >= oldSelf.name.orValue(0)', 'does not compile', { optionalOldSelf: true }),
  bad('optionalOldSelf without oldSelf', 'spec', 'self.replicas > 0', 'optionalOldSelf may not be set', { optionalOldSelf: true }),
  bad('oldSelf as optional without optionalOldSelf', 'spec', 'oldSelf.hasValue()', 'does not compile'),
  ok('oldSelf on list-map items', 'spec.ports[]', 'self.port == oldSelf.port'),
  bad('oldSelf on atomic list items', 'spec.atomicList[]', 'self.value == oldSelf.value', 'uncorrelatable'),
  ok('no oldSelf on atomic list items', 'spec.atomicList[]', 'self.value != "x"'),
  ok('oldSelf on a set list itself', 'spec.tags', 'self.size() >= oldSelf.size()'),
  // lists, maps, macros
  ok('all on bounded list', 'spec', 'self.tags.all(t, t.size() < 20)'),
  ok('exists on bounded list', 'spec', 'self.tags.exists(t, t == "a")'),
  ok('exists_one', 'spec', 'self.tags.exists_one(t, t == "a")'),
  ok('map macro', 'spec', 'self.tags.map(t, t + "x").size() >= 0'),
  ok('filter macro', 'spec', 'self.tags.filter(t, t.startsWith("a")).size() <= 3'),
  ok('map over map keys', 'spec', 'self.labels.all(k, k.size() < 64 && self.labels[k].size() < 64)'),
  ok('list index', 'spec', 'size(self.tags) == 0 || self.tags[0] != ""'),
  ok('map index', 'spec', '!("a" in self.labels) || self.labels["a"] != ""'),
  ok('list of objects', 'spec', 'self.ports.all(p, p.name != "" && (!has(p.port) || p.port > 0))'),
  bad('list item typo', 'spec', 'self.ports.all(p, p.nme != "")', "undefined field 'nme'", {}, 'name'),
  ok('list size', 'spec.tags', 'self.size() <= 10'),
  ok('map size', 'spec.labels', 'self.size() <= 10'),
  ok('list concatenation', 'spec', '(self.tags + ["x"]).size() > 0'),
  bad('cel.bind is not in the CRD environment', 'spec', 'cel.bind(n, self.name, n.size() < 64)', "undeclared reference to 'cel'"),
  bad('bytes helpers of cel-js are not in the CRD environment', 'spec', 'self.data.hex() != ""', 'found no matching overload'),
  ok('object equality', 'spec', 'self.nested == self.nested'),
  ok('object compared to null', 'spec', 'self.nested != null'),
  bad('object compared to a string', 'spec', 'self.nested == "x"', 'does not compile'),
  ok('negative literal', 'spec', 'self.replicas > -1'),
  ok('timestamp field', 'spec', '!has(self.created) || self.created > timestamp("2000-01-01T00:00:00Z")'),
  ok('duration field', 'spec', '!has(self.timeout) || self.timeout < duration("1h")'),
  bad('timestamp compared to string', 'spec', 'self.created == "2000"', 'does not compile'),
  ok('bytes field', 'spec', 'size(self.data) < 100'),
  ok('int-or-string type switch', 'spec', 'type(self.port) == int ? self.port > 0 : self.port.matches("^[a-z]+$")'),
  ok('quantity on int-or-string', 'spec', '!has(self.memory) || quantity(string(self.memory)).isLessThan(quantity("1Gi"))'),
  // Kubernetes libraries: lists
  ok('lists isSorted', 'spec', 'self.tags.isSorted()'),
  ok('lists sum', 'spec', '[1, 2].sum() == 3'),
  ok('lists min max', 'spec', '[1, 2].min() < [1, 2].max()'),
  ok('lists indexOf', 'spec', 'self.tags.indexOf("a") >= -1'),
  ok('lists lastIndexOf', 'spec', 'self.tags.lastIndexOf("a") >= -1'),
  bad('lists indexOf wrong type', 'spec', 'self.tags.indexOf(1) >= 0', 'does not compile'),
  // regex
  ok('regex matches', 'spec', 'self.name.matches("^[a-z]+$")'),
  ok('regex find', 'spec', 'self.name.find("[0-9]+") != "1"'),
  ok('regex findAll', 'spec', 'self.name.findAll("[0-9]").size() < 5'),
  ok('regex findAll with limit', 'spec', 'self.name.findAll("[0-9]", 2).size() <= 2'),
  bad('regex find on int', 'spec', 'self.replicas.find("1") == "1"', 'does not compile'),
  // strings
  ok('strings lowerAscii', 'spec', 'self.name.lowerAscii() == self.name'),
  ok('strings replace', 'spec', 'self.name.replace("-", "") != ""'),
  bad('strings split then join has an unbounded element size', 'spec', 'self.name.split("-").join(".") != "x"', COST),
  ok('strings split', 'spec', 'self.name.split("-").size() < 10'),
  ok('strings charAt', 'spec', 'self.name.size() == 0 || self.name.charAt(0) != "-"'),
  ok('strings indexOf substring', 'spec', 'self.name.indexOf("a") < 0 || self.name.substring(self.name.indexOf("a")) != ""'),
  ok('strings trim', 'spec', 'self.name.trim() == self.name'),
  // url
  ok('url', 'spec', '!isURL(self.name) || url(self.name).getScheme() == "https"'),
  ok('url host and query', 'spec', '!isURL(self.name) || url(self.name).getHostname() != "" || size(url(self.name).getQuery()) >= 0'),
  bad('url on int', 'spec', 'isURL(self.replicas)', 'does not compile'),
  // quantity
  ok('quantity compare', 'spec', 'quantity("1Gi").isGreaterThan(quantity("1Mi"))'),
  ok('quantity arithmetic', 'spec', 'quantity("1").add(2).asInteger() == 3'),
  ok('isQuantity', 'spec', 'isQuantity(self.name)'),
  bad('quantity method typo', 'spec', 'quantity("1").asInt() == 1', 'does not compile'),
  ok('quantity sign is a function', 'spec', 'sign(quantity("1")) == 1'),
  bad('quantity sign is not a method', 'spec', 'quantity("1").sign() == 1', 'does not compile'),
  bad('quantity compared to string', 'spec', 'quantity("1") == "1"', 'does not compile'),
  // ip, cidr
  ok('ip family', 'spec', '!isIP(self.name) || ip(self.name).family() == 4'),
  ok('ip predicates', 'spec', '!isIP(self.name) || !ip(self.name).isLoopback()'),
  ok('ip.isCanonical', 'spec', '!isIP(self.name) || ip.isCanonical(self.name)'),
  ok('cidr containsIP', 'spec', '!isCIDR(self.name) || cidr(self.name).containsIP("10.0.0.1")'),
  ok('cidr prefixLength', 'spec', '!isCIDR(self.name) || cidr(self.name).prefixLength() >= 8'),
  ok('cidr masked and ip', 'spec', '!isCIDR(self.name) || cidr(self.name).masked().ip() == cidr(self.name).ip()'),
  bad('cidr containsIP with int', 'spec', 'cidr("10.0.0.0/8").containsIP(1)', 'does not compile'),
  // format
  ok('format dns1123Label', 'spec', '!format.dns1123Label().validate(self.name).hasValue()'),
  ok('format named', 'spec', 'format.named("dns1123Subdomain").hasValue()'),
  ok('format uuid', 'spec', 'format.uuid().validate(self.name).orValue([]).size() == 0'),
  bad('format unknown', 'spec', 'format.dns1123Labl().validate(self.name).hasValue()', 'does not compile'),
  // semver
  ok('semver compare', 'spec', '!isSemver(self.name) || semver(self.name).isGreaterThan(semver("1.0.0"))'),
  ok('semver parts', 'spec', '!isSemver(self.name) || semver(self.name).major() >= 1'),
  ok('semver normalize', 'spec', 'isSemver(self.name, true)'),
  bad('semver on int', 'spec', 'isSemver(self.replicas)', 'does not compile'),
  // sets
  ok('sets contains', 'spec', 'sets.contains(["a", "b"], self.tags)'),
  ok('sets intersects', 'spec', '!sets.intersects(self.tags, ["forbidden"])'),
  bad('sets of different types', 'spec', 'sets.contains(self.tags, [1])', 'does not compile'),
  // cost: budget per rule, bound by maxItems / maxLength / maxProperties
  ok('matches on a bounded string', 'spec', 'self.name.matches("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$")'),
  ok('matches on an unbounded string at spec', 'spec', 'self.text.matches("^[a-z]+$")'),
  ok('nested all on a bounded list', 'spec', 'self.tags.all(a, self.tags.all(b, a == b || a != b))'),
  bad('nested all on an unbounded list', 'spec', 'self.items.all(a, self.items.all(b, a != b || a == b))', COST),
  bad('all with contains on unbounded strings', 'spec', 'self.items.all(a, a.contains("x"))', COST),
  ok('all with contains on bounded strings', 'spec', 'self.tags.all(a, a.contains("x"))'),
  bad('matches on unbounded list items', 'spec.items', 'self.all(x, x.matches("^[a-z]+$"))', COST),
  ok('size on unbounded list', 'spec.items', 'self.size() < 100'),
  bad('nested exists on unbounded map', 'spec', 'self.annotations.all(a, self.annotations.exists(b, a == b))', COST),
  ok('nested exists on bounded map', 'spec', 'self.labels.all(a, self.labels.exists(b, a == b))'),
  bad('rule on unbounded items of unbounded list', 'spec.text', 'self.matches("^[a-z]+$") && self.contains("abc") && self.contains(self.lowerAscii())', COST),
  ok('string rule on bounded string', 'spec.name', 'self.matches("^[a-z]+$") && self.contains("abc")'),
  ok('findAll on bounded string', 'spec', 'self.name.findAll("[a-z]+").all(x, x.size() < 64)'),
  bad('split on unbounded text, nested', 'spec', 'self.text.split(",").all(a, self.text.split(",").exists(b, a == b))', COST),
  ok('join of bounded list', 'spec', 'self.tags.join(",").size() < 300'),
  // cel-go list extensions (Kubernetes 1.34+)
  ok('lists sort', 'spec', 'self.tags.sort() == self.tags'),
  ok('lists distinct', 'spec', 'self.tags.distinct().size() == self.tags.size()'),
  ok('lists slice', 'spec', 'self.tags.size() < 2 || self.tags.slice(0, 1).size() == 1'),
  ok('lists range', 'spec', 'lists.range(3).all(i, i < 3)'),
  ok('lists reverse', 'spec', 'self.tags.reverse().size() == self.tags.size()'),
  ok('lists first', 'spec', 'self.tags.first().orValue("") != "x"'),
  ok('lists flatten', 'spec', '[[1], [2]].flatten().size() == 2'),
  bad('lists distinct on an unbounded list', 'spec', 'self.items.distinct().size() > 0', COST),
  // two-variable comprehensions (Kubernetes 1.32+): checked and costed as cel-go's ext.TwoVarComprehensions
  ok('two-variable all on a map', 'spec', 'self.labels.all(k, v, k.size() < 64 && v.size() < 64)'),
  ok('two-variable exists on a list', 'spec', 'self.tags.exists(i, t, i == 0 && t == "a")'),
  ok('transformMap', 'spec', 'self.labels.transformMap(k, v, v + "x").size() >= 0'),
  // cost near the budget: the per-iteration cost of each macro as cel-go expands it, times the size bound
  ok('all on unbounded list just under budget', 'spec.items', 'self.all(x, x.size() > 0 && x.size() < 9)'),
  bad('all on unbounded list just over budget', 'spec.items', 'self.all(x, x.size() > 0 && x.size() < 9 && x != "")', COST),
  ok('exists on unbounded list under budget', 'spec.items', 'self.exists(x, x.size() > 0)'),
  bad('exists on unbounded list just over budget', 'spec.items', 'self.exists(x, x.size() > 0 && x.size() < 9)', COST),
  ok('exists_one on unbounded list under budget', 'spec.items', 'self.exists_one(x, x.size() > 0)'),
  bad('map on unbounded list over budget', 'spec.items', 'self.map(x, x.size()).size() > 0', COST),
  bad('filter on unbounded list over budget', 'spec.items', 'self.filter(x, x.size() > 0).size() > 0', COST),
  ok('in on unbounded list', 'spec.items', '"a" in self'),
  ok('all on unbounded int list under budget', 'spec', 'self.ints.all(i, i > 0)'),
  bad('all on unbounded int list over budget', 'spec', 'self.ints.all(i, i > 0 && i < 100)', COST),
  ok('all on unbounded object list under budget', 'spec', 'self.objs.all(o, o.a.size() > 1)'),
  bad('all on unbounded object list over budget', 'spec', 'self.objs.all(o, o.a.size() > 1 && o.a != "b")', COST),
  ok('startsWith on unbounded items', 'spec', 'self.items.all(x, x.startsWith("a"))'),
  bad('lowerAscii on unbounded items', 'spec', 'self.items.all(x, x.lowerAscii() == "a")', COST),
  bad('quantity of a string conversion', 'spec', 'quantity(string(self.replicas)).isInteger()', COST),
  ok('isQuantity of an int-or-string conversion (dyn: the bytes overload bounds it)', 'spec', 'isQuantity(string(self.memory))'),
  ok('concatenation with an int-or-string conversion', 'spec', '(string(self.port) + "a").size() > 0'),
  bad('concatenation with a string conversion', 'spec', '(string(self.replicas) + "a").size() > 0', COST),
];
