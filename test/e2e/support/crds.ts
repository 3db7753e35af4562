import * as path from 'node:path';
import { parse } from 'yaml';
import { generateCrdFiles } from '../../../generator/pipeline';
import type { Kube } from './kube';
import type { Schema } from './schema';
import { crdCases } from '../../golden/cases';

const REPO = path.resolve(__dirname, '..', '..', '..');

/** A folder of API types whose CRDs the e2e tests apply: `apis/` and the `apis/` of every golden case with CRDs (`test/golden/<case>/expected/crd`). */
export interface CrdSource {
  name: string;
  apisRoot: string;
}

export function crdSources(): CrdSource[] {
  const caseSources = crdCases().map((c) => ({ name: `test/golden/${c.name}`, apisRoot: path.join(c.dir, 'apis') }));
  return [{ name: 'apis', apisRoot: path.join(REPO, 'apis') }, ...caseSources];
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  format?: string;
  priority?: number;
}

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  schema?: { openAPIV3Schema: Schema };
  subresources?: {
    status?: Record<string, never>;
    scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  };
  additionalPrinterColumns?: PrinterColumn[];
}

/** The fields of a generated CRD the tests read. */
export interface Crd {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: {
    group: string;
    scope: 'Namespaced' | 'Cluster';
    names: { kind: string; plural: string; singular?: string; listKind?: string };
    versions: CrdVersion[];
  };
}

/**
 * Each generated CRD parsed once more with integers as bigints: the apiserver gets that copy, since a JavaScript number
 * would round an int64 beyond 2^53 (e.g. a default of the largest int64) and the apiserver would then see a float where
 * the schema says int64. Tests read the ordinary parse.
 */
const exactCrds = new WeakMap<object, Crd>();

/** `f(crd)`, with the same change made to the exact copy the apiserver will get. */
export function mapCrd(crd: Crd, f: (c: Crd) => Crd): Crd {
  const out = f(crd);
  const exact = exactCrds.get(crd);
  if (exact) exactCrds.set(out, f(exact));
  return out;
}

/**
 * JSON text of `value` (a CRD as the test holds it, possibly changed since it was generated), where a number that is
 * an integer beyond 2^53 is written as the exact integer at the same place of `exact` (the bigint parse).
 */
function exactJson(value: unknown, exact: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && typeof exact === 'bigint' && Number(exact) === value) return exact.toString();
  if (Array.isArray(value)) return `[${value.map((v, i) => exactJson(v, Array.isArray(exact) ? exact[i] : undefined)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const ex = typeof exact === 'object' && exact !== null && !Array.isArray(exact) ? (exact as Record<string, unknown>) : undefined;
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${exactJson((value as Record<string, unknown>)[k], ex && Object.hasOwn(ex, k) ? ex[k] : undefined)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Generates the CRDs of a source with the kubegen pipeline (`generateCrdFiles`) and parses them. */
export function generateCrds(source: CrdSource): Crd[] {
  return generateCrdFiles(source.apisRoot).map((file) => {
    const crd = parse(file.contents) as Crd;
    exactCrds.set(crd, parse(file.contents, { intAsBigInt: true }) as Crd);
    return crd;
  });
}

interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

/**
 * A namespaced CRD of one version, `v1`, served and stored, with `schema` as its openAPIV3Schema: the kind an e2e file
 * makes for itself. `kind` names the rest (`<Kind>List`, and `plural` / `singular` from the lowercase kind).
 */
export function singleVersionCrd(group: string, kind: string, schema: Record<string, unknown>): { apiVersion: string; kind: string; metadata: { name: string }; spec: Record<string, unknown> } {
  const singular = kind.toLowerCase();
  const plural = `${singular}s`;
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { kind, listKind: `${kind}List`, plural, singular },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }],
    },
  };
}

/** What applying one CRD produced. */
export interface AppliedCrd {
  status: number;
  warnings: string[];
  conditions: Condition[];
  error?: string;
}

/**
 * Creates `crd` on the server (replacing an existing CRD of the same name, e.g. one a previous source defined) and
 * waits until it is Established or reports a problem. Any CRD object: a generated one, or one a test builds.
 */
export async function applyCrd(kube: Kube, crd: { metadata: { name: string } }): Promise<AppliedCrd> {
  const base = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  const existing = await kube.get(`${base}/${crd.metadata.name}`);
  if (existing.status === 200) await deleteCrd(kube, crd.metadata.name);
  const exact = exactCrds.get(crd);
  const created = await kube.post(base, exact ? exactJson(crd, exact) : crd);
  if (created.status !== 201) return { status: created.status, warnings: created.warnings, conditions: [], error: JSON.stringify(created.body) };
  const conditions = await kube.eventually(`CRD ${crd.metadata.name} to become Established`, async () => {
    const res = await kube.get<{ status?: { conditions?: Condition[] } }>(`${base}/${crd.metadata.name}`);
    const conds = res.body.status?.conditions ?? [];
    const established = conds.find((c) => c.type === 'Established');
    const namesAccepted = conds.find((c) => c.type === 'NamesAccepted');
    if (established?.status === 'True' || namesAccepted?.status === 'False') return conds;
    return undefined;
  });
  return { status: created.status, warnings: created.warnings, conditions };
}

/** Deletes a CRD and waits until it (and its objects) are gone. */
export async function deleteCrd(kube: Kube, name: string): Promise<void> {
  const url = `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${name}`;
  await kube.delete(url);
  await kube.eventually(`CRD ${name} to be deleted`, async () => ((await kube.get(url)).status === 404 ? true : undefined), 30_000);
}

/** The REST path of a custom resource collection (or one object when `name` is given). */
export function resourcePath(crd: Crd, version: string, namespace: string | undefined, name?: string): string {
  const ns = crd.spec.scope === 'Namespaced' ? `/namespaces/${namespace}` : '';
  return `/apis/${crd.spec.group}/${version}${ns}/${crd.spec.names.plural}${name ? `/${name}` : ''}`;
}

/** A kubectl-get-like rendering of a meta.k8s.io/v1 Table. */
export function formatTable(table: { columnDefinitions: Array<{ name: string; priority?: number }>; rows: Array<{ cells: unknown[] }> }): string {
  const show = (cell: unknown) =>
    cell === null || cell === undefined ? '<none>' : typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean' ? String(cell) : JSON.stringify(cell);
  // column by column (header first, each padded to its widest cell), then read back row by row
  const columns = table.columnDefinitions.flatMap((c, i) => {
    if ((c.priority ?? 0) !== 0) return [];
    const cells = [c.name.toUpperCase(), ...table.rows.map((r) => show(r.cells[i]))];
    const width = Math.max(...cells.map((cell) => cell.length));
    return [cells.map((cell) => cell.padEnd(width))];
  });
  return Array.from({ length: table.rows.length + 1 }, (_, r) => columns.map((column) => column[r]).join('   ').trimEnd()).join('\n');
}
