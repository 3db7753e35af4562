/**
 * The deepcopy, defaults and conversion emitters over the sample APIs in `apis/`, loaded by the real loader: they
 * generate without diagnostics and type-check (with the hand-written conversions they import). The golden cases
 * (test/golden) pin the exact output of these emitters.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadApiModel } from '../../../../generator/pipeline';
import { conversionGenerator } from '../../../../generator/emit/conversion';
import { deepcopyGenerator } from '../../../../generator/emit/deepcopy';
import { defaultsGenerator } from '../../../../generator/emit/defaults';
import type { ApiModel } from '../../../../generator/model/types';
import { renderTypes, tempDir, typeCheck, writeFiles } from '../../helpers/generated';
import { runGenerator } from '../../../../generator/emit/shared/execute';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../../..');

function generateAll(model: ApiModel, manualModule: (pkg: { version: string; dir: string }) => string) {
  const results = [runGenerator(deepcopyGenerator, model, {}), runGenerator(defaultsGenerator, model, {}), runGenerator(conversionGenerator, model, { manualModule })];
  return { files: results.flatMap((r) => r.files), diagnostics: results.flatMap((r) => r.diagnostics) };
}

describe('emitters over loaded models', () => {
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
