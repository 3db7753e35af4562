/**
 * The apiserver's checks of an `x-kubernetes-validations` entry's other fields (apiextensions `validation.go`):
 * a rule that is blank, a message or messageExpression that is blank or multi-line, a multi-line rule without a
 * message, and a `fieldPath` that does not lead to a property of the node (`ValidFieldPath`). Pure.
 */
import type { JSONSchemaProps, ValidationRule } from '../core/schema';

export interface RuleFieldProblem {
  part: 'rule' | 'message' | 'messageExpression' | 'fieldPath';
  message: string;
}

const hasNewlines = (s: string) => /[\n\r]/.test(s);

/** Problems of one rule entry apart from its CEL. */
export function ruleFieldProblems(rule: ValidationRule, node: JSONSchemaProps): RuleFieldProblem[] {
  const out: RuleFieldProblem[] = [];
  const trimmedRule = rule.rule.trim();
  const trimmedMsg = (rule.message ?? '').trim();
  if (trimmedRule === '') out.push({ part: 'rule', message: 'rule is not specified' });
  else if ((rule.message ?? '').length > 0 && trimmedMsg === '') out.push({ part: 'message', message: 'message must be non-empty if specified' });
  else if (hasNewlines(trimmedMsg)) out.push({ part: 'message', message: 'message must not contain line breaks' });
  else if (hasNewlines(trimmedRule) && trimmedMsg === '') out.push({ part: 'message', message: 'message must be specified if rule contains line breaks' });
  const messageExpression = rule.messageExpression ?? '';
  if (messageExpression.length > 0 && messageExpression.trim() === '') {
    out.push({ part: 'messageExpression', message: 'messageExpression must be non-empty if specified' });
  }
  const fieldPath = rule.fieldPath ?? '';
  if (fieldPath.length > 0 && fieldPath.trim() === '') out.push({ part: 'fieldPath', message: 'fieldPath must be non-empty if specified' });
  if (hasNewlines(fieldPath)) out.push({ part: 'fieldPath', message: 'fieldPath must not contain line breaks' });
  if (fieldPath.length > 0) {
    const problem = fieldPathProblem(fieldPath, node);
    if (problem) out.push({ part: 'fieldPath', message: `fieldPath ${JSON.stringify(fieldPath)} must be a valid path: ${problem}` });
  }
  return out;
}

/** The tokens of a field path as the apiserver's scanner splits it: `.`, `[`, `]`, single-quoted strings, names. */
function tokens(path: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    const ch = path.charAt(i);
    if (ch === "'") {
      let j = i + 1;
      while (j < path.length && !(path[j] === "'" && path[j - 1] !== '\\')) j++;
      out.push(path.slice(i, Math.min(j + 1, path.length)));
      i = j + 1;
      continue;
    }
    if (ch === '.' || ch === '[' || ch === ']') {
      out.push(ch);
      i++;
      continue;
    }
    let j = i;
    while (j < path.length && path[j] !== '.' && path[j] !== '[' && path[j] !== ']') j++;
    out.push(path.slice(i, j));
    i = j;
  }
  return out;
}

const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '\\': '\\' };

/** Why a field path does not resolve against the node (`ValidFieldPath`), or undefined when it does. */
export function fieldPathProblem(path: string, node: JSONSchemaProps): string | undefined {
  const r = resolveFieldPath(path, node);
  return 'problem' in r ? r.problem : undefined;
}

/**
 * The apiserver's `ValidFieldPath`: the schema a field path (`.a.b`, `['a.b']`, `.m.key`) leads to from `node`, or
 * why it leads nowhere. `allowArrayNotation: false` (selectable fields) refuses `[…]`. `path` is the dotted path
 * of property names walked, for duplicate checks.
 */
export function resolveFieldPath(path: string, node: JSONSchemaProps, options: { allowArrayNotation?: boolean } = {}): { schema: JSONSchemaProps; steps: string[] } | { problem: string } {
  const allowArrayNotation = options.allowArrayNotation ?? true;
  const toks = tokens(path);
  let s: JSONSchemaProps | undefined = node;
  const steps: string[] = [];
  const step = (name: string): string | undefined => {
    if (s?.properties) {
      if (!Object.hasOwn(s.properties, name)) return 'does not refer to a valid field';
      s = s.properties[name];
    } else if (s?.additionalProperties !== undefined) {
      s = typeof s.additionalProperties === 'object' ? s.additionalProperties : {};
    } else {
      return 'does not refer to a valid field';
    }
    steps.push(name);
    return undefined;
  };
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i];
    if (tok === '[') {
      if (!allowArrayNotation) return { problem: 'array notation is not allowed' };
      const q = toks[++i];
      if (q === undefined) return { problem: 'unexpected end of JSON path' };
      if (q.length < 2 || q[0] !== "'" || q[q.length - 1] !== "'") return { problem: `expected single quoted string but got ${q}` };
      let bad: string | undefined;
      const name = q.slice(1, -1).replace(/\\./g, (m) => {
        const e = ESCAPES[m.charAt(1)];
        if (e === undefined) bad = m;
        return e ?? '';
      });
      if (bad) return { problem: `invalid string literal: invalid escape char ${bad}` };
      const p = step(name);
      if (p) return { problem: p };
      if (toks[++i] === undefined) return { problem: 'unexpected end of JSON path' };
      if (toks[i] !== ']') return { problem: `expected ] but got ${toks[i]}` };
    } else if (tok === '.') {
      const name = toks[++i];
      if (name === undefined) return { problem: 'unexpected end of JSON path' };
      const p = step(name);
      if (p) return { problem: p };
    } else {
      return { problem: `expected [ or . but got: ${tok}` };
    }
  }
  return { schema: s, steps };
}
