/**
 * client-gen's `+genclient` tags (k8s.io/code-generator cmd/client-gen/generators/util/tags.go), with
 * client-gen's own value grammar: `onlyVerbs=create,get` is a comma list, `method=Name,verb=get,…` is a name
 * followed by `key=value` pairs.
 */
import { didYouMean } from '../../diagnostics';
import type { ClientVerb } from '../../model/types';
import type { CustomParse, MarkerDefinition } from '../types';
import { RAW, TYPE, define, flag, value } from './common';

export const CLIENT_VERBS: readonly ClientVerb[] = [
  'create',
  'update',
  'updateStatus',
  'delete',
  'deleteCollection',
  'get',
  'list',
  'watch',
  'patch',
  'apply',
  'applyStatus',
];
export const READONLY_VERBS: readonly ClientVerb[] = ['get', 'list', 'watch'];
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

const parseVerbs: CustomParse = (raw) => {
  const verbs: ClientVerb[] = [];
  for (const p of parts(raw)) {
    if (!(CLIENT_VERBS as readonly string[]).includes(p.text)) {
      return {
        error: `unknown verb ${JSON.stringify(p.text)}; verbs are ${CLIENT_VERBS.join(', ')}`,
        offset: p.offset,
        hint: didYouMean(p.text, CLIENT_VERBS),
      };
    }
    verbs.push(p.text as ClientVerb);
  }
  return { value: verbs };
};

const parseMethod: CustomParse = (raw) => {
  const [first, ...rest] = parts(raw);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(first.text)) {
    return { error: `expected a method name (+genclient:method=GetScale,verb=get,…), got ${JSON.stringify(first.text)}`, offset: first.offset };
  }
  const out: Partial<GenClientMethodArgs> & { name: string } = { name: first.text };
  const keys = ['verb', 'subresource', 'input', 'result'] as const;
  let verbOffset = 0;
  for (const p of rest) {
    const eq = p.text.indexOf('=');
    if (eq < 0) return { error: `invalid extension tag specification ${JSON.stringify(p.text)}: expected key=value`, offset: p.offset };
    const key = p.text.slice(0, eq).trim();
    const val = p.text.slice(eq + 1).trim();
    if (!(keys as readonly string[]).includes(key)) {
      return { error: `unknown extension configuration key ${JSON.stringify(key)}; keys are ${keys.join(', ')}`, offset: p.offset, hint: didYouMean(key, keys) };
    }
    if (val === '') return { error: `empty value of ${JSON.stringify(key)} for ${JSON.stringify(out.name)} extension`, offset: p.offset + eq + 1 };
    if (key === 'verb') verbOffset = p.offset + eq + 1;
    (out as Record<string, string>)[key] = val;
  }
  if (!out.verb) return { error: `verb type must be specified (use '+genclient:method=${out.name},verb=create')`, offset: raw.length };
  if (!(CLIENT_VERBS as readonly string[]).includes(out.verb)) {
    return { error: `unknown verb ${JSON.stringify(out.verb)}`, offset: verbOffset, hint: didYouMean(out.verb, CLIENT_VERBS) };
  }
  if (UNSUPPORTED_EXTENSION_VERBS.includes(out.verb)) {
    return { error: `verb ${JSON.stringify(out.verb)} is not supported by extension methods`, offset: verbOffset };
  }
  if (out.result && !RESULT_VERBS.includes(out.verb)) {
    return { error: `${out.name}: result type is not supported for ${JSON.stringify(out.verb)} verbs (supported verbs: ${RESULT_VERBS.join(', ')})`, offset: verbOffset };
  }
  if (out.input && !INPUT_VERBS.includes(out.verb)) {
    return { error: `${out.name}: input type is not supported for ${JSON.stringify(out.verb)} verbs (supported verbs: ${INPUT_VERBS.join(', ')})`, offset: verbOffset };
  }
  const ordered: GenClientMethodArgs = { name: out.name, verb: out.verb };
  if (out.subresource) ordered.subresource = out.subresource;
  if (out.input) ordered.input = out.input;
  if (out.result) ordered.result = out.result;
  return { value: ordered };
};

const CLIENT = 'client';

export const CLIENT_MARKER_DEFINITIONS: readonly MarkerDefinition[] = [
  define({
    name: 'genclient',
    targets: TYPE,
    args: flag(),
    category: CLIENT,
    summary: 'generates a typed client, lister and informer for this kind.',
    details: '`+genclient=false` is invalid: omit the marker to skip client generation.',
  }),
  define({ name: 'genclient:nonNamespaced', targets: TYPE, args: flag(), category: CLIENT, summary: 'the kind is cluster-scoped: the client takes no namespace.' }),
  define({ name: 'genclient:noVerbs', targets: TYPE, args: flag(), category: CLIENT, summary: 'generates a client with no verbs (only +genclient:method extensions).' }),
  define({ name: 'genclient:noStatus', targets: TYPE, args: flag(), category: CLIENT, summary: 'generates no UpdateStatus/ApplyStatus even though the kind has a status.' }),
  define({ name: 'genclient:readonly', targets: TYPE, args: flag(), category: CLIENT, summary: 'generates only get, list and watch.' }),
  define({
    name: 'genclient:onlyVerbs',
    targets: TYPE,
    args: value(RAW, { help: '<verb>[,<verb>…]' }),
    parse: parseVerbs,
    category: CLIENT,
    summary: 'generates only the given verbs, e.g. `+genclient:onlyVerbs=create,get`.',
    details: `Verbs: ${CLIENT_VERBS.join(', ')}.`,
  }),
  define({
    name: 'genclient:skipVerbs',
    targets: TYPE,
    args: value(RAW, { help: '<verb>[,<verb>…]' }),
    parse: parseVerbs,
    category: CLIENT,
    summary: 'generates every verb except the given ones, e.g. `+genclient:skipVerbs=patch,apply`.',
    details: `Verbs: ${CLIENT_VERBS.join(', ')}.`,
  }),
  define({
    name: 'genclient:method',
    targets: TYPE,
    args: value(RAW, { help: 'Name,verb=<verb>[,subresource=<path>][,input=<Type>][,result=<Type>]' }),
    parse: parseMethod,
    repeatable: true,
    category: CLIENT,
    summary: 'adds an extension method, e.g. `+genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale`.',
    details:
      `verb is one of ${CLIENT_VERBS.filter((v) => !UNSUPPORTED_EXTENSION_VERBS.includes(v)).join(', ')}; ` +
      `input only for ${INPUT_VERBS.join(', ')}; result only for ${RESULT_VERBS.join(', ')}.`,
  }),
];
