/**
 * The deploy generator of `kubegen generate` (the `deploy` configuration key): the operator's kustomize tree under
 * `configDir` and its Helm chart under `chartDir`, from one object model (./objects.ts) rendered twice
 * (./kustomize.ts, ./chart.ts).
 *
 * Ownership: kubegen owns exactly the files it writes there, listed in `<configDir>/.kubegen-owned` (paths relative
 * to the project). A file listed by the previous run that is no longer generated is removed — when it still starts
 * with kubegen's header (a file the user took over by removing the header is left alone); every other file under
 * `configDir` and `chartDir` (the user's overlays, patches, samples) is never read or written. `<configDir>/samples/
 * kustomization.yaml` is written once when missing (as `kubegen create api` writes it) and then belongs to the project.
 *
 * A group an APIService of the `apiservice` key registers is served by an aggregated apiserver (`kubegen create
 * apiserver`): its CRDs are that server's model, not objects to install, and the tree leaves them out.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SELF_MANAGED_CERTIFICATES_RBAC } from '@kubegen/runtime/webhook';
import { parse as parseYaml } from 'yaml';
import { DiagnosticBag } from '../diagnostics';
import type { CustomResourceDefinition } from '../emit/crd';
import { buildRoles } from '../emit/rbac';
import type { VirtualFile } from '../emit/shared/types';
import { buildWebhookConfigurations } from '../emit/webhook';
import { loadManifestModel } from '../load/manifests';
import type { ManifestModel } from '../model/manifests';
import { render } from '../render/templates';
import { unsafePathReason } from '../write';
import { helmChart } from './chart';
import type { DeployConfig } from './config';
import { YAML_HEADER, kustomizeTree } from './kustomize';
import { buildDeployModel, deployNames, type DeployModel } from './objects';

export { resolveDeployConfig, type DeployConfig } from './config';
export { buildDeployModel, type DeployModel } from './objects';
export { defaultOverlayObjects, kustomizeTree, CERT_MANAGER_SETTINGS } from './kustomize';
export { helmChart } from './chart';

/** The manifest of the files kubegen owns in the deploy tree and the chart, under `configDir`. */
export const OWNED_MANIFEST = '.kubegen-owned';

/** What `kubegen generate` writes for `deploy`, relative to the project (the configuration's directory). */
export interface DeployOutput {
  files: VirtualFile[];
  /** Files kubegen wrote before (from the manifest, still carrying its header): removed when not in `files`. */
  ownedFiles: string[];
  model: DeployModel;
}

/** What kubegen's other generators made, which the deploy tree is built from. */
export interface DeploySources {
  /** The CRD files `kubegen generate` writes (role `crd`); each holds one CustomResourceDefinition. */
  crdFiles: readonly VirtualFile[];
  /** The markers of `deploy.paths`; loaded here when absent. */
  manifests?: ManifestModel;
  /**
   * API groups registered by APIServices (the `apiservice` key): an aggregated apiserver serves them, so their CRDs
   * — the model that server reads — are left out of the tree and the chart.
   */
  aggregatedGroups?: ReadonlySet<string>;
}

/** The deploy tree and chart for a configuration; problems of the markers go to `bag`. */
export function generateDeploy(config: DeployConfig, baseDir: string, sources: DeploySources, bag: DiagnosticBag): DeployOutput {
  const manifests = sources.manifests ?? loadMarkers(config, baseDir, bag);
  const names = deployNames(config.name);
  const crds = sources.crdFiles
    .map((f) => parseYaml(f.contents) as CustomResourceDefinition)
    .filter((crd) => typeof crd.spec.group !== 'string' || !(sources.aggregatedGroups?.has(crd.spec.group) ?? false))
    .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  const model = buildDeployModel({
    config,
    crds,
    roles: buildRoles(manifests.rbacRules, names.managerRole, bag),
    webhookConfigurations: buildWebhookConfigurations(manifests, bag),
    certificatesRbac: SELF_MANAGED_CERTIFICATES_RBAC,
  });
  const files: VirtualFile[] = [
    ...kustomizeTree(model).map((f) => ({ path: `${config.configDir}/${f.path}`, contents: f.contents })),
    ...helmChart(model).map((f) => ({ path: `${config.chartDir}/${f.path}`, contents: f.contents })),
  ];
  const owned = files.map((f) => f.path).sort();
  const manifestPath = `${config.configDir}/${OWNED_MANIFEST}`;
  files.push({
    path: manifestPath,
    contents: `${YAML_HEADER}# The files kubegen owns (relative to the project); a file listed here and no longer generated is removed.\n${owned.join('\n')}\n`,
  });
  const samples = `${config.configDir}/samples/kustomization.yaml`;
  if (!fs.existsSync(path.join(baseDir, ...samples.split('/')))) files.push({ path: samples, contents: render('scaffold', 'samples-kustomization.yaml', {}) });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, ownedFiles: previouslyOwned(baseDir, manifestPath, new Set(files.map((f) => f.path))), model };
}

/** The markers under `deploy.paths` (the paths that exist: a project without controllers yet has no src/). */
function loadMarkers(config: DeployConfig, baseDir: string, bag: DiagnosticBag): ManifestModel {
  const paths = config.paths.filter((p) => fs.existsSync(p));
  if (paths.length === 0) return { rbacRules: [], webhooks: [], webhookConfigurations: [], apiServices: [] };
  return loadManifestModel({ paths, cwd: baseDir, root: baseDir }, bag).model;
}

/** Marks kubegen's files: their first line (YAML, the chart helpers) or the `$comment` of values.schema.json. */
const GENERATED_MARK = 'Code generated by kubegen generate';

/** The paths of the previous manifest that are safe, not generated now, and still kubegen's files. */
function previouslyOwned(baseDir: string, manifestPath: string, generated: ReadonlySet<string>): string[] {
  let text: string;
  try {
    text = fs.readFileSync(path.join(baseDir, ...manifestPath.split('/')), 'utf8');
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const rel = line.trim();
    if (rel === '' || rel.startsWith('#') || generated.has(rel) || unsafePathReason(rel) !== undefined) continue;
    if (startOf(path.join(baseDir, ...rel.split('/'))).includes(GENERATED_MARK)) out.push(rel);
  }
  return [...new Set(out)].sort();
}

/** The first 512 bytes of a file as text, or '' when it cannot be read. */
function startOf(file: string): string {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(512);
      return buf.subarray(0, fs.readSync(fd, buf, 0, 512, 0)).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}
