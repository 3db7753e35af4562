/**
 * A property: for random small kustomization trees, `kubegen kustomize` prints exactly what the real `kustomize build`
 * (v5.8.1, built from its Go module by ensureGoTool and cached) prints — the same objects, in the same order, line
 * for line — or both refuse the tree.
 *
 * A tree: an overlay over a base (which may hold a nested base) and maybe a component, each level with random
 * resources of several built-in kinds and a custom kind (referring to each other by name: ConfigMaps, Secrets,
 * ServiceAccounts, Roles, Services), and random `namespace`, `namePrefix`, `nameSuffix`, `labels` (includeSelectors /
 * includeTemplates), `commonLabels`, `commonAnnotations`, `images`, `replicas`, `patches` (strategic merge, JSON
 * merge, JSON 6902; inline or a file; with targets by kind, name regex, namespace and label selector) and
 * `sortOptions`. Runs: KUBEGEN_FUZZ_RUNS (default 50; every run spawns kustomize).
 */
jest.setTimeout(30 * 60_000);

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { ensureGoTool } from '../../../../../runtime/src/testing/gotools';
import { buildKustomizationDir, KustomizeError } from '../../../../../generator/apply/kustomize/build';
import { printManifests } from '../../../../../generator/apply/kustomize/print';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 50);
let kustomize = '';
let root = '';

beforeAll(async () => {
  kustomize = await ensureGoTool({ module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.8.1', binary: 'kustomize' });
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-kustomize-property-'));
}, 30 * 60_000);

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

type Obj = Record<string, unknown>;

// ---- resources ----

const NAMES = ['a', 'b', 'web'] as const;
const NAMESPACES = ['system', 'other'] as const;
const IMAGES = ['nginx', 'nginx:1.25', 'busybox@sha256:0123456789abcdef', 'registry.example.com/team/app:v1'] as const;

const name = fc.constantFrom(...NAMES);
const labelKey = fc.constantFrom('app', 'tier', 'app.kubernetes.io/name');
const labelValue = fc.constantFrom('x', 'y', 'true', '0644', 'web');
const labelMap = fc.dictionary(labelKey, labelValue, { minKeys: 1, maxKeys: 2 });

interface Refs {
  configMap: string;
  secret: string;
  serviceAccount: string;
  service: string;
  role: string;
}

const refs: fc.Arbitrary<Refs> = fc.record({ configMap: name, secret: name, serviceAccount: name, service: name, role: name });

function podSpec(r: Refs, image: string): Obj {
  return {
    serviceAccountName: r.serviceAccount,
    containers: [
      {
        name: 'main',
        image,
        envFrom: [{ configMapRef: { name: r.configMap } }],
        env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: r.secret, key: 'token' } } }],
        volumeMounts: [{ name: 'config', mountPath: '/etc/config' }],
      },
    ],
    initContainers: [{ name: 'init', image: 'busybox' }],
    volumes: [{ name: 'config', configMap: { name: r.configMap } }, { name: 'secret', secret: { secretName: r.secret } }],
  };
}

const KINDS = ['ConfigMap', 'Secret', 'ServiceAccount', 'Service', 'Deployment', 'StatefulSet', 'CronJob', 'Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding', 'Widget', 'ValidatingWebhookConfiguration'] as const;
type Kind = (typeof KINDS)[number];

const CLUSTER_SCOPED = new Set<Kind>(['ClusterRole', 'ClusterRoleBinding', 'ValidatingWebhookConfiguration']);

