/**
 * `kubegen apply -k <dir>` / `kubegen kustomize <dir>`: a renderer of kustomize v5's semantics for the subset of
 * kustomization.yaml a kubebuilder-style project uses, checked object for object against the real `kustomize build`
 * (test/unit/generator/apply/kustomize/kustomize-equality.test.ts).
 *
 * Contract:
 * - supported keys: `resources` (files, and directories holding a kustomization), `components`, `namespace`,
 *   `namePrefix`, `nameSuffix` (with kustomize's name-reference updates), `labels` (`pairs`, `includeSelectors`,
 *   `includeTemplates`), `commonLabels`, `commonAnnotations`, `patches` (strategic merge / JSON merge and JSON 6902,
 *   `path` or inline, `target` with group/version/kind/name/namespace regexes and label and annotation selectors),
 *   `images` (`name`, `newName`, `newTag`, `digest`), `replicas`. Every other key, and every other field of these, is
 *   refused with `<dir>/kustomization.yaml:line:col: <key> is not supported by kubegen apply -k; render with kustomize
 *   build <dir> | kubegen apply -f -`, and nothing is rendered;
 * - transformers run in kustomize's order (patches, namespace, prefix, suffix, labels, annotations, replicas, images)
 *   at every kustomization on its own accumulated resources; name references are fixed once at the end;
 * - loading follows kustomize's `LoadRestrictionsRootOnly`: a file (resource, patch) must be inside the directory of
 *   the kustomization naming it (symlinks resolved); a directory may be anywhere, but not the kustomization's own
 *   directory or one containing a kustomization being built (a cycle). URLs are refused;
 * - bounds: 64 MiB per file, 256 MiB read in all, 100 kustomizations, 20,000 objects;
 * - output: the objects in `kustomize build`'s order (its legacy kind order unless the root's `sortOptions` say
 *   otherwise; sort.ts), internal bookkeeping removed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { RE2JS } from 're2js';
import { KubegenError } from '../../errors';
import { asKubectlReads, MAX_MANIFEST_BYTES, parseManifests, type Manifest, type ManifestObject, type ManifestSource } from '../manifests';
import { BUILTIN, gvkSelected, parseGroupVersion, visitFieldSpec, type FieldPath, type FieldSpec, type Gvk } from './fieldspecs';
import { asJsonPatch, jsonPatch, PatchError, strategicMerge, type JsonObject } from './patch';
import { KYAML_PARSE_OPTIONS, KyamlError, kyamlValue } from './kyaml';
import { DEFAULT_SORT, sortForOutput, type SortOptions } from './sort';
import { firstLine, group } from '../../text';

export const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const MAX_KUSTOMIZATIONS = 100;
const MAX_OBJECTS = 20_000;
const MAX_TOTAL_BYTES = 256 * 1024 * 1024;

/** Problems of a kustomization: one line each. */
export class KustomizeError extends KubegenError {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'KustomizeError';
  }
}

interface Id {
  gvk: Gvk;
  name: string;
  namespace: string;
}

/** One object being built and the bookkeeping kustomize keeps on it (its earlier ids, prefixes and suffixes). */
interface Resource {
  object: ManifestObject;
  source?: ManifestSource;
  prevIds: Id[];
  prefixes: string[];
  suffixes: string[];
  /**
   * Places holding one shared YAML node in kustomize: a labels/annotations transformer sets a key it adds in several
   * places of one object (metadata, selector, template) to the same node, and a later in-place write of that node
   * (another label transformer with the same key, a strategic merge patch) shows in all of them. A JSON 6902 patch
   * re-reads the object from JSON, which ends the sharing.
   */
  aliases: FieldPath[][];
}

/** Kinds Kubernetes 1.21's OpenAPI (kyaml's) declares cluster-scoped, by group and kind. */
const CLUSTER_SCOPED = new Set(
  [
    '/Namespace', '/Node', '/PersistentVolume', '/ComponentStatus', 'rbac.authorization.k8s.io/ClusterRole', 'rbac.authorization.k8s.io/ClusterRoleBinding',
    'apiextensions.k8s.io/CustomResourceDefinition', 'apiregistration.k8s.io/APIService', 'admissionregistration.k8s.io/MutatingWebhookConfiguration',
    'admissionregistration.k8s.io/ValidatingWebhookConfiguration', 'storage.k8s.io/StorageClass', 'storage.k8s.io/CSIDriver', 'storage.k8s.io/CSINode',
    'storage.k8s.io/VolumeAttachment', 'scheduling.k8s.io/PriorityClass', 'networking.k8s.io/IngressClass', 'node.k8s.io/RuntimeClass',
    'policy/PodSecurityPolicy', 'extensions/PodSecurityPolicy', 'certificates.k8s.io/CertificateSigningRequest', 'authentication.k8s.io/TokenReview',
    'authorization.k8s.io/SelfSubjectAccessReview', 'authorization.k8s.io/SelfSubjectRulesReview', 'authorization.k8s.io/SubjectAccessReview',
    'flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
  ],
);

function gvkOf(o: ManifestObject): Gvk {
  const { group, version } = parseGroupVersion(o.apiVersion);
  return { group, version, kind: o.kind };
}

function isClusterScoped(gvk: Gvk): boolean {
  return CLUSTER_SCOPED.has(`${gvk.group}/${gvk.kind}`);
}

function curId(r: Resource): Id {
  return { gvk: gvkOf(r.object), name: r.object.metadata.name, namespace: typeof r.object.metadata.namespace === 'string' ? r.object.metadata.namespace : '' };
}

/** kyaml's `EffectiveNamespace`: a namespaced object without a namespace is in `default`. */
function effectiveNamespace(id: Id): string {
  if (isClusterScoped(id.gvk)) return '';
  return id.namespace === '' ? 'default' : id.namespace;
}

function orgId(r: Resource): Id {
  return r.prevIds[0] ?? curId(r);
}

function storePreviousId(r: Resource): void {
  const id = curId(r);
  r.prevIds.push({ ...id, namespace: effectiveNamespace(id) });
}

function sameId(a: Id, b: Id): boolean {
  return a.gvk.group === b.gvk.group && a.gvk.version === b.gvk.version && a.gvk.kind === b.gvk.kind && a.name === b.name && effectiveNamespace(a) === effectiveNamespace(b);
}

