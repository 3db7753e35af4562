/**
 * client-gen's `+genclient` tags (k8s.io/code-generator cmd/client-gen/generators/util/tags.go), with
 * client-gen's own value grammar: `onlyVerbs=create,get` is a comma list, `method=Name,verb=get,…` is a name
 * followed by `key=value` pairs.
 */
import { didYouMean } from '../../diagnostics';
import { CLIENT_VERBS, type ClientVerb } from '../../core/client-verbs';
import type { CustomParse, CustomPrint, MarkerDefinition } from '../types';
import { RAW, TYPE, define, flag, value } from './common';

export { CLIENT_VERBS, READONLY_VERBS, type ClientVerb } from '../../core/client-verbs';
const UNSUPPORTED_EXTENSION_VERBS = ['updateStatus', 'deleteCollection', 'watch', 'delete'];
const INPUT_VERBS = ['create', 'update', 'apply'];
const RESULT_VERBS = ['create', 'update', 'get', 'list', 'patch', 'apply'];

/** `+genclient:method=Name,verb=…,subresource=…,input=…,result=…` */
export interface GenClientMethodArgs {
  name: string;
  verb: ClientVerb;
  subresource?: string;
  /** `Type` in the same package, or `pkg/path.Type`. */
  input?: string;
  result?: string;
}

/** Splits on `,` keeping each part's offset. */
function parts(raw: string): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  let offset = 0;
  for (const p of raw.split(',')) {
    const lead = p.length - p.trimStart().length;
    out.push({ text: p.trim(), offset: offset + lead });
    offset += p.length + 1;
  }
  return out;
}

/** The client verb spelled `s`, or undefined. */
function clientVerb(s: string): ClientVerb | undefined {
  return CLIENT_VERBS.find((v) => v === s);
}

const parseVerbs: CustomParse<ClientVerb[]> = (raw) => {
  const verbs: ClientVerb[] = [];
  for (const p of parts(raw)) {
    const verb = clientVerb(p.text);
    if (verb === undefined) {
      return {
        error: `unknown verb ${JSON.stringify(p.text)}; verbs are ${CLIENT_VERBS.join(', ')}`,
        offset: p.offset,
        hint: didYouMean(p.text, CLIENT_VERBS),
      };
    }
    verbs.push(verb);
  }
  return { value: verbs };
};

/** The inverse of `parseVerbs`: a non-empty comma list. */
const printVerbs: CustomPrint<ClientVerb[]> = (verbs) => {
  if (verbs.length === 0) throw new Error('internal: a +genclient verb list cannot be empty');
  return { raw: verbs.join(',') };
};

const METHOD_KEYS = ['verb', 'subresource', 'input', 'result'] as const;

const parseMethod: CustomParse<GenClientMethodArgs> = (raw) => {
  // (split gives at least one part)
  const [first = { text: '', offset: 0 }, ...rest] = parts(raw);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(first.text)) {
    return { error: `expected a method name (+genclient:method=GetScale,verb=get,…), got ${JSON.stringify(first.text)}`, offset: first.offset };
  }
  const name = first.text;
  const given = new Map<(typeof METHOD_KEYS)[number], string>();
  let verbOffset = 0;
  for (const p of rest) {
    const eq = p.text.indexOf('=');
    if (eq < 0) return { error: `invalid extension tag specification ${JSON.stringify(p.text)}: expected key=value`, offset: p.offset };
    const keyText = p.text.slice(0, eq).trim();
    const val = p.text.slice(eq + 1).trim();
    const key = METHOD_KEYS.find((k) => k === keyText);
    if (key === undefined) {
      return { error: `unknown extension configuration key ${JSON.stringify(keyText)}; keys are ${METHOD_KEYS.join(', ')}`, offset: p.offset, hint: didYouMean(keyText, METHOD_KEYS) };
    }
    if (val === '') return { error: `empty value of ${JSON.stringify(key)} for ${JSON.stringify(name)} extension`, offset: p.offset + eq + 1 };
    if (key === 'verb') verbOffset = p.offset + eq + 1;
    given.set(key, val);
  }
  const verbText = given.get('verb');
  if (!verbText) return { error: `verb type must be specified (use '+genclient:method=${name},verb=create')`, offset: raw.length };
  const verb = clientVerb(verbText);
  if (verb === undefined) {
    return { error: `unknown verb ${JSON.stringify(verbText)}`, offset: verbOffset, hint: didYouMean(verbText, CLIENT_VERBS) };
  }
  if (UNSUPPORTED_EXTENSION_VERBS.includes(verb)) {
    return { error: `verb ${JSON.stringify(verb)} is not supported by extension methods`, offset: verbOffset };
  }
  const [subresource, input, result] = [given.get('subresource'), given.get('input'), given.get('result')];
  if (result && !RESULT_VERBS.includes(verb)) {
    return { error: `${name}: result type is not supported for ${JSON.stringify(verb)} verbs (supported verbs: ${RESULT_VERBS.join(', ')})`, offset: verbOffset };
  }
  if (input && !INPUT_VERBS.includes(verb)) {
    return { error: `${name}: input type is not supported for ${JSON.stringify(verb)} verbs (supported verbs: ${INPUT_VERBS.join(', ')})`, offset: verbOffset };
  }
  const ordered: GenClientMethodArgs = { name, verb };
  if (subresource) ordered.subresource = subresource;
  if (input) ordered.input = input;
  if (result) ordered.result = result;
  return { value: ordered };
};

