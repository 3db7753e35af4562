/**
 * The registry and the marker-line parser.
 *
 * Name resolution follows controller-gen's registry lookup: the whole name before `=` is tried first; if it is
 * not registered, its last `:` segment is taken as the first argument of a struct marker
 * (`+kubebuilder:printcolumn:name=…` → `kubebuilder:printcolumn` with argument `name`).
 *
 * Unlike controller-gen, nothing in kubegen's namespaces is skipped: an unregistered name there is an error with
 * a "did you mean"; only lines outside them are someone else's markers.
 */
import { diagnostic, didYouMean, levenshtein, type Diagnostic, type DiagnosticKindName } from '../diagnostics';
import type { MarkerValue, SourceSpan } from '../core/types';
import { CLIENT_MARKER_DEFINITIONS } from './definitions/client';
import { CODEGEN_MARKER_DEFINITIONS, VALIDATION_GEN_MARKER_DEFINITIONS } from './definitions/codegen';
import { CRD_MARKER_DEFINITIONS } from './definitions/crd';
import { VALIDATION_DEFINITIONS } from './definitions/validation';
import { Cursor, GrammarError, closingParen, parseArgValue, typeString } from './grammar';
import type { ArgSpec, MarkerDefinition, MarkerTarget } from './types';

export const markerDefinitions: readonly MarkerDefinition[] = Object.freeze(
  [...VALIDATION_DEFINITIONS, ...CRD_MARKER_DEFINITIONS, ...CLIENT_MARKER_DEFINITIONS, ...CODEGEN_MARKER_DEFINITIONS, ...VALIDATION_GEN_MARKER_DEFINITIONS].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  ),
);

const byName = new Map<string, MarkerDefinition>();
for (const d of markerDefinitions) {
  if (byName.has(d.name)) throw new Error(`marker ${d.name} registered twice`);
  byName.set(d.name, d);
}
const allNames = markerDefinitions.map((d) => d.name);

export function markerDefinition(name: string): MarkerDefinition | undefined {
  return byName.get(name);
}

/** The definition of a marker kubegen itself registers (a name written in kubegen's source); throws for any other name. */
export function registeredMarker(name: string): MarkerDefinition {
  const def = byName.get(name);
  if (!def) throw new Error(`kubegen bug: marker ${name} is not registered`);
  return def;
}

/**
 * The marker line (`+name…`, without the comment) for a marker value, by its definition's `print`: parsing it gives
 * `m.value` back. Throws for an unregistered name and for a value no marker line can spell.
 */
export function printMarker(m: Pick<MarkerValue, 'name' | 'value'>): string {
  const def = byName.get(m.name);
  if (!def) throw new Error(`internal: marker ${m.name} is not registered`);
  return def.print(m.value);
}

/**
 * The definition a marker name (without `+`) refers to — the one name resolution of kubegen, as controller-gen's
 * registry looks names up: the whole name first; if it is not registered, its last `:` segment is taken as the
 * first argument of a struct marker (`kubebuilder:printcolumn:name` → `kubebuilder:printcolumn` with argument
 * `name`, whose text starts at `firstArg.offset` in the line `+…`). Undefined when neither is registered.
 */
export function resolveMarkerName(name: string): { def: MarkerDefinition; firstArg?: { name: string; offset: number } } | undefined {
  const def = byName.get(name);
  if (def) return { def };
  const colon = name.lastIndexOf(':');
  const base = colon > 0 ? byName.get(name.slice(0, colon)) : undefined;
  if (base && base.args.kind === 'struct') return { def: base, firstArg: { name: name.slice(colon + 1), offset: colon + 2 } };
  return undefined;
}

/**
 * The registered name a marker line (`+a:b:c=…`, from the `+`) refers to, by `resolveMarkerName`; for a line that
 * names no registered marker, the name as written; '' for a line that is not a marker.
 */
export function markerLineName(text: string): string {
  const m = NAME_RE.exec(text.trimEnd());
  if (!m) return '';
  const name = m[0].slice(1); // NAME_RE's group 1: the match after its `+`
  return resolveMarkerName(name)?.def.name ?? name;
}

