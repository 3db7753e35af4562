/**
 * Label and field selectors (k8s.io/apimachinery/pkg/labels, pkg/fields): parse, match, and format a
 * metav1.LabelSelector as the query string the server expects.
 *
 * Label grammar: requirements separated by `,`; each is `key`, `!key`, `key=value`, `key==value`,
 * `key!=value`, `key in (v1,v2)`, `key notin (v1,v2)`, `key>n` or `key<n`. `!=` and `notin` also match objects
 * without the label, as on the server. An empty selector matches everything.
 *
 * Field grammar: `field=value`, `field==value`, `field!=value` separated by `,`; `\,` `\=` `\\` escape.
 */

import type { LabelSelector } from './conditions';

export type LabelOperator = 'exists' | '!' | '=' | '!=' | 'in' | 'notin' | 'gt' | 'lt';

/** One parsed label requirement. `values` is empty for `exists` and `!`. */
export interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  values: string[];
}

/** A malformed selector; the fake tracker reports it as a 400 BadRequest, as the server does. */
export class SelectorParseError extends Error {
  override readonly name = 'SelectorParseError';
}

const KEY_RE = /^([A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE_RE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

type Token = { kind: 'id'; text: string } | { kind: 'op'; text: string } | { kind: 'end' };

/** What the parser reads at and past the end of the input. */
const END: Token = { kind: 'end' };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === ' ' || c === '\t' || c === '\n') {
      i++;
    } else if (c === '=' || c === '!') {
      if (input[i + 1] === '=') {
        tokens.push({ kind: 'op', text: c + '=' });
        i += 2;
      } else {
        tokens.push({ kind: 'op', text: c });
        i++;
      }
    } else if (c === ',' || c === '(' || c === ')' || c === '<' || c === '>') {
      tokens.push({ kind: 'op', text: c });
      i++;
    } else {
      let j = i;
      while (j < input.length && !' \t\n=!,()<>'.includes(input.charAt(j))) j++;
      tokens.push({ kind: 'id', text: input.slice(i, j) });
      i = j;
    }
  }
  tokens.push(END);
  return tokens;
}

function checkKey(key: string, input: string): string {
  if (!KEY_RE.test(key) || key.length > 316) throw new SelectorParseError(`invalid label key "${key}" in selector "${input}"`);
  return key;
}

function checkValue(value: string, input: string): string {
  if (!VALUE_RE.test(value) || value.length > 63) {
    throw new SelectorParseError(`invalid label value "${value}" in selector "${input}"`);
  }
  return value;
}

/** Parses a label selector string; throws `SelectorParseError`. */
export function parseLabelSelector(input: string): LabelRequirement[] {
  const tokens = tokenize(input);
  let pos = 0;
  const peek = (): Token => tokens[pos] ?? END;
  const next = (): Token => tokens[pos++] ?? END;
  const fail = (what: string): never => {
    throw new SelectorParseError(`unable to parse selector "${input}": ${what}`);
  };
  const isOp = (t: Token, text: string): boolean => t.kind === 'op' && t.text === text;
  const reqs: LabelRequirement[] = [];
  if (peek().kind === 'end') return reqs;
  for (;;) {
    const t = next();
    if (isOp(t, '!')) {
      const k = next();
      if (k.kind !== 'id') fail('expected a key after "!"');
      reqs.push({ key: checkKey((k as { text: string }).text, input), operator: '!', values: [] });
    } else if (t.kind === 'id') {
      const key = checkKey(t.text, input);
      const op = peek();
      if (op.kind === 'end' || isOp(op, ',')) {
        reqs.push({ key, operator: 'exists', values: [] });
      } else if (isOp(op, '=') || isOp(op, '==') || isOp(op, '!=')) {
        pos++;
        const v = peek();
        let value = '';
        if (v.kind === 'id') {
          value = v.text;
          pos++;
        }
        reqs.push({ key, operator: op.kind === 'op' && op.text === '!=' ? '!=' : '=', values: [checkValue(value, input)] });
      } else if (op.kind === 'id' && (op.text === 'in' || op.text === 'notin')) {
        pos++;
        if (!isOp(next(), '(')) fail(`expected "(" after "${op.text}"`);
        const values: string[] = [];
        if (isOp(peek(), ')')) fail(`"${op.text}" needs at least one value`);
        for (;;) {
          const v = peek();
          if (v.kind === 'id') {
            values.push(checkValue(v.text, input));
            pos++;
          } else {
            values.push(''); // an empty value, as in `in (a,)`
          }
          const sep = next();
          if (isOp(sep, ')')) break;
          if (!isOp(sep, ',')) fail('expected "," or ")"');
        }
        if (values.length === 0) fail(`"${op.text}" needs at least one value`);
        reqs.push({ key, operator: op.text === 'in' ? 'in' : 'notin', values: [...new Set(values)] });
      } else if (isOp(op, '<') || isOp(op, '>')) {
        pos++;
        const v = next();
        if (v.kind !== 'id' || !/^-?\d+$/.test(v.text)) fail('expected an integer after "<" or ">"');
        reqs.push({ key, operator: isOp(op, '>') ? 'gt' : 'lt', values: [(v as { text: string }).text] });
      } else {
        fail(`unexpected "${op.text}" after key "${key}"`);
      }
    } else {
      fail('expected a key or "!"');
    }
    const sep = next();
    if (sep.kind === 'end') break;
    if (!isOp(sep, ',')) fail('expected ","');
  }
  return reqs;
}

