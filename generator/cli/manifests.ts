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
import { APISERVICE_FILE, apiServiceProblems, generateApiServices } from '../emit/apiservice';
import { DEFAULT_ROLE_NAME, generateRbac, RBAC_FILE } from '../emit/rbac';
import { readCaBundleFile } from '../ca-bundle';
import type { VirtualFile } from '../emit/shared/types';
import { generateWebhooks, WEBHOOK_FILE } from '../emit/webhook';
import { loadManifestModel } from '../load/manifests';
import type { ApiServiceDecl, ManifestModel } from '../model/manifests';
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

/** One manifest generator, resolved from the command line or the configuration. */
export interface ManifestTarget {
  kind: 'rbac' | 'webhook' | 'apiservice';
  /** Absolute files or directories to scan (apiservice: may be empty when `apiServices` are given). */
  paths: string[];
  /** Absolute output directory. */
  output: string;
  /** rbac only: the default (Cluster)Role name. */
  roleName?: string;
  /** apiservice only: the APIServices declared in the configuration. */
  apiServices?: ApiServiceDecl[];
  /** The project root a marker's `caBundleFile=` must stay inside (default: the working directory). */
  root?: string;
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

/** The `rbac`, `webhook` and `apiservice` keys of the configuration file, as written. */
export interface RbacConfigFile {
  paths: string[];
  output: string;
  roleName?: string;
}
export interface WebhookConfigFile {
  paths: string[];
  output: string;
}
/** An APIService as the configuration spells it: the APIService spec's fields, plus `caBundleFile` (relative to the file). */
export interface ApiServiceConfigEntry {
  group: string;
  version: string;
  service: { name: string; namespace: string; port?: number };
  groupPriorityMinimum: number;
  versionPriority: number;
  caBundle?: string;
  caBundleFile?: string;
  insecureSkipTLSVerify?: boolean;
}
export interface ApiServiceConfigFile {
  /** Where to look for `+kubegen:apiservice` markers (optional when `apiServices` are given). */
  paths?: string[];
  apiServices?: ApiServiceConfigEntry[];
  output: string;
}

const TARGET_KEYS = { rbac: ['paths', 'output', 'roleName'], webhook: ['paths', 'output'], apiservice: ['paths', 'apiServices', 'output'] } as const;
const ENTRY_KEYS = ['group', 'version', 'service', 'groupPriorityMinimum', 'versionPriority', 'caBundle', 'caBundleFile', 'insecureSkipTLSVerify'];
const ENTRY_SERVICE_KEYS = ['name', 'namespace', 'port'];

type Problem = (at: string, message: string) => void;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/** Reports the keys of `obj` that are not in `known`; false when there was one. */
function knownKeys(obj: Record<string, unknown>, known: readonly string[], at: string, problem: Problem): boolean {
  let ok = true;
  for (const k of Object.keys(obj)) {
    if (!known.includes(k)) {
      problem(at, `unknown key ${JSON.stringify(k)} (known: ${known.join(', ')})`);
      ok = false;
    }
  }
  return ok;
}

/**
 * Checks and resolves the `rbac`, `webhook` and `apiservice` keys (paths relative to `baseDir`) of an untrusted
 * configuration object, by own keys; every problem goes to `problem(jsonPath, message)`. `source` names the
 * configuration in the locations of its APIServices (`kubegen.config.json: apiservice.apiServices[0]`).
 */
export function resolveManifestTargets(raw: Record<string, unknown>, baseDir: string, problem: Problem, source = 'kubegen.config.json'): ManifestTarget[] {
  const out: ManifestTarget[] = [];
  for (const kind of ['rbac', 'webhook', 'apiservice'] as const) {
    if (!Object.hasOwn(raw, kind) || raw[kind] === undefined) continue;
    const obj = raw[kind];
    if (!isObject(obj)) {
      problem(kind, kind === 'apiservice' ? 'must be an object with "output" and "paths" or "apiServices"' : 'must be an object with "paths" and "output"');
      continue;
    }
    let ok = knownKeys(obj, TARGET_KEYS[kind], kind, problem);
    const paths = own(obj, 'paths');
    const optionalPaths = kind === 'apiservice' && paths === undefined;
    if (!optionalPaths && (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string' || p === '' || p.includes('\0')))) {
      problem(`${kind}.paths`, 'must be a non-empty array of file or directory names');
      ok = false;
    }
    const output = own(obj, 'output');
    if (typeof output !== 'string' || output === '' || output.includes('\0')) {
      problem(`${kind}.output`, 'must be a directory name');
      ok = false;
    }
    const roleName = own(obj, 'roleName');
    if (roleName !== undefined && (typeof roleName !== 'string' || roleName === '')) {
      problem(`${kind}.roleName`, 'must be a non-empty string');
      ok = false;
    }
    let apiServices: ApiServiceDecl[] | undefined;
    if (kind === 'apiservice') {
      const entries = own(obj, 'apiServices');
      if (entries === undefined) {
        if (optionalPaths) {
          problem(kind, 'needs "paths" (to scan for +kubegen:apiservice markers) or "apiServices", or both');
          ok = false;
        }
      } else if (!Array.isArray(entries) || entries.length === 0) {
        problem(`${kind}.apiServices`, 'must be a non-empty array of APIServices ({ group, version, service, groupPriorityMinimum, versionPriority, … })');
        ok = false;
      } else {
        apiServices = [];
        entries.forEach((e: unknown, i) => {
          const decl = resolveApiServiceEntry(e, `apiservice.apiServices[${i}]`, source, baseDir, problem);
          if (decl) apiServices?.push(decl);
          else ok = false;
        });
      }
    }
    if (!ok) continue;
    out.push({
      kind,
      paths: ((paths as string[] | undefined) ?? []).map((p) => path.resolve(baseDir, p)),
      output: path.resolve(baseDir, output as string),
      ...(kind === 'rbac' ? { roleName: (roleName as string | undefined) ?? DEFAULT_ROLE_NAME } : {}),
      ...(apiServices ? { apiServices } : {}),
      root: baseDir,
    });
  }
  return out;
}

/** One `apiServices` entry, checked by type and then by the APIService emitter's own rules; undefined after a problem. */
function resolveApiServiceEntry(e: unknown, at: string, source: string, baseDir: string, problem: Problem): ApiServiceDecl | undefined {
  if (!isObject(e)) {
    problem(at, 'must be an object { group, version, service, groupPriorityMinimum, versionPriority, caBundle | caBundleFile | insecureSkipTLSVerify }');
    return undefined;
  }
  let ok = knownKeys(e, ENTRY_KEYS, at, problem);
  const bad = (key: string, message: string) => {
    problem(`${at}.${key}`, message);
    ok = false;
  };
  const str = (o: Record<string, unknown>, key: string, prefix: string): string => {
    const v = own(o, key);
    if (typeof v !== 'string') bad(`${prefix}${key}`, 'must be a string');
    return typeof v === 'string' ? v : '';
  };
  const int = (o: Record<string, unknown>, key: string, prefix: string, required: boolean): number | undefined => {
    const v = own(o, key);
    if (v === undefined && !required) return undefined;
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) bad(`${prefix}${key}`, 'must be an integer');
    return typeof v === 'number' ? v : undefined;
  };
  const group = str(e, 'group', '');
  const version = str(e, 'version', '');
  const svc = own(e, 'service');
  const service: ApiServiceDecl['service'] = { name: '', namespace: '' };
  if (!isObject(svc)) bad('service', 'must be an object { name, namespace, port? }');
  else {
    if (!knownKeys(svc, ENTRY_SERVICE_KEYS, `${at}.service`, problem)) ok = false;
    service.name = str(svc, 'name', 'service.');
    service.namespace = str(svc, 'namespace', 'service.');
    const port = int(svc, 'port', 'service.', false);
    if (port !== undefined) service.port = port;
  }
  const groupPriorityMinimum = int(e, 'groupPriorityMinimum', '', true) ?? 0;
  const versionPriority = int(e, 'versionPriority', '', true) ?? 0;
  const decl: ApiServiceDecl = { group, version, service, groupPriorityMinimum, versionPriority, origin: { kind: 'config', at: `${source}: ${at}` } };
  const skip = own(e, 'insecureSkipTLSVerify');
  if (skip !== undefined) {
    if (typeof skip !== 'boolean') bad('insecureSkipTLSVerify', 'must be true or false');
    else decl.insecureSkipTLSVerify = skip;
  }
  const caBundle = own(e, 'caBundle');
  const caBundleFile = own(e, 'caBundleFile');
  if (caBundle !== undefined && caBundleFile !== undefined) bad('caBundleFile', 'give caBundle or caBundleFile, not both');
  else if (caBundle !== undefined) {
    if (typeof caBundle !== 'string') bad('caBundle', 'must be a string (PEM, or base64 of PEM)');
    else decl.caBundle = caBundle;
  } else if (caBundleFile !== undefined) {
    if (typeof caBundleFile !== 'string' || caBundleFile === '' || caBundleFile.includes('\0')) bad('caBundleFile', 'must be a non-empty string (a path relative to the configuration file)');
    else {
      const read = readCaBundleFile(caBundleFile, { baseDir, root: baseDir });
      if ('error' in read) bad('caBundleFile', read.error);
      else decl.caBundle = read.pem;
    }
  }
  if (!ok) return undefined;
  const problems = apiServiceProblems(decl);
  for (const p of problems) problem(p.field === undefined ? at : `${at}.${p.field}`, p.message);
  return problems.length === 0 ? decl : undefined;
}
