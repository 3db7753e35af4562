/**
 * `kubegen rbac` and `kubegen webhook`, and the `rbac` / `webhook` keys of kubegen.config.json that make
 * `kubegen generate` run them:
 *
 *   kubegen rbac --paths <dir|file>… --out <dir> [--role-name <name>]   → <dir>/role.yaml
 *   kubegen webhook --paths <dir|file>… --out <dir>                     → <dir>/manifests.yaml
 *
 *   "rbac":    { "paths": ["controllers"], "roleName": "manager-role", "output": "config/rbac" }
 *   "webhook": { "paths": ["webhooks"], "output": "config/webhook" }
 *
 * The output equals `controller-gen rbac:roleName=<name> webhook paths=… output:rbac:dir=… output:webhook:dir=…`
 * for a Go twin with the same markers. Markers are read by `generator/load/manifests.ts`; the files come from the
 * pure emitters `generator/emit/rbac.ts` and `generator/emit/webhook.ts`. Like controller-gen, no markers → no
 * file (a warning says so; an existing file is left alone).
 */
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { Diagnostic } from '../diagnostics';
import { DEFAULT_ROLE_NAME, generateRbac, RBAC_FILE } from '../emit/rbac';
import type { VirtualFile } from '../emit/types';
import { generateWebhooks, WEBHOOK_FILE } from '../emit/webhook';
import { loadManifestModel } from '../load/manifests';
import type { ManifestModel } from '../model/manifests';

/** What the command handlers need from the CLI: its output, exit code, and its run/write rules. */
export interface ManifestCommandContext {
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
  setCode: (code: number) => void;
  /** Runs a generation step, prints its diagnostics; undefined when there were errors. */
  run: (step: () => { files: VirtualFile[]; diagnostics: Diagnostic[] }) => VirtualFile[] | undefined;
  /** Writes (or with `verify` compares) files under a directory; returns the exit code. */
  emit: (outDir: string, files: VirtualFile[], verify: boolean) => number;
}

/** One manifest generator, resolved from the command line or the configuration. */
export interface ManifestTarget {
  kind: 'rbac' | 'webhook';
  /** Absolute files or directories to scan. */
  paths: string[];
  /** Absolute output directory. */
  output: string;
  /** rbac only: the default (Cluster)Role name. */
  roleName?: string;
}

/** The files of one target, with every diagnostic of loading and emitting. */
export function generateManifestTarget(target: ManifestTarget, cwd: string): { files: VirtualFile[]; diagnostics: Diagnostic[] } {
  const loaded = loadManifestModel({ paths: target.paths, cwd });
  if (loaded.diagnostics.some((d) => d.severity === 'error')) return { files: [], diagnostics: loaded.diagnostics };
  const r = target.kind === 'rbac' ? generateRbac(loaded.model, { roleName: target.roleName }) : generateWebhooks(loaded.model);
  const diagnostics = [...loaded.diagnostics, ...r.diagnostics];
  if (r.files.length === 0 && !r.diagnostics.some((d) => d.severity === 'error')) diagnostics.push(nothingFound(target, loaded.model, cwd));
  return { files: r.files, diagnostics };
}

function nothingFound(target: ManifestTarget, model: ManifestModel, cwd: string): Diagnostic {
  const file = target.kind === 'rbac' ? RBAC_FILE : WEBHOOK_FILE;
  const marker = target.kind === 'rbac' ? '+kubebuilder:rbac' : '+kubebuilder:webhook';
  const where = target.paths.map((p) => path.relative(cwd, p).split(path.sep).join('/') || '.').join(', ');
  const extra = target.kind === 'webhook' && model.webhookConfigurations.length > 0 ? ' (only +kubebuilder:webhookconfiguration)' : '';
  return { severity: 'warning', message: `no ${marker} markers under ${where}${extra}; ${file} is not written` };
}

/** Runs the targets of `kubegen generate`: their files per output directory, and all diagnostics. */
export function generateConfiguredManifests(targets: readonly ManifestTarget[], cwd: string): { outputs: Array<{ dir: string; files: VirtualFile[] }>; diagnostics: Diagnostic[] } {
  const outputs: Array<{ dir: string; files: VirtualFile[] }> = [];
  const diagnostics: Diagnostic[] = [];
  for (const t of targets) {
    const r = generateManifestTarget(t, cwd);
    diagnostics.push(...r.diagnostics);
    outputs.push({ dir: t.output, files: r.files });
  }
  return { outputs, diagnostics };
}