function idText(id: Id): string {
  return `${id.gvk.kind}${id.gvk.group ? `.${id.gvk.group}` : ''}/${id.name}${id.namespace ? ` (namespace ${id.namespace})` : ''}`;
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A kustomization file read with the location of every node. */
interface KustFile {
  dir: string;
  file: string;
  shown: string;
  doc: Document;
  lines: LineCounter;
  value: JsonObject;
}

/** Where a key of the kustomization is (its key node, else its value), `file:line:col`. */
function locate(k: KustFile, keyPath: (string | number)[]): string {
  let node: unknown = k.doc.contents;
  let at: YamlNode | undefined;
  for (const seg of keyPath) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && p.key.value === seg);
      if (!pair) break;
      at = (pair.key as YamlNode | undefined) ?? at;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg] as YamlNode | undefined;
      if (!item) break;
      at = item;
      node = item;
    } else {
      break;
    }
  }
  const offset = at?.range?.[0] ?? (k.doc.contents)?.range?.[0] ?? 0;
  const p = k.lines.linePos(offset);
  return `${k.shown}:${p.line}:${p.col}`;
}

interface BuildContext {
  cwd: string;
  /** Real paths of the kustomization directories being built (cycle detection). */
  stack: string[];
  kustomizations: number;
  bytes: number;
}

function shownPath(cwd: string, p: string): string {
  const rel = path.relative(cwd, p);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
}

function unsupported(k: KustFile, keyPath: (string | number)[], what: string): KustomizeError {
  return new KustomizeError([`${locate(k, keyPath)}: ${what} is not supported by kubegen apply -k; render with kustomize build ${path.dirname(k.shown)} | kubegen apply -f -`]);
}

function fail(k: KustFile, keyPath: (string | number)[], message: string): KustomizeError {
  return new KustomizeError([`${locate(k, keyPath)}: ${message}`]);
}

function readKustomization(dir: string, ctx: BuildContext): KustFile {
  let found: string | undefined;
  for (const name of KUSTOMIZATION_FILES) {
    if (fs.existsSync(path.join(dir, name))) {
      if (found) throw new KustomizeError([`${shownPath(ctx.cwd, dir)}: found multiple kustomization files (${found}, ${name}); keep one`]);
      found = name;
    }
  }
  if (!found) throw new KustomizeError([`${shownPath(ctx.cwd, dir)}: has no kustomization.yaml, kustomization.yml or Kustomization`]);
  const file = path.join(dir, found);
  const shown = shownPath(ctx.cwd, file);
  const text = readBounded(file, shown, ctx);
  const lines = new LineCounter();
  // kustomize reads its kustomization.yaml through sigs.k8s.io/yaml (go-yaml v2, YAML 1.1: `y`, `on`, `0644` are
  // not strings there), its resources and patches through kyaml (kyaml.ts)
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, version: '1.1', customTags: asKubectlReads });
  const [e] = doc.errors;
  if (e) {
    const p = lines.linePos(e.pos[0]);
    throw new KustomizeError([`${shown}:${p.line}:${p.col}: ${firstLine(e.message)}`]);
  }
  const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
  const k: KustFile = { dir, file, shown, doc, lines, value: isObject(value) ? value : {} };
  if (!isObject(value)) throw fail(k, [], 'a kustomization must be a mapping');
  return k;
}

function readBounded(file: string, shown: string, ctx: BuildContext): string {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new KustomizeError([`${shown}: cannot be read`]);
  }
  if (size > MAX_MANIFEST_BYTES) throw new KustomizeError([`${shown}: is ${size} bytes, more than the ${MAX_MANIFEST_BYTES} bytes a file may have`]);
  ctx.bytes += size;
  if (ctx.bytes > MAX_TOTAL_BYTES) throw new KustomizeError([`${shown}: the kustomization reads more than ${MAX_TOTAL_BYTES} bytes in all`]);
  return fs.readFileSync(file, 'utf8');
}

const KNOWN_KEYS = new Set(['apiVersion', 'kind', 'metadata', 'resources', 'components', 'namespace', 'namePrefix', 'nameSuffix', 'labels', 'commonLabels', 'commonAnnotations', 'patches', 'images', 'replicas', 'sortOptions']);

interface Kustomization {
  file: KustFile;
  isComponent: boolean;
}

