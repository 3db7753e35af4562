/**
 * The generators a run can choose (generator/pipeline.ts `RunGenerator`), each bound to its options as the command or
 * the configuration resolved them, and what each command runs:
 *
 *   kubegen crd --apis … --out …        crd            one <group>_<plural>.yaml per kind, flat under --out
 *   kubegen docs --apis … --out …       docs           one <group>.md per API group, flat under --out
 *   kubegen rbac | webhook | apiservice rbac …         role.yaml / manifests.yaml / apiservice.yaml under --out
 *   kubegen generate                    packages       the configured emitters per group package under `output`
 *                                       rbac, webhook, apiservice   one per configuration key
 *                                       deploy         the deploy tree and Helm chart (the `deploy` key)
 *
 * The manifest generators equal `controller-gen rbac:roleName=<name> webhook paths=… output:rbac:dir=…
 * output:webhook:dir=…` for a Go twin with the same markers; like controller-gen, no markers → no file (a warning
 * says so; an existing file is left alone).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkConfigForGroups, type KubegenConfig } from './config';
import { DiagnosticBag } from './diagnostics';
import type { DeployConfig } from './deploy/config';
import type * as DeployModule from './deploy';
import { APISERVICE_FILE, generateApiServices } from './emit/apiservice';
import { docsGenerator } from './emit/docs';
import { configure, createGenerationContext, execute } from './emit/shared/execute';
import { generateRbac, RBAC_FILE } from './emit/rbac';
import type { VirtualFile } from './emit/shared/types';
import { generateWebhooks, WEBHOOK_FILE } from './emit/webhook';
import { emptyManifestModel } from './load/manifests';
import type { ManifestTarget } from './manifest-config';
import type { ManifestModel } from './model/manifests';
import { generateAll, generateCrds, ownedDirs, type RunConfig, type RunContext, type RunGenerator } from './pipeline';

/** `kubegen crd`: the CRDs of the APIs, one file per kind, flat under `out`. */
export function crdFiles(out: string, header?: string): RunGenerator {
  return {
    name: 'crd',
    readsApis: true,
    generate: (ctx) => [{ outDir: out, files: generateCrds(ctx.model, header === undefined ? {} : { header }, ctx.diagnostics), owned: [] }],
  };
}

/** `kubegen docs`: the Markdown API reference, one file per group, flat under `out`. */
export function docsFiles(out: string): RunGenerator {
  return {
    name: 'docs',
    readsApis: true,
    generate: (ctx) => [{ outDir: out, files: execute(createGenerationContext(ctx.model, ctx.diagnostics), [configure(docsGenerator, {})]), owned: [] }],
  };
}

/**
 * `kubegen generate`'s emitters (generator/generators.ts) per group package under the configuration's `output`,
 * which owns its groups' directories (files there no longer generated are removed). The configuration is checked
 * against the loaded groups first (package names, group folders, conversion webhooks: a ConfigError).
 */
export function packages(config: KubegenConfig): RunGenerator {
  return {
    name: 'packages',
    readsApis: true,
    generate(ctx) {
      checkConfigForGroups(
        config,
        ctx.model.groups.map((g) => g.name),
      );
      const { files } = generateAll(ctx.model, config, ctx.diagnostics, ctx.caches.emit);
      return [{ outDir: config.output, files, owned: ownedDirs(ctx.model, config.layout, config.groupFolder) }];
    },
  };
}

const FILES = { rbac: RBAC_FILE, webhook: WEBHOOK_FILE, apiservice: APISERVICE_FILE } as const;
const MARKERS = { rbac: '+kubebuilder:rbac', webhook: '+kubebuilder:webhook', apiservice: '+kubegen:apiservice' } as const;

/** `kubegen rbac`, `webhook`, `apiservice`, or their configuration key: the target's file under its output directory. */
export function manifestFiles(target: ManifestTarget): RunGenerator {
  // An `apiservice` key may declare its APIServices in the configuration only, reading no markers.
  const reads = target.paths.length > 0 || target.kind !== 'apiservice';
  return {
    name: target.kind,
    ...(reads ? { manifestPaths: target.paths } : {}),
    generate: (ctx) => [{ outDir: target.output, files: manifestTargetFiles(target, reads, ctx), owned: [] }],
  };
}

