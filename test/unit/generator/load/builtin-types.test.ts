/**
 * Kubernetes' built-in types inside user APIs: the loader resolves `@kubegen/api/<group>/<version>` to the
 * input-language sources of `@kubegen/api` and converts the declarations a user type reaches into the package
 * `@kubegen/api/<group>/<version>`; the emitters import them from that module (types), copy and default them locally
 * (deepcopy, defaults), and the generated package depends on `@kubegen/api`. The CRD side is the golden case
 * test/golden/builtin (byte-equal to controller-gen's, test/golden/golden.test.ts) and test/e2e/builtin.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadApiModel } from '../../../../generator/load';
import { generateAll, generateCrds } from '../../../../generator/pipeline';
import { DiagnosticBag } from '../../../../generator/diagnostics';
import type { TypeRef } from '../../../../generator/model/types';
import { RUNTIME_MODULES, moduleLoader, tempDir, typeCheck, writeFiles } from '../../helpers/generated';
import { present } from '../../helpers/present';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../../..');

function write(root: string, files: Record<string, string>): void {
  for (const [p, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), text);
  }
}

describe('the loader resolves @kubegen/api', () => {
  const dir = tempDir('builtin-load');
  write(dir, {
    'api/core/v1/doc.ts': '// +groupName=\n',
    'api/core/v1/types.ts': [
      "import type { int32 } from '@kubegen/runtime';",
      '/** PodPhase is a label for the condition of a pod. */',
      'export type PodPhase = string;',
      '/** A container. */',
      'export interface Container {',
      '  /** name of the container. */',
      '  name: string;',
      '  ports?: ContainerPort[];',
      '}',
      'export interface ContainerPort {',
      '  containerPort: int32;',
      '}',
      '',
    ].join('\n'),
    'apis/demo.example.com/v1/doc.ts': '// +groupName=demo.example.com\n',
    'apis/demo.example.com/v1/types.ts': [
      "import type { Container, PodPhase } from '@kubegen/api/core/v1';",
      "import type * as corev1 from '@kubegen/api/core/v1';",
      'export interface Spec {',
      '  containers: Container[];',
      '  phases?: Record<string, PodPhase>;',
      '  port?: corev1.ContainerPort;',
      '}',
      '',
    ].join('\n'),
  });

  test('into the package of the module, converting only what user types reach', () => {
    const { model, diagnostics } = loadApiModel({ root: path.join(dir, 'apis'), cwd: dir, apiSources: path.join(dir, 'api') });
    expect(diagnostics).toEqual([]);
    const core = model.packages.find((p) => p.id === '@kubegen/api/core/v1')!;
    expect(core.types.map((t) => t.name)).toEqual(['Container', 'ContainerPort', 'PodPhase']);
    expect(core.group).toBeUndefined(); // a library package: no CRDs, no generated files
    expect(core.types.find((t) => t.name === 'Container')?.doc).toBe('A container.');
    const spec = model.packages.find((p) => p.id === 'demo.example.com/v1')!.types.find((t) => t.name === 'Spec')!;
    const fields = spec.type.kind === 'struct' ? spec.type.fields : [];
    const ref = (pkg: string, name: string): TypeRef => ({ kind: 'named', package: pkg, name });
    expect(fields.map((f) => f.type)).toEqual([
      { kind: 'array', items: ref('@kubegen/api/core/v1', 'Container') },
      { kind: 'map', values: ref('@kubegen/api/core/v1', 'PodPhase') },
      ref('@kubegen/api/core/v1', 'ContainerPort'),
    ]);
  });

  test("@kubegen/api's own sources, loaded as the APIs root (generating @kubegen/api), are ordinary packages", () => {
    const { model, diagnostics } = loadApiModel({ root: path.join(dir, 'api'), cwd: dir, apiSources: path.join(dir, 'api') });
    expect(diagnostics).toEqual([]);
    expect(model.packages.map((p) => p.id).filter((id) => id !== '@kubegen/runtime')).toEqual(['core/v1']);
    const container = model.packages.find((p) => p.id === 'core/v1')!.types.find((t) => t.name === 'Container')!;
    const ports = container.type.kind === 'struct' ? container.type.fields.find((f) => f.name === 'ports')?.type : undefined;
    expect(ports).toEqual({ kind: 'array', items: { kind: 'named', package: 'core/v1', name: 'ContainerPort' } });
  });

  test('a module @kubegen/api does not have is a located error', () => {
    write(dir, { 'bad/demo.example.com/v1/types.ts': "import type { Widget } from '@kubegen/api/widgets/v1';\nexport interface S { w: Widget }\n", 'bad/demo.example.com/v1/doc.ts': '// +groupName=demo.example.com\n' });
    const { diagnostics } = loadApiModel({ root: path.join(dir, 'bad'), cwd: dir, apiSources: path.join(dir, 'api') });
    expect(diagnostics.map((d) => `${d.span?.file}:${d.span?.line}:${d.span?.column} ${d.message}`)).toEqual(['bad/demo.example.com/v1/types.ts:2:25 @kubegen/api/widgets/v1 is not a module of @kubegen/api: its modules are @kubegen/api/<group>/<version> (1 in all, e.g. @kubegen/api/core/v1)']);
  });
});