/** Whether labels satisfy every requirement. */
export function matchLabels(reqs: readonly LabelRequirement[], labels: Readonly<Record<string, string>> = {}): boolean {
  for (const r of reqs) {
    const has = Object.hasOwn(labels, r.key);
    const v = has ? labels[r.key] : undefined;
    switch (r.operator) {
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
      case '=':
      case 'in':
        if (v === undefined || !r.values.includes(v)) return false;
        break;
      case '!=':
      case 'notin':
        if (v !== undefined && r.values.includes(v)) return false;
        break;
      case 'gt':
      case 'lt': {
        if (v === undefined || !/^-?\d+$/.test(v)) return false;
        const n = Number(v);
        const bound = Number(r.values[0]);
        if (r.operator === 'gt' ? !(n > bound) : !(n < bound)) return false;
        break;
      }
    }
  }
  return true;
}

/** Formats a metav1.LabelSelector as a selector string (requirements sorted by key, values sorted). */
export function formatLabelSelector(sel: LabelSelector): string {
  const parts: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) parts.push([k, `${k}=${v}`]);
  for (const e of sel.matchExpressions ?? []) {
    const values = [...(e.values ?? [])].sort().join(',');
    switch (e.operator) {
      case 'In':
        parts.push([e.key, `${e.key} in (${values})`]);
        break;
      case 'NotIn':
        parts.push([e.key, `${e.key} notin (${values})`]);
        break;
      case 'Exists':
        parts.push([e.key, e.key]);
        break;
      case 'DoesNotExist':
        parts.push([e.key, `!${e.key}`]);
        break;
      default:
        throw new SelectorParseError(`"${e.operator}" is not a valid label selector operator`);
    }
  }
  return parts
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map((p) => p[1])
    .join(',');
}

/** Whether labels match a selector given as a string or a metav1.LabelSelector. */
export function labelsMatch(selector: string | LabelSelector, labels?: Readonly<Record<string, string>>): boolean {
  return matchLabels(parseLabelSelector(typeof selector === 'string' ? selector : formatLabelSelector(selector)), labels);
}

/** One parsed field requirement. */
export interface FieldRequirement {
  field: string;
  operator: '=' | '!=';
  value: string;
}

function splitUnescaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s.charAt(i + 1);
      i++;
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out;
}

function unescapeField(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}

/** Parses a field selector string; throws `SelectorParseError`. */
export function parseFieldSelector(input: string): FieldRequirement[] {
  if (input.trim() === '') return [];
  return splitUnescaped(input, ',').map((term) => {
    let i = 0;
    for (; i < term.length; i++) {
      if (term[i] === '\\') {
        i++;
        continue;
      }
      if (term[i] === '=' || term[i] === '!') break;
    }
    const field = term.slice(0, i).trim();
    let rest = term.slice(i);
    let operator: '=' | '!=';
    if (rest.startsWith('!=')) {
      operator = '!=';
      rest = rest.slice(2);
    } else if (rest.startsWith('==')) {
      operator = '=';
      rest = rest.slice(2);
    } else if (rest.startsWith('=')) {
      operator = '=';
      rest = rest.slice(1);
    } else {
      throw new SelectorParseError(`invalid field selector "${input}": "${term}" has no operator`);
    }
    if (field === '') throw new SelectorParseError(`invalid field selector "${input}": empty field`);
    return { field, operator, value: unescapeField(rest.trim()) };
  });
}

/** Whether the given field values satisfy every requirement (a missing field counts as `''`). */
export function matchFields(reqs: readonly FieldRequirement[], fields: Readonly<Record<string, string>>): boolean {
  return reqs.every((r) => ((fields[r.field] ?? '') === r.value) === (r.operator === '='));
}