function checkKustomization(k: KustFile, asComponent: boolean): Kustomization {
  const v = k.value;
  for (const key of Object.keys(v)) {
    if (!KNOWN_KEYS.has(key)) throw unsupported(k, [key], key);
  }
  const apiVersion = v.apiVersion ?? 'kustomize.config.k8s.io/v1beta1';
  const kind = v.kind ?? 'Kustomization';
  const isComponent = kind === 'Component';
  if (isComponent ? apiVersion !== 'kustomize.config.k8s.io/v1alpha1' : apiVersion !== 'kustomize.config.k8s.io/v1beta1' || kind !== 'Kustomization') {
    throw fail(k, [Object.hasOwn(v, 'kind') ? 'kind' : 'apiVersion'], `expected apiVersion kustomize.config.k8s.io/v1beta1 kind Kustomization, or kustomize.config.k8s.io/v1alpha1 kind Component; got ${JSON.stringify(apiVersion)} ${JSON.stringify(kind)}`);
  }
  // kustomize's CheckEmpty: nothing but apiVersion and kind (a key with an empty list or mapping counts as content)
  if (!Object.keys(v).some((key) => key !== 'apiVersion' && key !== 'kind' && v[key] !== null && v[key] !== '')) throw fail(k, [], 'kustomization.yaml is empty: it names no resources, components or transformations (kustomize refuses it too)');
  if (asComponent && !isComponent) throw fail(k, [], `${k.shown} is a Kustomization, but it is listed under components (it must be kind: Component)`);
  if (!asComponent && isComponent) throw fail(k, [], `${k.shown} is a Component; list it under components, not resources`);
  const strings = (key: string): void => {
    if (!Object.hasOwn(v, key)) return;
    if (!Array.isArray(v[key]) || !(v[key] as unknown[]).every((e) => typeof e === 'string')) throw fail(k, [key], `${key} must be a list of strings`);
  };
  strings('resources');
  strings('components');
  for (const key of ['namespace', 'namePrefix', 'nameSuffix']) {
    if (Object.hasOwn(v, key) && typeof v[key] !== 'string') throw fail(k, [key], `${key} must be a string`);
  }
  for (const key of ['commonLabels', 'commonAnnotations']) {
    if (!Object.hasOwn(v, key)) continue;
    const m = v[key];
    if (!isObject(m) || Object.keys(m).some((x) => typeof m[x] !== 'string')) throw fail(k, [key], `${key} must map strings to strings`);
  }
  if (Object.hasOwn(v, 'labels')) {
    if (!Array.isArray(v.labels)) throw fail(k, ['labels'], 'labels must be a list');
    (v.labels as unknown[]).forEach((l, i) => {
      if (!isObject(l)) throw fail(k, ['labels', i], 'a labels entry must be a mapping');
      for (const key of Object.keys(l)) {
        if (!['pairs', 'includeSelectors', 'includeTemplates'].includes(key)) throw unsupported(k, ['labels', i, key], `labels[].${key}`);
      }
      const pairs = l.pairs;
      if (pairs !== undefined && pairs !== null && (!isObject(pairs) || Object.keys(pairs).some((x) => typeof pairs[x] !== 'string'))) throw fail(k, ['labels', i, 'pairs'], 'labels[].pairs must map strings to strings');
      for (const b of ['includeSelectors', 'includeTemplates']) {
        if (Object.hasOwn(l, b) && typeof l[b] !== 'boolean') throw fail(k, ['labels', i, b], `labels[].${b} must be true or false`);
      }
    });
  }
  if (Object.hasOwn(v, 'images')) {
    if (!Array.isArray(v.images)) throw fail(k, ['images'], 'images must be a list');
    (v.images as unknown[]).forEach((im, i) => {
      if (!isObject(im)) throw fail(k, ['images', i], 'an images entry must be a mapping');
      for (const key of Object.keys(im)) {
        if (!['name', 'newName', 'newTag', 'digest'].includes(key)) throw unsupported(k, ['images', i, key], `images[].${key}`);
        if (typeof im[key] !== 'string') throw fail(k, ['images', i, key], `images[].${key} must be a string`);
      }
      if (typeof im.name !== 'string' || im.name === '') throw fail(k, ['images', i], 'images[].name is required');
    });
  }
  if (Object.hasOwn(v, 'replicas')) {
    if (!Array.isArray(v.replicas)) throw fail(k, ['replicas'], 'replicas must be a list');
    (v.replicas as unknown[]).forEach((r, i) => {
      if (!isObject(r)) throw fail(k, ['replicas', i], 'a replicas entry must be a mapping');
      for (const key of Object.keys(r)) if (!['name', 'count'].includes(key)) throw unsupported(k, ['replicas', i, key], `replicas[].${key}`);
      if (typeof r.name !== 'string' || r.name === '') throw fail(k, ['replicas', i], 'replicas[].name is required');
      if (typeof r.count !== 'number' || !Number.isSafeInteger(r.count) || r.count < 0) throw fail(k, ['replicas', i, 'count'], 'replicas[].count must be a whole number, 0 or more');
    });
  }
  if (Object.hasOwn(v, 'sortOptions')) checkSortOptions(k);
  if (Object.hasOwn(v, 'patches')) {
    if (!Array.isArray(v.patches)) throw fail(k, ['patches'], 'patches must be a list');
    (v.patches as unknown[]).forEach((p, i) => {
      if (!isObject(p)) throw fail(k, ['patches', i], 'a patches entry must be a mapping');
      for (const key of Object.keys(p)) if (!['path', 'patch', 'target'].includes(key)) throw unsupported(k, ['patches', i, key], `patches[].${key}`);
      if (Object.hasOwn(p, 'target')) {
        const t = p.target;
        if (!isObject(t)) throw fail(k, ['patches', i, 'target'], 'patches[].target must be a mapping');
        for (const key of Object.keys(t)) {
          if (!['group', 'version', 'kind', 'name', 'namespace', 'labelSelector', 'annotationSelector'].includes(key)) throw unsupported(k, ['patches', i, 'target', key], `patches[].target.${key}`);
          if (typeof t[key] !== 'string') throw fail(k, ['patches', i, 'target', key], `patches[].target.${key} must be a string`);
        }
      }
    });
  }
  return { file: k, isComponent };
}

/** `sortOptions` as kustomize's SortOrderTransformer validates it: `order` fifo or legacy, `legacySortOptions` only with legacy. */
function checkSortOptions(k: KustFile): void {
  const o = k.value.sortOptions;
  if (!isObject(o)) throw fail(k, ['sortOptions'], 'sortOptions must be a mapping');
  for (const key of Object.keys(o)) if (key !== 'order' && key !== 'legacySortOptions') throw unsupported(k, ['sortOptions', key], `sortOptions.${key}`);
  if (o.order !== 'fifo' && o.order !== 'legacy') throw fail(k, ['sortOptions', Object.hasOwn(o, 'order') ? 'order' : ''], "the field 'sortOptions.order' must be one of [fifo, legacy]");
  if (!Object.hasOwn(o, 'legacySortOptions') || o.legacySortOptions === null) return;
  if (o.order === 'fifo') throw fail(k, ['sortOptions', 'legacySortOptions'], "the field 'sortOptions.legacySortOptions' is set but the selected sort order is 'fifo', not 'legacy'");
  const l = o.legacySortOptions;
  if (!isObject(l)) throw fail(k, ['sortOptions', 'legacySortOptions'], 'sortOptions.legacySortOptions must be a mapping');
  for (const key of Object.keys(l)) {
    if (key !== 'orderFirst' && key !== 'orderLast') throw unsupported(k, ['sortOptions', 'legacySortOptions', key], `sortOptions.legacySortOptions.${key}`);
    const list = l[key];
    if (list !== null && (!Array.isArray(list) || !list.every((e) => typeof e === 'string'))) throw fail(k, ['sortOptions', 'legacySortOptions', key], `sortOptions.legacySortOptions.${key} must be a list of kinds`);
  }
}

/** The output order the root kustomization asks for (see sort.ts); checked by {@link checkSortOptions}. */
function sortOptionsOf(k: KustFile): SortOptions {
  const o = k.value.sortOptions;
  if (!isObject(o)) return DEFAULT_SORT;
  if (o.order === 'fifo') return { order: 'fifo' };
  const l = o.legacySortOptions;
  if (!isObject(l)) return DEFAULT_SORT;
  const kinds = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);
  return { order: 'legacy', orderFirst: kinds(l.orderFirst), orderLast: kinds(l.orderLast) };
}