describe("@kubegen/api re-exports the runtime's declarations (meta/v1, core/v1)", () => {
  const dir = tempDir('builtin-reexport');
  const kind = (from: string, types: string) => [
    `import type { ${types} } from '${from}';`,
    "import type { TypeMeta } from '@kubegen/runtime';",
    '/** A widget. */',
    '// +kubebuilder:object:root=true',
    'export interface Widget extends TypeMeta {',
    '  metadata?: ObjectMeta;',
    '  spec?: WidgetSpec;',
    '}',
    'export interface WidgetSpec {',
    '  owner?: ObjectReference;',
    '  since?: Time;',
    '  conditions?: Condition[];',
    '}',
    '',
  ].join('\n');
  const crdOf = (name: string, from: string) => {
    write(dir, {
      [`${name}/demo.example.com/v1/doc.ts`]: '// +groupName=demo.example.com\n',
      [`${name}/demo.example.com/v1/types.ts`]: kind(from, 'Condition, ObjectMeta, ObjectReference, Time'),
    });
    const { model, diagnostics } = loadApiModel({ root: path.join(dir, name), cwd: dir, apiSources: path.join(REPO, 'api/apis') });
    const bag = new DiagnosticBag();
    const files = generateCrds(model, {}, bag);
    return { diagnostics: [...diagnostics, ...bag.items], crd: files.map((f) => f.contents).join('\n'), model };
  };

  test('a user API importing ObjectMeta, ObjectReference, Time, Condition from @kubegen/api gives the same CRD as from @kubegen/runtime', () => {
    const runtime = crdOf('runtime', '@kubegen/runtime');
    const meta = crdOf('meta', '@kubegen/api/core/v1');
    expect(runtime.diagnostics).toEqual([]);
    expect(meta.diagnostics).toEqual([]);
    expect(meta.crd).toBe(runtime.crd);
    expect(meta.crd).toContain('x-kubernetes-map-type: atomic'); // ObjectReference, as the runtime declares it
    // no second copy: the re-exported names resolve to the runtime's declarations
    expect(meta.model.packages.map((p) => p.id).sort()).toEqual(['@kubegen/runtime', 'demo.example.com/v1']);
  });

  test('@kubegen/api/meta/v1 offers the runtime meta types, and core/v1 next to PodSpec', () => {
    write(dir, {
      'metav1/demo.example.com/v1/doc.ts': '// +groupName=demo.example.com\n',
      'metav1/demo.example.com/v1/types.ts': kind('@kubegen/api/meta/v1', 'Condition, ObjectMeta, Time').replace("import type { TypeMeta } from '@kubegen/runtime';", "import type { ObjectReference, TypeMeta } from '@kubegen/api/core/v1';"),
    });
    const { model, diagnostics } = loadApiModel({ root: path.join(dir, 'metav1'), cwd: dir, apiSources: path.join(REPO, 'api/apis') });
    expect(diagnostics).toEqual([]);
    const bag = new DiagnosticBag();
    expect(generateCrds(model, {}, bag).map((f) => f.contents).join('\n')).toBe(crdOf('runtime2', '@kubegen/runtime').crd);
    const reexports = (file: string) => /export type \{ ([^}]*) \} from '@kubegen\/runtime'/.exec(fs.readFileSync(path.join(REPO, file), 'utf8'))?.[1]?.split(', ');
    expect(reexports('api/src/meta/v1/types.ts')).toEqual(expect.arrayContaining(['ObjectMeta', 'ListMeta', 'TypeMeta', 'Time', 'MicroTime', 'Duration', 'LabelSelector', 'Condition']));
    expect(reexports('api/src/core/v1/types.ts')).toEqual(
      expect.arrayContaining(['ObjectMeta', 'ObjectReference', 'LocalObjectReference', 'SecretKeySelector', 'ConfigMapKeySelector', 'TypedLocalObjectReference', 'Condition', 'Time', 'Quantity', 'IntOrString']),
    );
  });

  test('a re-export of something the runtime does not declare is a located error', () => {
    write(dir, {
      'badre/demo.example.com/v1/doc.ts': '// +groupName=demo.example.com\n',
      'badre/demo.example.com/v1/types.ts': "export type { ObjectMeta, Nope } from '@kubegen/runtime';\n",
    });
    const { model, diagnostics } = loadApiModel({ root: path.join(dir, 'badre'), cwd: dir });
    expect(diagnostics.map((d) => `${d.span?.file}:${d.span?.line}:${d.span?.column} ${d.message}`)).toEqual(['badre/demo.example.com/v1/types.ts:1:27 `Nope` is not a type of @kubegen/runtime']);
    expect(model.packages.find((p) => p.id === 'demo.example.com/v1')?.runtimeReexports).toEqual(['ObjectMeta']);
  });
});

