/**
 * Reading the manifests `kubegen apply` applies: files, directories (their `.yaml`, `.yml` and `.json` files in name
 * order; `recursive` descends into subdirectories) and standard input, each holding any number of YAML documents
 * (JSON is YAML). A `List` (any kind ending in `List` with an `items` array, as kubectl flattens it) gives its items.
 *
 * Contract:
 * - every object keeps where it came from (`file:line:column` of its document, or of its item in a List), so a
 *   later error names it;
 * - every problem of every input is collected and reported together (`ManifestError`, one line each); nothing is
 *   applied when there is one;
 * - a document must be a mapping with `apiVersion`, `kind` and `metadata.name` (server-side apply cannot use
 *   `generateName`); empty documents are skipped;
 * - a kustomization directory is refused with `-f`, naming `kubegen apply -k <dir>` that builds it;
 * - YAML is read as kubectl reads it (YAML 1.1 scalars, see `asKubectlReads`); a kustomization's resources as
 *   kustomize reads them (`dialect: 'kustomize'`, YAML 1.2 as go-yaml v3 resolves it: kustomize/kyaml.ts);
 * - inputs are data: YAML aliases are bounded, duplicate keys are errors, a file over 64 MiB is refused.
 */

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isSeq, LineCounter, parseAllDocuments, type Node as YamlNode, type Tags } from 'yaml';
import { KubegenError } from '../errors';
import { KYAML_PARSE_OPTIONS, KyamlError, kyamlValue } from './kustomize/kyaml';
import { firstLine } from '../text';

/** Where a manifest was read (1-based line and column). */
export interface ManifestSource {
  file: string;
  line: number;
  column: number;
}

/** A Kubernetes object as read from a manifest: any fields, `apiVersion`, `kind` and `metadata.name` checked. */
export interface ManifestObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string>; [k: string]: unknown };
  [field: string]: unknown;
}

/** One object to apply, and where it came from (absent for objects a caller built). */
export interface Manifest {
  object: ManifestObject;
  source?: ManifestSource;
}

/** Bad manifests: one line per problem, each starting with `file:line:column:`. */
export class ManifestError extends KubegenError {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ManifestError';
  }
}