function isUrl(s: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s) || /^(github\.com|gitlab\.com|bitbucket\.org)\//.test(s) || s.startsWith('git@');
}

function realpath(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
}

/** kustomize's `LoadRestrictionsRootOnly`: the real path of `p` is `root` or below it. */
function inside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Reads a file a kustomization names (a resource or a patch), confined to the kustomization's directory. */
function readConfined(k: KustFile, keyPath: (string | number)[], rel: string, ctx: BuildContext): { text: string; shown: string } {
  if (isUrl(rel)) throw unsupported(k, keyPath, `a URL (${rel})`);
  const full = path.resolve(k.dir, rel);
  const real = realpath(full);
  if (!real) throw fail(k, keyPath, `${rel}: does not exist`);
  const root = realpath(k.dir) ?? k.dir;
  if (!inside(root, real)) throw fail(k, keyPath, `${rel}: security; file ${real} is not in or below ${root} (kustomize's load restrictor; a directory with its own kustomization may be elsewhere)`);
  const shown = shownPath(ctx.cwd, full);
  return { text: readBounded(real, shown, ctx), shown };
}

function addResource(list: Resource[], r: Resource, k: KustFile, keyPath: (string | number)[]): void {
  const id = curId(r);
  const dup = list.find((x) => sameId(curId(x), id));
  if (dup) throw fail(k, keyPath, `may not add resource with an already registered id: ${idText(id)}${dup.source ? ` (first at ${dup.source.file}:${dup.source.line}:${dup.source.column})` : ''}`);
  if (list.length >= MAX_OBJECTS) throw fail(k, keyPath, `more than ${MAX_OBJECTS} objects`);
  list.push(r);
}

function accumulateResources(k: KustFile, key: 'resources' | 'components', list: Resource[], ctx: BuildContext): void {
  const entries = (Object.hasOwn(k.value, key) ? k.value[key] : []) as string[];
  entries.forEach((rel, i) => {
    const keyPath = [key, i];
    if (isUrl(rel)) throw unsupported(k, keyPath, `a URL (${rel})`);
    const full = path.resolve(k.dir, rel);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      throw fail(k, keyPath, `${rel}: does not exist`);
    }
    if (stat.isDirectory()) {
      const real = realpath(full) ?? full;
      const cycle = ctx.stack.find((s) => inside(real, s));
      if (cycle) throw fail(k, keyPath, `${rel}: cycle detected: ${shownPath(ctx.cwd, real)} contains the kustomization ${shownPath(ctx.cwd, cycle)} being built`);
      const sub = checkKustomization(readKustomization(full, ctx), key === 'components');
      if (key === 'components') buildInto(sub, list, ctx);
      else for (const r of buildKustomization(sub, ctx)) addResource(list, r, k, keyPath);
      return;
    }
    if (key === 'components') throw fail(k, keyPath, `${rel}: a component must be a directory with a kustomization`);
    const { text, shown } = readConfined(k, keyPath, rel, ctx);
    const problems: string[] = [];
    const manifests = parseManifests(shown, text, problems, { dialect: 'kustomize' });
    if (problems.length > 0) throw new KustomizeError(problems);
    for (const m of manifests) addResource(list, { object: m.object, ...(m.source ? { source: m.source } : {}), prevIds: [], prefixes: [], suffixes: [], aliases: [] }, k, keyPath);
  });
}

function buildKustomization(kust: Kustomization, ctx: BuildContext): Resource[] {
  const list: Resource[] = [];
  buildInto(kust, list, ctx);
  return list;
}

/** kustomize's `accumulateTarget`: resources, then components (on everything so far), then this level's transformers. */
function buildInto(kust: Kustomization, list: Resource[], ctx: BuildContext): void {
  const k = kust.file;
  if (++ctx.kustomizations > MAX_KUSTOMIZATIONS) throw fail(k, [], `more than ${MAX_KUSTOMIZATIONS} kustomizations`);
  ctx.stack.push(realpath(k.dir) ?? k.dir);
  try {
    accumulateResources(k, 'resources', list, ctx);
    accumulateResources(k, 'components', list, ctx);
    transform(k, list, ctx);
  } finally {
    ctx.stack.pop();
  }
}

function transform(k: KustFile, list: Resource[], ctx: BuildContext): void {
  const v = k.value;
  if (Array.isArray(v.patches)) (v.patches as JsonObject[]).forEach((p, i) => { applyPatch(k, i, p, list, ctx); });
  if (typeof v.namespace === 'string' && v.namespace !== '') setNamespace(v.namespace, list, k);
  if (typeof v.namePrefix === 'string' && v.namePrefix !== '') addNameAffix(v.namePrefix, 'prefix', list);
  if (typeof v.nameSuffix === 'string' && v.nameSuffix !== '') addNameAffix(v.nameSuffix, 'suffix', list);
  if (Array.isArray(v.labels)) {
    for (const l of v.labels as JsonObject[]) {
      const pairs = isObject(l.pairs) ? (l.pairs as Record<string, string>) : {};
      let specs: FieldSpec[];
      if (l.includeSelectors === true) specs = BUILTIN.commonLabels;
      else specs = [...(l.includeTemplates === true ? BUILTIN.templateLabels : []), { path: 'metadata/labels', create: true, group: '', version: '', kind: '' }];
      setMapEntries(list, pairs, specs);
    }
  }
  if (isObject(v.commonLabels)) setMapEntries(list, v.commonLabels as Record<string, string>, BUILTIN.commonLabels);
  if (isObject(v.commonAnnotations)) setMapEntries(list, v.commonAnnotations as Record<string, string>, BUILTIN.commonAnnotations);
  if (Array.isArray(v.replicas)) (v.replicas as { name: string; count: number }[]).forEach((rep, i) => { setReplicas(k, i, rep, list); });
  if (Array.isArray(v.images)) for (const im of v.images as Record<string, string>[]) setImages(list, im, k);
}

/**
 * kustomize's ReplicaCountTransformer: per field spec, the objects any of whose ids (current or earlier) has the name
 * and a kind of the spec; a replicas entry matching no object at all is an error, as in kustomize.
 */