describe('generated code for a kind using built-in types (test/golden/builtin)', () => {
  const { model, diagnostics } = loadApiModel({ root: 'test/golden/builtin/apis', cwd: REPO });
  const out = generateAll(model, { packageName: '@kubegen-generated/{group}', crd: {} });
  const src = out.files.filter((f) => f.path.startsWith('builtin.example.com/src/')).map((f) => ({ ...f, path: f.path.slice('builtin.example.com/src/'.length), group: 'builtin.example.com' }));
  const file = (p: string) => out.files.find((f) => f.path === `builtin.example.com/${p}`)!.contents;

  test('loads without diagnostics and generates every file', () => {
    expect(diagnostics).toEqual([]);
    expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(src.map((f) => f.path).sort()).toEqual(['clientset.ts', 'fake/index.ts', 'index.ts', 'informers.ts', 'v1/admission.ts', 'v1/client.ts', 'v1/deepcopy.ts', 'v1/defaults.ts', 'v1/index.ts', 'v1/informers.ts', 'v1/listers.ts', 'v1/types.ts', 'v1/validation.ts']);
  });

  test('types import the built-in types from @kubegen/api, and the package depends on it', () => {
    expect(file('src/v1/types.ts')).toContain("import type { Affinity, Container, EnvVar, PersistentVolumeClaim, PodPhase, PodTemplateSpec, ResourceRequirements, ServicePort, Toleration } from '@kubegen/api/core/v1';");
    expect(file('src/v1/types.ts')).toContain("import type { JobSpec, JobStatus } from '@kubegen/api/batch/v1';");
    expect((JSON.parse(file('package.json')) as { dependencies: Record<string, string> }).dependencies).toEqual({ '@kubegen/api': '0.1.0', '@kubegen/runtime': '0.1.0' });
  });

  test('types, deepcopy, defaults and clients type-check strictly', () => {
    const dir = tempDir('builtin-gen');
    expect(typeCheck(writeFiles(dir, src))).toEqual([]);
  });

  const load = moduleLoader(src, RUNTIME_MODULES);
  const workload = () => ({
    apiVersion: 'builtin.example.com/v1',
    kind: 'Workload',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      template: { spec: { containers: [{ name: 'app', image: 'app:1', ports: [{ containerPort: 8080 }], resources: { limits: { cpu: '1' } }, readinessProbe: { httpGet: { path: '/ready', port: 'http' } } }] } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%' } },
      ports: [{ port: 80, targetPort: 'http' }],
    },
    status: { phases: { 'web-0': 'Running' } },
  });

  test('deepcopy copies built-in types deeply', () => {
    const deepCopyWorkload = load('builtin.example.com/v1/deepcopy').deepCopyWorkload as (o: unknown) => ReturnType<typeof workload>;
    const original = workload();
    const copy = deepCopyWorkload(original);
    expect(copy).toEqual(original);
    const port = (w: ReturnType<typeof workload>) => present(present(w.spec.template.spec.containers[0], 'the container').ports[0], 'the container port');
    port(copy).containerPort = 1;
    copy.status.phases['web-0'] = 'Failed';
    expect(port(original).containerPort).toBe(8080);
    expect(original.status.phases['web-0']).toBe('Running');
  });

  test("defaults apply the built-in types' declared defaults, as the API server does", () => {
    const setObjectDefaults = load('builtin.example.com/v1/defaults').setObjectDefaults as <T>(o: T) => T;
    const obj = setObjectDefaults(workload());
    // ContainerPort.protocol and ServicePort.protocol: +default="TCP" in k8s.io/api
    expect(obj.spec.template.spec.containers[0]?.ports[0]).toEqual({ containerPort: 8080, protocol: 'TCP' });
    expect(obj.spec.ports[0]).toEqual({ port: 80, targetPort: 'http', protocol: 'TCP' });
  });
});
