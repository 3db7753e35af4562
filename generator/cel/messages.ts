/**
 * cel-go's wording and positions for the checker errors cel-js words its own way, so that kubegen's message for a
 * rule that does not compile is the one the apiserver quotes (`compilation failed: ERROR: <input>:1:N: <message>`):
 *
 * - `Unknown variable: x` → `undeclared reference to 'x' (in container '')`; a call of a function the environment
 *   does not declare at all → the same, naming the function;
 * - `found no matching overload for 'string.reverse()'` → `found no matching overload for 'reverse' applied to
 *   'string.()'` (`size(int)` → `'size' applied to '(int)'`); `no such overload: int == double` → `found no
 *   matching overload for '_==_' applied to '(int, double)'`;
 * - `List elements must have the same type, expected type 'A' but found 'B'` → `expected type 'A' but found 'B'`;
 * - types spelled as cel-go spells them (`list(string)`, `kubernetes.Quantity`, `net.IP`).
 *
 * Positions (cel-go `common.Location`, 1-based columns): a call at its `(`, a selection at its `.`, an index at
 * its `[`, a binary operator at the operator, a ternary at its `?`, anything else at its first character. cel-js
 * records where a node starts and ends; the operator between is found in the text.
 */

/** A node of a parsed cel-js expression, as far as positions and messages read it. */
export interface PositionedNode {
  op: string;
  args: unknown;
  start?: number;
  end?: number;
  pos?: number;
  checkedType?: { name?: string } | undefined;
}

/** The Kubernetes library types by cel-go's names (`kubernetes.Quantity`, `net.IP`). */
const CEL_GO_TYPE_NAMES: Record<string, string> = {
  Quantity: 'kubernetes.Quantity',
  URL: 'kubernetes.URL',
  Semver: 'kubernetes.Semver',
  NamedFormat: 'kubernetes.NamedFormat',
  IP: 'net.IP',
  CIDR: 'net.CIDR',
};

/** A cel-js type name as cel-go prints it. */
export function celGoType(t: string): string {
  return t
    .replace(/\b(Quantity|URL|Semver|NamedFormat|IP|CIDR)\b/g, (n) => CEL_GO_TYPE_NAMES[n] ?? n)
    .replace(/\boptional</g, 'optional_type<')
    .replace(/</g, '(')
    .replace(/>/g, ')');
}

/** cel-go's names of the operators cel-js reports as `no such overload: <left> <op> <right>`. */
const BINARY: Record<string, string> = {
  '==': '_==_',
  '!=': '_!=_',
  '<': '_<_',
  '<=': '_<=_',
  '>': '_>_',
  '>=': '_>=_',
  '+': '_+_',
  '-': '_-_',
  '*': '_*_',
  '/': '_/_',
  '%': '_%_',
  in: '@in',
};
const UNARY: Record<string, string> = { '-': '-_', '!': '!_' };

/** Whether a value is a node of a parsed expression. */
export function isPositionedNode(v: unknown): v is PositionedNode {
  return typeof v === 'object' && v !== null && 'op' in v && 'args' in v;
}

/** The checked type of an operand node, as cel-go names it. */
function operandType(n: unknown): string | undefined {
  return isPositionedNode(n) && n.checkedType?.name ? celGoType(n.checkedType.name) : undefined;
}

/**
 * cel-go's message for a cel-js checker message at `node`; `declared(name)` tells whether the environment declares one
 * overload of a function (else the reference is undeclared). Messages cel-js words as cel-go does come back as they are.
 */