function setReplicas(k: KustFile, i: number, rep: { name: string; count: number }, list: Resource[]): void {
  let found = false;
  for (const spec of BUILTIN.replicas) {
    const matching = list.filter((r) => [...r.prevIds, curId(r)].some((id) => id.name === rep.name && gvkSelected(id.gvk, spec)));
    if (matching.length === 0) continue;
    found = true;
    for (const r of matching) {
      if (!gvkSelected(curId(r).gvk, spec)) continue;
      visitFieldSpec(r.object, spec, 'scalar', (holder, key) => { holder[key] = rep.count; });
    }
  }
  if (!found) throw fail(k, ['replicas', i], `replicas: no ${BUILTIN.replicas.map((s) => s.kind).join(', ')} is named ${JSON.stringify(rep.name)} (kustomize refuses it too)`);
}

function samePath(a: FieldPath, b: FieldPath): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The holder of the last key of `p` in `obj`, if every step exists. */
function holderAt(obj: unknown, p: FieldPath): Record<string | number, unknown> | undefined {
  let node = obj;
  for (const seg of p.slice(0, -1)) {
    if (Array.isArray(node) && typeof seg === 'number') node = node[seg];
    else if (isObject(node) && typeof seg === 'string' && Object.hasOwn(node, seg)) node = node[seg];
    else return undefined;
  }
  return isObject(node) || Array.isArray(node) ? (node as Record<string | number, unknown>) : undefined;
}

/** An in-place write of the node at `p`: every place sharing it gets `value`. */
function writeShared(r: Resource, p: FieldPath, value: unknown): void {
  for (const group of r.aliases) {
    if (!group.some((q) => samePath(q, p))) continue;
    for (const q of group) {
      const h = holderAt(r.object, q);
      const key = q.at(-1);
      if (h && key !== undefined && Object.hasOwn(h, key)) h[key] = value;
    }
  }
}

/** The place `p` holds a node of its own from now on. */
function unshare(r: Resource, p: FieldPath): void {
  r.aliases = r.aliases.map((g) => g.filter((q) => !samePath(q, p))).filter((g) => g.length > 1);
}

/** kustomize's labels/annotations filter: per key (sorted), every field spec; a key added anew shares one node. */
function setMapEntries(list: Resource[], pairs: Record<string, string>, specs: FieldSpec[]): void {
  const names = Object.keys(pairs).sort();
  if (names.length === 0) return;
  for (const r of list) {
    const gvk = gvkOf(r.object);
    for (const name of names) {
      const created: FieldPath[] = [];
      for (const spec of specs) {
        if (!gvkSelected(gvk, spec)) continue;
        visitFieldSpec(r.object, spec, 'map', (holder, key, at) => {
          const m = holder[key];
          if (!isObject(m)) return;
          const p = [...at, key, name];
          if (Object.hasOwn(m, name)) {
            m[name] = pairs[name];
            writeShared(r, p, pairs[name]);
          } else {
            m[name] = pairs[name];
            unshare(r, p);
            created.push(p);
          }
        });
      }
      if (created.length > 1) r.aliases.push(created);
    }
  }
}

/** What a strategic merge patch does at `p`: sets a scalar, deletes it, replaces what holds it, or leaves it. */
function patchAt(patch: unknown, p: FieldPath): { set: unknown } | 'gone' | 'untouched' {
  let node = patch;
  for (const seg of p) {
    if (typeof seg === 'number' || !isObject(node)) return 'gone';
    if (!Object.hasOwn(node, seg)) return 'untouched';
    node = node[seg];
  }
  if (node === null || typeof node === 'object') return 'gone';
  return { set: node };
}

/** After a strategic merge: a scalar the patch wrote in place shows in every place sharing its node. */
function mergeShared(r: Resource, patch: JsonObject): void {
  for (const group of [...r.aliases]) {
    for (const p of group) {
      const what = patchAt(patch, p);
      if (what === 'untouched') continue;
      if (what === 'gone') unshare(r, p);
      else writeShared(r, p, what.set);
    }
  }
}

/** kustomize's NamespaceTransformer (api/filters/namespace) with its default field specs. */
function setNamespace(ns: string, list: Resource[], k: KustFile): void {
  for (const r of list) {
    storePreviousId(r);
    const gvk = gvkOf(r.object);
    if (!isClusterScoped(gvk)) r.object.metadata.namespace = ns;
    if (gvk.kind === 'RoleBinding' || gvk.kind === 'ClusterRoleBinding') {
      const subjects = r.object.subjects;
      if (Array.isArray(subjects)) for (const s of subjects) if (isObject(s) && s.name === 'default') s.namespace = ns;
    }
    for (const spec of BUILTIN.namespace) {
      if (spec.path === 'metadata/namespace') continue;
      if (r.object.apiVersion !== 'v1' && spec.path === 'metadata/name') continue;
      if (!gvkSelected(gvk, spec)) continue;
      visitFieldSpec(r.object, spec, 'scalar', (holder, key) => { holder[key] = ns; });
    }
  }
  for (const r of list) {
    const id = curId(r);
    if (list.filter((x) => sameId(curId(x), id)).length !== 1) throw fail(k, ['namespace'], `namespace transformation produces an ID conflict: ${idText(id)}`);
  }
}

/** kustomize's PrefixTransformer / SuffixTransformer: `metadata.name`, except CRDs, APIServices and Namespaces. */
function addNameAffix(affix: string, which: 'prefix' | 'suffix', list: Resource[]): void {
  for (const r of list) {
    const id = orgId(r);
    if (id.gvk.kind === 'CustomResourceDefinition' || id.gvk.kind === 'Namespace' || (id.gvk.group === 'apiregistration.k8s.io' && id.gvk.kind === 'APIService')) continue;
    if (which === 'prefix') r.prefixes.push(affix);
    else r.suffixes.push(affix);
    storePreviousId(r);
    r.object.metadata.name = which === 'prefix' ? affix + r.object.metadata.name : r.object.metadata.name + affix;
  }
}

