/**
 * Golden generated code: for every folder of test/cases-codegen/<case>/, the generators listed by its `model.ts`
 * run over the model it builds; each file must equal `expected/<group>/<path>.golden` (suffixed so that the
 * repository's type-check skips them; the tests type-check generated code with its types), and the diagnostics (if any) must
 * equal `expected-diagnostics.txt`. `KUBEGEN_UPDATE_GOLDEN=1` rewrites the expected files.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ApiModel } from '../../generator/model/types';
import { configure, runGenerators, type ConfiguredGenerator } from '../../generator/emit/execute';
import { formatDiagnostics } from '../../generator/diagnostics';
import { deepcopyGenerator } from '../../generator/emit/deepcopy';
import { defaultsGenerator } from '../../generator/emit/defaults';
import { conversionGenerator } from '../../generator/emit/conversion';

const GENERATORS: Record<string, ConfiguredGenerator> = { deepcopy: configure(deepcopyGenerator, {}), defaults: configure(defaultsGenerator, {}), conversion: configure(conversionGenerator, {}) };
const ROOT = path.resolve(__dirname, '../cases-codegen');
const UPDATE = process.env.KUBEGEN_UPDATE_GOLDEN === '1';

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)).map((p) => `${e.name}/${p}`) : [e.name]));
}

for (const name of fs.readdirSync(ROOT).sort()) {
  const dir = path.join(ROOT, name);
  if (!fs.existsSync(path.join(dir, 'model.ts'))) continue;
  describe(`codegen case ${name}`, () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.join(dir, 'model.ts')) as { build(): ApiModel; generators: string[] };
    const model = mod.build();
    const { files, diagnostics } = runGenerators(
      model,
      mod.generators.map((g) => GENERATORS[g]),
    );
    const expectedDir = path.join(dir, 'expected');
    const got = new Map(files.map((f) => [`${f.group ?? ''}/${f.path}.golden`, f.contents]));
    const diagFile = path.join(dir, 'expected-diagnostics.txt');
    if (UPDATE) {
      fs.rmSync(expectedDir, { recursive: true, force: true });
      for (const [p, c] of got) {
        fs.mkdirSync(path.dirname(path.join(expectedDir, p)), { recursive: true });
        fs.writeFileSync(path.join(expectedDir, p), c);
      }
      if (diagnostics.length) fs.writeFileSync(diagFile, formatDiagnostics(diagnostics));
      else fs.rmSync(diagFile, { force: true });
    }
    it('produces exactly the expected files', () => {
      expect([...got.keys()].sort()).toEqual(listFiles(expectedDir).sort());
      for (const [p, c] of got) expect(c).toBe(fs.readFileSync(path.join(expectedDir, p), 'utf8'));
    });
    it('reports the expected diagnostics', () => {
      const want = fs.existsSync(diagFile) ? fs.readFileSync(diagFile, 'utf8') : '';
      expect(diagnostics.length ? formatDiagnostics(diagnostics) : '').toBe(want);
    });
  });
}
