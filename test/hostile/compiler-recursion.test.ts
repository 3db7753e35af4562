/**
 * Recursive types are refused once, in model validation, so every command reports the same located error
 * (exit 1, nothing written) and no emitter ever walks a cycle; emitters given such a model anyway terminate.
 */
import * as path from 'node:path';
import { generateAll, loadApiModel } from '../../generator/pipeline';
import { kubegen, listFiles, project, remove } from './compiler-support';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const API = `import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  root?: Node;
}

export interface Node {
  /** +kubebuilder:default="x" */
  name?: string;
  children?: Node[];
  byName?: Record<string, Node>;
  next?: Other;
}

export interface Other {
  back?: Node;
  /** +kubebuilder:default=1 */
  n?: int32;
}
`;

const ERROR = 'apis/ex.example.com/v1/types.ts:13:18 - error KG3004: recursive type Node is not supported (Node → Node): a CRD schema cannot describe it (controller-gen cannot either)\n\nFound 1 error.\n';

describe('a recursive type', () => {
  let dir: string;
  beforeEach(() => {
    dir = project(API);
  });
  afterEach(() => remove(dir));

  it('makes `kubegen generate` exit 1 with the located error and write nothing', async () => {
    const r = await kubegen(['generate'], dir);
    expect(r.err).toBe(ERROR);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(listFiles(path.join(dir, 'generated'))).toEqual([]);
  });

  it('makes `kubegen crd` report the same error', async () => {
    const r = await kubegen(['crd', '--apis', 'apis', '--out', 'crds'], dir);
    expect(r.err).toBe(ERROR);
    expect(r.code).toBe(1);
    expect(listFiles(path.join(dir, 'crds'))).toEqual([]);
  });

  it('is reported once for the type, though three cycles go through it', async () => {
    const { diagnostics } = loadApiModel(path.join(dir, 'apis'), dir);
    expect(diagnostics.map((d) => `${d.span?.line}:${d.span?.column} ${d.message}`)).toEqual([
      '13:18 recursive type Node is not supported (Node → Node): a CRD schema cannot describe it (controller-gen cannot either)',
    ]);
  });

  it('does not make any emitter recurse without bound when handed the model anyway', () => {
    const { model } = loadApiModel(path.join(dir, 'apis'), dir);
    const r = generateAll(model, { packageName: '@hostile/{group}', crd: {} });
    expect(r.files.map((f) => f.path)).toContain('ex.example.com/src/v1/defaults.ts');
    expect(r.files.map((f) => f.path)).toContain('ex.example.com/src/v1/deepcopy.ts');
  });
});

describe('a cycle only through another type', () => {
  it('is reported at the type where the walk re-enters it, with the cycle', async () => {
    const dir = project(`export interface A {
  b?: B;
}

export interface B {
  items?: Array<{ a?: A }>;
}
`);
    try {
      const r = await kubegen(['generate'], dir);
      expect(r.err).toBe(
        'apis/ex.example.com/v1/types.ts:1:18 - error KG3004: recursive type A is not supported (A → B → A): a CRD schema cannot describe it (controller-gen cannot either)\n\nFound 1 error.\n',
      );
      expect(r.code).toBe(1);
    } finally {
      remove(dir);
    }
  });
});
