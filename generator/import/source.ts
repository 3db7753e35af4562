/**
 * Reading untrusted YAML / JSON documents for the importer.
 *
 * Contract:
 * - `readDocuments(text, file)` returns every document of a (multi-document) YAML or JSON text as plain data:
 *   objects are null-prototype objects built from own keys only, so `__proto__` and `constructor` are ordinary
 *   keys kept as data; anchors/aliases are expanded with go-yaml's bound (the apiserver's decoder: sigs.k8s.io/yaml
 *   over go-yaml, whose `allowedAliasRatio` refuses a document whose values come mostly from alias expansion), each
 *   alias resolved once in a pass over the document; depth and size are bounded.
 * - Syntax errors are an `ImportError` naming the file, line and column; nothing is thrown for bad data otherwise.
 * - Each document comes with `locate(path)`: the line and column of the node at a JSON path as `childPath` writes it
 *   (of its key in a map), or of its deepest ancestor in the document, so that problems can name their line.
 */
import { LineCounter, parseAllDocuments, isMap, isSeq, isScalar, isAlias, visit, type Alias, type Document, type Node as YamlNode } from 'yaml';

/** One problem with the input, reported as `<file>: <json path>: <message>` (path may be empty). */
export interface ImportProblem {
  severity: 'error' | 'warning';
  file: string;
  /** A JSON path such as `spec.versions[0].schema.openAPIV3Schema.properties.spec`, or `line:column` for syntax. */
  path: string;
  message: string;
}

/** A 1-based line and column in an input text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** The position of the node at a JSON path of one document (or of its deepest ancestor there); undefined for none. */
export type Locate = (path: string) => TextPosition | undefined;