/** Bare names (no namespace) that kubegen owns. */
export const BARE_MARKER_NAMES: readonly string[] = [
  'groupName',
  'versionName',
  'optional',
  'required',
  'nullable',
  'default',
  'listType',
  'listMapKey',
  'mapType',
  'structType',
];

/** The first `:`-separated part of a marker name: its namespace (`kubebuilder` of `kubebuilder:object:root`), or the whole name. */
function namespaceOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(0, colon);
}

/** Is this marker name (without `+`) in one of kubegen's namespaces? */
export function isOwnedMarkerName(name: string): boolean {
  if (byName.has(name)) return true;
  const head = namespaceOf(name);
  if (head === 'kubebuilder' || head === 'genclient' || head === 'kubegen') return true;
  if (head === 'k8s' && name.includes(':')) return true;
  return BARE_MARKER_NAMES.includes(head);
}

export type ParseResult =
  /** `warnings`: deprecation and ignored-value warnings to report; the marker is still valid. */
  | { kind: 'marker'; marker: MarkerValue; warnings?: Diagnostic[] }
  /**
   * Not kubegen's: a marker of another tool (no warnings), or a `+…` line that names nothing kubegen or a known
   * tool reads (`warnings`: it is dropped from the description and ignored, which may not be what its author meant).
   */
  | { kind: 'foreign'; warnings?: Diagnostic[] }
  | { kind: 'error'; diagnostics: Diagnostic[] };

/**
 * Markers of other tools that may sit in API types ported from Go: read by openapi-gen, go-to-protobuf,
 * operator-sdk, OpenShift's and Gateway API's generators. Bare names, and namespaces (`<ns>:…`).
 */
const OTHER_TOOLS_MARKERS: ReadonlySet<string> = new Set(['enum', 'union', 'unionDiscriminator', 'unionMember', 'patchMergeKey', 'patchStrategy', 'protobuf', 'featureGate', 'genregister']);
const OTHER_TOOLS_NAMESPACES: ReadonlySet<string> = new Set(['operator-sdk', 'openshift', 'gateway', 'protobuf']);

/** kubegen's namespaces, whose misspellings (`kubebuildr:`, `KubeBuilder:`) are errors; `k8s` only by case (it is short). */
const OWNED_NAMESPACES: readonly string[] = ['kubebuilder', 'genclient', 'kubegen', 'k8s'];

/** Is this (unregistered, not owned) marker name one of another tool's? */
function isOtherToolsMarker(name: string): boolean {
  const head = namespaceOf(name);
  if (name.includes(':')) return OTHER_TOOLS_NAMESPACES.has(head);
  return OTHER_TOOLS_MARKERS.has(head) || head.startsWith('protobuf.');
}

/**
 * The registered marker a name outside kubegen's namespaces was probably meant to be: its namespace is one of
 * kubegen's with the wrong case or a typo (`KubeBuilder:…`, `kubebuildr:…`), or the whole name is within a typo of a
 * registered name (`optinal`, `listtype`). Undefined when the name looks like nothing of kubegen's.
 */
export function misspeltMarker(name: string): string | undefined {
  const colon = name.indexOf(':');
  const head = colon < 0 ? name : name.slice(0, colon);
  const lower = head.toLowerCase();
  for (const ns of OWNED_NAMESPACES) {
    if (head !== ns && (lower === ns || (colon > 0 && ns.length >= 6 && levenshtein(lower, ns) <= 2))) {
      const fixed = ns + name.slice(colon < 0 ? name.length : colon);
      return resolveMarkerName(fixed)?.def.name ?? didYouMean(fixed, allNames) ?? (colon > 0 ? didYouMean(fixed.slice(0, fixed.lastIndexOf(':')), allNames) : undefined) ?? ns;
    }
  }
  return didYouMean(name, allNames);
}

