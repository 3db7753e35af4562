/**
 * cel-go's optional list elements and map entries — `[a, ?b, c]` (the element `b`, an optional, is in the list only
 * when it has a value) and `{?k: v}` (the entry only when the optional `v` has one) — as a grammar extension of the
 * parser of a @marcbachmann/cel-js environment (cel-go `parser/parser.go` `VisitListInit` / `VisitMapInitializerList`,
 * checker `checkCreateList` / `checkCreateMap`, interpreter `evalList` / `evalMap` with `OptionalIndices`).
 *
 * cel-js 8 parses `?.` and `[?` (optional selection and index) but not optional elements: its `parseList` and
 * `parseMap` read each element with `parseExpression`, which refuses a leading `?`. Its parser is not pluggable, but
 * each environment owns one `Parser` instance whose `parseList` / `parseMap` are ordinary methods; kubegen gives that
 * instance (never the shared class) its own two methods, with cel-go's grammar:
 *
 *     ListInit   = '[' [ OptElement { ',' OptElement } [ ',' ] ] ']'      OptElement = [ '?' ] Expr
 *     MapInit    = '{' [ OptEntry { ',' OptEntry } [ ',' ] ] '}'          OptEntry   = [ '?' ] Expr ':' Expr
 *
 * written with the parser's public methods (`consume`, `match`, `parseExpression`) and its limits (`maxListElements`,
 * `maxMapEntries`, `maxAstNodes`). The instance is reached through cel-js' public macro API: a macro's handler is
 * given the parser that expands it. A literal without optional elements is the node cel-js builds (its own list /
 * map operator, taken from a parsed `[]` / `{}`); one with optional elements is the same node with
 * `optionalIndices` (the positions of the optional elements or entries, as cel-go's AST records them) and kubegen's
 * check and evaluation. Walkers of the AST (cost, validators) see the usual `list` / `map` node.
 *
 * {@link installOptionalAggregates} must be called on every environment that parses (a clone has a parser of its own).
 */
import type { Environment } from '@marcbachmann/cel-js';

/** cel-go's spelling of a type in a checker message (`list(string)`). */
function celGoTypeName(t: string): string {
  return t.replace(/</g, '(').replace(/>/g, ')');
}

/** A node of a parsed expression, as this module builds and reads it. */
interface Node {
  op: string;
  args: unknown;
  start: number;
  end: number;
  pos: number;
  optionalIndices?: number[];
  check(chk: Checker, ast: Node, ctx: unknown): CelType;
  evaluate(ev: Evaluator, ast: Node, ctx: unknown): unknown;
}

/** cel-js' `ASTNode` constructor: (input, pos, start, end, operator, args). */
type NodeClass = new (input: string, pos: number, start: number, end: number, op: Operator, args: unknown) => Node;

/** An operator as cel-js' `ASTNode` takes it. */
interface Operator {
  name: string;
  check(chk: Checker, ast: Node, ctx: unknown): CelType;
  evaluate(ev: Evaluator, ast: Node, ctx: unknown): unknown;
}

interface CelType {
  name: string;
  kind: string;
  valueType?: CelType;
  unify(registry: Checker['registry'], other: CelType): CelType | undefined;
}

interface Checker {
  check(n: Node, ctx: unknown): CelType;
  registry: { getListType(t: CelType): CelType; getMapType(k: CelType, v: CelType): CelType };
  getType(name: string): CelType;
  createError(code: string, message: string, n: Node): Error;
  formatType(t: CelType): string;
  dynType: CelType;
}

interface Evaluator {
  run(n: Node, ctx: unknown): unknown;
  createError(code: string, message: string, n: Node): Error;
}

/** The parts of cel-js' `Parser` the grammar extension uses (all public). */
interface Parser {
  input: string;
  pos: number;
  limits: { maxListElements: number; maxMapEntries: number };
  astNodesRemaining: number;
  registry: { enableOptionalTypes?: boolean };
  lexer: { pos: number; reset(input: string): string; nextToken(): { tokenType: number } };
  consume(type: number): number;
  match(type: number): boolean;
  parseExpression(): Node;
  parseList(): Node;
  parseMap(): Node;
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && 'op' in v && 'args' in v && 'check' in v && typeof v.check === 'function' && 'evaluate' in v && typeof v.evaluate === 'function';
}

function isNodeClass(v: unknown): v is NodeClass {
  return typeof v === 'function';
}

function isParser(v: unknown): v is Parser {
  return typeof v === 'object' && v !== null && 'parseList' in v && 'parseMap' in v && 'parseExpression' in v && 'consume' in v && 'match' in v && 'lexer' in v;
}

interface OptionalValue {
  hasValue(): boolean;
  value(): unknown;
}

function isOptionalValue(v: unknown): v is OptionalValue {
  return typeof v === 'object' && v !== null && 'hasValue' in v && typeof v.hasValue === 'function' && 'value' in v && typeof v.value === 'function';
}

