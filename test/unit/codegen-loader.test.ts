/**
 * The deepcopy, defaults and conversion emitters over models built by the real loader: the conversion case's
 * `apis/` folder gives the same generated code as its hand-built model, and the sample APIs in `apis/` generate
 * without diagnostics and type-check.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadApiModel } from '../../generator/pipeline';
import { conversionGenerator } from '../../generator/emit/conversion';
import { deepcopyGenerator } from '../../generator/emit/deepcopy';
import { defaultsGenerator } from '../../generator/emit/defaults';
import type { ApiModel } from '../../generator/model/types';
import { renderTypes, tempDir, typeCheck, writeFiles } from './helpers/generated';
import { build } from '../cases-codegen/conversion/model';
import { runGenerator } from '../../generator/emit/execute';

const REPO = path.resolve(__dirname, '../..');

function generateAll(model: ApiModel, manualModule: (pkg: { version: string; dir: string }) => string) {
  const results = [runGenerator(deepcopyGenerator, model, {}), runGenerator(defaultsGenerator, model, {}), runGenerator(conversionGenerator, model, { manualModule })];
  return { files: results.flatMap((r) => r.files), diagnostics: results.flatMap((r) => r.diagnostics) };
}

describe('emitters over loaded models', () => {
  it('the conversion case loaded from its apis/ folder generates what its hand-built model generates', () => {
    const loaded = loadApiModel('test/cases-codegen/conversion/apis', REPO);
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const manual = (pkg: { version: string }) => `@manual/${pkg.version}`;
    const fromLoader = generateAll(loaded.model, manual);
    const fromBuilder = generateAll(build(), manual);
    expect(fromLoader.diagnostics).toEqual([]);
    expect(fromLoader.files).toEqual(fromBuilder.files);
  });

  if (fs.existsSync(path.join(REPO, 'apis'))) {
    it('the sample APIs generate without errors and type-check', () => {
      const loaded = loadApiModel('apis', REPO);
      expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const dir = tempDir('samples');
      const { files, diagnostics } = generateAll(loaded.model, (pkg) => path.relative(path.join(dir, 'g', 'src', pkg.version), path.join(REPO, pkg.dir, 'conversion')));
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const paths = writeFiles(dir, [...files, ...renderTypes(loaded.model)]);
      expect(typeCheck(paths)).toEqual([]);
    });
  }
});