/** Formats a problem as one line: line terminators quoted from the input (`JSON.stringify` leaves U+2028 / U+2029 raw) are escaped. */
export function formatProblem(p: ImportProblem): string {
  const line = `${p.file}: ${p.path ? `${p.path}: ` : ''}${p.severity === 'warning' ? 'warning: ' : ''}${p.message}`;
  return line.replace(/[\n\r\u0085\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** An input failure carrying every problem found (the CLI prints them and writes nothing). */
export class ImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ImportError';
  }
}

/** Collects problems; `hasErrors()` says whether any is an error. */
export class ProblemBag {
  readonly items: ImportProblem[] = [];
  error(file: string, path: string, message: string): void {
    this.items.push({ severity: 'error', file, path, message });
  }
  warning(file: string, path: string, message: string): void {
    this.items.push({ severity: 'warning', file, path, message });
  }
  /** A method, not a getter: the answer changes as problems are added, and a getter would stay narrowed after a check. */
  hasErrors(): boolean {
    return this.items.some((p) => p.severity === 'error');
  }
}

/** JSON data as read from untrusted input. */
/** JSON data; integers beyond 2^53 stay exact as bigints (an int64 default of the largest int64, say). */
export type Json = null | boolean | number | bigint | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/** Limits for untrusted documents. */
export const MAX_DEPTH = 200;
export const MAX_NODES = 5_000_000;

/** A null-prototype object (so `__proto__` is data). */
export function newObject(): JsonObject {
  return Object.create(null) as JsonObject;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own property lookup that never reaches a prototype. */
export function own(o: JsonObject, key: string): Json | undefined {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

/** `a.b[0].c` path building; keys that are not plain identifiers are quoted. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

/**
 * Every document of `text` (YAML 1.2 core schema; JSON is YAML). Empty documents (`---` alone) are skipped.
 * Throws an ImportError for syntax errors, duplicate keys, or data beyond the limits.
 */
export function readDocuments(text: string, file: string): Array<{ value: Json; index: number; locate: Locate }> {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { uniqueKeys: true, merge: false, prettyErrors: true, intAsBigInt: true, lineCounter: lines });
  // an empty stream (no document at all) is not an array
  const list: readonly Document[] = Array.isArray(docs) ? docs : [];
  const out: Array<{ value: Json; index: number; locate: Locate }> = [];
  const problems: ImportProblem[] = [];
  list.forEach((doc, index) => {
    for (const e of doc.errors) {
      const pos = e.linePos?.[0];
      problems.push({ severity: 'error', file: pos ? `${file}:${pos.line}:${pos.col}` : file, path: '', message: `YAML syntax error: ${firstLine(e.message)}` });
    }
    if (doc.errors.length > 0) return;
    if (doc.contents === null) return;
    const budget: Budget = { nodes: 0, aliases: 0, aliasDepth: 0, targets: aliasTargets(doc) };
    try {
      const value = toJson(doc.contents, 0, budget);
      if (value !== null) out.push({ value, index, locate: (p) => locateIn(doc.contents, p, budget.targets, lines) });
    } catch (e) {
      if (e instanceof LocatedValueError) {
        const pos = lines.linePos(e.offset);
        problems.push({ severity: 'error', file: `${file}:${pos.line}:${pos.col}`, path: '', message: e.message });
      } else problems.push({ severity: 'error', file, path: `document ${index + 1}`, message: (e as Error).message });
    }
  });
  if (problems.length > 0) throw new ImportError(problems);
  return out;
}

/** The steps of a JSON path as `childPath` writes it (`a.b[0]["c.d"]`); undefined for text of another form. */
export function parsePath(path: string): Array<string | number> | undefined {
  const steps: Array<string | number> = [];
  const name = /[A-Za-z_$][A-Za-z0-9_$-]*/y;
  const index = /\[(\d+)\]/y;
  const quoted = /\[("(?:[^"\\]|\\.)*")\]/y;
  let i = 0;
  while (i < path.length) {
    let m: RegExpExecArray | null;
    if (path[i] === '[') {
      index.lastIndex = i;
      quoted.lastIndex = i;
      if ((m = index.exec(path))) steps.push(Number(m[1]));
      else if ((m = quoted.exec(path))) steps.push(JSON.parse(m[1] ?? '""') as string);
      else return undefined;
    } else {
      if (path[i] === '.' && steps.length > 0) i++;
      name.lastIndex = i;
      if (!(m = name.exec(path))) return undefined;
      steps.push(m[0]);
    }
    i += m[0].length;
  }
  return steps;
}

/** The position of the node at `path` in `root` (a map entry: its key), or of its deepest ancestor; aliases followed. */
function locateIn(root: YamlNode | null, path: string, targets: ReadonlyMap<Alias, YamlNode | undefined>, lines: LineCounter): TextPosition | undefined {
  const steps = parsePath(path);
  if (steps === undefined) return undefined;
  let node: YamlNode | null | undefined = root;
  let offset = root?.range?.[0];
  for (const step of steps) {
    for (let hops = 0; node && isAlias(node) && hops < 100; hops++) node = targets.get(node);
    if (isMap(node) && typeof step === 'string') {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === step);
      if (!pair) break;
      offset = isScalar(pair.key) ? pair.key.range?.[0] : offset;
      node = pair.value as YamlNode | null;
    } else if (isSeq(node) && typeof step === 'number') {
      const item = node.items[step] as YamlNode | null | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else break;
  }
  if (offset === undefined) return undefined;
  const pos = lines.linePos(offset);
  return { line: pos.line, column: pos.col };
}

function firstLine(s: string): string {
  const i = s.indexOf('\n');
  return (i < 0 ? s : s.slice(0, i)).replace(/ at line \d+, column \d+:?$/, '').trim();
}

/** A UTF-16 code unit that is half a surrogate pair without its other half (a `\\udXXX` escape in JSON or YAML). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A problem with one value, at its offset in the text. */
class LocatedValueError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** What one document's conversion has spent, and where its aliases point. */
interface Budget {
  /** Values decoded, aliases followed (go-yaml's `decodeCount`). */
  nodes: number;
  /** Values decoded inside an alias expansion (go-yaml's `aliasCount`). */
  aliases: number;
  /** Aliases being expanded around the current value. */
  aliasDepth: number;
  /** Each alias node's anchored node (undefined: no anchor of that name before it). */
  targets: Map<Alias, YamlNode | undefined>;
}

/**
 * go-yaml's `allowedAliasRatio` (gopkg.in/yaml.v2 decode.go, yaml.v3 decode.go; the fix of CVE-2019-11253): the share
 * of decoded values that may come from alias expansion — 99% up to 400,000 values, scaling down to 10% at 4,000,000.
 */
export function allowedAliasRatio(decoded: number): number {
  const low = 400_000;
  const high = 4_000_000;
  if (decoded <= low) return 0.99;
  if (decoded >= high) return 0.1;
  return 0.99 - (0.89 * (decoded - low)) / (high - low);
}

/** Every alias of `doc` → the last node anchored with its name before it (YAML's rule), in one pass. */
function aliasTargets(doc: Document): Map<Alias, YamlNode | undefined> {
  const anchors = new Map<string, YamlNode>();
  const out = new Map<Alias, YamlNode | undefined>();
  visit(doc, {
    Node: (_key, node) => {
      if (isAlias(node)) out.set(node, anchors.get(node.source));
      else if (node.anchor !== undefined) anchors.set(node.anchor, node);
    },
  });
  return out;
}

function toJson(node: YamlNode | null, depth: number, budget: Budget): Json {
  if (node === null) return null;
  if (depth > MAX_DEPTH) throw new Error(`nesting deeper than ${MAX_DEPTH} levels`);
  if (++budget.nodes > MAX_NODES) throw new Error(`more than ${MAX_NODES} values in one document`);
  if (budget.aliasDepth > 0) budget.aliases++;
  // go-yaml's check, word for word (decoder.unmarshal)
  if (budget.aliases > 100 && budget.nodes > 1000 && budget.aliases / budget.nodes > allowedAliasRatio(budget.nodes)) {
    throw new Error(`the document contains excessive aliasing (${budget.aliases} of the first ${budget.nodes} values come from aliases; the apiserver's YAML decoder refuses it too)`);
  }
  if (isAlias(node)) {
    const target = budget.targets.get(node);
    if (target === undefined) throw new Error(`alias *${node.source} names no anchor before it`);
    budget.aliasDepth++;
    try {
      return toJson(target, depth + 1, budget);
    } finally {
      budget.aliasDepth--;
    }
  }
  if (isScalar(node)) {
    const v = node.value;
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') {
      const lone = LONE_SURROGATE.exec(v);
      if (lone) {
        throw new LocatedValueError(
          node.range?.[0] ?? 0,
          `the string holds a lone surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()}), which no CRD or OpenAPI document can hold: the apiserver reads it as U+FFFD`,
        );
      }
      return v;
    }
    if (typeof v === 'boolean') return v;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`number ${String(v)} is not JSON`);
      return v;
    }
    // integers are read as bigints; those a double holds exactly become numbers again
    if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v;
    throw new Error(`value of type ${typeof v} is not JSON`);
  }
  if (isSeq(node)) return node.items.map((item) => toJson(item as YamlNode, depth + 1, budget));
  if (isMap(node)) {
    const o = newObject();
    for (const pair of node.items) {
      const k = pair.key === null ? null : toJson(pair.key as YamlNode, depth + 1, budget);
      if (typeof k !== 'string' && typeof k !== 'number' && typeof k !== 'boolean') throw new Error('map keys must be strings');
      Object.defineProperty(o, String(k), {
        value: toJson(pair.value as YamlNode | null, depth + 1, budget),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return o;
  }
  throw new Error('unsupported YAML node');
}