/** The reserved name of the macro whose expansion hands kubegen the environment's parser. */
const PARSER_PROBE = '__kubegen_parser';

/** What the install reads from cel-js once: its node class, its list and map operators, its token numbers. */
interface CelParts {
  Node: NodeClass;
  listOp: Operator;
  mapOp: Operator;
  tokens: { LBRACKET: number; RBRACKET: number; LBRACE: number; RBRACE: number; COMMA: number; COLON: number; QUESTION: number };
}

/** The parsers already extended. */
const extended = new WeakSet<object>();

/** The operator of a parsed node, delegated to the node (cel-js' `ASTNode.check` / `evaluate` run its operator's). */
function operatorOf(template: Node): Operator {
  return {
    name: template.op,
    check: (chk, ast, ctx) => template.check(chk, ast, ctx),
    evaluate: (ev, ast, ctx) => template.evaluate(ev, ast, ctx),
  };
}

/**
 * What the probe macro last saw. A module slot, not a closure: a clone inherits the handler registered on the
 * environment it was cloned from, and parsing is synchronous.
 */
let probed: { parser: Parser; node: Node } | undefined;

/** What the probe macro saw since the last call, and forgets it. */
function takeProbed(): { parser: Parser; node: Node } | undefined {
  const p = probed;
  probed = undefined;
  return p;
}

/** The parser of an environment, through the probe macro (registered on first use; a clone inherits it). */
function parserOf(env: Environment): { parser: Parser; node: Node } {
  try {
    env.registerFunction(`${PARSER_PROBE}(ast): bool`, ({ parser, ast }: { parser: unknown; ast: unknown }) => {
      if (isParser(parser) && isNode(ast)) probed = { parser, node: ast };
      const never = (): never => {
        throw new Error(`kubegen: ${PARSER_PROBE}() is not an expression`);
      };
      return { typeCheck: never, evaluate: never };
    });
  } catch (e) {
    // registered on the environment this one was cloned from
    if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
  }
  takeProbed();
  env.parse(`${PARSER_PROBE}(0)`);
  const found = takeProbed();
  if (!found) throw new Error("kubegen: cel-js' macro API did not hand over the parser: cannot extend its grammar");
  return found;
}

/** The token numbers of cel-js' lexer, read by lexing the tokens themselves (between two parses). */
function tokenNumbers(parser: Parser): CelParts['tokens'] {
  const lexer = parser.lexer;
  lexer.reset('[ ] { } , : ?');
  const [LBRACKET, RBRACKET, LBRACE, RBRACE, COMMA, COLON, QUESTION] = Array.from({ length: 7 }, () => lexer.nextToken().tokenType);
  const all = [LBRACKET, RBRACKET, LBRACE, RBRACE, COMMA, COLON, QUESTION];
  if (all.some((t) => typeof t !== 'number') || new Set(all).size !== all.length) throw new Error("kubegen: cel-js' lexer does not tell its tokens apart: cannot extend its grammar");
  return { LBRACKET: Number(LBRACKET), RBRACKET: Number(RBRACKET), LBRACE: Number(LBRACE), RBRACE: Number(RBRACE), COMMA: Number(COMMA), COLON: Number(COLON), QUESTION: Number(QUESTION) };
}

/** cel-go's type mismatch of an optional element that is not an optional. */
function notOptional(chk: Checker, node: Node, t: CelType): Error {
  const name = celGoTypeName(chk.formatType(t));
  return chk.createError('type_mismatch', `expected type 'optional_type(${name})' but found '${name}'`, node);
}

/** The type an optional element contributes: the type inside its optional. */
function unwrap(chk: Checker, node: Node, t: CelType): CelType {
  if (t.kind === 'optional') return t.valueType ?? chk.dynType;
  if (t.kind === 'dyn') return t;
  throw notOptional(chk, node, t);
}

/** The join of two element types as cel-js joins the elements of a literal (dyn when they do not unify). */
function join(chk: Checker, a: CelType | undefined, b: CelType): CelType {
  return a === undefined ? b : (a.unify(chk.registry, b) ?? chk.dynType);
}

/** The list operator for a literal with optional elements. */
const optionalListOp: Operator = {
  name: 'list',
  check(chk, ast, ctx) {
    const optional = new Set(ast.optionalIndices);
    let elem: CelType | undefined;
    (ast.args as Node[]).forEach((e, i) => {
      const t = chk.check(e, ctx);
      elem = join(chk, elem, optional.has(i) ? unwrap(chk, e, t) : t);
    });
    return chk.registry.getListType(elem ?? chk.dynType);
  },
  evaluate(ev, ast, ctx) {
    const optional = new Set(ast.optionalIndices);
    const out: unknown[] = [];
    (ast.args as Node[]).forEach((e, i) => {
      const v = ev.run(e, ctx);
      if (!optional.has(i)) out.push(v);
      else if (!isOptionalValue(v)) throw ev.createError('no_such_overload', 'no such overload', e);
      else if (v.hasValue()) out.push(v.value());
    });
    return out;
  },
};