function setImages(list: Resource[], im: Record<string, string>, k: KustFile): void {
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(`^${im.name}(:[a-zA-Z0-9_.{}-]*)?(@sha256:[a-zA-Z0-9_.{}-]*)?$`);
  } catch {
    throw fail(k, ['images'], `images[].name ${JSON.stringify(im.name)} is not a valid pattern`);
  }
  const update = (holder: JsonObject, key: string): void => {
    const value = holder[key];
    if (typeof value !== 'string' || !pattern.matches(value)) return;
    let [name, tag, digest] = splitImage(value);
    if (im.newName) name = im.newName;
    if (im.newTag && im.digest) {
      tag = im.newTag;
      digest = im.digest;
    } else if (im.newTag) {
      tag = im.newTag;
      digest = '';
    } else if (im.digest) {
      tag = '';
      digest = im.digest;
    }
    holder[key] = name + (tag ? `:${tag}` : '') + (digest ? `@${digest}` : '');
  };
  const legacy = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(legacy);
      return;
    }
    if (!isObject(node)) return;
    for (const key of Object.keys(node)) {
      legacy(node[key]);
      if ((key === 'containers' || key === 'initContainers') && Array.isArray(node[key])) {
        for (const c of node[key] as unknown[]) if (isObject(c) && Object.hasOwn(c, 'image')) update(c, 'image');
      }
    }
  };
  for (const r of list) {
    if (r.object.kind !== 'CustomResourceDefinition') legacy(r.object);
    const gvk = gvkOf(r.object);
    for (const spec of BUILTIN.images) {
      if (!gvkSelected(gvk, spec)) continue;
      visitFieldSpec(r.object, { ...spec, create: false }, 'scalar', update);
    }
  }
}

/** kustomize's image.Split: name, tag and digest. */
export function splitImage(image: string): [string, string, string] {
  let search = image;
  let slash = image.indexOf('/');
  if (slash > 0) search = image.slice(slash);
  else slash = 0;
  let id = search.indexOf('@');
  let ic = search.indexOf(':');
  if (ic < 0 && id < 0) return [image, '', ''];
  if (id >= 0 && (id < ic || ic < 0)) {
    id += slash;
    return [image.slice(0, id), '', image.slice(id + 1)];
  }
  if (id >= 0 && ic >= 0) {
    id += slash;
    ic += slash;
    return [image.slice(0, ic), image.slice(ic + 1, id), image.slice(id + 1)];
  }
  ic += slash;
  return [image.slice(0, ic), image.slice(ic + 1), ''];
}

// ---- patches ----

function compileAnchored(k: KustFile, keyPath: (string | number)[], pattern: string | undefined): RE2JS | undefined {
  if (pattern === undefined || pattern === '') return undefined;
  try {
    return RE2JS.compile(`^(?:${pattern})$`);
  } catch {
    throw fail(k, keyPath, `${JSON.stringify(pattern)} is not a valid regular expression`);
  }
}

/** A Kubernetes label selector (`a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`) as a predicate. */
export function parseLabelSelector(text: string): ((labels: Record<string, string>) => boolean) | string {
  const reqs: ((l: Record<string, string>) => boolean)[] = [];
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  parts.push(cur);
  for (const raw of parts) {
    const p = raw.trim();
    if (p === '') {
      if (parts.length === 1) break;
      return 'an empty requirement';
    }
    let m: RegExpExecArray | null;
    if ((m = /^([A-Za-z0-9_./-]+)\s+(in|notin)\s+\(([^()]*)\)$/.exec(p))) {
      const key = group(m, 1);
      const values = new Set(group(m, 3).split(',').map((s) => s.trim()));
      const neg = group(m, 2) === 'notin';
      reqs.push((l) => {
        const v = Object.hasOwn(l, key) ? l[key] : undefined;
        const listed = v !== undefined && values.has(v);
        return neg ? !listed : listed;
      });
    } else if ((m = /^([A-Za-z0-9_./-]+)\s*(==|=|!=)\s*([A-Za-z0-9_.-]*)$/.exec(p))) {
      const [key, op, val] = [group(m, 1), group(m, 2), group(m, 3)];
      reqs.push(op === '!=' ? (l) => !Object.hasOwn(l, key) || l[key] !== val : (l) => Object.hasOwn(l, key) && l[key] === val);
    } else if ((m = /^!\s*([A-Za-z0-9_./-]+)$/.exec(p))) {
      const key = group(m, 1);
      reqs.push((l) => !Object.hasOwn(l, key));
    } else if ((m = /^([A-Za-z0-9_./-]+)$/.exec(p))) {
      const key = group(m, 1);
      reqs.push((l) => Object.hasOwn(l, key));
    } else {
      return `cannot read ${JSON.stringify(p)}`;
    }
  }
  return (l) => reqs.every((f) => f(l));
}

function selectTargets(k: KustFile, i: number, target: Record<string, string>, list: Resource[]): Resource[] {
  const at = (key: string): (string | number)[] => ['patches', i, 'target', key];
  const re = (key: string): RE2JS | undefined => compileAnchored(k, at(key), target[key]);
  const [group, version, kind, name, namespace] = [re('group'), re('version'), re('kind'), re('name'), re('namespace')];
  const selector = (key: 'labelSelector' | 'annotationSelector'): ((m: Record<string, string>) => boolean) | undefined => {
    if (!target[key]) return undefined;
    const f = parseLabelSelector(target[key]);
    if (typeof f === 'string') throw fail(k, at(key), `${key} ${JSON.stringify(target[key])}: ${f}`);
    return f;
  };
  const labels = selector('labelSelector');
  const annotations = selector('annotationSelector');
  return list.filter((r) => {
    const cur = curId(r);
    const org = orgId(r);
    if (namespace && !namespace.matches(effectiveNamespace(org)) && !namespace.matches(effectiveNamespace(cur))) return false;
    if (name && !name.matches(org.name) && !name.matches(cur.name)) return false;
    if (group && !group.matches(cur.gvk.group)) return false;
    if (version && !version.matches(cur.gvk.version)) return false;
    if (kind && !kind.matches(cur.gvk.kind)) return false;
    if (labels && !labels(r.object.metadata.labels ?? {})) return false;
    if (annotations && !annotations(r.object.metadata.annotations ?? {})) return false;
    return true;
  });
}

