/**
 * The importer's self-check, on the text it wrote — `kubegen import` is the importer (generator/import, which never
 * runs the TypeScript loader) followed by this check, which does: the emitted files are written to a scratch directory
 * and loaded back through the real front end (generator/load), and
 * - every written file holds declarations only (type-only imports and exports, interfaces, type aliases), checked on
 *   the TypeScript AST by the loader: no text from the input can have become a statement;
 * - the loaded model is the model the importer built (spans and folders aside): no text from the input can have
 *   become a marker, a member or a type the importer did not mean;
 * - CRDs: `kubegen crd` on the loaded model gives every input CRD back, leaf for leaf, up to the normalisations
 *   docs/import.md lists (versions by name, `required` sorted, tool annotations, an empty `subresources`, the root
 *   `apiVersion` / `kind` / `metadata` every kind has, descriptions as a doc comment holds them).
 * Each failure is an error at the first JSON path where the two disagree, so an import that would not round-trip
 * never writes anything.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DiagnosticBag } from './diagnostics';
import { buildCrds } from './emit/crd';
import type { VirtualFile } from './emit/shared/types';
import { importCrds as importCrdsUnchecked, importOpenApi as importOpenApiUnchecked, type ImportInput, type ImportResult, type OpenApiImportOptions } from './import';
import { canonical, docText } from './import/schema';
import { Origins } from './import/origin';
import { childPath, isObject, ProblemBag, type JsonObject } from './import/source';
import { wellKnownTable } from './import/wellknown';
import { loadApiModel } from './load';
import { describe } from './load/comments';
import { firstNonDeclaration } from './load/declarations';
import type { ApiModel } from './model/types';
import { isApiPackage, RUNTIME_PACKAGE } from './model/util';
import { cloneJson } from './core/json';

export { formatProblem, type ImportInput, type ImportProblem, type ImportResult, type OpenApiImportOptions } from './import';

/** `kubegen import crd`: {@link importCrdsUnchecked generator/import's importCrds}, then the self-check. */
export function importCrds(inputs: readonly ImportInput[]): ImportResult {
  return checkImport(importCrdsUnchecked(inputs), inputs);
}

/** `kubegen import openapi`: {@link importOpenApiUnchecked generator/import's importOpenApi}, then the self-check. */
export function importOpenApi(inputs: readonly ImportInput[], options: Omit<OpenApiImportOptions, 'goDocs'> & { goDocs?: ImportInput } = {}): ImportResult {
  return checkImport(importOpenApiUnchecked(inputs, options), inputs);
}

/**
 * The self-check of an import's result (see the module doc): `result` unchanged when the written files load back as
 * its model (and give its CRDs back), else its problems with the check's errors added and no files.
 */
export function checkImport(result: ImportResult, inputs: readonly ImportInput[]): ImportResult {
  if (result.files.length === 0) return result;
  const bag = new ProblemBag();
  bag.items.push(...result.problems);
  verifyWritten(result.files, result.model, new Origins(result.model, inputs.map((i) => i.file)), bag, result.crds);
  // the check's problems at their input's line and column, as the importer's own
  const { sources } = result;
  const problems = sources === undefined ? bag.items : bag.items.map((p) => sources.locate(p));
  return bag.hasErrors() ? { model: result.model, files: [], problems } : { ...result, problems };
}

/**
 * Writes `files` to a scratch directory, loads them back and checks them against `model` (and, for CRDs, against the
 * input CRDs); problems go to `bag`, each at the input it is about (`origins`).
 */
