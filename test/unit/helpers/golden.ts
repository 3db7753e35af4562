/** The model of a golden case (`test/golden/<case>/apis`), loaded by the real loader from the case folder. */
import * as path from 'node:path';
import { loadApiModel } from '../../../generator/pipeline';
import type { ApiModel } from '../../../generator/model/types';
import { GOLDEN_DIR } from '../../golden/cases';

export function loadGoldenModel(name: string): ApiModel {
  const dir = path.join(GOLDEN_DIR, name);
  const { model, diagnostics } = loadApiModel(path.join(dir, 'apis'), dir);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`test/golden/${name}: ${errors.map((d) => d.message).join('; ')}`);
  return model;
}