function applyPatch(k: KustFile, i: number, p: JsonObject, list: Resource[], ctx: BuildContext): void {
  const hasPath = typeof p.path === 'string' && p.path !== '';
  const hasPatch = typeof p.patch === 'string' && p.patch.trim() !== '';
  if (hasPath === hasPatch) throw fail(k, ['patches', i], hasPath ? 'patch and path cannot be set at the same time' : 'must specify one of patch and path');
  let text: string;
  let where: string;
  if (hasPath) {
    const read = readConfined(k, ['patches', i, 'path'], p.path as string, ctx);
    text = read.text;
    where = read.shown;
  } else {
    text = (p.patch as string).trim();
    where = locate(k, ['patches', i, 'patch']);
  }
  // a patch's own problems name where it is: its file (after the patches entry), or the inline text's line
  const patchError = (message: string): KustomizeError => (hasPath ? fail(k, ['patches', i], message) : new KustomizeError([message]));
  const lines = new LineCounter();
  const docs = parseDocumentsLoose(text, lines);
  if (typeof docs === 'string') throw patchError(`${where}: ${docs}`);
  const target = isObject(p.target) ? (p.target as Record<string, string>) : undefined;
  const ops = docs.length === 1 ? asJsonPatch(docs[0]) : undefined;
  try {
    if (ops) {
      if (!target) throw fail(k, ['patches', i], 'a JSON 6902 patch needs a target');
      for (const r of selectTargets(k, i, target, list)) {
        storePreviousId(r);
        r.object = jsonPatch(r.object, ops, where) as ManifestObject;
        r.aliases = [];
      }
      return;
    }
    // kustomize reads a strategic merge patch as a resource: it has a kind and a name (the target's replace them)
    const smps = docs.filter((d): d is JsonObject => isObject(d) && typeof d.kind === 'string' && isObject(d.metadata) && typeof d.metadata.name === 'string');
    const [first] = smps;
    if (smps.length !== docs.length || first === undefined) throw patchError(`${where}: unable to parse SM or JSON patch`);
    if (target) {
      if (smps.length > 1) throw fail(k, ['patches', i], 'multiple strategic merge patches in one patches entry cannot have a target');
      for (const r of selectTargets(k, i, target, list)) {
        const patch = { ...first, apiVersion: r.object.apiVersion, kind: r.object.kind, metadata: { ...(isObject(first.metadata) ? first.metadata : {}), name: r.object.metadata.name, ...(r.object.metadata.namespace !== undefined ? { namespace: r.object.metadata.namespace } : {}) } };
        mergeInto(list, r, patch, where);
      }
      return;
    }
    for (const patch of smps) {
      const meta = isObject(patch.metadata) ? patch.metadata : {};
      if (typeof patch.apiVersion !== 'string' || typeof patch.kind !== 'string' || typeof meta.name !== 'string') throw patchError(`${where}: a strategic merge patch without a target needs apiVersion, kind and metadata.name`);
      const id: Id = { gvk: parseGroupVersionKind(patch.apiVersion, patch.kind), name: meta.name, namespace: typeof meta.namespace === 'string' ? meta.namespace : '' };
      const matches = list.filter((r) => [curId(r), ...r.prevIds].some((x) => sameId(x, id)));
      const [match, ...others] = matches;
      if (match === undefined || others.length > 0) throw patchError(`${where}: ${match === undefined ? 'no resource matches' : 'more than one resource matches'} strategic merge patch ${idText(id)}`);
      mergeInto(list, match, patch, where);
    }
  } catch (e) {
    if (e instanceof PatchError) throw patchError(e.message);
    throw e;
  }
}

function parseGroupVersionKind(apiVersion: string, kind: string): Gvk {
  return { ...parseGroupVersion(apiVersion), kind };
}

function mergeInto(list: Resource[], r: Resource, patch: JsonObject, where: string): void {
  const merged = strategicMerge(r.object, patch, where);
  if (merged === undefined) {
    list.splice(list.indexOf(r), 1);
    return;
  }
  // the patch's name and kind are the target's: kustomize keeps the identity unless asked (options are refused)
  merged.apiVersion = r.object.apiVersion;
  merged.kind = r.object.kind;
  if (isObject(merged.metadata)) merged.metadata.name = r.object.metadata.name;
  r.object = merged as ManifestObject;
  mergeShared(r, patch);
}

function parseDocumentsLoose(text: string, lines: LineCounter): unknown[] | string {
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false, ...KYAML_PARSE_OPTIONS });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: unknown[] = [];
  for (const d of list) {
    const [e] = d.errors;
    if (e) {
      const p = lines.linePos(e.pos[0]);
      return `${p.line}:${p.col}: ${firstLine(e.message)}`;
    }
    let v: unknown;
    try {
      v = kyamlValue(d, ['labels', 'annotations']);
    } catch (e) {
      if (!(e instanceof KyamlError)) throw e;
      const p = lines.linePos(e.offset);
      return `${p.line}:${p.col}: ${e.message}`;
    }
    if (v !== null && v !== undefined) out.push(v);
  }
  return out;
}

// ---- name references (kustomize's FixBackReferences / api/filters/nameref) ----

/** kustomize's utils.SameEndingSubSlice: the shorter list ends the longer one; an empty list matches only another. */
function sameEndingSubSlice(a: string[], b: string[]): boolean {
  const [shortest, longest] = a.length <= b.length ? [a, b] : [b, a];
  if (shortest.length === 0) return longest.length === 0;
  const diff = longest.length - shortest.length;
  for (let i = shortest.length - 1; i >= 0; i--) if (longest[i + diff] !== shortest[i]) return false;
  return true;
}

function affixesEqual(r: Resource, o: Resource, allowEmpty: boolean): boolean {
  if (allowEmpty) {
    const p = r.prefixes.length === 0 || o.prefixes.length === 0 || sameEndingSubSlice(r.prefixes, o.prefixes);
    const s = r.suffixes.length === 0 || o.suffixes.length === 0 || sameEndingSubSlice(r.suffixes, o.suffixes);
    return p && s;
  }
  return sameEndingSubSlice(r.prefixes, o.prefixes) && sameEndingSubSlice(r.suffixes, o.suffixes);
}

function selectReferral(referrer: Resource, path: string, target: Gvk, oldName: string, candidates: Resource[], identical: (rs: Resource[]) => boolean): Resource | undefined | string {
  let c = candidates.filter((r) => r.prevIds.some((id) => id.name === oldName));
  c = c.filter((r) => r.prevIds.some((id) => gvkSelected(id.gvk, target)));
  if (path.endsWith('roleRef/name')) {
    const roleRef = referrer.object.roleRef;
    if (isObject(roleRef) && typeof roleRef.apiGroup === 'string' && typeof roleRef.kind === 'string') {
      const sel = { group: roleRef.apiGroup, kind: roleRef.kind };
      c = c.filter((r) => r.prevIds.some((id) => gvkSelected(id.gvk, sel)));
    }
  }
  const refCur = curId(referrer);
  if (!isClusterScoped(refCur.gvk)) {
    c = c.filter((r) => {
      const id = curId(r);
      return isClusterScoped(id.gvk) || r.object.kind === 'ServiceAccount' || effectiveNamespace(id) === effectiveNamespace(refCur);
    });
  }
  if (c.length === 1) return c[0];
  c = c.filter((r) => affixesEqual(r, referrer, true));
  if (c.length > 1) c = c.filter((r) => affixesEqual(r, referrer, false));
  if (c.length === 1) return c[0];
  if (c.length === 0) return undefined;
  if (identical(c)) return c[0];
  return `found multiple possible referrals for ${oldName}: ${c.map((r) => idText(curId(r))).join(', ')}`;
}

