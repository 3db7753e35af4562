/**
 * Golden output of the types, clientset, fake, listers, informers, admission and package emitters for three API groups: `stable.example.com` from
 * the sample APIs (one namespaced kind, all verbs) and `toys.example.com` from test/cases/kind-markers (skipped
 * verbs, a scale subresource, a `+genclient:method`) and `ext.example.com` from test/golden-codegen/_apis (only-verbs,
 * no verbs, cluster scope, no list type, extension methods bound and refused; listers and informers for the kinds
 * that list and watch, namespaced and cluster-scoped). Every file must equal
 * `test/golden-codegen/<group>/<path>`; `UPDATE_GOLDEN=1` rewrites them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { admissionGenerator } from '../../generator/emit/admission';
import { clientsetGenerator, fakeGenerator } from '../../generator/emit/clientset';
import { informersGenerator } from '../../generator/emit/informers';
import { listersGenerator } from '../../generator/emit/listers';
import { packageGenerator } from '../../generator/emit/package';
import { typesGenerator } from '../../generator/emit/types-ts';
import type { VirtualFile } from '../../generator/emit/types';
import { loadApiModel, placeFile } from '../../generator/pipeline';
import { configure, runGenerators } from '../../generator/emit/execute';

const REPO = path.resolve(__dirname, '../..');
const GOLDEN = path.join(REPO, 'test/golden-codegen');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const CASES: Array<{ group: string; apis: string; warnings?: string[] }> = [
  { group: 'stable.example.com', apis: path.join(REPO, 'apis') },
  { group: 'toys.example.com', apis: path.join(REPO, 'test/cases/kind-markers/apis') },
  {
    group: 'ext.example.com',
    apis: path.join(GOLDEN, '_apis'),
    warnings: ["Widget: +genclient:method=Evict is not generated: kubegen binds extension methods to the runtime client's verbs and the scale/status subresources only"],
  },
];

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

for (const c of CASES) {
  describe(`golden clientset output of ${c.group}`, () => {
    const { model, diagnostics } = loadApiModel(c.apis, REPO);
    const generated = runGenerators(model, [
      ...[typesGenerator, clientsetGenerator, fakeGenerator, listersGenerator, informersGenerator, admissionGenerator].map((g) => configure(g, {})),
      configure(packageGenerator, { packageName: '@kubegen-generated/{group}', version: '0.1.0', runtimeVersion: '0.1.0', nodeEngines: '^20.19.0 || ^22.0.0 || ^24.0.0' }),
    ]);
    const files: VirtualFile[] = generated.files.filter((f) => f.group === c.group);
    const got = new Map(files.map((f) => [placeFile(f).slice(c.group.length + 1), f.contents]));
    const dir = path.join(GOLDEN, c.group);
    if (UPDATE) {
      fs.rmSync(dir, { recursive: true, force: true });
      for (const [p, text] of got) {
        fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
        fs.writeFileSync(path.join(dir, p), text);
      }
    }

    it('loads without errors and generates without diagnostics', () => {
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(generated.diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual((c.warnings ?? []).map((w) => `warning: ${w}`));
    });

    it('produces exactly the golden files', () => {
      expect([...got.keys()].sort()).toEqual(listFiles(dir));
      for (const [p, text] of got) expect({ file: p, text }).toEqual({ file: p, text: fs.readFileSync(path.join(dir, p), 'utf8') });
    });

    it('is deterministic', () => {
      const again = runGenerators(model, [clientsetGenerator, fakeGenerator, typesGenerator, listersGenerator, informersGenerator, admissionGenerator].map((g) => configure(g, {}))).files;
      for (const f of again.filter((x) => x.group === c.group)) expect(f.contents).toBe(got.get(placeFile(f).slice(c.group.length + 1)));
    });
  });
}
