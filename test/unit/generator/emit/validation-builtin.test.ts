/**
 * Built-in types in the validation emitter: a kind embedding `@kubegen/api` types calls that package's generated
 * validators of them instead of compiling them again (the size budget of test/golden/builtin: ≤ 1,500 lines of
 * `validation.ts` per version), a node the embedding changes is compiled in the kind's file, and the errors are the
 * runtime walker's over the CRD's schema. With `everyType` a version exports `validate<Type>` and the passes of each
 * struct type, and a kind of another group of the same source tree calls them.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { generateAll, loadApiModel } from '../../../../generator/pipeline';
import { crdGenerator } from '../../../../generator/emit/crd';
import { validationGenerator } from '../../../../generator/emit/validation';
import { runGenerator } from '../../../../generator/emit/shared/execute';
import type { VirtualFile } from '../../../../generator/emit/shared/types';
import { MAX_DEPTH, formatFieldError, validate, type ValidationResult, type ValidationSchema } from '../../../../runtime/src/validation';
import { RUNTIME_MODULES, apiModulesOf, moduleLoader, renderTypes } from '../../helpers/generated';
import { present } from '../../helpers/present';

// This file loads and runs generated TypeScript (and @kubegen/api's validators): a generous timeout for a loaded machine.
jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '../../../..');

type Validator = (obj: unknown, options?: { oldObject?: unknown }) => ValidationResult;

interface Crd {
  spec: { names: { kind: string }; versions: Array<{ schema: { openAPIV3Schema: ValidationSchema } }> };
}

/** The named imports of `module` in a generated file. */
function importsFrom(text: string, module: string): string[] {
  const line = text.split('\n').find((l) => l.endsWith(` from '${module}';`));
  const m = line === undefined ? null : /^import (?:type )?\{ (.*) \} from /.exec(line);
  return m?.[1]?.split(', ') ?? [];
}

/** Writes `files` (path → text) into a fresh temporary folder, returned. */
function writeTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-valbuiltin-'));
  for (const [p, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), text);
  }
  return dir;
}

/** The validation and CRD files of an APIs folder, and a loader running its validators. */
function generated(apis: string): { validation: VirtualFile[]; crds: Crd[]; load: (key: string) => Record<string, unknown> } {
  const { model, diagnostics } = loadApiModel(apis, REPO);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const validation = runGenerator(validationGenerator, model, {}).files;
  const crds = runGenerator(crdGenerator, model, {}).files.map((f) => parse(f.contents) as Crd);
  return { validation, crds, load: moduleLoader([...validation, ...renderTypes(model)], { ...RUNTIME_MODULES, ...apiModulesOf(validation) }) };
}

