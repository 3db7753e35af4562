/**
 * SLOW (≈15 s; the first run downloads the k8s.io/kubernetes module through the Go module proxy): `kubegen import
 * openapi` on the official OpenAPI v3 of Kubernetes v1.34.1 (core/v1, apps/v1, batch/v1 — `$ref`s between component
 * schemas, `allOf: [{$ref}]` wrappers, `x-kubernetes-group-version-kind`, list/map topology, int-or-string, formats):
 * Go type names, kinds per group, the apimachinery types mapped to the runtime's, and a tree that type-checks with
 * `tsc --strict`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { importOpenApi, formatProblem } from '../../../../generator/import-check';
import { loadApiModel } from '../../../../generator/load';

const root = path.join(__dirname, '..', '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the repository, without type declarations
const { kubernetesOpenApiDir } = require('../../../../scripts/kubernetes-openapi.js') as { kubernetesOpenApiDir: (v: string) => string };

jest.setTimeout(600_000);

test('Kubernetes v1.34.1 core/v1, apps/v1, batch/v1 import as typed API packages', () => {
  const dir = kubernetesOpenApiDir('v1.34.1');
  const files = ['api__v1_openapi.json', 'apis__apps__v1_openapi.json', 'apis__batch__v1_openapi.json'];
  const result = importOpenApi(files.map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), 'utf8') })));
  expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
  const warnings = result.problems.map(formatProblem);
  expect(warnings.every((w) => w.includes('implicit zero-value default'))).toBe(true);

  const pkg = (id: string) => result.model.packages.find((p) => p.id === id)!;
  expect(pkg('core/v1').group).toBe('');
  expect(pkg('apps/v1').group).toBe('apps');
  expect(pkg('core/v1').kinds.map((k) => k.name)).toEqual(expect.arrayContaining(['Pod', 'ConfigMap', 'Service', 'Secret', 'Namespace']));
  expect(pkg('apps/v1').kinds.map((k) => k.name)).toEqual(expect.arrayContaining(['Deployment', 'StatefulSet', 'DaemonSet']));
  expect(pkg('batch/v1').kinds.map((k) => k.name)).toEqual(expect.arrayContaining(['Job', 'CronJob']));
  const core = result.files.find((f) => f.path === 'core/v1/types.ts')!.contents;
  expect(core).toContain('export interface PodSpec {');
  expect(core).toContain('  containers: Container[];\n');
  expect(core).toContain('export interface ResourceRequirements {');
  expect(core).toContain('  limits?: Record<string, Quantity>;\n');
  expect(core).toMatch(/ {2}port: IntOrString;\n/);
  const apps = result.files.find((f) => f.path === 'apps/v1/types.ts')!.contents;
  expect(apps).toContain("import type { PersistentVolumeClaim, PodTemplateSpec } from '../../core/v1/types.js';");
  expect(apps).toContain('  template: PodTemplateSpec;\n');
  expect(core).not.toContain('export interface ObjectMeta');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-import-k8s-'));
  try {
    for (const f of result.files) {
      fs.mkdirSync(path.dirname(path.join(tmp, 'apis', f.path)), { recursive: true });
      fs.writeFileSync(path.join(tmp, 'apis', f.path), f.contents);
    }
    // the front end reads the tree back without a diagnostic
    const loaded = loadApiModel({ root: path.join(tmp, 'apis'), cwd: tmp });
    expect(loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    fs.writeFileSync(
      path.join(tmp, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: [],
          paths: { '@kubegen/runtime': [path.join(root, 'runtime', 'src', 'index.ts')], '@kubegen/runtime/*': [path.join(root, 'runtime', 'src', '*')] },
        },
        include: ['apis/**/*.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(tmp, 'tsconfig.json')], { encoding: 'utf8' });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
