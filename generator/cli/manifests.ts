/**
 * `kubegen rbac`, `kubegen webhook` and `kubegen apiservice`, and the `rbac` / `webhook` / `apiservice` keys of
 * kubegen.config.json that make `kubegen generate` run them:
 *
 *   kubegen rbac --paths <dir|file>… --out <dir> [--role-name <name>]   → <dir>/role.yaml
 *   kubegen webhook --paths <dir|file>… --out <dir>                     → <dir>/manifests.yaml
 *   kubegen apiservice --paths <dir|file>… --out <dir>                  → <dir>/apiservice.yaml
 *
 *   "rbac":       { "paths": ["controllers"], "roleName": "manager-role", "output": "config/rbac" }
 *   "webhook":    { "paths": ["webhooks"], "output": "config/webhook" }
 *   "apiservice": { "paths": ["src"], "apiServices": [{ "group": …, "version": …, "service": { … }, … }], "output": "config/apiservice" }
 *
 * rbac and webhook equal `controller-gen rbac:roleName=<name> webhook paths=… output:rbac:dir=… output:webhook:dir=…`
 * for a Go twin with the same markers. Markers are read by `generator/load/manifests.ts`; the files come from the
 * pure emitters `generator/emit/rbac.ts`, `webhook.ts` and `apiservice.ts`. Like controller-gen, no markers → no
 * file (a warning says so; an existing file is left alone). The APIServices of the configuration (`apiServices`,
 * checked when the configuration is read) are added to those of the markers under `paths` (which is optional there).
 */
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { DiagnosticBag } from '../diagnostics';
import { APISERVICE_FILE, generateApiServices } from '../emit/apiservice';
import { DEFAULT_ROLE_NAME, generateRbac, RBAC_FILE } from '../emit/rbac';
import type { VirtualFile } from '../emit/types';
import { generateWebhooks, WEBHOOK_FILE } from '../emit/webhook';
import { loadManifestModel } from '../load/manifests';
import type { ManifestModel } from '../model/manifests';
import type { ManifestTarget } from '../manifest-config';
import type { CommandAction } from './envtest';

/** What the command handlers need from the CLI: its output, its run/write rules, and where to record the action. */
export interface ManifestCommandContext {
  cwd: string;
  out: (text: string) => void;
  /** Records the command's action; the CLI runs it once the whole command line is valid. */
  action: (run: CommandAction) => void;
  /** Runs a generation step reporting into one bag, prints its diagnostics; undefined when there were errors. */
  run: (step: (bag: DiagnosticBag) => VirtualFile[]) => VirtualFile[] | undefined;
  /** Writes (or with `verify` compares) files under a directory; returns the exit code. */
  emit: (outDir: string, files: VirtualFile[], verify: boolean) => number | Promise<number>;
}

const FILES = { rbac: RBAC_FILE, webhook: WEBHOOK_FILE, apiservice: APISERVICE_FILE } as const;
const MARKERS = { rbac: '+kubebuilder:rbac', webhook: '+kubebuilder:webhook', apiservice: '+kubegen:apiservice' } as const;