/** The largest input read, in bytes. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** Problems reported before the rest are counted. */
const MAX_PROBLEMS = 50;
const MANIFEST_EXTENSIONS = /\.(ya?ml|json)$/i;
const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** `file:line:column` of a source. */
export function formatSource(s: ManifestSource): string {
  return `${s.file}:${s.line}:${s.column}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describeValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'a list';
  return `a ${typeof v}`;
}

/** Problems of one object (its identity fields); `[]` when it can be applied. */
export function checkObject(value: unknown): string[] {
  if (!isRecord(value)) return [`a manifest must be a mapping (an object), not ${describeValue(value)}`];
  const problems: string[] = [];
  const apiVersion = Object.hasOwn(value, 'apiVersion') ? value.apiVersion : undefined;
  const kind = Object.hasOwn(value, 'kind') ? value.kind : undefined;
  if (typeof apiVersion !== 'string' || apiVersion === '') problems.push('apiVersion is not set');
  else if (!/^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[a-z0-9]+$/.test(apiVersion)) problems.push(`apiVersion ${JSON.stringify(apiVersion)} is not <group>/<version> or <version>`);
  if (typeof kind !== 'string' || kind === '') problems.push('kind is not set');
  else if (!/^[A-Za-z][A-Za-z0-9]*$/.test(kind)) problems.push(`kind ${JSON.stringify(kind)} is not a kind name`);
  const metadata = Object.hasOwn(value, 'metadata') ? value.metadata : undefined;
  if (!isRecord(metadata)) {
    problems.push('metadata.name is not set');
    return problems;
  }
  const name = Object.hasOwn(metadata, 'name') ? metadata.name : undefined;
  if (typeof name !== 'string' || name === '') {
    problems.push(Object.hasOwn(metadata, 'generateName') ? 'metadata.name is not set (server-side apply needs a name; generateName cannot be applied)' : 'metadata.name is not set');
  } else if (name === '.' || name === '..' || /[/%]/.test(name)) {
    problems.push(`metadata.name ${JSON.stringify(name)} cannot be a name (no "/", "%", "." or "..")`);
  }
  if (Object.hasOwn(metadata, 'namespace')) {
    const ns = metadata.namespace;
    if (ns !== null && ns !== undefined && (typeof ns !== 'string' || /[/%]/.test(ns) || ns === '.' || ns === '..')) problems.push(`metadata.namespace ${JSON.stringify(ns)} is not a namespace name`);
  }
  for (const key of ['labels', 'annotations'] as const) {
    if (!Object.hasOwn(metadata, key) || metadata[key] === null || metadata[key] === undefined) continue;
    const m = metadata[key];
    if (!isRecord(m) || Object.keys(m).some((k) => typeof m[k] !== 'string')) problems.push(`metadata.${key} must map strings to strings`);
  }
  return problems;
}

/** A List's items are applied one by one, as kubectl flattens lists. */
function isListObject(value: Record<string, unknown>): boolean {
  return typeof value.kind === 'string' && value.kind.endsWith('List') && Object.hasOwn(value, 'items') && Array.isArray(value.items);
}

/**
 * The scalars of YAML 1.1 as kubectl reads them (sigs.k8s.io/yaml over go-yaml v2): `0644` is octal (420), `yes`,
 * `on`, `y` are true, `1_000` is 1000, `<<` merges — but a timestamp stays a string and `1:20` is not a base-60
 * number, as go-yaml v2 leaves both when it decodes into untyped values.
 */
export function asKubectlReads(tags: Tags): Tags {
  return tags.filter((t) => (typeof t === 'string' ? t !== 'timestamp' : t.tag !== 'tag:yaml.org,2002:timestamp' && !('format' in t && t.format === 'TIME')));
}

/** The objects of one input's text (`file` names it in errors); problems are appended to `problems`. */
export function parseManifests(file: string, text: string, problems: string[], options: { dialect?: 'kubectl' | 'kustomize' } = {}): Manifest[] {
  const lines = new LineCounter();
  const kustomize = options.dialect === 'kustomize';
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, ...(kustomize ? KYAML_PARSE_OPTIONS : { version: '1.1', customTags: asKubectlReads }) });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: Manifest[] = [];
  const at = (offset: number): ManifestSource => {
    const p = lines.linePos(offset);
    return { file, line: p.line, column: p.col };
  };
  for (const doc of list) {
    // the first error of a document; the ones after it mostly follow from it (a deep nesting gives thousands)
    const [first] = doc.errors;
    if (first) {
      const more = doc.errors.length - 1;
      problems.push(`${formatSource(at(first.pos[0]))}: ${firstLine(first.message)}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'} in this document)` : ''}`);
      continue;
    }
    if (doc.contents === null) continue;
    const where = at(doc.contents.range[0]);
    let value: unknown;
    try {
      value = kustomize ? kyamlValue(doc, ['annotations']) : doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      problems.push(`${formatSource(e instanceof KyamlError ? at(e.offset) : where)}: ${e instanceof Error ? firstLine(e.message) : 'cannot read the document'}`);
      continue;
    }
    if (value === null || value === undefined) continue;
    if (isRecord(value) && isListObject(value)) {
      const items = value.items as unknown[];
      const nodes = isMap(doc.contents) ? doc.contents.get('items', true) : undefined;
      items.forEach((item, i) => {
        const node = isSeq(nodes) ? (nodes.items[i] as YamlNode | undefined) : undefined;
        addObject(out, problems, item, node?.range ? at(node.range[0]) : where);
      });
      continue;
    }
    addObject(out, problems, value, where);
  }
  return out;
}

function addObject(out: Manifest[], problems: string[], value: unknown, source: ManifestSource): void {
  const found = checkObject(value);
  if (found.length > 0) {
    problems.push(`${formatSource(source)}: ${found.join('; ')}`);
    return;
  }
  out.push({ object: value as ManifestObject, source });
}

