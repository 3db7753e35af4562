/**
 * The golden case folders (`test/golden/<case>/`, see README.md here), for the golden driver and for the other test
 * layers that run over every case's input (deepcopy fuzzing, type-checking generated code, the importer's fixed
 * point, applying every CRD to a real apiserver).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const GOLDEN_DIR = __dirname;

/** What a case's `expected/` holds: controller-gen's `crd/`, `rbac/`, `webhook/`; kubegen's `apiservice/`, `generated/` and `docs/`. */
export type Expectation = 'crd' | 'rbac' | 'webhook' | 'apiservice' | 'generated' | 'docs';

export interface GoldenCase {
  name: string;
  /** Absolute folder of the case. */
  dir: string;
  /** The expectations present in `expected/`. */
  expects: ReadonlySet<Expectation>;
}

/** Every case: a folder with an `apis/` input, sorted by name. */
export function goldenCases(): GoldenCase[] {
  return fs
    .readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(GOLDEN_DIR, e.name, 'apis')))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = path.join(GOLDEN_DIR, name);
      const expects = new Set((['crd', 'rbac', 'webhook', 'apiservice', 'generated', 'docs'] as const).filter((p) => fs.existsSync(path.join(dir, 'expected', p))));
      return { name, dir, expects };
    });
}

/**
 * The cases whose `apis/` holds API types (`<group>/<version>/*.ts`): those with CRD or generated-code expectations.
 * The rbac / webhook cases' `apis/` holds controller and webhook sources with markers instead.
 */
export function apiCases(): GoldenCase[] {
  return goldenCases().filter((c) => c.expects.has('crd') || c.expects.has('generated'));
}

/** The cases with CRDs from controller-gen (`expected/crd/`). */
export function crdCases(): GoldenCase[] {
  return goldenCases().filter((c) => c.expects.has('crd'));
}
