/**
 * CustomResourceDefinitions read from files (what `kubegen generate` writes under a package's `crds/`, what
 * `config/crd` holds): the model an aggregated apiserver serves (`apiGroupFromPackage` of `@kubegen/apiserver`) and
 * what envtest's installer (`installCRDs` of `@kubegen/runtime/testing`) applies. A program that ships imports them
 * from here, never from the testing entry.
 *
 * Contract of {@link readCrdFiles}: files or directories (directories are NOT recursed; `.json`, `.yaml`, `.yml`,
 * several YAML documents per file); documents that are not `apiextensions.k8s.io/v1` CustomResourceDefinitions are
 * skipped; a missing path is skipped unless `errorIfPathMissing` (then `<path> does not exist`); malformed YAML or
 * JSON is a one-line error `file:line:column: message`. `yaml` is loaded on the first call only.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as Yaml from 'yaml';
import type { Condition } from '../meta/conditions';
import type { KubeList, KubeObject, ResourceDescriptor } from './types';

/** The parts of an `apiextensions.k8s.io/v1` CustomResourceDefinition the installer reads. */
export interface CustomResourceDefinition extends KubeObject {
  spec?: {
    group?: string;
    names?: { plural?: string; kind?: string };
    scope?: string;
    versions?: Array<{ name?: string; served?: boolean; storage?: boolean; [k: string]: unknown }>;
    [k: string]: unknown;
  };
  status?: { conditions?: Array<Pick<Condition, 'type' | 'status'> & Partial<Condition>>; [k: string]: unknown };
}

export type CustomResourceDefinitionList = KubeList<CustomResourceDefinition>;

/** The CRD resource (to be replaced by `@kubegen/api`'s descriptor). */
export const customResourceDefinitionResource: ResourceDescriptor<CustomResourceDefinition, CustomResourceDefinitionList> = Object.freeze({
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  listKind: 'CustomResourceDefinitionList',
  namespaced: false,
});

const CRD_API_VERSION = 'apiextensions.k8s.io/v1';

/** Reads the CRDs of files and directories (see the module doc). */
export function readCrdFiles(paths: readonly string[], errorIfPathMissing = false): CustomResourceDefinition[] {
  const out: CustomResourceDefinition[] = [];
  for (const p of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch {
      if (errorIfPathMissing) throw new Error(`${p} does not exist`);
      continue;
    }
    const files = stat.isDirectory()
      ? fs
          .readdirSync(p, { withFileTypes: true })
          .filter((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))
          .map((e) => path.join(p, e.name))
          .sort()
      : [p];
    for (const f of files) out.push(...parseCrdFile(f, fs.readFileSync(f, 'utf8')));
  }
  return out;
}

let yamlModule: typeof Yaml | undefined;

/** The CRDs in one file's text; other documents are skipped. */
export function parseCrdFile(file: string, text: string): CustomResourceDefinition[] {
  const y = (yamlModule ??= require('yaml') as typeof Yaml);
  const lines = new y.LineCounter();
  const docs = y.parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: CustomResourceDefinition[] = [];
  for (const doc of list) {
    const err = doc.errors[0];
    if (err) {
      const pos = lines.linePos(err.pos[0]);
      throw new Error(`${file}:${pos.line}:${pos.col}: ${err.message.split('\n')[0]}`);
    }
    const value: unknown = doc.toJS({ maxAliasCount: 10_000 });
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const o = value as KubeObject;
    if (o.apiVersion !== CRD_API_VERSION || o.kind !== 'CustomResourceDefinition') continue;
    out.push(o);
  }
  return out;
}