export function celGoMessage(summary: string, node: PositionedNode | undefined, declared: (name: string) => boolean): string {
  const unknownVariable = /^Unknown variable: (\S+)$/.exec(summary);
  if (unknownVariable) return `undeclared reference to '${unknownVariable[1]}' (in container '')`;
  const list = /^List elements must have the same type, (expected type '.*' but found '.*')$/.exec(summary);
  if (list?.[1] !== undefined) return celGoType(list[1]);
  const call = /^found no matching overload for '(?:([^']+)\.)?([A-Za-z_][A-Za-z0-9_]*)\(([^']*)\)'$/.exec(summary);
  if (call) {
    const [, receiver, name = '', params = ''] = call;
    if (!declared(name)) return `undeclared reference to '${name}' (in container '')`;
    const nodeArgs = node && Array.isArray(node.args) ? (node.args as unknown[]) : [];
    // rcall: [name, receiver, args]; call: [name, args] — the checked operand types, else the message's
    const receiverNode = receiver !== undefined ? nodeArgs[1] : undefined;
    const argNodes: unknown = receiver !== undefined ? nodeArgs[2] : nodeArgs[1];
    const argTypes = Array.isArray(argNodes) ? argNodes.map(operandType) : [];
    const args = argTypes.length > 0 && argTypes.every((t) => t !== undefined) ? argTypes.join(', ') : celGoType(params);
    return receiver !== undefined
      ? `found no matching overload for '${name}' applied to '${operandType(receiverNode) ?? celGoType(receiver)}.(${args})'`
      : `found no matching overload for '${name}' applied to '(${args})'`;
  }
  const binary = /^no such overload: (\S+(?:<.*>)?) (==|!=|<=|>=|<|>|\+|-|\*|\/|%|in) (\S+(?:<.*>)?)$/.exec(summary);
  if (binary) {
    const [, left = '', op = '', right = ''] = binary;
    return `found no matching overload for '${BINARY[op] ?? op}' applied to '(${celGoType(left)}, ${celGoType(right)})'`;
  }
  const unary = /^no such overload: (-|!)(\S+)$/.exec(summary);
  if (unary) {
    const [, op = '', operand = ''] = unary;
    return `found no matching overload for '${UNARY[op] ?? op}' applied to '(${celGoType(operand)})'`;
  }
  return summary;
}

/** The first index at or after `i` that is not white space or a closing parenthesis of the operand before it. */
function skipToOperator(text: string, i: number): number {
  let j = i;
  while (j < text.length && /[\s)]/.test(text.charAt(j))) j++;
  return j;
}

/** cel-go's 1-based column of a node of `text` (see the module comment). */
export function celGoColumn(text: string, node: PositionedNode): number {
  const start = node.start ?? 0;
  const args = Array.isArray(node.args) ? (node.args as unknown[]) : [];
  switch (node.op) {
    case 'rcall':
    case 'call': {
      // the `(` after the function name: after the receiver's end (`.name`), or after the name itself
      const receiver = node.op === 'rcall' ? args[1] : undefined;
      const from = isPositionedNode(receiver) && receiver.end !== undefined ? receiver.end : start;
      const paren = text.indexOf('(', from);
      return paren < 0 ? start + 1 : paren + 1;
    }
    case '.':
    case '.?': {
      // cel-js' `pos` is the field's first character; cel-go's location is the `.` before it
      const at = node.pos ?? start;
      const dot = text.lastIndexOf('.', at);
      return dot < 0 ? at + 1 : dot + 1;
    }
    case '[]':
    case '[?]': {
      const operand = args[0];
      if (!isPositionedNode(operand) || operand.end === undefined) return start + 1;
      return skipToOperator(text, operand.end) + 1;
    }
    case '?:': {
      const condition = args[0];
      if (!isPositionedNode(condition) || condition.end === undefined) return start + 1;
      return skipToOperator(text, condition.end) + 1;
    }
    default: {
      const left = args[0];
      if (args.length === 2 && Object.hasOwn(BINARY, node.op) && isPositionedNode(left) && left.end !== undefined) return skipToOperator(text, left.end) + 1;
      if ((node.op === '&&' || node.op === '||') && isPositionedNode(left) && left.end !== undefined) return skipToOperator(text, left.end) + 1;
      return start + 1;
    }
  }
}