/** kustomize's getNamespacesForRoleBinding: the namespaces of a RoleBinding's ServiceAccount subjects. */
function roleBindingNamespaces(r: Resource): Set<string> {
  const out = new Set<string>();
  if (r.object.kind !== 'RoleBinding' || !Array.isArray(r.object.subjects)) return out;
  for (const s of r.object.subjects as unknown[]) {
    if (isObject(s) && s.kind === 'ServiceAccount' && typeof s.namespace === 'string') out.add(s.namespace);
  }
  return out;
}

/** kustomize's SubsetThatCouldBeReferencedByResource: every object (of any kind) the referrer may name. */
function couldBeReferencedBy(referrer: Resource, list: Resource[]): Resource[] {
  const refId = curId(referrer);
  if (isClusterScoped(refId.gvk)) return list;
  const bindings = roleBindingNamespaces(referrer);
  return list.filter((t) => {
    const id = curId(t);
    return isClusterScoped(id.gvk) || effectiveNamespace(id) === effectiveNamespace(refId) || bindings.has(effectiveNamespace(id));
  });
}

/**
 * kustomize's filterMapCandidatesByNamespace for a `{name, namespace}` reference: the namespaceable objects whose
 * original namespace is the reference's, else (no object was there originally) those whose current namespace is.
 */
function candidatesInNamespace(ns: string, candidates: Resource[]): Resource[] {
  const namespaced = candidates.filter((r) => !isClusterScoped(curId(r).gvk));
  const byOrg = namespaced.filter((r) => effectiveNamespace(orgId(r)) === ns);
  if (byOrg.length > 0) return byOrg;
  return namespaced.filter((r) => effectiveNamespace(curId(r)) === ns);
}

/** kustomize's nameReferenceTransformer: every reference a built-in field spec knows follows its object's new name. */
function fixBackReferences(list: Resource[]): void {
  const located = (referrer: Resource, message: string): KustomizeError => new KustomizeError([`${referrer.source ? `${referrer.source.file}:${referrer.source.line}:${referrer.source.column}: ` : ''}${message}`]);
  for (const referrer of list) {
    const orgGvk = orgId(referrer).gvk;
    let candidates: Resource[] | undefined;
    for (const ref of BUILTIN.nameReference) {
      for (const spec of ref.fieldSpecs) {
        if (!gvkSelected(orgGvk, spec)) continue;
        candidates ??= couldBeReferencedBy(referrer, list);
        const all = candidates;
        visitFieldSpec(referrer.object, { ...spec, create: false }, 'scalar', (holder, key) => {
          const node = holder[key];
          const setScalar = (h: JsonObject | unknown[], k2: string | number, name: unknown): void => {
            if (typeof name !== 'string') return;
            const got = selectReferral(referrer, spec.path, ref, name, all, (rs) => new Set(rs.map((x) => x.object.metadata.name)).size <= 1);
            if (typeof got === 'string') throw located(referrer, got);
            if (got) (h as Record<string | number, unknown>)[k2] = got.object.metadata.name;
          };
          const setMapping = (m: JsonObject): void => {
            if (!Object.hasOwn(m, 'name')) return;
            const cands = Object.hasOwn(m, 'namespace') && typeof m.namespace === 'string' ? candidatesInNamespace(m.namespace, all) : all;
            const oldName = m.name;
            if (typeof oldName !== 'string') return;
            const got = selectReferral(referrer, spec.path, ref, oldName, cands, (rs) => new Set(rs.map((x) => JSON.stringify([x.object.metadata.name, x.object.metadata.namespace]))).size <= 1);
            if (typeof got === 'string') throw located(referrer, got);
            if (!got) return;
            const gotNs = typeof got.object.metadata.namespace === 'string' ? got.object.metadata.namespace : '';
            if (got.object.metadata.name === oldName && gotNs === '') return;
            m.name = got.object.metadata.name;
            if (gotNs !== '') m.namespace = gotNs;
          };
          if (typeof node === 'string') setScalar(holder, key, node);
          else if (isObject(node)) setMapping(node);
          else if (Array.isArray(node)) node.forEach((el, j) => { if (typeof el === 'string') setScalar(node, j, el); else if (isObject(el)) setMapping(el); });
        });
      }
    }
  }
}

/** Drops kustomize's local-config objects, as `kustomize build` does. */
function isLocalConfig(o: ManifestObject): boolean {
  return o.metadata.annotations?.['config.kubernetes.io/local-config'] === 'true';
}

/** Renders the kustomization in `dir` (see the module doc); throws {@link KustomizeError} with located lines. */
export function buildKustomizationDir(dir: string, options: { cwd?: string } = {}): Manifest[] {
  const cwd = options.cwd ?? process.cwd();
  const full = path.resolve(cwd, dir);
  const ctx: BuildContext = { cwd, stack: [], kustomizations: 0, bytes: 0 };
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    throw new KustomizeError([`${shownPath(cwd, full)}: does not exist`]);
  }
  if (!stat.isDirectory()) throw new KustomizeError([`${shownPath(cwd, full)}: is not a directory (-k takes the directory holding kustomization.yaml)`]);
  const root = checkKustomization(readKustomization(full, ctx), false);
  const list = buildKustomization(root, ctx);
  fixBackReferences(list);
  const kept = list.filter((r) => !isLocalConfig(r.object));
  const sorted = sortForOutput(kept, (r) => { const id = curId(r); return { ...id.gvk, namespace: id.namespace, name: id.name }; }, sortOptionsOf(root.file));
  return sorted.map((r) => ({ object: r.object, ...(r.source ? { source: r.source } : {}) }));
}