/** The `kubegen rbac` and `kubegen webhook` commands. */
export function manifestCommands(ctx: ManifestCommandContext): CommandModule[] {
  const common = (y: Argv) =>
    y
      .option('paths', { type: 'string', array: true, demandOption: true, describe: 'Files or directories to scan for markers (every .ts file below)' })
      .option('out', { type: 'string', describe: 'Output directory (required unless --stdout)' })
      .option('stdout', { type: 'boolean', default: false, describe: 'Print the manifests instead of writing them' })
      .option('verify', { type: 'boolean', default: false, describe: 'Exit non-zero and print a diff if --out differs from what would be generated' });
  const handler = (kind: ManifestTarget['kind']) => (args: { paths: string[]; out?: string; stdout: boolean; verify: boolean; roleName?: string }) => {
    if (!args.out && !args.stdout) {
      ctx.err(`kubegen ${kind}: either --out or --stdout is required\n`);
      return ctx.setCode(2);
    }
    const target: ManifestTarget = {
      kind,
      paths: args.paths.map((p) => path.resolve(ctx.cwd, p)),
      output: path.resolve(ctx.cwd, args.out ?? '.'),
      roleName: args.roleName,
    };
    const files = ctx.run(() => generateManifestTarget(target, ctx.cwd));
    if (!files) return ctx.setCode(1);
    if (args.stdout) {
      for (const f of files) ctx.out(f.contents);
      return;
    }
    ctx.setCode(ctx.emit(target.output, files, args.verify));
  };
  return [
    {
      command: 'rbac',
      describe: `Generate ${RBAC_FILE} (a ClusterRole, and a Role per namespace) from +kubebuilder:rbac markers, as controller-gen's rbac generator`,
      builder: (y: Argv) =>
        common(y).option('role-name', { type: 'string', default: DEFAULT_ROLE_NAME, describe: 'Name of the generated roles (a marker\'s roleName= wins)' }),
      handler: handler('rbac') as never,
    },
    {
      command: 'webhook',
      describe: `Generate ${WEBHOOK_FILE} (Mutating/ValidatingWebhookConfiguration) from +kubebuilder:webhook markers, as controller-gen's webhook generator`,
      builder: common,
      handler: handler('webhook') as never,
    },
  ];
}

/** The `rbac` and `webhook` keys of the configuration file, as written. */
export interface RbacConfigFile {
  paths: string[];
  output: string;
  roleName?: string;
}
export interface WebhookConfigFile {
  paths: string[];
  output: string;
}

const TARGET_KEYS = { rbac: ['paths', 'output', 'roleName'], webhook: ['paths', 'output'] } as const;

/**
 * Checks and resolves the `rbac` and `webhook` keys (paths relative to `baseDir`); throws an Error naming the
 * configuration key on bad input.
 */
export function resolveManifestTargets(raw: { rbac?: unknown; webhook?: unknown }, baseDir: string, source: string): ManifestTarget[] {
  const out: ManifestTarget[] = [];
  for (const kind of ['rbac', 'webhook'] as const) {
    if (!Object.hasOwn(raw, kind) || raw[kind] === undefined) continue;
    const value = raw[kind];
    const where = `${source}: ${kind}`;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} must be an object with "paths" and "output"`);
    const obj = value as Record<string, unknown>;
    const known: readonly string[] = TARGET_KEYS[kind];
    for (const k of Object.keys(obj)) {
      if (!known.includes(k)) throw new Error(`${where}: unknown key "${k}" (known: ${known.join(', ')})`);
    }
    const paths = Object.hasOwn(obj, 'paths') ? obj.paths : undefined;
    if (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string' || p === '')) {
      throw new Error(`${where}.paths must be a non-empty array of file or directory names`);
    }
    const output = Object.hasOwn(obj, 'output') ? obj.output : undefined;
    if (typeof output !== 'string' || output === '') throw new Error(`${where}.output must be a directory name`);
    const roleName = Object.hasOwn(obj, 'roleName') ? obj.roleName : undefined;
    if (roleName !== undefined && (typeof roleName !== 'string' || roleName === '')) throw new Error(`${where}.roleName must be a non-empty string`);
    out.push({
      kind,
      paths: (paths as string[]).map((p) => path.resolve(baseDir, p)),
      output: path.resolve(baseDir, output),
      ...(kind === 'rbac' ? { roleName: (roleName as string | undefined) ?? DEFAULT_ROLE_NAME } : {}),
    });
  }
  return out;
}