/** The files of one target; every diagnostic of loading and emitting goes to `bag` (no files when it has an error). */
export function generateManifestTarget(target: ManifestTarget, cwd: string, bag: DiagnosticBag): VirtualFile[] {
  const errors = bag.errorCount;
  const model: ManifestModel =
    target.paths.length === 0 && target.kind === 'apiservice'
      ? { rbacRules: [], webhooks: [], webhookConfigurations: [], apiServices: [] }
      : loadManifestModel({ paths: target.paths, cwd, root: target.root ?? cwd }, bag).model;
  if (bag.errorCount > errors) return [];
  let files: VirtualFile[];
  if (target.kind === 'rbac') files = generateRbac(model, { roleName: target.roleName }, bag).files;
  else if (target.kind === 'webhook') files = generateWebhooks(model, {}, bag).files;
  else files = generateApiServices({ ...model, apiServices: [...model.apiServices, ...(target.apiServices ?? [])] }, {}, bag).files;
  if (files.length === 0 && bag.errorCount === errors) bag.report('no-manifest-markers', nothingFound(target, model, cwd));
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

/** Runs the targets of `kubegen generate`: their files per output directory; diagnostics go to `bag`. */
export function generateConfiguredManifests(targets: readonly ManifestTarget[], cwd: string, bag: DiagnosticBag): Array<{ dir: string; files: VirtualFile[] }> {
  return targets.map((t) => ({ dir: t.output, files: generateManifestTarget(t, cwd, bag) }));
}

interface ManifestArgs {
  paths: string[];
  out?: string;
  stdout?: boolean;
  verify?: boolean;
  roleName?: string;
}

/** The argument checks of both commands, run by yargs before any handler (usage errors: exit 2, nothing written). */
function checkManifestArgs(args: ManifestArgs): true {
  if (args.paths.some((p) => p === '')) throw new Error('--paths needs a value');
  if (args.out === '') throw new Error('--out needs a value');
  if (args.roleName === '') throw new Error('--role-name needs a value');
  if (args.stdout && args.out !== undefined) throw new Error('--out and --stdout cannot be used together: write to a directory or print, not both');
  if (args.stdout && args.verify) throw new Error('--verify compares --out with what would be generated; it cannot be used with --stdout');
  if (!args.stdout && args.out === undefined) throw new Error('either --out <dir> or --stdout is required');
  return true;
}

/** The `kubegen rbac`, `kubegen webhook` and `kubegen apiservice` commands. */
export function manifestCommands(ctx: ManifestCommandContext): Array<CommandModule<object, ManifestArgs>> {
  const common = (y: Argv) =>
    y
      .option('paths', { type: 'string', array: true, demandOption: true, describe: 'Files or directories to scan for markers (every .ts file below)' })
      .option('out', { type: 'string', describe: 'Output directory (required unless --stdout)' })
      .option('stdout', { type: 'boolean', describe: 'Print the manifests instead of writing them' })
      .option('verify', { type: 'boolean', describe: 'Exit non-zero and print a diff if --out differs from what would be generated' });
  const run = (kind: ManifestTarget['kind'], args: ManifestArgs): number | Promise<number> => {
    const target: ManifestTarget = {
      kind,
      paths: args.paths.map((p) => path.resolve(ctx.cwd, p)),
      output: path.resolve(ctx.cwd, args.out ?? '.'),
      roleName: args.roleName,
    };
    const files = ctx.run((bag) => generateManifestTarget(target, ctx.cwd, bag));
    if (!files) return 1;
    if (args.stdout) {
      for (const f of files) ctx.out(f.contents);
      return 0;
    }
    return ctx.emit(target.output, files, args.verify ?? false);
  };
  return [
    {
      command: 'rbac',
      describe: `Generate ${RBAC_FILE} (a ClusterRole, and a Role per namespace) from +kubebuilder:rbac markers, as controller-gen's rbac generator`,
      builder: (y: Argv) =>
        common(y)
          .option('role-name', { type: 'string', default: DEFAULT_ROLE_NAME, describe: "Name of the generated roles (a marker's roleName= wins)" })
          .check((args) => checkManifestArgs(args)),
      handler: (args) => { ctx.action(() => run('rbac', args)); },
    },
    {
      command: 'webhook',
      describe: `Generate ${WEBHOOK_FILE} (Mutating/ValidatingWebhookConfiguration) from +kubebuilder:webhook markers, as controller-gen's webhook generator`,
      builder: (y: Argv) => common(y).check((args) => checkManifestArgs(args)),
      handler: (args) => { ctx.action(() => run('webhook', args)); },
    },
    {
      command: 'apiservice',
      describe: `Generate ${APISERVICE_FILE} (apiregistration.k8s.io/v1 APIServices registering an aggregated apiserver) from +kubegen:apiservice markers`,
      builder: (y: Argv) => common(y).check((args) => checkManifestArgs(args)),
      handler: (args) => { ctx.action(() => run('apiservice', args)); },
    },
  ];
}
