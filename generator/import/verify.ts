/**
 * The importer's self-check: `kubegen crd` on the imported model must give every input CRD back, leaf for leaf, up to
 * the normalisations docs/import.md lists (versions by name, `required` sorted, tool annotations, an empty
 * `subresources`, the root `apiVersion` / `kind` / `metadata` every kind has, descriptions as a doc comment holds
 * them). A difference is reported at the first JSON path where the two disagree, so an import that would not
 * round-trip never passes unnoticed.
 */
import { DiagnosticBag } from '../diagnostics';
import { buildCrds } from '../emit/crd';
import type { ApiModel } from '../model/types';
import { cloneJson } from '../schema/json';
import { canonical, docText } from './schema';
import { childPath, isObject, type JsonObject, type ProblemBag } from './source';
import { wellKnownTable } from './wellknown';

const TOOL_ANNOTATIONS = new Set(['controller-gen.kubebuilder.io/version', 'kubegen.io/version']);

export function verifyRoundTrip(model: ApiModel, inputs: ReadonlyArray<{ file: string; crd: JsonObject }>, bag: ProblemBag): void {
  const diags = new DiagnosticBag();
  const crds = buildCrds(model, {}, diags);
  const where = inputs.map((i) => i.file).join(', ');
  for (const d of diags.items) {
    if (d.severity === 'error') bag.error(where, d.span?.file ?? '', `kubegen crd would refuse the imported types: ${d.message}`);
  }
  if (diags.hasErrors) return;
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
    if (diff !== undefined) bag.warning(input.file, diff.path, `kubegen crd does not give this back exactly (input ${diff.want}, kubegen ${diff.got})`);
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
    if (key === 'description' && typeof v === 'string' && input) return docText(v).doc;
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
