/**
 * CEL at generation time: every `x-kubernetes-validations` rule and `messageExpression` of a CRD schema parsed,
 * type-checked against the CEL type of the node it sits on, and cost-estimated, as the apiserver does when the
 * CRD is created (apiextensions-apiserver `validation.go` + `schema/cel/compilation.go`). Rules the apiserver
 * would refuse come back as problems, each with the schema path and the rule's index, so the caller can report
 * them at the marker.
 *
 * Environments are compiled once per node shape and results cached per (shape, rule), so a rule repeated on
 * every version of a kind, or a type used in many places, is checked once.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { didYouMean } from '../diagnostics';
import type { SchemaStep } from '../schema/structural';
import type { JSONSchemaProps, ValidationRule } from '../core/schema';
import { CostEstimator, MAX_UINT64, type CelAst } from './cost';
import { CEL_RESERVED, declTypeMemo, maxCardinality, schemaDeclType, shapeKey, type DeclType } from './decltype';
import { installOptionalAggregates, installPresenceTests, installTimestampOperators, type DurationConstructor, LIBRARY_NAMESPACES, LIBRARY_OPERATORS, LIBRARY_SIGNATURES, LIBRARY_TYPE_NAMES, LIBRARY_TYPES, registerKubernetesMacros } from './library';
import { validateChecked } from './validators';
import { celGoColumn, celGoMessage, isPositionedNode, type PositionedNode } from './messages';
import { ruleFieldProblems } from './rulefields';
import { firstLine } from '../text';

/** The apiserver's per-expression static cost limit (`StaticEstimatedCostLimit`). */
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000;
/** The apiserver's limit on the sum over a whole CRD schema (`StaticEstimatedCRDCostLimit`). */
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000;

export interface CelProblem {
  /** The node the rule is on. */
  path: SchemaStep[];
  /** The rule's index in that node's `x-kubernetes-validations`. */
  index: number;
  rule: ValidationRule;
  /** Which part of the rule is wrong. */
  part: 'rule' | 'message' | 'messageExpression' | 'fieldPath' | 'optionalOldSelf';
  message: string;
  /** A suggestion (a field name) for "did you mean". */
  hint?: string;
}