describe('test/golden/builtin', () => {
  const { validation, crds, load } = generated(path.join(REPO, 'test/golden/builtin/apis'));
  const text = present(validation.find((f) => f.group === 'builtin.example.com' && f.path === 'v1/validation.ts'), 'validation.ts').contents;

  test('fits the budget: ≤ 1,500 lines for the version (two kinds embedding PodTemplateSpec, JobSpec …)', () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(1500);
  });

  test('calls @kubegen/api’s passes of the built-in types it embeds unchanged', () => {
    expect(importsFrom(text, '@kubegen/api/core/v1')).toEqual(expect.arrayContaining(['visitPodTemplateSpec', 'listsPodTemplateSpec', 'visitToleration', 'visitResourceRequirements', 'visitEnvVar', 'visitServicePort']));
    expect(importsFrom(text, '@kubegen/api/batch/v1')).toEqual(expect.arrayContaining(['visitJobSpec', 'celJobSpec', 'listsJobSpec', 'visitJobStatus']));
    expect(importsFrom(text, '@kubegen/api/apps/v1')).toEqual(expect.arrayContaining(['visitDeploymentStrategy']));
    // inside the kind's one walk: the property's value visited (prepared and checked) with the kind's path and depth
    expect(text).toContain("y = visitPodTemplateSpec(x, path, 'template', errors, depth + 1);");
    expect(text).toContain("listsPodTemplateSpec(v[k], child(path, 'template'), errors);");
    // nothing of the two-walk passes, which @kubegen/api no longer exports
    expect(text).not.toMatch(/\b(check|prepare)(PodTemplateSpec|JobSpec|Toleration)\b/);
  });

  test('compiles in the kind’s file what the embedding changes, and nothing of a folder that is no module', () => {
    // Sidecar extends Container: its own node, its unchanged children (env items …) still the built-in's
    expect(text).toMatch(/function visitWorkloadSpecSidecarsItem\(/);
    expect(text).toMatch(/const y = visitEnvVar\(x, path, i, errors, depth \+ 1\);/);
    // scheduling/v1alpha3 is a folder of shared types of @kubegen/api, inlined by batch/v1: never imported
    expect(text).not.toContain('@kubegen/api/scheduling');
    // an opaque object (`metadata`) is never named after a built-in type without fields
    expect(text).toMatch(/case 'metadata':\n(\s+.*\n)*?\s+if \(!isObject\(x\)\) checkBatchRunMetadata\(x, at\(path, 'metadata'\), errors\);/);
    expect(text).not.toMatch(/import \{[^}]*\b(check|visit)[A-Za-z]*DisruptionMode/);
  });

  test('validateWorkload gives a built-in type’s errors at the kind’s paths, as the walker over the CRD schema', () => {
    const validateWorkload = load('builtin.example.com/v1/validation').validateWorkload as Validator;
    const obj = {
      apiVersion: 'builtin.example.com/v1',
      kind: 'Workload',
      metadata: { name: 'w' },
      spec: { template: { spec: { containers: [{ image: 'nginx', ports: [{ containerPort: 'x' }] }] } }, tolerations: [{ tolerationSeconds: 1.5 }] },
    };
    const got = validateWorkload(obj).errors.map(formatFieldError);
    expect(got).toEqual([
      'spec.template.spec.containers[0].name: Required value',
      'spec.template.spec.containers[0].ports[0].containerPort: Invalid value: "string": spec.template.spec.containers[0].ports[0].containerPort in body must be of type integer: "string"',
      'spec.tolerations[0].tolerationSeconds: Invalid value: "float64": spec.tolerations[0].tolerationSeconds in body must be of type int64: "float64"',
      '<nil>: Invalid value: "": Checked value must be of type integer with format int64 in spec.tolerations[0].tolerationSeconds',
    ]);
    const workloads = present(crds.find((c) => c.spec.names.kind === 'Workload')?.spec.versions[0], 'the Workload CRD').schema.openAPIV3Schema;
    expect(got).toEqual(validate(workloads, obj, { statusSubresource: true }).errors.map(formatFieldError));
  });

  test('the nesting depth is counted from the kind’s root through @kubegen/api’s visit, as the walker counts it', () => {
    const validateWorkload = load('builtin.example.com/v1/validation').validateWorkload as Validator;
    const workloads = present(crds.find((c) => c.spec.names.kind === 'Workload')?.spec.versions[0], 'the Workload CRD').schema.openAPIV3Schema;
    const tooDeep = "<nil>: Invalid value: invalid character '[' exceeded max depth";
    const verdicts = new Set<boolean>();
    // an unknown field of a container (pruned inside visitPodTemplateSpec), nested around MAX_DEPTH counted from the
    // Workload: a visit counting from its own value would let the deepest of these through, the walker does not
    for (let depth = MAX_DEPTH - 8; depth <= MAX_DEPTH - 2; depth++) {
      let nested: unknown = [];
      for (let i = 1; i < depth; i++) nested = [nested];
      const obj = { apiVersion: 'builtin.example.com/v1', kind: 'Workload', metadata: { name: 'w' }, spec: { template: { spec: { containers: [{ name: 'c', extra: nested }] } } } };
      const got = validateWorkload(obj).errors.map(formatFieldError);
      expect(got).toEqual(validate(workloads, obj, { statusSubresource: true }).errors.map(formatFieldError));
      verdicts.add(got.includes(tooDeep));
    }
    expect([...verdicts].sort()).toEqual([false, true]);
  });
});

describe('a marker on the embedding field', () => {
  const dir = writeTree({
    'apis/marker.example.com/v1/doc.ts': '// +groupName=marker.example.com\n',
    'apis/marker.example.com/v1/types.ts': `import type { PodTemplateSpec } from '@kubegen/api/core/v1';
import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 */
export interface Runner extends TypeMeta {
  metadata?: ObjectMeta;
  spec: RunnerSpec;
}

export interface RunnerSpec {
  /**
   * template must name its containers' pod.
   * +kubebuilder:validation:XValidation:rule="has(self.spec) && self.spec.containers.size() <= 2",message="at most two containers"
   */
  template: PodTemplateSpec;
}
`,
  });
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });
  const { validation, crds, load } = generated(path.join(dir, 'apis'));
  const text = present(validation[0], 'validation.ts').contents;
  const schema = present(crds[0]?.spec.versions[0], 'the CRD version').schema.openAPIV3Schema;
  const validateRunner = load('marker.example.com/v1/validation').validateRunner as Validator;

  test('is compiled in the kind’s file; the node’s children still call @kubegen/api', () => {
    expect(text).not.toContain('visitPodTemplateSpec(');
    expect(importsFrom(text, '@kubegen/api/core/v1')).toEqual(expect.arrayContaining(['visitPodSpec']));
    expect(text).toContain("y = visitPodSpec(x, path, 'spec', errors, depth + 1);");
  });

  test.each([
    { name: 'valid', spec: { template: { spec: { containers: [{ name: 'a' }] } } } },
    { name: 'the field’s rule', spec: { template: { spec: { containers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } } } },
    { name: 'the built-in type’s errors, then the rule not checked', spec: { template: { spec: { containers: [{ image: 'x' }] } } } },
  ])('$name: the errors of the walker over the CRD schema', ({ spec }) => {
    const obj = { apiVersion: 'marker.example.com/v1', kind: 'Runner', metadata: { name: 'r' }, spec };
    const got = validateRunner(obj).errors.map(formatFieldError);
    expect(got).toEqual(validate(schema, obj).errors.map(formatFieldError));
  });

  test('the rule’s error', () => {
    const obj = { apiVersion: 'marker.example.com/v1', kind: 'Runner', metadata: { name: 'r' }, spec: { template: { spec: { containers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } } } };
    expect(validateRunner(obj).errors.map(formatFieldError)).toEqual(['spec.template: Invalid value: at most two containers']);
  });
});

