/**
 * The golden deploy cases (`test/golden/deploy/<case>/`: a project with `apis/`, `src/` and `kubegen.config.json`
 * with a `deploy` key, and `expected/{config,chart}`), and the deploy model of a case as `kubegen generate` builds
 * it — for the golden, kustomize, helm and apiserver tests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '../../../generator/config';
import { DiagnosticBag } from '../../../generator/diagnostics';
import { generateDeploy } from '../../../generator/deploy';
import type { DeployConfig } from '../../../generator/deploy/config';
import type { DeployModel } from '../../../generator/deploy/objects';
import { generateCrds, loadApiModel } from '../../../generator/pipeline';

export const DEPLOY_CASES_DIR = __dirname;

/** The case names, sorted. */
export function deployCases(): string[] {
  return fs
    .readdirSync(DEPLOY_CASES_DIR)
    .filter((c) => fs.existsSync(path.join(DEPLOY_CASES_DIR, c, 'kubegen.config.json')))
    .sort();
}

/** The deploy model of a case (optionally in another namespace, or with other `deploy` settings); throws on any error diagnostic. */
export function deployModelOf(name: string, namespace?: string, overrides: Partial<DeployConfig> = {}): DeployModel {
  const dir = path.join(DEPLOY_CASES_DIR, name);
  const config = loadConfig(dir);
  const bag = new DiagnosticBag();
  const crdFiles = generateCrds(loadApiModel(config.apis, dir).model, config.crd, bag);
  const deploy = { ...config.deploy!, ...(namespace === undefined ? {} : { namespace }), ...overrides };
  const model = generateDeploy(deploy, dir, { crdFiles }, bag).model;
  const errors = bag.items.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`deploy case ${name}: ${errors.map((d) => d.message).join('; ')}`);
  return model;
}