function makeObject(kind: Kind, n: string, ns: string | null, r: Refs, image: string, labels: Record<string, string> | null): Obj {
  const metadata: Obj = { name: n, ...(ns !== null && !CLUSTER_SCOPED.has(kind) ? { namespace: ns } : {}), ...(labels ? { labels } : {}) };
  const selector = { matchLabels: { app: n } };
  const template = (spec: Obj): Obj => ({ metadata: { labels: { app: n } }, spec });
  switch (kind) {
    case 'ConfigMap':
      return { apiVersion: 'v1', kind, metadata, data: { mode: '0644', enabled: 'yes', text: 'line one\nline two\n' } };
    case 'Secret':
      return { apiVersion: 'v1', kind, metadata, type: 'Opaque', stringData: { token: 'secret' } };
    case 'ServiceAccount':
      return { apiVersion: 'v1', kind, metadata, imagePullSecrets: [{ name: r.secret }] };
    case 'Service':
      return { apiVersion: 'v1', kind, metadata, spec: { selector: { app: n }, ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 }] } };
    case 'Deployment':
      return { apiVersion: 'apps/v1', kind, metadata, spec: { replicas: 1, selector, template: template(podSpec(r, image)) } };
    case 'StatefulSet':
      return {
        apiVersion: 'apps/v1', kind, metadata,
        spec: { serviceName: r.service, selector, template: template(podSpec(r, image)), volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] },
      };
    case 'CronJob':
      return { apiVersion: 'batch/v1', kind, metadata, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { ...podSpec(r, image), restartPolicy: 'OnFailure' } } } } } };
    case 'Role':
    case 'ClusterRole':
      return { apiVersion: 'rbac.authorization.k8s.io/v1', kind, metadata, rules: [{ apiGroups: [''], resources: ['configmaps'], resourceNames: [r.configMap], verbs: ['get', '*'] }] };
    case 'RoleBinding':
    case 'ClusterRoleBinding':
      return {
        apiVersion: 'rbac.authorization.k8s.io/v1', kind, metadata,
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: kind === 'RoleBinding' ? 'Role' : 'ClusterRole', name: r.role },
        subjects: [{ kind: 'ServiceAccount', name: r.serviceAccount, namespace: ns ?? 'system' }],
      };
    case 'Widget':
      return { apiVersion: 'example.com/v1', kind, metadata, spec: { size: 1, configMapName: r.configMap, image, template: template({ containers: [{ name: 'main', image }] }) } };
    case 'ValidatingWebhookConfiguration':
      return {
        apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata,
        webhooks: [{ name: `v${n}.example.com`, admissionReviewVersions: ['v1'], sideEffects: 'None', clientConfig: { service: { name: r.service, namespace: ns ?? 'system', path: '/validate' } } }],
      };
  }
}

const object: fc.Arbitrary<Obj> = fc
  .record({ kind: fc.constantFrom(...KINDS), name, ns: fc.option(fc.constantFrom(...NAMESPACES)), refs, image: fc.constantFrom(...IMAGES), labels: fc.option(labelMap) })
  .map((o) => makeObject(o.kind, o.name, o.ns, o.refs, o.image, o.labels));

// ---- kustomization keys ----

const TARGET_KINDS = ['Deployment', 'StatefulSet', 'ConfigMap', 'Service', 'Widget', 'Deployment|StatefulSet'] as const;

const target = fc.record(
  {
    kind: fc.constantFrom(...TARGET_KINDS),
    name: fc.constantFrom('a', 'web', 'a|b', '.*b', 'p-a'),
    namespace: fc.constantFrom(...NAMESPACES, 'default'),
    labelSelector: fc.constantFrom('app=a', 'app in (a,web)', 'tier', '!tier', 'app!=b'),
  },
  { requiredKeys: ['kind'] },
);

const smpBody = fc.constantFrom<Obj>(
  { metadata: { labels: { patched: 'smp' } } },
  { spec: { replicas: 3 } },
  { spec: { template: { spec: { containers: [{ name: 'main', env: [{ name: 'EXTRA', value: '1' }] }, { name: 'sidecar', image: 'nginx' }] } } } },
  { spec: { template: { spec: { containers: [{ name: 'init', $patch: 'delete' }], initContainers: [{ name: 'init', $patch: 'delete' }] } } } },
  { metadata: { annotations: { note: null } }, data: { added: 'yes' } },
  { spec: { ports: [{ port: 443, protocol: 'TCP', targetPort: 9443 }] } },
  { spec: { size: 3, configMapName: null, extra: { on: true } } },
);