/** The files of one target; no files when its markers have an error. */
function manifestTargetFiles(target: ManifestTarget, reads: boolean, ctx: RunContext): VirtualFile[] {
  const bag = ctx.diagnostics;
  if (reads && ctx.manifests.hasErrors(target.paths)) return [];
  const errors = bag.errorCount;
  const model = reads ? ctx.manifests.model(target.paths) : emptyManifestModel();
  let files: VirtualFile[];
  if (target.kind === 'rbac') files = generateRbac(model, { roleName: target.roleName }, bag).files;
  else if (target.kind === 'webhook') files = generateWebhooks(model, {}, bag).files;
  else files = generateApiServices({ ...model, apiServices: [...model.apiServices, ...(target.apiServices ?? [])] }, {}, bag).files;
  if (files.length === 0 && bag.errorCount === errors) bag.report('no-manifest-markers', nothingFound(target, model, ctx.cwd));
  return files;
}

/** The warning when a target found nothing to generate. */
function nothingFound(target: ManifestTarget, model: ManifestModel, cwd: string): string {
  const file = FILES[target.kind];
  const marker = MARKERS[target.kind];
  const where = target.paths.map((p) => path.relative(cwd, p).split(path.sep).join('/') || '.').join(', ');
  const extra = target.kind === 'webhook' && model.webhookConfigurations.length > 0 ? ' (only +kubebuilder:webhookconfiguration)' : '';
  return `no ${marker} markers under ${where}${extra}; ${file} is not written`;
}

/**
 * The deploy tree and Helm chart (the `deploy` key), written under the project's directory, from the CRDs the run's
 * `packages` generator made (or — when its `crd` emitter is not selected — made here from the model) and the markers
 * under `deploy.paths` (those that exist: a project without controllers yet has no src/).
 */
export function deployFiles(config: DeployConfig, project: KubegenConfig): RunGenerator {
  const paths = config.paths.filter((p) => fs.existsSync(p));
  return {
    name: 'deploy',
    readsApis: true,
    ...(paths.length > 0 ? { manifestPaths: paths } : {}),
    generate(ctx) {
      // Loaded on first use: only projects with a `deploy` key need it.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously (see above)
      const { generateDeploy } = require('./deploy') as typeof DeployModule;
      const fromRun = ctx.outputs.filter((o) => o.generator === 'packages').flatMap((o) => o.set.files.filter((f) => f.role === 'crd'));
      const crdFiles = fromRun.length > 0 ? fromRun : generateCrds(ctx.model, project.crd, ctx.diagnostics);
      const manifests = paths.length > 0 ? ctx.manifests.model(paths) : emptyManifestModel();
      // The rbac / webhook keys' generators may build the same roles and webhooks: each problem is reported once.
      const scratch = new DiagnosticBag();
      const out = generateDeploy(config, project.baseDir, { crdFiles, manifests, aggregatedGroups: aggregatedGroups(project, ctx) }, scratch);
      const reported = new Set(ctx.diagnostics.items.map((d) => JSON.stringify(d)));
      ctx.diagnostics.addAll(scratch.items.filter((d) => !reported.has(JSON.stringify(d))));
      return [{ outDir: project.baseDir, files: out.files, owned: [], ownedFiles: out.ownedFiles }];
    },
  };
}

/**
 * The API groups an APIService of the `apiservice` key registers (its markers and its entries): served by an
 * aggregated apiserver, so the deploy tree installs no CRDs of theirs.
 */
function aggregatedGroups(project: KubegenConfig, ctx: RunContext): Set<string> {
  const groups = new Set<string>();
  for (const t of project.manifests) {
    if (t.kind !== 'apiservice') continue;
    const fromMarkers = t.paths.length > 0 && !ctx.manifests.hasErrors(t.paths) ? ctx.manifests.model(t.paths).apiServices : [];
    for (const d of [...fromMarkers, ...(t.apiServices ?? [])]) groups.add(d.group);
  }
  return groups;
}

/** What `kubegen generate` runs for a configuration: its packages, its manifest keys' targets, its deploy tree. */
export function configuredGenerators(config: KubegenConfig): RunGenerator[] {
  return [packages(config), ...config.manifests.map(manifestFiles), ...(config.deploy ? [deployFiles(config.deploy, config)] : [])];
}

/** The run of `kubegen generate` (and of each `--watch` run) for a configuration. */
export function configuredRun(config: KubegenConfig, cwd: string, strict: boolean): RunConfig {
  return { cwd, apis: config.apis, root: config.baseDir, generators: configuredGenerators(config), strict: strict || config.strict };
}
