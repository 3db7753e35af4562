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

/** Go's label-key format (content.IsLabelKey's name part), its regex as Go prints it, and a label value's. */
const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const DNS1123_SUBDOMAIN_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const KEY_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const regexError = (msg: string, fmt: string, ...examples: string[]) => `${msg} (e.g. ${examples.map((e) => `'${e}'`).join(',  or ')}, regex used for validation is '${fmt}')`;

/** IsDNS1123Subdomain's messages (the subdomain is tested label by label: no repeated group). */
function subdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push('must be no more than 253 characters');
  if (!value.split('.').every((label) => DNS1123_LABEL.test(label))) {
    errs.push(regexError("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character", DNS1123_SUBDOMAIN_FMT, 'example.com'));
  }
  return errs;
}

/** apimachinery's IsQualifiedName (a label key): its messages, none when valid. */
export function labelKeyErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  if (parts.length > 2) {
    return [`a qualified name ${regexError(KEY_MSG, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  const name = parts.length === 2 ? (parts[1] ?? '') : value;
  if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    if (prefix === '') errs.push('prefix part must be non-empty');
    else errs.push(...subdomainErrors(prefix).map((m) => `prefix part ${m}`));
  }
  if (name === '') errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push('name part must be no more than 63 characters');
  if (!LABEL_NAME.test(name)) errs.push(`name part ${regexError(KEY_MSG, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** apimachinery's IsValidLabelValue: its messages, none when valid. */
export function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!LABEL_VALUE.test(value)) {
    errs.push(regexError("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", `(${LABEL_KEY_FMT})?`, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

/** The lexer's tokens (k8s.io/apimachinery/pkg/labels): literals by their text, `id` an identifier, `end` the end. */
type Tok = 'error' | 'end' | ')' | ',' | '!' | '==' | '=' | '>' | 'id' | 'in' | '<' | '!=' | 'notin' | '(';
const LITERALS: ReadonlyMap<string, Tok> = new Map<string, Tok>([')', ',', '!', '==', '=', '>', 'in', '<', '!=', 'notin', '('].map((t) => [t, t as Tok]));
const isSpecial = (c: string) => '=!(),><'.includes(c);
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\n';

interface Item {
  tok: Tok;
  lit: string;
}

/** Go's Lexer: identifiers and keywords end at a special symbol or a blank; symbols are read greedily while they form a literal. */
function lex(s: string): Item[] {
  const items: Item[] = [];
  let pos = 0;
  for (;;) {
    while (pos < s.length && isSpace(s.charAt(pos))) pos++;
    if (pos >= s.length) {
      items.push({ tok: 'end', lit: '' });
      return items;
    }
    if (isSpecial(s.charAt(pos))) {
      let buffer = '';
      let last: Item | undefined;
      while (pos < s.length && isSpecial(s.charAt(pos))) {
        buffer += s.charAt(pos++);
        const tok = LITERALS.get(buffer);
        if (tok !== undefined) last = { tok, lit: buffer };
        else if (last) {
          pos--;
          break;
        }
      }
      items.push(last ?? { tok: 'error', lit: `error expected: keyword found '${buffer}'` });
    } else {
      const from = pos;
      while (pos < s.length && !isSpecial(s.charAt(pos)) && !isSpace(s.charAt(pos))) pos++;
      const lit = s.slice(from, pos);
      items.push({ tok: LITERALS.get(lit) ?? 'id', lit });
    }
  }
}

/** Go's field.Error text: `<path>: Invalid value: "<value>": <detail>` (a nil path printed as Go prints it, `<nil>`). */
const invalid = (path: string, value: string, detail: string) => `${path || '<nil>'}: Invalid value: ${JSON.stringify(value)}: ${detail}`;

/**
 * Parses a label selector string as apimachinery's labels.Parse does (its parser, its messages word for word; the
 * requirements sorted by key, `in` / `notin` values sorted and unique); throws `SelectorParseError`.
 */
export function parseLabelSelector(input: string): LabelRequirement[] {
  const items = lex(input);
  let p = 0;
  const END_ITEM: Item = { tok: 'end', lit: '' };
  /** The current item; in a value's place `in` and `notin` are identifiers. */
  const look = (values = true): Item => {
    const it = items[p] ?? END_ITEM;
    return values && (it.tok === 'in' || it.tok === 'notin') ? { tok: 'id', lit: it.lit } : it;
  };
  const consume = (values = true): Item => {
    const it = look(values);
    p++;
    return it;
  };
  const fail = (message: string): never => {
    throw new SelectorParseError(message);
  };

  const identifiers = (): string[] => {
    const set = new Set<string>();
    for (;;) {
      const { tok, lit } = consume();
      if (tok === 'id') {
        set.add(lit);
        const next = look();
        if (next.tok === ',') continue;
        if (next.tok === ')') return [...set];
        return fail(`found '${next.lit}', expected: ',' or ')'`);
      }
      if (tok !== ',') return fail(`found '${lit}', expected: ',', or identifier`);
      if (set.size === 0) set.add('');
      const next = look().tok;
      if (next === ')') {
        set.add('');
        return [...set];
      }
      if (next === ',') set.add('');
    }
  };

  const requirement = (): LabelRequirement => {
    let operator: LabelOperator | undefined;
    let { tok, lit } = consume();
    if (tok === '!') {
      operator = '!';
      ({ tok, lit } = consume());
    }
    if (tok !== 'id') return fail(`found '${lit}', expected: identifier`);
    const key = lit;
    const keyErrors = labelKeyErrors(key);
    if (keyErrors.length > 0) fail(invalid('', key, keyErrors.join('; ')));
    const after = look().tok;
    if (operator === '!' || after === 'end' || after === ',') return { key, operator: operator ?? 'exists', values: [] };
    const op = consume(false);
    const OPERATORS: Partial<Record<Tok, LabelOperator>> = { in: 'in', notin: 'notin', '=': '=', '==': '=', '!=': '!=', '>': 'gt', '<': 'lt' };
    operator = OPERATORS[op.tok];
    if (operator === undefined) return fail(`found '${op.lit}', expected: in, notin, =, ==, !=, gt, lt`);
    let values: string[];
    if (operator === 'in' || operator === 'notin') {
      const open = consume();
      if (open.tok !== '(') return fail(`found '${open.lit}' expected: '('`);
      const first = look();
      if (first.tok === 'id' || first.tok === ',') {
        values = identifiers();
        if (consume().tok !== ')') fail(`found '${first.lit}', expected: ')'`);
      } else if (first.tok === ')') {
        consume();
        values = [''];
      } else return fail(`found '${first.lit}', expected: ',', ')' or identifier`);
    } else {
      const next = look();
      if (next.tok === 'end' || next.tok === ',') values = [''];
      else {
        const v = consume();
        if (v.tok !== 'id') return fail(`found '${v.lit}', expected: identifier`);
        values = [v.lit];
      }
    }
    values.sort();
    // NewRequirement's checks of the values, one aggregate
    const errs: string[] = [];
    if (operator === 'gt' || operator === 'lt') {
      values.forEach((v, i) => {
        if (!/^[+-]?[0-9]+$/.test(v) || BigInt(v) > 9223372036854775807n || BigInt(v) < -9223372036854775808n) errs.push(invalid(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
    }
    values.forEach((v, i) => {
      const e = labelValueErrors(v);
      if (e.length > 0) errs.push(invalid(`values[${i}][${key}]`, v, e.join('; ')));
    });
    const unique = [...new Set(errs)];
    if (unique.length > 0) fail(unique.length === 1 ? (unique[0] ?? '') : `[${unique.join(', ')}]`);
    return { key, operator, values };
  };

  const reqs: LabelRequirement[] = [];
  for (;;) {
    const { tok, lit } = look();
    if (tok === 'end') break;
    if (tok !== 'id' && tok !== '!') fail(`found '${lit}', expected: !, identifier, or 'end of string'`);
    try {
      reqs.push(requirement());
    } catch (err) {
      if (err instanceof SelectorParseError) throw new SelectorParseError(`unable to parse requirement: ${err.message}`);
      throw err;
    }
    const sep = consume();
    if (sep.tok === 'end') break;
    if (sep.tok !== ',') fail(`found '${sep.lit}', expected: ',' or 'end of string'`);
    const next = look();
    if (next.tok !== 'id' && next.tok !== '!') fail(`found '${next.lit}', expected: identifier after ','`);
  }
  return reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
      throw new SelectorParseError(`invalid selector: '${input}'; can't understand '${term}'`);
    }
    if (field === '') throw new SelectorParseError(`invalid field selector "${input}": empty field`);
    return { field, operator, value: unescapeField(rest.trim()) };
  });
}

/** Whether the given field values satisfy every requirement (a missing field counts as `''`). */
export function matchFields(reqs: readonly FieldRequirement[], fields: Readonly<Record<string, string>>): boolean {
  return reqs.every((r) => ((fields[r.field] ?? '') === r.value) === (r.operator === '='));
}