const jsonOps = fc.constantFrom<Obj[]>(
  [{ op: 'add', path: '/metadata/annotations', value: { patched: 'json6902' } }],
  [{ op: 'replace', path: '/spec/replicas', value: 5 }],
  [{ op: 'add', path: '/spec/template/spec/containers/-', value: { name: 'added', image: 'nginx:1.25' } }],
  [{ op: 'remove', path: '/metadata/labels' }],
  [{ op: 'add', path: '/metadata/labels', value: { app: 'relabelled' } }, { op: 'copy', from: '/metadata/name', path: '/metadata/labels/copied' }],
);

/** A `patches` entry: [the entry, the file it names (if any) and that file's text]. */
type PatchEntry = { entry: Obj; file?: { name: string; text: string } };

// Weighted so that most trees render: an untargeted strategic merge patch names its own target, which a random tree
// seldom holds (both refuse), and one without a name cannot be parsed (both refuse).
const patch: fc.Arbitrary<PatchEntry> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ body: smpBody, target, inFile: fc.boolean() }).map(({ body, target: t, inFile }): PatchEntry => {
    const doc = { apiVersion: 'v1', kind: 'Ignored', ...body, metadata: { name: 'ignored', ...(body.metadata as Obj | undefined) } };
    const text = stringify(doc);
    return inFile ? { entry: { path: 'patch-smp.yaml', target: t }, file: { name: 'patch-smp.yaml', text } } : { entry: { patch: text, target: t } };
  }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('Deployment', 'ConfigMap', 'Service'), n: name, body: smpBody }).map(({ kind, n, body }): PatchEntry => {
    const apiVersion = kind === 'Deployment' ? 'apps/v1' : 'v1';
    return { entry: { patch: stringify({ apiVersion, kind, metadata: { name: n }, ...body }) } };
  }) },
  { weight: 4, arbitrary: fc.record({ ops: jsonOps, target, inFile: fc.boolean() }).map(({ ops, target: t, inFile }): PatchEntry => {
    const text = stringify(ops);
    return inFile ? { entry: { path: 'patch-json.yaml', target: t }, file: { name: 'patch-json.yaml', text } } : { entry: { patch: text, target: t } };
  }) },
);

const image = fc.record(
  {
    name: fc.constantFrom('nginx', 'busybox', 'registry.example.com/team/app'),
    newName: fc.constantFrom('mirror.example.com/nginx', 'quay.io/x/y'),
    newTag: fc.constantFrom('v2', '1.0.0'),
    digest: fc.constantFrom('sha256:feedface'),
  },
  { requiredKeys: ['name'] },
);

interface LevelOptions {
  namespace: string | null;
  namePrefix: string | null;
  nameSuffix: string | null;
  labels: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[] | null;
  commonLabels: Record<string, string> | null;
  commonAnnotations: Record<string, string> | null;
  images: Obj[] | null;
  replicas: { name: string; count: number }[] | null;
  patches: PatchEntry[] | null;
}

/** `arb` in one draw out of `outOf`, else null: most levels set only a few keys, so most trees render. */
const sometimes = <T>(arb: fc.Arbitrary<T>, outOf: number): fc.Arbitrary<T | null> => fc.oneof({ weight: 1, arbitrary: arb }, { weight: outOf - 1, arbitrary: fc.constant(null) });

const level: fc.Arbitrary<LevelOptions> = fc.record({
  namespace: sometimes(fc.constantFrom(...NAMESPACES, 'ns-1'), 3),
  namePrefix: sometimes(fc.constantFrom('p-', 'team-'), 3),
  nameSuffix: sometimes(fc.constantFrom('-s', '-v2'), 4),
  labels: sometimes(fc.array(fc.record({ pairs: labelMap, includeSelectors: fc.boolean(), includeTemplates: fc.boolean() }, { requiredKeys: ['pairs'] }), { minLength: 1, maxLength: 2 }), 3),
  commonLabels: sometimes(labelMap, 4),
  commonAnnotations: sometimes(fc.dictionary(fc.constantFrom('note', 'example.com/owner'), fc.constantFrom('hello', 'on', '1.5')), 4),
  images: sometimes(fc.array(image, { minLength: 1, maxLength: 2 }), 3),
  replicas: sometimes(fc.array(fc.record({ name: fc.constantFrom(...NAMES, 'p-a'), count: fc.nat(5) }), { minLength: 1, maxLength: 1 }), 8),
  patches: sometimes(fc.array(patch, { minLength: 1, maxLength: 2 }), 3),
});