describe('everyType (validation.types: "all") in the source layout', () => {
  const dir = writeTree({
    'apis/a.example.com/v1/doc.ts': '// +groupName=a.example.com\n',
    'apis/a.example.com/v1/types.ts': `/** Limits bound a value. */
export interface Limits {
  /** +kubebuilder:validation:Minimum=1 */
  max: number;
  /** +listType=set */
  names?: string[];
}
`,
    'apis/b.example.com/v1/doc.ts': '// +groupName=b.example.com\n',
    'apis/b.example.com/v1/types.ts': `import type { Limits } from '../../a.example.com/v1/types';
import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 */
export interface Quota extends TypeMeta {
  metadata?: ObjectMeta;
  spec: QuotaSpec;
}

export interface QuotaSpec {
  limits: Limits;
  extra?: Limits[];
}
`,
  });
  afterAll(() => { fs.rmSync(dir, { recursive: true, force: true }); });
  const { model, diagnostics } = loadApiModel(path.join(dir, 'apis'), REPO);
  const out = generateAll(model, { packageName: '@x/{group}', crd: {}, layout: 'source', validateTypes: true, generators: ['types', 'validation'] });
  const file = (p: string): string => present(out.files.find((f) => f.path === p), p).contents;

  test('exports validate<Type> and the passes of every struct type', () => {
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const a = file('a.example.com/v1/validation.ts');
    expect(a).toContain('export const validateLimits: Validator<Limits> = compiledValidator<Limits>(passesLimits);');
    expect(a).toMatch(/export \{\n {2}visitLimits,\n {2}listsLimits,\n\};/);
    // the kind's version: its own struct types too, the kind's validator once
    const b = file('b.example.com/v1/validation.ts');
    expect(b).toContain('export const validateQuotaSpec:');
    expect(b.match(/export const validateQuota\b/g)).toHaveLength(1);
  });

  test('a kind calls the validators of another group’s types', () => {
    const b = file('b.example.com/v1/validation.ts');
    expect(importsFrom(b, '../../a.example.com/v1/validation')).toEqual(['listsLimits', 'visitLimits']);
    expect(b).toContain("y = visitLimits(x, path, 'limits', errors, depth + 1);");
    expect(b).toContain('const y = visitLimits(x, path, i, errors, depth + 1);');
    expect(b).toContain("listsLimits(v[k], child(path, 'limits'), errors);");
  });

  test('without everyType, nothing of another group is imported', () => {
    const plain = generateAll(model, { packageName: '@x/{group}', crd: {}, layout: 'source', generators: ['types', 'validation'] });
    const b = present(plain.files.find((f) => f.path === 'b.example.com/v1/validation.ts'), 'b').contents;
    expect(b).not.toContain('a.example.com');
    expect(b).not.toContain('validateQuotaSpec');
    expect(plain.files.some((f) => f.path === 'a.example.com/v1/validation.ts')).toBe(false);
  });

  test('the validators run: a type’s errors at its own paths, and at the kind’s', () => {
    const load = moduleLoader(out.files.map((f) => ({ path: f.path, contents: f.contents })), RUNTIME_MODULES);
    const validateLimits = load('a.example.com/v1/validation').validateLimits as Validator;
    expect(validateLimits({ max: 0, names: ['x', 'x'] }).errors.map(formatFieldError)).toEqual(['max: Invalid value: 0: max in body should be greater than or equal to 1', 'names[1]: Duplicate value: "x"']);
    const validateQuota = load('b.example.com/v1/validation').validateQuota as Validator;
    expect(validateQuota({ apiVersion: 'b.example.com/v1', kind: 'Quota', metadata: { name: 'q' }, spec: { limits: { max: 2 }, extra: [{ max: 0 }] } }).errors.map(formatFieldError)).toEqual([
      'spec.extra[0].max: Invalid value: 0: spec.extra[0].max in body should be greater than or equal to 1',
    ]);
  });
});
