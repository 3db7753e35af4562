/**
 * `kubegen rbac`, `kubegen webhook` and `kubegen apiservice` (the same generators the `rbac` / `webhook` / `apiservice`
 * keys of kubegen.config.json make `kubegen generate` run, see generator/manifest-config.ts):
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
 * pure emitters `generator/emit/rbac.ts`, `webhook.ts` and `apiservice.ts`, run as generators of one run
 * (generator/run-generators.ts `manifestFiles`). Like controller-gen, no markers → no file (a warning says so; an
 * existing file is left alone). The APIServices of the configuration (`apiServices`, checked when the configuration
 * is read) are added to those of the markers under `paths` (which is optional there).
 */
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { APISERVICE_FILE } from '../emit/apiservice';
import { DEFAULT_ROLE_NAME, RBAC_FILE } from '../emit/rbac';
import { WEBHOOK_FILE } from '../emit/webhook';
import type { ManifestTarget } from '../manifest-config';
import { directoryOrVerify, type OutputRule } from '../output';
import type { RunConfig } from '../pipeline';
import { manifestFiles } from '../run-generators';
import type { CommandAction } from './envtest';

/** What the command handlers need from the CLI: where to record the action, and how it runs generators. */
export interface ManifestCommandContext {
  cwd: string;
  /** Records the command's action; the CLI runs it once the whole command line is valid. */
  action: (run: CommandAction) => void;
  /** Runs the generators, prints the diagnostics and applies the output rule; resolves to the exit code. */
  generate: (config: RunConfig, rule: OutputRule) => Promise<number>;
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
  const run = (kind: ManifestTarget['kind'], args: ManifestArgs): Promise<number> => {
    const target: ManifestTarget = {
      kind,
      paths: args.paths.map((p) => path.resolve(ctx.cwd, p)),
      output: path.resolve(ctx.cwd, args.out ?? '.'),
      roleName: args.roleName,
    };
    return ctx.generate({ cwd: ctx.cwd, root: ctx.cwd, generators: [manifestFiles(target)], strict: false }, args.stdout ? { kind: 'stdout' } : directoryOrVerify(args.verify ?? false));
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