interface Tree {
  overlay: { options: LevelOptions; objects: Obj[]; sortOptions: Obj | null };
  base: { options: LevelOptions; objects: Obj[] };
  inner: { options: LevelOptions; objects: Obj[] } | null;
  component: { options: LevelOptions; objects: Obj[] } | null;
}

const objects = (max: number): fc.Arbitrary<Obj[]> => fc.array(object, { minLength: 0, maxLength: max });

const WORKLOADS = new Set(['Deployment', 'StatefulSet']);

/**
 * `replicas` names a workload the level sees (its own or a lower level's), as a real kustomization does, and is
 * dropped where the level sees none; an entry naming "p-a" is left as drawn (a prefixed name: matched or both refuse).
 */
function replicasOfSeen(t: Tree): Tree {
  const workloads = (objs: Obj[]): string[] => objs.filter((o) => WORKLOADS.has(String(o.kind))).map((o) => String((o.metadata as Obj).name));
  const inner = t.inner ? workloads(t.inner.objects) : [];
  const base = [...workloads(t.base.objects), ...inner];
  const component = [...workloads(t.overlay.objects), ...base, ...(t.component ? workloads(t.component.objects) : [])];
  const aim = (options: LevelOptions, seen: string[]): LevelOptions => ({
    ...options,
    replicas: seen.length === 0 ? null : (options.replicas?.map((r) => (r.name === 'p-a' ? r : { ...r, name: seen[r.count % seen.length] ?? r.name })) ?? null),
  });
  return {
    overlay: { ...t.overlay, options: aim(t.overlay.options, component) },
    base: { ...t.base, options: aim(t.base.options, base) },
    inner: t.inner ? { ...t.inner, options: aim(t.inner.options, inner) } : null,
    component: t.component ? { ...t.component, options: aim(t.component.options, component) } : null,
  };
}