const NAME_RE = /^\+([A-Za-z][A-Za-z0-9_.\-/:]*)/;

function at(span: SourceSpan, offset: number): SourceSpan {
  return { file: span.file, line: span.line, column: span.column + offset };
}

function describeTargets(targets: readonly MarkerTarget[]): string {
  const names = targets.map((t) => (t === 'package' ? 'a package (a file-level comment)' : t === 'type' ? 'a type' : 'a field'));
  const init = names.slice(0, -1);
  const last = names.slice(-1).join('');
  return init.length === 0 ? last : `${init.join(', ')} or ${last}`;
}

/** The form of a marker for messages: `+name=<int>`, `+name:a=<string>,b=<[]string>`. */
export function markerSyntax(d: MarkerDefinition): string {
  switch (d.args.kind) {
    case 'flag':
      return `+${d.name}`;
    case 'value':
      // raw values (code-generator grammars) document their own syntax in `help`
      return d.args.arg.type.kind === 'raw' ? `+${d.name}=${d.args.arg.help ?? '<value>'}` : `+${d.name}=<${typeString(d.args.arg.type)}>`;
    case 'struct': {
      const parts = Object.entries(d.args.args).map(([n, a], i) => {
        const one = `${i === 0 ? ':' : ','}${n}=<${typeString(a.type)}>`;
        return a.optional ? `[${one}]` : one;
      });
      return `+${d.name}${parts.join('')}`;
    }
  }
}

/**
 * Parses one marker line. `text` starts at the `+` (trailing whitespace is ignored); `span` points at the `+`.
 * Columns of diagnostics are `span.column` plus the offset of the problem in `text`.
 */