export function verifyWritten(files: readonly VirtualFile[], model: ApiModel, origins: Origins, bag: ProblemBag, crds?: ReadonlyArray<{ file: string; crd: JsonObject }>): void {
  for (const f of files) {
    const bad = firstNonDeclaration(f.path, f.contents);
    if (bad) {
      bag.error(origins.ofFile(f.path), '', `internal: the TypeScript written for ${f.path} holds ${bad}, not only declarations; nothing is written`);
      return;
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-import-verify-'));
  try {
    for (const f of files) {
      const target = path.resolve(dir, f.path);
      if (path.relative(dir, target).startsWith('..') || path.isAbsolute(path.relative(dir, target))) {
        bag.error(origins.ofFile(f.path), '', `internal: the written file ${JSON.stringify(f.path)} lies outside the output directory`);
        return;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, f.contents);
    }
    const loaded = loadApiModel({ root: dir, cwd: dir });
    const d = loaded.diagnostics.find((x) => x.severity === 'error');
    if (d !== undefined) {
      const at = d.span ? `${d.span.file}:${d.span.line}:${d.span.column}: ` : '';
      bag.error(origins.ofFile(d.span?.file ?? ''), '', `internal: the written TypeScript does not load back: ${at}${d.message}`);
      return;
    }
    const diff = firstDifference(comparable(model, true), comparable(loaded.model, false), '');
    if (diff !== undefined) {
      bag.error(origins.ofFile(''), diff.path, `internal: the written TypeScript loads back as another model (meant ${diff.want}, read ${diff.got})`);
      return;
    }
    origins.learn(model, loaded.model);
    if (crds) verifyRoundTrip(loaded.model, crds, bag, origins);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A doc as the loader reads the comment generator/import/print.ts writes for it (`printComment`: a trailing break is written as a cut). */
function readBack(doc: string): string {
  const text = doc.endsWith('\n') ? `${doc}\n---` : doc;
  return describe({ lines: text.split('\n').map((line) => ({ text: line, pos: 0 })), block: false, start: 0, end: 0 });
}

/**
 * A model as plain JSON without spans, folders and the runtime package, keys sorted, the declarations of built-in
 * packages by name: what the text must say. Docs are
 * of the model built in memory (`readDocs`) are read as the loader reads a comment (`describe`: with `--go-docs` the
 * importer keeps Go's TODO and `---` lines, which the loader drops as controller-gen does).
 */
function comparable(model: ApiModel, readDocs: boolean): unknown {
  // the built-in packages hold the declarations the imported types reach, in the order each front end reached them
  const packages = model.packages.filter((p) => p.id !== RUNTIME_PACKAGE).map((p) => (isApiPackage(p.id) ? { ...p, types: [...p.types].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) } : p));
  const json = JSON.stringify({ ...model, packages }, (k, v: unknown) =>
    k === 'span' || k === 'selectableFieldSpans' || k === 'dir'
      ? undefined
      : typeof v === 'bigint'
        ? `${v.toString()}n`
        : readDocs && k === 'doc' && typeof v === 'string'
          ? readBack(v)
          : v,
  );
  return JSON.parse(canonical(JSON.parse(json) as unknown)) as unknown;
}

const TOOL_ANNOTATIONS = new Set(['controller-gen.kubebuilder.io/version', 'kubegen.io/version']);

function verifyRoundTrip(model: ApiModel, inputs: ReadonlyArray<{ file: string; crd: JsonObject }>, bag: ProblemBag, origins: Origins): void {
  const diags = new DiagnosticBag();
  const crds = buildCrds(model, {}, diags);
  for (const d of diags.items) {
    if (d.severity === 'error') bag.items.push(origins.problemOf(d, 'kubegen crd would refuse the imported types: '));
  }
  if (diags.hasErrors()) return;
  const byName = new Map(crds.map((c) => [c.crd.metadata.name, c.crd]));
  for (const input of inputs) {
    const spec = input.crd.spec as JsonObject;
    const names = spec.names as JsonObject;
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- untrusted JSON: a non-string value prints as String() prints it
    const name = `${String(names.plural)}.${String(spec.group)}`;
    const out = byName.get(name);
    if (!out) {
      bag.error(input.file, '', `internal: the imported types give no CRD ${name}`);
      continue;
    }
    const want = normalise(cloneJson(input.crd), '', true, true) as Record<string, unknown>;
    const got = normalise(cloneJson(out), '', false, true);
    want.apiVersion = 'apiextensions.k8s.io/v1'; // v1beta1 input was converted
    addRootMeta(want);
    const diff = firstDifference(want, got, '');
    if (diff !== undefined) bag.error(input.file, diff.path, `kubegen crd does not give this back exactly (input ${diff.want}, kubegen ${diff.got}); nothing is written`);
  }
}

/** Every kind has apiVersion, kind and metadata at the root: add them where the input left them out. */
function addRootMeta(crd: unknown): void {
  const versions = (crd as { spec?: { versions?: unknown[] } }).spec?.versions ?? [];
  for (const v of versions) {
    const root = (v as { schema?: { openAPIV3Schema?: { properties?: Record<string, unknown> } } }).schema?.openAPIV3Schema;
    if (!root) continue;
    root.properties ??= {};
    root.properties.metadata = { type: 'object' };
    const tm = wellKnownTable().typeMeta;
    root.properties.apiVersion ??= cloneJson(tm.apiVersion) as unknown;
    root.properties.kind ??= cloneJson(tm.kind) as unknown;
  }
}

function normalise(v: unknown, key: string, input: boolean, top = false): unknown {
  if (Array.isArray(v)) {
    const items = v.map((x) => normalise(x, '', input));
    if (key === 'required') return [...(items as string[])].sort();
    if (key === 'versions') return [...items].sort((a, b) => ((a as { name: string }).name < (b as { name: string }).name ? -1 : 1));
    return items;
  }
  if (!isObject(v)) {
    // a description a doc comment holds as nothing (white space) is no description
    if (key === 'description' && typeof v === 'string' && input) return docText(v).doc || undefined;
    return v;
  }
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (TOOL_ANNOTATIONS.has(k)) continue;
    if (input && top && k === 'status') continue;
    if (input && key === 'spec' && (k === 'conversion' || k === 'preserveUnknownFields')) continue;
    const x = normalise(o[k], k, input);
    if (x === undefined) continue;
    // Go's omitempty: empty lists and an empty `properties` are not written (kubegen, controller-gen, the apiserver)
    if (Array.isArray(x) && x.length === 0 && k !== 'enum' && k !== 'default' && k !== 'example') continue;
    if (k === 'properties' && isObject(x) && Object.keys(x).length === 0) continue;
    Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
  }
  if ((key === 'annotations' || key === 'subresources' || key === 'labels') && Object.keys(out).length === 0) return undefined;
  return out;
}

/** The first path where two JSON values differ (object keys in sorted order), or undefined. */
function firstDifference(want: unknown, got: unknown, path: string): { path: string; want: string; got: string } | undefined {
  if (canonical(want) === canonical(got)) return undefined;
  const show = (x: unknown) => (x === undefined ? 'nothing' : truncate(canonical(x)));
  if (Array.isArray(want) && Array.isArray(got) && want.length === got.length) {
    for (let i = 0; i < want.length; i++) {
      const d = firstDifference(want[i], got[i], childPath(path, i));
      if (d) return d;
    }
  }
  if (isObject(want) && isObject(got) && !Array.isArray(want) && !Array.isArray(got)) {
    const w = want as Record<string, unknown>;
    const g = got as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(w), ...Object.keys(g)])].sort()) {
      const d = firstDifference(Object.hasOwn(w, k) ? w[k] : undefined, Object.hasOwn(g, k) ? g[k] : undefined, childPath(path, k));
      if (d) return d;
    }
  }
  return { path, want: show(want), got: show(got) };
}

function truncate(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