/** One object per kind and name in the whole tree (a second one would make both refuse, uninterestingly). */
function unique(t: Tree): Tree {
  const seen = new Set<string>();
  const keep = (objs: Obj[]): Obj[] =>
    objs.filter((o) => {
      const id = `${String(o.kind)}/${String((o.metadata as Obj).name)}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  return {
    overlay: { ...t.overlay, objects: keep(t.overlay.objects) },
    base: { ...t.base, objects: keep(t.base.objects) },
    inner: t.inner ? { ...t.inner, objects: keep(t.inner.objects) } : null,
    component: t.component ? { ...t.component, objects: keep(t.component.objects) } : null,
  };
}

const tree: fc.Arbitrary<Tree> = fc.record({
  overlay: fc.record({
    options: level,
    objects: objects(2),
    sortOptions: sometimes(fc.constantFrom<Obj>({ order: 'fifo' }, { order: 'legacy' }, { order: 'legacy', legacySortOptions: { orderFirst: ['Widget', 'Service'], orderLast: ['ConfigMap'] } }), 4),
  }),
  base: fc.record({ options: level, objects: objects(5) }),
  inner: sometimes(fc.record({ options: level, objects: objects(3) }), 2),
  component: sometimes(fc.record({ options: level, objects: objects(2) }), 2),
}).map((t) => replicasOfSeen(unique(t)));

// ---- writing a tree ----

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Writes one level: its resources file, its patch files, its kustomization; returns nothing. */
function writeLevel(dir: string, kind: 'Kustomization' | 'Component', options: LevelOptions, objs: Obj[], more: { resources?: string[]; components?: string[]; sortOptions?: Obj | null }): void {
  const k: Obj = kind === 'Component' ? { apiVersion: 'kustomize.config.k8s.io/v1alpha1', kind } : { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind };
  const resources = [...(objs.length > 0 ? ['resources.yaml'] : []), ...(more.resources ?? [])];
  if (objs.length > 0) write(path.join(dir, 'resources.yaml'), objs.map((o) => stringify(o)).join('---\n'));
  if (resources.length > 0) k.resources = resources;
  if (more.components && more.components.length > 0) k.components = more.components;
  const keys = ['namespace', 'namePrefix', 'nameSuffix', 'labels', 'commonLabels', 'commonAnnotations', 'images', 'replicas'] as const;
  for (const key of keys) if (options[key] !== null) k[key] = options[key];
  if (options.patches) {
    k.patches = options.patches.map((p) => p.entry);
    for (const p of options.patches) if (p.file) write(path.join(dir, p.file.name), p.file.text);
  }
  if (more.sortOptions) k.sortOptions = more.sortOptions;
  // kustomize reads kustomization.yaml as YAML 1.1 (on, y, yes are booleans there): written so that it reads back
  write(path.join(dir, 'kustomization.yaml'), stringify(k, { version: '1.1' }));
}

function writeTree(dir: string, t: Tree): string {
  if (t.inner) writeLevel(path.join(dir, 'inner'), 'Kustomization', t.inner.options, t.inner.objects, {});
  writeLevel(path.join(dir, 'base'), 'Kustomization', t.base.options, t.base.objects, { resources: t.inner ? ['../inner'] : [] });
  if (t.component) writeLevel(path.join(dir, 'component'), 'Component', t.component.options, t.component.objects, {});
  const overlay = path.join(dir, 'overlay');
  writeLevel(overlay, 'Kustomization', t.overlay.options, t.overlay.objects, { resources: ['../base'], components: t.component ? ['../component'] : [], sortOptions: t.overlay.sortOptions });
  return overlay;
}

// ---- the property ----

type Outcome = { ok: true; text: string } | { ok: false; error: string };

function theirs(dir: string): Outcome {
  const r = spawnSync(kustomize, ['build', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r.status === 0 ? { ok: true, text: r.stdout } : { ok: false, error: r.stderr.trim().split('\n').pop() ?? '' };
}

function ours(dir: string): Outcome {
  try {
    return { ok: true, text: printManifests(buildKustomizationDir(dir)) };
  } catch (e) {
    if (e instanceof KustomizeError) return { ok: false, error: e.message };
    throw e;
  }
}

describe('kubegen kustomize equals kustomize build on random kustomizations', () => {
  it(`prints the same objects in the same order, line for line, or both refuse (${RUNS} runs)`, () => {
    let run = 0;
    let rendered = 0;
    const refusals: string[] = [];
    fc.assert(
      fc.property(tree, (t) => {
        const dir = path.join(root, String(run++));
        try {
          const overlay = writeTree(dir, t);
          const want = theirs(overlay);
          const got = ours(overlay);
          if (want.ok && got.ok) {
            rendered++;
            expect(got.text).toBe(want.text);
          } else {
            // both refuse (the messages differ: kubegen's name the file, line and column)
            const summary = (o: Outcome): string => (o.ok ? 'rendered' : `refused: ${o.error}`);
            if (refusals.length < 5) refusals.push(`kubegen ${summary(got)} / kustomize ${summary(want)}`);
            expect(got.ok === want.ok ? 'both refuse' : `kubegen ${summary(got)}\nkustomize ${summary(want)}`).toBe('both refuse');
          }
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS },
    );
    // not a vacuous property: most trees render
    const enough = rendered > RUNS / 3;
    expect({ rendered: enough ? 'more than a third of the runs' : rendered, refusals: enough ? [] : refusals }).toEqual({ rendered: 'more than a third of the runs', refusals: [] });
  });
});