/** cel-js' map literal value: a plain object of the entries, keys cel-js never writes left out. */
function mapValue(entries: ReadonlyArray<readonly [unknown, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    const key = String(k);
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = v;
  }
  return out;
}

/** The map operator for a literal with optional entries. */
const optionalMapOp: Operator = {
  name: 'map',
  check(chk, ast, ctx) {
    const optional = new Set(ast.optionalIndices);
    let key: CelType | undefined;
    let value: CelType | undefined;
    (ast.args as Array<[Node, Node]>).forEach(([k, v], i) => {
      key = join(chk, key, chk.check(k, ctx));
      const t = chk.check(v, ctx);
      value = join(chk, value, optional.has(i) ? unwrap(chk, v, t) : t);
    });
    return chk.registry.getMapType(key ?? chk.dynType, value ?? chk.dynType);
  },
  evaluate(ev, ast, ctx) {
    const optional = new Set(ast.optionalIndices);
    const entries: Array<[unknown, unknown]> = [];
    (ast.args as Array<[Node, Node]>).forEach(([k, v], i) => {
      const key = ev.run(k, ctx);
      const value = ev.run(v, ctx);
      if (!optional.has(i)) entries.push([key, value]);
      else if (!isOptionalValue(value)) throw ev.createError('no_such_overload', 'no such overload', v);
      else if (value.hasValue()) entries.push([key, value.value()]);
    });
    return mapValue(entries);
  },
};

/** The grammar of optional elements and entries, as methods of one parser instance (see the module comment). */
function extend(parser: Parser, parts: CelParts): void {
  const { Node, listOp, mapOp, tokens: T } = parts;
  const node = (start: number, end: number, op: Operator, args: unknown, optionalIndices: number[]): Node => {
    if (parser.astNodesRemaining-- <= 0) throw new Error(`Exceeded maxAstNodes at position ${String(start)}`);
    const n = new Node(parser.input, start, start, end, optionalIndices.length > 0 ? op === listOp ? optionalListOp : optionalMapOp : op, args);
    if (optionalIndices.length > 0) n.optionalIndices = optionalIndices;
    return n;
  };
  /** `'?'`, when optional elements are enabled; whether it was there. */
  const optionalMark = (): boolean => {
    if (!parser.registry.enableOptionalTypes || !parser.match(T.QUESTION)) return false;
    parser.consume(T.QUESTION);
    return true;
  };
  /** The comma-separated items up to `close` (a trailing comma allowed), each read by `item`. */
  const items = <I>(close: number, limit: number, what: string, item: () => I): { list: I[]; optional: number[] } => {
    const list: I[] = [];
    const optional: number[] = [];
    if (parser.match(close)) return { list, optional };
    for (;;) {
      if (list.length >= limit) throw new Error(`Exceeded ${what} (${String(limit)}) at position ${String(parser.pos)}`);
      if (optionalMark()) optional.push(list.length);
      list.push(item());
      if (!parser.match(T.COMMA)) break;
      parser.consume(T.COMMA);
      if (parser.match(close)) break;
    }
    return { list, optional };
  };
  Object.defineProperty(parser, 'parseList', {
    configurable: true,
    value: function parseList(): Node {
      const start = parser.consume(T.LBRACKET);
      const { list, optional } = items(T.RBRACKET, parser.limits.maxListElements, 'maxListElements', () => parser.parseExpression());
      const end = parser.lexer.pos;
      parser.consume(T.RBRACKET);
      return node(start, end, listOp, list, optional);
    },
  });
  Object.defineProperty(parser, 'parseMap', {
    configurable: true,
    value: function parseMap(): Node {
      const start = parser.consume(T.LBRACE);
      const { list, optional } = items(T.RBRACE, parser.limits.maxMapEntries, 'maxMapEntries', (): [Node, Node] => {
        const k = parser.parseExpression();
        parser.consume(T.COLON);
        return [k, parser.parseExpression()];
      });
      const end = parser.lexer.pos;
      parser.consume(T.RBRACE);
      return node(start, end, mapOp, list, optional);
    },
  });
}

let celParts: CelParts | undefined;

/**
 * Teaches the parser of `env` cel-go's optional list elements and map entries (see the module comment). Idempotent;
 * call it on each environment that parses, clones included.
 */
export function installOptionalAggregates(env: Environment): void {
  const { parser, node } = parserOf(env);
  if (extended.has(parser)) return;
  if (!celParts) {
    const list: unknown = env.parse('[]').ast;
    const map: unknown = env.parse('{}').ast;
    const NodeClass: unknown = node.constructor;
    if (!isNode(list) || !isNode(map) || list.op !== 'list' || map.op !== 'map' || !isNodeClass(NodeClass)) throw new Error("kubegen: cel-js' list and map literals are not what kubegen extends");
    celParts = { Node: NodeClass, listOp: operatorOf(list), mapOp: operatorOf(map), tokens: tokenNumbers(parser) };
  }
  extend(parser, celParts);
  extended.add(parser);
}