/**
 * The inverse of `parseMethod`: the name, then the keys given, in the grammar's order. A value client-gen's grammar
 * cannot spell (empty, with a `,` or white space around it) is refused: the line would read back as another value.
 */
const printMethod: CustomPrint<GenClientMethodArgs> = (v) => {
  const parts = [v.name];
  for (const key of METHOD_KEYS) {
    const text = v[key];
    if (text === undefined) continue;
    if (text === '' || text.includes(',') || text !== text.trim()) throw new Error(`internal: +genclient:method ${key} ${JSON.stringify(text)} cannot be written in client-gen's grammar`);
    parts.push(`${key}=${text}`);
  }
  return { raw: parts.join(',') };
};

const CLIENT = 'client';

export const GenClient = define<true>({
  name: 'genclient',
  targets: TYPE,
  kindOnly: true,
  args: flag(),
  category: CLIENT,
  summary: 'generates a typed client, lister and informer for this kind.',
  details: '`+genclient=false` is invalid: omit the marker to skip client generation.',
});
export const GenClientNonNamespaced = define<true>({ name: 'genclient:nonNamespaced', targets: TYPE, kindOnly: true, args: flag(), category: CLIENT, summary: 'the kind is cluster-scoped: the client takes no namespace.' });
export const GenClientNoVerbs = define<true>({ name: 'genclient:noVerbs', targets: TYPE, kindOnly: true, args: flag(), category: CLIENT, summary: 'generates a client with no verbs (only +genclient:method extensions).' });
export const GenClientNoStatus = define<true>({ name: 'genclient:noStatus', targets: TYPE, kindOnly: true, args: flag(), category: CLIENT, summary: 'generates no UpdateStatus/ApplyStatus even though the kind has a status.' });
export const GenClientReadonly = define<true>({ name: 'genclient:readonly', targets: TYPE, kindOnly: true, args: flag(), category: CLIENT, summary: 'generates only get, list and watch.' });
export const GenClientOnlyVerbs = define<ClientVerb[]>({
  name: 'genclient:onlyVerbs',
  targets: TYPE,
  kindOnly: true,
  args: value(RAW, { help: '<verb>[,<verb>…]' }),
  parse: parseVerbs,
  print: printVerbs,
  category: CLIENT,
  summary: 'generates only the given verbs, e.g. `+genclient:onlyVerbs=create,get`.',
  details: `Verbs: ${CLIENT_VERBS.join(', ')}.`,
});
export const GenClientSkipVerbs = define<ClientVerb[]>({
  name: 'genclient:skipVerbs',
  targets: TYPE,
  kindOnly: true,
  args: value(RAW, { help: '<verb>[,<verb>…]' }),
  parse: parseVerbs,
  print: printVerbs,
  category: CLIENT,
  summary: 'generates every verb except the given ones, e.g. `+genclient:skipVerbs=patch,apply`.',
  details: `Verbs: ${CLIENT_VERBS.join(', ')}.`,
});
export const GenClientMethod = define<GenClientMethodArgs>({
  name: 'genclient:method',
  targets: TYPE,
  kindOnly: true,
  args: value(RAW, { help: 'Name,verb=<verb>[,subresource=<path>][,input=<Type>][,result=<Type>]' }),
  parse: parseMethod,
  print: printMethod,
  repeatable: true,
  category: CLIENT,
  summary: 'adds an extension method, e.g. `+genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale`.',
  details:
    `verb is one of ${CLIENT_VERBS.filter((v) => !UNSUPPORTED_EXTENSION_VERBS.includes(v)).join(', ')}; ` +
    `input only for ${INPUT_VERBS.join(', ')}; result only for ${RESULT_VERBS.join(', ')}.`,
});

export const CLIENT_MARKER_DEFINITIONS: readonly MarkerDefinition[] = [
  GenClient,
  GenClientNonNamespaced,
  GenClientNoVerbs,
  GenClientNoStatus,
  GenClientReadonly,
  GenClientOnlyVerbs,
  GenClientSkipVerbs,
  GenClientMethod,
];