/** The apiserver's wording of a cost overrun (`getCostErrorMessage`). */
export function costErrorMessage(costName: string, cost: number, limit: number): string {
  const exceed = cost / limit;
  const f = exceed > 100 ? 'more than 100x' : exceed < 1.5 ? `${exceed.toFixed(6)}x` : `${exceed.toFixed(1)}x`;
  return `${costName} exceeds budget by factor of ${f} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}

interface CompiledEnv {
  env: Environment;
  optionalEnv: Environment;
  /** Registered object type name → its declaration, for did-you-mean. */
  objects: Map<string, Extract<DeclType, { kind: 'object' }>>;
  /** The cel-js name of the type of `self`. */
  selfType: string;
}

interface ExpressionResult {
  error?: { message: string; hint?: string };
  type?: string;
  cost: number;
  usesOldSelf: boolean;
}

type CheckResult = ReturnType<Environment['check']> & { ast?: CelAst };

let baseEnv: Environment | undefined;

/** The CRD environment without `self`: options as the apiserver's base environment, plus the Kubernetes libraries. */
function base(): Environment {
  if (baseEnv) return baseEnv;
  // Loaded on first use: an API without CEL rules never pays for the CEL implementation.
  const { Environment: CelEnvironment } = require('@marcbachmann/cel-js') as typeof import('@marcbachmann/cel-js');
  // Literals of mixed types are list(dyn) / map(dyn, dyn) to the checker; cel-go's homogeneous-literal validator
  // (./validators.ts) refuses them afterwards, except inside `format`.
  const env = new CelEnvironment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false });
  const refuse = (): never => {
    throw new Error('kubegen declares the Kubernetes CEL libraries for type checking only');
  };
  for (const t of LIBRARY_TYPES) env.registerType(t, class {});
  for (const t of LIBRARY_TYPES) {
    // `==` brings `!=` with it.
    env.registerOperator(`${t} == ${t}`, refuse);
  }
  for (const sig of LIBRARY_OPERATORS) env.registerOperator(sig, refuse);
  for (const [name, type] of Object.entries(LIBRARY_NAMESPACES)) {
    const Namespace = class {};
    env.registerType(type, Namespace);
    env.registerConstant(name, type, new Namespace());
  }
  for (const sig of LIBRARY_SIGNATURES) {
    try {
      env.registerFunction(sig, refuse);
    } catch (e) {
      // cel-js already has it (its own strings and lists extensions): keep the built-in.
      if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
    }
  }
  // `net.IP`, `net.CIDR`: type names declared as identifiers (a select on a constant map of types to cel-js).
  for (const [namespace, types] of Object.entries(LIBRARY_TYPE_NAMES)) env.registerConstant(namespace, 'map<string, type>', new Map(Object.keys(types).map((t) => [t, t])));
  registerKubernetesMacros(env);
  baseEnv = env;
  return env;
}

/** The cel-js spelling of a declaration type, registering object types on the way. */
function celTypeName(t: DeclType, env: Environment, objects: CompiledEnv['objects'], names: Map<string, string>): string {
  switch (t.kind) {
    case 'scalar':
      return t.cel === 'timestamp' ? 'google.protobuf.Timestamp' : t.cel === 'duration' ? 'google.protobuf.Duration' : t.cel;
    case 'list':
      return `list<${celTypeName(t.elem, env, objects, names)}>`;
    case 'map':
      return `map<string, ${celTypeName(t.elem, env, objects, names)}>`;
    case 'object': {
      const key = shapeKey(t);
      const known = names.get(key);
      if (known) return known;
      const name = `Object${names.size + 1}`;
      names.set(key, name);
      const fields = Object.create(null) as Record<string, string>;
      for (const [f, decl] of t.fields) {
        const fieldType = celTypeName(decl.type, env, objects, names);
        fields[f] = fieldType;
        // Since Kubernetes 1.32 a reserved word is also reachable unescaped (`self.namespace` as `self.__namespace__`).
        const reserved = /^__([a-z]+)__$/.exec(f)?.[1];
        if (reserved !== undefined && CEL_RESERVED.has(reserved) && !t.fields.has(reserved)) fields[reserved] = fieldType;
      }
      env.registerType(name, { fields });
      const refuse = (): never => {
        throw new Error('type checking only');
      };
      env.registerOperator(`${name} == ${name}`, refuse);
      // Schema objects are nullable, as cel-go's struct types are: `self.x == null` type-checks.
      env.registerOperator(`${name} == null`, refuse);
      objects.set(name, t);
      return name;
    }
  }
}

/** Checks the CEL rules of CRD schemas; one instance per run shares compiled environments and verdicts. */
export class CelChecker {
  private readonly envs = new Map<string, CompiledEnv>();
  private readonly verdicts = new Map<string, ExpressionResult>();
  // The schemas checked by one checker share nodes and are not changed after they are checked.
  private readonly declTypes = declTypeMemo();

  /** Every problem the apiserver would report for the rules of this `openAPIV3Schema`. */
  checkSchema(root: JSONSchemaProps): CelProblem[] {
    const out: CelProblem[] = [];
    const total = { cost: 0, worst: undefined as CelProblem | undefined, worstCost: -1 };
    this.walk(root, [], true, 1, undefined, out, total);
    // The apiserver also reports the total; when a single rule is already over its own budget that says nothing new.
    const overBudget = out.some((p) => (p.message.startsWith('estimated rule cost') || p.message.startsWith('estimated messageExpression cost')));
    if (total.cost > STATIC_ESTIMATED_CRD_COST_LIMIT && total.worst && !overBudget) {
      out.push({ ...total.worst, message: costErrorMessage('x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema', total.cost, STATIC_ESTIMATED_CRD_COST_LIMIT) });
    }
    return out;
  }

  /**
   * The estimated cost of one expression on a schema node, before the cardinality multiplier — the apiserver's
   * `CompilationResult.MaxCost` — or the reason it does not compile.
   */
  expressionCost(node: JSONSchemaProps, expression: string, isRoot = false): { cost: number } | { error: string } {
    const decl = schemaDeclType(node, isRoot);
    if (!decl) return { error: 'the node has no CEL type' };
    const key = shapeKey(decl);
    const r = this.expression(this.environment(key, decl), key, decl, expression, false, 'rule');
    return r.error ? { error: r.error.message } : { cost: r.cost };
  }

  private walk(
    s: JSONSchemaProps,
    path: SchemaStep[],
    isRoot: boolean,
    cardinality: number | undefined,
    uncorrelatable: SchemaStep[] | undefined,
    out: CelProblem[],
    total: { cost: number; worst: CelProblem | undefined; worstCost: number },
  ): void {
    const rules = s['x-kubernetes-validations'] ?? [];
    if (rules.length > 0) {
      const decl = schemaDeclType(s, isRoot || s['x-kubernetes-embedded-resource'] === true, this.declTypes);
      if (decl) this.checkNode(s, decl, path, cardinality, uncorrelatable, out, total);
    }
    // extractMaxElements: how often each child occurs per occurrence of this node.
    const perParent = s.type === 'array' ? s.maxItems : s.type === 'object' && s.additionalProperties !== undefined ? s.maxProperties : 1;
    const childCardinality = cardinality === undefined || perParent === undefined ? undefined : Math.min(cardinality * Math.max(0, Number(perParent)), MAX_UINT64);
    const props = s.properties ?? {};
    const mapUncorrelatable = uncorrelatable ?? (s['x-kubernetes-map-type'] === 'atomic' ? path : undefined);
    for (const [name, prop] of Object.entries(props)) {
      this.walk(prop, [...path, { property: name }], false, childCardinality, mapUncorrelatable, out, total);
    }
    if (s.items) {
      const listUncorrelatable = uncorrelatable ?? (s['x-kubernetes-list-type'] !== 'map' ? path : undefined);
      this.walk(s.items, [...path, '[]'], false, childCardinality, listUncorrelatable, out, total);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      this.walk(s.additionalProperties, [...path, '{}'], false, childCardinality, mapUncorrelatable, out, total);
    }
  }

  private checkNode(
    s: JSONSchemaProps,
    decl: DeclType,
    path: SchemaStep[],
    cardinality: number | undefined,
    uncorrelatable: SchemaStep[] | undefined,
    out: CelProblem[],
    total: { cost: number; worst: CelProblem | undefined; worstCost: number },
  ): void {
    const key = shapeKey(decl);
    const compiled = this.environment(key, decl);
    const rules = s['x-kubernetes-validations'] ?? [];
    rules.forEach((rule, index) => {
      const problem = (part: CelProblem['part'], message: string, hint?: string) => out.push({ path, index, rule, part, message, hint });
      for (const f of ruleFieldProblems(rule, s)) problem(f.part, f.message);
      if (rule.rule.trim() === '') return;
      const optional = rule.optionalOldSelf === true;
      const r = this.expression(compiled, key, decl, rule.rule, optional, 'rule');
      // Like compileRule, a rule that does not compile to a bool is not costed.
      const costed = r.error === undefined && r.type === 'bool' ? r.cost : 0;
      const cost = costed === 0 ? 0 : Math.min(costed * (cardinality ?? maxCardinality(decl.minSerializedSize)), MAX_UINT64);
      if (cost > STATIC_ESTIMATED_COST_LIMIT) problem('rule', costErrorMessage('estimated rule cost', cost, STATIC_ESTIMATED_COST_LIMIT));
      total.cost = Math.min(total.cost + cost, MAX_UINT64);
      if (cost > total.worstCost) {
        total.worstCost = cost;
        total.worst = { path, index, rule, part: 'rule', message: '' };
      }
      if (r.error) {
        problem('rule', r.error.message, r.error.hint);
        return;
      }
      if (r.type !== 'bool') {
        problem('rule', `cel expression must evaluate to a bool, not ${r.type}`);
        return;
      }
      if (rule.messageExpression !== undefined && rule.messageExpression.trim() !== '') {
        const m = this.expression(compiled, key, decl, rule.messageExpression, optional, 'messageExpression');
        if (m.error) problem('messageExpression', m.error.message, m.error.hint);
        else if (m.type !== 'string') problem('messageExpression', `messageExpression must evaluate to a string, not ${m.type}`);
        else {
          if (m.cost > STATIC_ESTIMATED_COST_LIMIT) problem('messageExpression', costErrorMessage('estimated messageExpression cost', m.cost, STATIC_ESTIMATED_COST_LIMIT));
          total.cost = Math.min(total.cost + m.cost, MAX_UINT64);
        }
      }
      if (r.usesOldSelf) {
        if (uncorrelatable) {
          const where = uncorrelatable.length === 0 ? 'the root' : uncorrelatable.map((st) => (st === '[]' ? '[*]' : st === '{}' ? '{*}' : `.${st.property}`)).join('');
          problem('rule', `oldSelf cannot be used on the uncorrelatable portion of the schema within ${where} (items of a list that is not x-kubernetes-list-type=map, or of an atomic map)`);
        }
      } else if (rule.optionalOldSelf !== undefined) {
        problem('optionalOldSelf', 'optionalOldSelf may not be set if oldSelf is not used in rule');
      }
    });
  }

  private environment(key: string, decl: DeclType): CompiledEnv {
    const cached = this.envs.get(key);
    if (cached) return cached;
    const objects: CompiledEnv['objects'] = new Map();
    const names = new Map<string, string>();
    const shared = base().clone();
    const selfType = celTypeName(decl, shared, objects, names);
    const env = shared.clone().registerVariable('self', selfType).registerVariable('oldSelf', selfType);
    const optionalEnv = shared.clone().registerVariable('self', selfType).registerVariable('oldSelf', `optional<${selfType}>`);
    // each environment parses with a parser of its own
    installOptionalAggregates(env);
    installOptionalAggregates(optionalEnv);
    // cel-go's timestamp operators (`duration + timestamp` is a timestamp), in each environment's own candidates
    for (const e of [env, optionalEnv]) installTimestampOperators(e, (e.evaluate("duration('0s')") as object).constructor as DurationConstructor);
    const compiled = { env, optionalEnv, objects, selfType };
    this.envs.set(key, compiled);
    return compiled;
  }

  private expression(c: CompiledEnv, key: string, decl: DeclType, text: string, optional: boolean, what: 'rule' | 'messageExpression'): ExpressionResult {
    const cacheKey = `${key}\u0000${optional ? 1 : 0}\u0000${what}\u0000${text}`;
    const cached = this.verdicts.get(cacheKey);
    if (cached) return cached;
    const env = optional ? c.optionalEnv : c.env;
    let result: ExpressionResult;
    let parsed: { ast: CelAst; check(): CheckResult } | undefined;
    try {
      parsed = env.parse(text);
      installPresenceTests(parsed.ast);
    } catch (e) {
      result = { error: { message: `${what} does not parse: ${summary(e)}${column(e, text)}` }, cost: 0, usesOldSelf: false };
      this.verdicts.set(cacheKey, result);
      return result;
    }
    // a checker that throws is reported like a failed check
    let checked: CheckResult | { valid: false; error: unknown; type?: undefined };
    try {
      checked = parsed.check();
    } catch (e) {
      checked = { valid: false, error: e };
    }
    const unknown = checked.valid ? unknownTestedField(c, parsed.ast, text) : undefined;
    const foreign = checked.valid ? (notInKubernetes(parsed.ast) ?? undeclaredTypeNamespace(parsed.ast)) : undefined;
    const invalid = checked.valid && !foreign && !unknown && isPositionedNode(parsed.ast) ? validateChecked(parsed.ast) : undefined;
    if (!checked.valid) {
      result = { error: this.describe(c, env, checked.error, what, text), cost: 0, usesOldSelf: false };
    } else if (foreign) {
      result = { error: { message: `${what} does not compile: ${foreign}` }, cost: 0, usesOldSelf: false };
    } else if (invalid) {
      const at = invalid.node ? ` (column ${celGoColumn(text, invalid.node)})` : '';
      result = { error: { message: `${what} does not compile: ${invalid.message}${at}` }, cost: 0, usesOldSelf: false };
    } else if (unknown) {
      const fields = [...unknown.object.fields.keys()].sort();
      result = {
        error: { message: `${what} does not compile: undefined field '${unknown.field}' (column ${unknown.column})${fields.length > 0 ? `; the fields are ${fields.join(', ')}` : ''}`, hint: didYouMean(unknown.field, fields) },
        cost: 0,
        usesOldSelf: false,
      };
    } else {
      const type = String(checked.type);
      const cost = new CostEstimator(decl).estimate(parsed.ast).max;
      result = { type, cost, usesOldSelf: mentions(parsed.ast, 'oldSelf') };
    }
    this.verdicts.set(cacheKey, result);
    return result;
  }

  /** A type error in words, with a did-you-mean for an unknown field of a schema object. */
  private describe(c: CompiledEnv, env: Environment, error: unknown, what: string, expression: string): { message: string; hint?: string } {
    const text = summary(error);
    const at = column(error, expression);
    const unknownField = /^No such key: (.*)$/.exec(text)?.[1];
    if (unknownField !== undefined) {
      const node = (error as { node?: CelAst }).node;
      const operand = node && Array.isArray(node.args) ? (node.args[0] as CelAst | undefined) : undefined;
      const object = operand ? objectOf(c, operand) : undefined;
      const fields = object ? [...object.fields.keys()] : [];
      const hint = didYouMean(unknownField, fields);
      const known = fields.length > 0 ? `; the fields are ${fields.sort().join(', ')}` : '';
      return { message: `${what} does not compile: undefined field '${unknownField}'${at}${known}`, hint };
    }
    const node = errorNode(error);
    return { message: `${what} does not compile: ${celGoMessage(text, node, (name) => declaredFunctions(env).has(name))}${at}` };
  }
}

function summary(e: unknown): string {
  if (e && typeof e === 'object') {
    const s = (e as { summary?: unknown }).summary;
    if (typeof s === 'string') return s;
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string') return firstLine(m);
  }
  return String(e);
}

/** The node a cel-js error (or a kubegen macro's) is at. */
function errorNode(e: unknown): PositionedNode | undefined {
  if (!e || typeof e !== 'object' || !('node' in e)) return undefined;
  const node: unknown = e.node;
  return isPositionedNode(node) ? node : undefined;
}

/** Where an error is, as cel-go's column of its node (the apiserver's `<input>:1:N`), else from cel-js' range. */
function column(e: unknown, expression: string): string {
  const location: unknown = e && typeof e === 'object' && 'location' in e ? e.location : undefined;
  const node = isPositionedNode(location) ? location : errorNode(e);
  if (node) return ` (column ${celGoColumn(expression, node)})`;
  const range = e && typeof e === 'object' ? (e as { range?: { start?: number } }).range : undefined;
  return range && typeof range.start === 'number' ? ` (column ${range.start + 1})` : '';
}

const declared = new WeakMap<Environment, Set<string>>();

/** The names of the functions an environment declares (any receiver, any arity). */
function declaredFunctions(env: Environment): Set<string> {
  let names = declared.get(env);
  if (!names) {
    names = new Set(env.getDefinitions().functions.map((f) => f.name));
    declared.set(env, names);
  }
  return names;
}

/**
 * A field selected optionally (`x.?f`) that the object type of `x` does not declare: cel-go refuses it at check
 * time, cel-js only at run time. (A field tested with `has(x.f)` is checked by kubegen's presence test.)
 */
function unknownTestedField(c: CompiledEnv, ast: CelAst, text: string): { field: string; column: number; object: Extract<DeclType, { kind: 'object' }> } | undefined {
  for (const node of celNodes(ast)) {
    const select: (CelAst & { start?: number }) | undefined = node.op === '.?' ? node : undefined;
    if (select && Array.isArray(select.args)) {
      const [operand, field] = select.args as [CelAst, string];
      const object = objectOf(c, operand);
      if (object && typeof field === 'string' && !object.fields.has(field)) return { field, column: celGoColumn(text, select), object };
    }
  }
  return undefined;
}

/** cel-js built-ins the apiserver's CRD environment does not have (it has no `cel.bind`, no bytes helpers). */
const CEL_JS_ONLY_BYTES_METHODS = new Set(['at', 'hex', 'json', 'string']);

function notInKubernetes(ast: CelAst): string | undefined {
  for (const node of celNodes(ast)) {
    if (node.op === 'id' && node.args === 'cel') return `undeclared reference to 'cel' (in container '') (column ${(node.start ?? 0) + 1}): the CRD environment has no cel.bind`;
    if (node.op === 'rcall' && Array.isArray(node.args)) {
      // the node of an error: its arguments are read as possibly missing
      const [name, target] = node.args as [string, CelAst | undefined];
      if (CEL_JS_ONLY_BYTES_METHODS.has(name) && target?.checkedType?.name === 'bytes') return `found no matching overload for '${name}' applied to bytes (column ${(node.start ?? 0) + 1})`;
    }
  }
  return undefined;
}

/**
 * A namespace of declared type names (`net`) used other than as `net.IP` / `net.CIDR`: cel-go declares only the
 * qualified names, so the bare identifier is undeclared.
 */
function undeclaredTypeNamespace(ast: CelAst): string | undefined {
  const qualified = new Set<CelAst>();
  const ids: Array<CelAst & { start?: number }> = [];
  for (const node of celNodes(ast)) {
    if (node.op === '.' && Array.isArray(node.args)) {
      const [operand, field] = node.args as [CelAst, unknown];
      const names = operand.op === 'id' && typeof operand.args === 'string' ? LIBRARY_TYPE_NAMES[operand.args] : undefined;
      if (names && typeof field === 'string' && Object.hasOwn(names, field)) qualified.add(operand);
    }
    if (node.op === 'id' && typeof node.args === 'string' && Object.hasOwn(LIBRARY_TYPE_NAMES, node.args)) ids.push(node);
  }
  const bare = ids.find((n) => !qualified.has(n));
  return bare ? `undeclared reference to '${String(bare.args)}' (in container '') (column ${(bare.start ?? 0) + 1})` : undefined;
}

/** The schema object type of an expression: from the checker, or by following selects from `self`. */
function objectOf(c: CompiledEnv, n: CelAst): Extract<DeclType, { kind: 'object' }> | undefined {
  const named = n.checkedType?.name;
  if (named) return c.objects.get(named);
  if (n.op === 'id' && (n.args === 'self' || n.args === 'oldSelf')) return c.objects.get(c.selfType);
  if (n.op === '.' && Array.isArray(n.args)) {
    const [operand, field] = n.args as [CelAst, string];
    const t = objectOf(c, operand)?.fields.get(field)?.type;
    return t?.kind === 'object' ? t : undefined;
  }
  return undefined;
}

/** Whether an identifier occurs in the AST (a reference to `oldSelf` makes a transition rule). */
function mentions(ast: CelAst, name: string): boolean {
  for (const node of celNodes(ast)) if (node.op === 'id' && node.args === name) return true;
  return false;
}

/** Every node of a cel-js AST (an object with an `op`), depth first; its `args` are walked after it is visited. */
function* celNodes(ast: CelAst): Generator<CelAst & { start?: number }> {
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (const x of n) stack.push(x);
      continue;
    }
    if (!n || typeof n !== 'object' || !('op' in n)) continue;
    const node = n as CelAst & { start?: number };
    yield node;
    stack.push(node.args);
  }
}

/** Problems of a whole schema, with a fresh checker (tests and one-off callers). */
export function checkCelRules(root: JSONSchemaProps): CelProblem[] {
  return new CelChecker().checkSchema(root);
}
