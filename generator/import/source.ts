/**
 * Reading untrusted YAML / JSON documents for the importer.
 *
 * Contract:
 * - `readDocuments(text, file)` returns every document of a (multi-document) YAML or JSON text as plain data:
 *   objects are null-prototype objects built from own keys only, so `__proto__` and `constructor` are ordinary
 *   keys kept as data; anchors/aliases are expanded with a bound; depth and size are bounded.
 * - Syntax errors are an `ImportError` naming the file, line and column; nothing is thrown for bad data otherwise.
 */
import { parseAllDocuments, isMap, isSeq, isScalar, isAlias, type Document, type Node as YamlNode } from 'yaml';

/** One problem with the input, reported as `<file>: <json path>: <message>` (path may be empty). */
export interface ImportProblem {
  severity: 'error' | 'warning';
  file: string;
  /** A JSON path such as `spec.versions[0].schema.openAPIV3Schema.properties.spec`, or `line:column` for syntax. */
  path: string;
  message: string;
}

/** Formats a problem as one line. */
export function formatProblem(p: ImportProblem): string {
  return `${p.file}: ${p.path ? `${p.path}: ` : ''}${p.severity === 'warning' ? 'warning: ' : ''}${p.message}`;
}

/** An input failure carrying every problem found (the CLI prints them and writes nothing). */
export class ImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ImportError';
  }
}

/** Collects problems; `errors` says whether any is an error. */
export class ProblemBag {
  readonly items: ImportProblem[] = [];
  error(file: string, path: string, message: string): void {
    this.items.push({ severity: 'error', file, path, message });
  }
  warning(file: string, path: string, message: string): void {
    this.items.push({ severity: 'warning', file, path, message });
  }
  get hasErrors(): boolean {
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
export function readDocuments(text: string, file: string): Array<{ value: Json; index: number }> {
  const docs = parseAllDocuments(text, { uniqueKeys: true, merge: false, prettyErrors: true, intAsBigInt: true });
  // an empty stream (no document at all) is not an array
  const list: readonly Document[] = Array.isArray(docs) ? docs : [];
  const out: Array<{ value: Json; index: number }> = [];
  const problems: ImportProblem[] = [];
  list.forEach((doc, index) => {
    for (const e of doc.errors) {
      const pos = e.linePos?.[0];
      problems.push({ severity: 'error', file: pos ? `${file}:${pos.line}:${pos.col}` : file, path: '', message: `YAML syntax error: ${firstLine(e.message)}` });
    }
    if (doc.errors.length > 0) return;
    if (doc.contents === null || doc.contents === undefined) return;
    const budget = { nodes: 0 };
    try {
      const value = toJson(doc.contents, doc, 0, budget);
      if (value !== null) out.push({ value, index });
    } catch (e) {
      problems.push({ severity: 'error', file, path: `document ${index + 1}`, message: (e as Error).message });
    }
  });
  if (problems.length > 0) throw new ImportError(problems);
  return out;
}

function firstLine(s: string): string {
  const i = s.indexOf('\n');
  return (i < 0 ? s : s.slice(0, i)).replace(/ at line \d+, column \d+:?$/, '').trim();
}

function toJson(node: YamlNode | null, doc: Document, depth: number, budget: { nodes: number }): Json {
  if (node === null) return null;
  if (depth > MAX_DEPTH) throw new Error(`nesting deeper than ${MAX_DEPTH} levels`);
  if (++budget.nodes > MAX_NODES) throw new Error(`more than ${MAX_NODES} values in one document`);
  if (isAlias(node)) return toJson(node.resolve(doc) as YamlNode, doc, depth + 1, budget);
  if (isScalar(node)) {
    const v = node.value;
    if (v === null || v === undefined) return null;
    if (typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`number ${String(v)} is not JSON`);
      return v;
    }
    // integers are read as bigints; those a double holds exactly become numbers again
    if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v;
    throw new Error(`value of type ${typeof v} is not JSON`);
  }
  if (isSeq(node)) return node.items.map((item) => toJson(item as YamlNode, doc, depth + 1, budget));
  if (isMap(node)) {
    const o = newObject();
    for (const pair of node.items) {
      const k = pair.key === null ? null : toJson(pair.key as YamlNode, doc, depth + 1, budget);
      if (typeof k !== 'string' && typeof k !== 'number' && typeof k !== 'boolean') throw new Error('map keys must be strings');
      Object.defineProperty(o, String(k), {
        value: toJson(pair.value as YamlNode | null, doc, depth + 1, budget),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return o;
  }
  throw new Error('unsupported YAML node');
}
