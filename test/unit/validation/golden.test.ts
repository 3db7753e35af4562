/**
 * Golden output of the validation emitter: for the sample APIs and the CRD cases with the most schema features (CEL
 * rules, hostile names and values, subresources), each `<version>/validation.ts` must equal
 * `test/golden-validation/<case>/<group>/<version>/validation.ts.golden` (suffixed so the repository's type-check
 * skips it; test/unit/generated-typecheck.test.ts type-checks the emitter's output for every case). `UPDATE_GOLDEN=1`
 * rewrites them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadApiModel } from '../../../generator/pipeline';
import { configure, runGenerators } from '../../../generator/emit/execute';
import { validationGenerator } from '../../../generator/emit/validation';

const REPO = path.resolve(__dirname, '../../..');
const GOLDEN = path.join(REPO, 'test/golden-validation');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const CASES: Array<{ name: string; apis: string }> = [
  { name: 'apis', apis: 'apis' },
  ...['cel', 'hostile-values', 'kind-markers', 'validation'].map((c) => ({ name: c, apis: `test/cases/${c}/apis` })),
];

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

describe.each(CASES.map((c) => [c.name, c] as const))('golden validation output of %s', (_name, c) => {
  const { model, diagnostics } = loadApiModel(path.join(REPO, c.apis), REPO);
  const out = runGenerators(model, [configure(validationGenerator, {})]);
  const got = new Map(out.files.map((f) => [`${f.group ?? ''}/${f.path}.golden`, f.contents]));
  const dir = path.join(GOLDEN, c.name);
  if (UPDATE) {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [p, text] of got) {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      fs.writeFileSync(path.join(dir, p), text);
    }
  }
  test('loads without errors', () => {
    expect([...diagnostics, ...out.diagnostics].filter((d) => d.severity === 'error')).toEqual([]);
  });
  test('produces exactly the expected files', () => {
    expect([...got.keys()].sort()).toEqual(listFiles(dir));
    for (const [p, text] of got) expect(text).toBe(fs.readFileSync(path.join(dir, p), 'utf8'));
  });
});