/** What {@link readManifests} reads. */
export interface ReadManifestsOptions {
  /** Files and directories; `-` is standard input. */
  paths: readonly string[];
  /** Descend into subdirectories of directories. */
  recursive?: boolean;
  /** Paths are resolved against it; errors show paths relative to it. */
  cwd?: string;
  /** Standard input's text, read when `-` is among the paths. */
  stdin?: () => string;
}

function shown(cwd: string, p: string): string {
  const rel = path.relative(cwd, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

function ioProblem(e: unknown): string {
  const code = typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string' ? (e as { code: string }).code : undefined;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'EISDIR') return 'is a directory';
  return code ? `cannot be read (${code})` : 'cannot be read';
}

/** Files of a directory, in name order; `problems` gets a kustomization directory. */
function directoryFiles(dir: string, recursive: boolean, cwd: string, problems: string[]): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    problems.push(`${shown(cwd, dir)}: ${ioProblem(e)}`);
    return [];
  }
  const kustomization = entries.find((e) => KUSTOMIZATION_FILES.includes(e.name));
  if (kustomization) {
    problems.push(`${shown(cwd, dir)}: is a kustomization (${kustomization.name}); build it with \`kubegen apply -k ${shown(cwd, dir)}\` (or \`kustomize build ${shown(cwd, dir)} | kubegen apply -f -\`)`);
    return [];
  }
  const out: string[] = [];
  for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (recursive) out.push(...directoryFiles(full, recursive, cwd, problems));
    } else if ((e.isFile() || e.isSymbolicLink()) && MANIFEST_EXTENSIONS.test(e.name)) {
      out.push(full);
    }
  }
  return out;
}

function readText(file: string, cwd: string, problems: string[]): string | undefined {
  try {
    const size = fs.statSync(file).size;
    if (size > MAX_MANIFEST_BYTES) {
      problems.push(`${shown(cwd, file)}: is ${size} bytes, more than the ${MAX_MANIFEST_BYTES} bytes a manifest may have`);
      return undefined;
    }
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    problems.push(`${shown(cwd, file)}: ${ioProblem(e)}`);
    return undefined;
  }
}

/** Reads every input (see the module doc); throws one {@link ManifestError} listing every problem. */
export function readManifests(options: ReadManifestsOptions): Manifest[] {
  const cwd = options.cwd ?? process.cwd();
  const problems: string[] = [];
  const out: Manifest[] = [];
  let stdinRead = false;
  for (const p of options.paths) {
    if (p === '-') {
      if (stdinRead) {
        problems.push('-: standard input is given more than once');
        continue;
      }
      stdinRead = true;
      const text = (options.stdin ?? (() => fs.readFileSync(0, 'utf8')))();
      if (Buffer.byteLength(text) > MAX_MANIFEST_BYTES) problems.push(`<stdin>: more than the ${MAX_MANIFEST_BYTES} bytes a manifest may have`);
      else out.push(...parseManifests('<stdin>', text, problems));
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(p)) {
      problems.push(`${p}: URLs are not read; download the manifest and pass the file`);
      continue;
    }
    const full = path.resolve(cwd, p);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch (e) {
      problems.push(`${shown(cwd, full)}: ${ioProblem(e)}`);
      continue;
    }
    const files = stat.isDirectory() ? directoryFiles(full, options.recursive ?? false, cwd, problems) : [full];
    if (!stat.isDirectory() && KUSTOMIZATION_FILES.includes(path.basename(full))) {
      problems.push(`${shown(cwd, full)}: is a kustomization; build it with \`kubegen apply -k ${shown(cwd, path.dirname(full))}\` (or \`kustomize build ${shown(cwd, path.dirname(full))} | kubegen apply -f -\`)`);
      continue;
    }
    for (const f of files) {
      const text = readText(f, cwd, problems);
      if (text !== undefined) out.push(...parseManifests(shown(cwd, f), text, problems));
    }
  }
  if (problems.length > MAX_PROBLEMS) problems.splice(MAX_PROBLEMS, problems.length - MAX_PROBLEMS, `… and ${problems.length - MAX_PROBLEMS} more problems`);
  if (problems.length > 0) throw new ManifestError(problems);
  return out;
}