export function parseMarker(text: string, span: SourceSpan, target: MarkerTarget): ParseResult {
  const line = text.trimEnd();
  const m = NAME_RE.exec(line);
  if (!m) return notAMarker(line, span);
  const name = m[0].slice(1); // NAME_RE's group 1: the match after its `+`
  let nameEnd = m[0].length;
  const err = (kind: DiagnosticKindName, message: string, offset: number, hint?: string): ParseResult => ({
    kind: 'error',
    diagnostics: [diagnostic(kind, message, at(span, offset), { hint })],
  });

  // resolve the definition
  const resolved = resolveMarkerName(name);
  if (!resolved) {
    if (!isOwnedMarkerName(name)) {
      const meant = misspeltMarker(name);
      if (meant !== undefined) return err('misspelt-marker', `"+${name}" is not a marker; as written it would be ignored`, 0, `+${meant}`);
      return isOtherToolsMarker(name) ? { kind: 'foreign' } : notAMarker(line, span);
    }
    const colon = name.lastIndexOf(':');
    // `+kubebuilder:ac` names a namespace of markers: the shortest marker in it is the likeliest one meant
    const within = allNames.filter((n) => n.startsWith(`${name}:`)).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
    const hint = within ?? didYouMean(name, allNames) ?? (colon > 0 ? didYouMean(name.slice(0, colon), allNames) : undefined);
    return err('unknown-marker', `unknown marker "+${name}"`, 0, hint ? `+${hint}` : undefined);
  }
  const def = resolved.def;
  const firstArg = resolved.firstArg;
  const label = `+${def.name}`;

  let params: string | undefined;
  if (def.paramArgs && line[nameEnd] === '(') {
    const close = closingParen(line, nameEnd);
    if (close < 0) return err('marker-syntax', `invalid ${label}: unterminated "(" (missing ")")`, nameEnd);
    params = line.slice(nameEnd + 1, close);
    nameEnd = close + 1;
  }
  const after = line.slice(nameEnd);
  if (after !== '' && !after.startsWith('=')) {
    const off = nameEnd + (after.length - after.trimStart().length);
    return err('marker-syntax', `unexpected text after ${label}: ${JSON.stringify(after.trim())} (arguments are written ${markerSyntax(def)})`, off);
  }
  const hasValue = after.startsWith('=');
  const valueOffset = nameEnd + 1;

  if (!def.targets.includes(target)) {
    return err('misplaced-marker', `${label} is not allowed on ${describeTargets([target])}; it belongs on ${describeTargets(def.targets)}`, 0);
  }

  const warnings: Diagnostic[] = [];
  if (def.deprecated) {
    warnings.push(diagnostic('deprecated-marker', `${label} is deprecated; use +${def.deprecated.use}`, at(span, 0), { hint: `+${def.deprecated.use}` }));
  }
  if (def.ineffective !== undefined) warnings.push(diagnostic('ineffective-marker', `${label} has no effect in kubegen: ${def.ineffective}`, at(span, 0)));
  const done = (value: unknown): ParseResult => ({
    kind: 'marker',
    marker: { name: def.name, value, span },
    ...(warnings.length > 0 ? { warnings } : {}),
  });

  try {
    switch (def.args.kind) {
      case 'flag':
        if (hasValue) return err('marker-syntax', `${label} takes no value (write ${label})`, nameEnd);
        return done(true);
      case 'value': {
        const spec = def.args.arg;
        if (!hasValue && !spec.optional) return err('marker-syntax', `${label} needs a value: ${markerSyntax(def)}`, nameEnd);
        if (!hasValue && !def.parse) return done(emptyValue(spec));
        const raw = hasValue ? line.slice(valueOffset) : '';
        if (def.parse) {
          const r = def.parse(raw, params);
          if ('error' in r) return err('invalid-marker-argument', `invalid ${label}: ${r.error}`, valueOffset + (r.offset ?? 0), r.hint);
          if (r.warning) warnings.push(diagnostic('ineffective-marker', r.warning, at(span, valueOffset)));
          return done(r.value);
        }
        const cur = new Cursor(line, valueOffset);
        const v = parseArgValue(spec.type, cur);
        expectEnd(cur);
        const bad = checkArg(spec, v);
        if (bad) return err('invalid-marker-argument', `invalid ${label}: ${bad.message}`, valueOffset + skipLead(raw), bad.hint);
        return done(v);
      }
      case 'struct':
        return parseStruct(def, def.args.args, line, hasValue, valueOffset, firstArg, label, err, done);
    }
  } catch (e) {
    if (e instanceof GrammarError) {
      const quoteHint = /^(expected (",|"," or|";" or)|unexpected )/.test(e.message) ? ' (quote values containing , ; { } with "…" or `…`)' : '';
      return err('invalid-marker-argument', `invalid ${label}: ${e.message}${quoteHint}`, e.offset, e.hint);
    }
    throw e;
  }
}

/** A `+…` comment line that is no marker kubegen or a known tool reads: a warning, since it is dropped from the description. */
function notAMarker(line: string, span: SourceSpan): ParseResult {
  const shown = line.length > 40 ? `${line.slice(0, 40)}…` : line;
  return {
    kind: 'foreign',
    warnings: [
      diagnostic(
        'not-a-marker',
        `comment line ${JSON.stringify(shown)} starts with "+", so it is read as a marker line and left out of the description, but it is no marker kubegen knows: it is ignored (reword it if it is prose)`,
        span,
      ),
    ],
  };
}

function skipLead(s: string): number {
  return s.length - s.trimStart().length;
}

function expectEnd(cur: Cursor): void {
  const c = cur.skipSpace();
  if (c !== '') throw new GrammarError(`unexpected ${JSON.stringify(cur.rest())} after the value`, cur.pos);
}

function emptyValue(spec: ArgSpec): unknown {
  switch (spec.type.kind) {
    case 'string':
    case 'raw':
    case 'json':
      return '';
    case 'bool':
      return true;
    default:
      return undefined;
  }
}

function checkArg(spec: ArgSpec, v: unknown): { message: string; hint?: string } | undefined {
  if (spec.oneOf) {
    const values = Array.isArray(v) ? v : [v];
    for (const x of values) {
      if (typeof x !== 'string' || !spec.oneOf.includes(x)) {
        return { message: `${JSON.stringify(x)} is not one of ${spec.oneOf.join(', ')}`, hint: typeof x === 'string' ? didYouMean(x, spec.oneOf) : undefined };
      }
    }
  }
  const msg = spec.validate?.(v);
  return msg === undefined ? undefined : { message: msg };
}

function parseStruct(
  def: MarkerDefinition,
  args: Readonly<Record<string, ArgSpec>>,
  line: string,
  hasValue: boolean,
  valueOffset: number,
  firstArg: { name: string; offset: number } | undefined,
  label: string,
  err: (kind: DiagnosticKindName, message: string, offset: number, hint?: string) => ParseResult,
  done: (value: unknown) => ParseResult,
): ParseResult {
  const argNames = Object.keys(args);
  const out: Record<string, unknown> = {};
  if (firstArg && !hasValue) return err('marker-syntax', `${label}: argument ${firstArg.name} needs a value (${markerSyntax(def)})`, firstArg.offset);
  if (hasValue && !firstArg && argNames.length > 0) {
    // `+name=value` on a struct marker: controller-gen reads the text after '=' as the argument list
    const cur0 = new Cursor(line, valueOffset);
    if (!/^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(cur0.rest().trimStart())) {
      return err('marker-syntax', `${label} takes named arguments: ${markerSyntax(def)}`, valueOffset);
    }
  }
  if (hasValue) {
    const cur = new Cursor(line, valueOffset);
    let pending = firstArg;
    for (;;) {
      let argName: string;
      let argOffset: number;
      if (pending) {
        argName = pending.name;
        argOffset = pending.offset;
        pending = undefined;
      } else {
        cur.skipSpace();
        argOffset = cur.pos;
        const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(cur.rest());
        if (!m) throw new GrammarError(`expected argument name, got ${cur.eof ? 'end of line' : JSON.stringify(cur.token())}`, cur.pos);
        argName = m[0];
        cur.pos += argName.length;
        cur.expect('=', `"=" after argument ${argName}`);
      }
      const spec = args[argName];
      if (!spec) {
        const hint = didYouMean(argName, argNames);
        return err('invalid-marker-argument', `${label} has no argument ${JSON.stringify(argName)}; arguments are ${argNames.join(', ')}`, argOffset, hint);
      }
      if (argName in out) return err('invalid-marker-argument', `${label}: argument ${argName} given twice`, argOffset);
      cur.skipSpace();
      const vOffset = cur.pos;
      const v = parseArgValue(spec.type, cur);
      const bad = checkArg(spec, v);
      if (bad) return err('invalid-marker-argument', `invalid ${label}: argument ${argName}: ${bad.message}`, vOffset, bad.hint);
      out[argName] = v;
      const c = cur.skipSpace();
      if (c === '') break;
      cur.expect(',', `"," between arguments`);
    }
  }
  const missing = Object.entries(args).filter(([n, spec]) => !spec.optional && !(n in out));
  if (missing.length > 0) {
    const list = missing.map(([n, spec]) => `${n} (${typeString(spec.type)}: ${spec.help ?? ''})`.replace(/: \)$/, ')'));
    return err('missing-marker-argument', `${label} is missing required argument${missing.length > 1 ? 's' : ''} ${list.join(', ')}`, 0);
  }
  return done(out);
}

/**
 * Checks the markers of one node as a set: a marker that is not repeatable may appear once. Returns an error for
 * each repeat, at the repeat.
 */
export function checkMarkerSet(markers: readonly MarkerValue[]): Diagnostic[] {
  const seen = new Map<string, MarkerValue>();
  const out: Diagnostic[] = [];
  for (const m of markers) {
    const def = byName.get(m.name);
    if (!def || def.repeatable) continue;
    const first = seen.get(m.name);
    if (first) {
      out.push(diagnostic('duplicate-marker', `duplicate marker +${m.name}; it may appear only once`, m.span, { related: [{ span: first.span, message: `the first +${m.name}` }] }));
    } else {
      seen.set(m.name, m);
    }
  }
  return out;
}
