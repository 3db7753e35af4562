/**
 * What `kubegen init` / `create api` / `create webhook` read of a project (kubegen.config.json, package.json, the
 * kinds under `apis`) and how they write: {@link planScaffold} decides, for every file and scaffold-marker insertion,
 * whether it is created, updated, kept or refused — before anything is written, so a refusal writes nothing — and
 * {@link writeScaffold} writes the result atomically with the shared writer.
 *
 * The rules (kubebuilder's: re-running a scaffold never clobbers user code):
 * - a file the scaffold would write that exists with the same contents is left alone (running twice changes nothing);
 * - `new` files that exist with other contents are refused, naming them (`--force` overwrites them);
 * - `keep` files (the project's tsconfig.json, src/main.ts …) are kept (`--force` overwrites them);
 * - `shared` files (an API version's doc.ts, the group's test, the samples' kustomization) are always kept;
 * - an insertion above a scaffold marker is skipped when its line is in the file already; a file without the marker
 *   is refused.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VirtualFile } from '../emit/shared/types';
import { KubegenError } from '../errors';
import type * as ScaffoldModule from '../scaffold';
import type { ApiScaffold, GeneratedLocation, Insertion, ModuleFormat, PackageJson, ScaffoldFile } from '../scaffold';
import { writeFiles } from '../write';
import { group as captureGroup } from '../text';

// Loaded when a scaffold command runs: the scaffolder pulls in Handlebars and the templates.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously (see above)
export const scaffold = (): typeof ScaffoldModule => require('../scaffold') as typeof ScaffoldModule;

export interface InitIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** An expected failure of `init` / `create`: printed as one line, exit code 1. */
export class ScaffoldError extends KubegenError {
  constructor(message: string) {
    super(message);
    this.name = 'ScaffoldError';
  }
}

export const CONFIG_FILE = 'kubegen.config.json';

export interface ApiArgs {
  group?: string;
  version?: string;
  kind?: string;
}

/** The API to scaffold from `--group/--version/--kind`: all three, or none (`init` only). */
export function apiFromArgs(args: ApiArgs, required: true): ApiScaffold;
export function apiFromArgs(args: ApiArgs, required: boolean): ApiScaffold | undefined;
export function apiFromArgs(args: ApiArgs, required: boolean): ApiScaffold | undefined {
  const { group, version, kind } = args;
  if (group === undefined && version === undefined && kind === undefined && !required) return undefined;
  if (group === undefined || version === undefined || kind === undefined) throw new ScaffoldError('--group, --version and --kind go together: give all three');
  const problems = scaffold().checkApiScaffold(args);
  if (problems.length > 0) throw new ScaffoldError(problems.join('; '));
  return { group, version, kind };
}


/** A JSON object read from `file` (undefined when there is none); malformed JSON or a non-object is a ScaffoldError. */
export function readJsonObject(cwd: string, file: string): Record<string, unknown> | undefined {
  const abs = path.join(cwd, file);
  if (!fs.existsSync(abs)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(abs, 'utf8'));
  } catch (e) {
    throw new ScaffoldError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ScaffoldError(`${file}: must hold a JSON object`);
  return parsed as PackageJson;
}

/** A kind found under the project's `apis` directory. */
export interface FoundKind {
  group: string;
  version: string;
  kind: string;
  /** The file declaring it, relative to the project. */
  file: string;
  clusterScoped: boolean;
  storageVersion: boolean;
}

/** What the `create` commands know of a project. */
export interface ScaffoldProject {
  config: Record<string, unknown>;
  apisDir: string;
  generated: GeneratedLocation;
  format: ModuleFormat;
  /** `deploy.name`, when the configuration has one. */
  name: string | undefined;
  /** `deploy.namespace`, default `<name>-system`. */
  namespace: string | undefined;
  kinds: FoundKind[];
}

function stringKey(config: Record<string, unknown>, key: string, fallback: string): string {
  if (!Object.hasOwn(config, key)) return fallback;
  const v = config[key];
  if (typeof v !== 'string' || v === '') throw new ScaffoldError(`${CONFIG_FILE}: ${key}: must be a non-empty string`);
  return v;
}

/** A path of the configuration, relative and inside the project. */
function insidePath(config: Record<string, unknown>, key: string, fallback: string): string {
  const v = stringKey(config, key, fallback);
  const norm = path.posix.normalize(v.replace(/\\/g, '/')).replace(/\/+$/, '');
  if (path.posix.isAbsolute(norm) || norm === '..' || norm.startsWith('../') || norm === '.') {
    throw new ScaffoldError(`${CONFIG_FILE}: ${key}: ${JSON.stringify(v)} must be a directory inside the project`);
  }
  return norm;
}

/** The project in `cwd`: its kubegen.config.json (required), its module format and the kinds under `apis`. */
export function readProject(cwd: string): ScaffoldProject {
  const config = readJsonObject(cwd, CONFIG_FILE);
  if (config === undefined) throw new ScaffoldError(`no kubegen project in ${cwd} (no ${CONFIG_FILE}): run kubegen init first`);
  const apisDir = insidePath(config, 'apis', 'apis');
  const layout = stringKey(config, 'layout', 'package');
  if (layout !== 'package' && layout !== 'source') throw new ScaffoldError(`${CONFIG_FILE}: layout: must be "package" or "source"`);
  const generated: GeneratedLocation = { layout, output: insidePath(config, 'output', 'generated'), packageName: stringKey(config, 'packageName', '@kubegen-generated/{group}') };
  let name: string | undefined;
  let namespace: string | undefined;
  if (Object.hasOwn(config, 'deploy')) {
    const d = config.deploy;
    if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new ScaffoldError(`${CONFIG_FILE}: deploy: must be an object`);
    const deploy = d as Record<string, unknown>;
    if (Object.hasOwn(deploy, 'name')) name = stringKey(deploy, 'name', '');
    if (Object.hasOwn(deploy, 'namespace')) namespace = stringKey(deploy, 'namespace', '');
  }
  return {
    config,
    apisDir,
    generated,
    format: scaffold().moduleFormatOf(readJsonObject(cwd, 'package.json')),
    name,
    namespace: namespace ?? (name !== undefined ? `${name}-system` : undefined),
    kinds: findKinds(cwd, apisDir),
  };
}

const GROUP = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/;
const VERSION = /^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/;

/**
 * The kinds declared under `apis/<group>/<version>/*.ts`: exported interfaces `X` with an exported `XList` beside them
 * (what `+kubebuilder:object:root=true` declares in a scaffold), with the scope and storage markers of X's doc comment.
 */
export function findKinds(cwd: string, apisDir: string): FoundKind[] {
  const out: FoundKind[] = [];
  const root = path.join(cwd, apisDir);
  const dirs = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort() : []);
  for (const group of dirs(root).filter((g) => GROUP.test(g))) {
    for (const version of dirs(path.join(root, group)).filter((v) => VERSION.test(v))) {
      const dir = path.join(root, group, version);
      const declared = new Map<string, { file: string; doc: string }>();
      for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.d.ts') && !n.endsWith('.test.ts')).sort()) {
        const text = fs.readFileSync(path.join(dir, f), 'utf8');
        for (const m of text.matchAll(/export\s+interface\s+([A-Z][A-Za-z0-9_]*)\b/g)) {
          // the doc comment right above the declaration
          const before = text.slice(0, m.index);
          const start = before.lastIndexOf('/**');
          const block = start >= 0 ? before.slice(start) : '';
          const end = block.indexOf('*/');
          const doc = end >= 0 && block.slice(end + 2).trim() === '' ? block : '';
          declared.set(captureGroup(m, 1), { file: `${apisDir}/${group}/${version}/${f}`, doc });
        }
      }
      for (const [kind, { file, doc }] of declared) {
        if (!declared.has(`${kind}List`)) continue;
        out.push({ group, version, kind, file, clusterScoped: /\+kubebuilder:resource:[^\n]*scope=Cluster/.test(doc), storageVersion: /\+kubebuilder:storageversion\b/.test(doc) });
      }
    }
  }
  return out;
}

/** What a scaffold run does to each path. */
export interface ScaffoldPlan {
  /** The files to write (created or updated). */
  files: VirtualFile[];
  created: string[];
  updated: string[];
  kept: string[];
  unchanged: string[];
}

/**
 * Decides every file and insertion (see the module doc). `extra` are whole files the command merged itself
 * (package.json, kubegen.config.json): written when they differ from the disk. Throws a ScaffoldError naming every
 * file it would have to overwrite, or the first missing marker.
 */
export function planScaffold(cwd: string, files: readonly ScaffoldFile[], insertions: readonly Insertion[], force: boolean, extra: readonly VirtualFile[] = []): ScaffoldPlan {
  const contents = new Map<string, string>();
  const onDisk = new Map<string, string | undefined>();
  const disk = (p: string): string | undefined => {
    if (!onDisk.has(p)) {
      const abs = path.join(cwd, p);
      onDisk.set(p, fs.existsSync(abs) && fs.statSync(abs).isFile() ? fs.readFileSync(abs, 'utf8') : undefined);
    }
    return onDisk.get(p);
  };
  const plan: ScaffoldPlan = { files: [], created: [], updated: [], kept: [], unchanged: [] };
  const refused: string[] = [];
  for (const f of files) {
    const existing = disk(f.path);
    if (existing === undefined || existing === f.contents) contents.set(f.path, f.contents);
    else if (f.policy === 'new' && !force) refused.push(f.path);
    else if (f.policy === 'shared' || (f.policy === 'keep' && !force)) {
      contents.set(f.path, existing);
      plan.kept.push(f.path);
    } else contents.set(f.path, f.contents);
  }
  if (refused.length > 0) {
    throw new ScaffoldError(`${refused.join(', ')} ${refused.length === 1 ? 'exists' : 'exist'} with other contents; not overwriting (--force overwrites)`);
  }
  for (const f of extra) contents.set(f.path, f.contents);
  for (const ins of insertions) {
    const base = contents.get(ins.path) ?? disk(ins.path);
    if (base === undefined) throw new ScaffoldError(`${ins.path} does not exist: kubegen init writes it (and keeps the files you have)`);
    try {
      contents.set(ins.path, scaffold().insertAtMarker(base, ins.marker, ins.line, ins.path));
    } catch (e) {
      if (e instanceof scaffold().MarkerError) throw new ScaffoldError(e.message);
      throw e;
    }
  }
  for (const [p, text] of contents) {
    const existing = disk(p);
    if (existing === text) {
      if (!plan.kept.includes(p)) plan.unchanged.push(p);
      continue;
    }
    plan.files.push({ path: p, contents: text });
    (existing === undefined ? plan.created : plan.updated).push(p);
    const k = plan.kept.indexOf(p);
    if (k >= 0) plan.kept.splice(k, 1); // kept, but a marker insertion changed it
  }
  return plan;
}

/** Writes a plan atomically and reports it, one line per file. */
export function writeScaffold(cwd: string, plan: ScaffoldPlan, io: InitIo): void {
  if (plan.files.length > 0) writeFiles(cwd, plan.files);
  for (const f of plan.created) io.out(`created   ${f}\n`);
  for (const f of plan.updated) io.out(`updated   ${f}\n`);
  for (const f of plan.kept) io.out(`kept      ${f} (exists)\n`);
  for (const f of plan.unchanged) io.out(`unchanged ${f}\n`);
}

/** An own-keys copy of the configuration's object at `key` (`{}` when absent); another type is a ScaffoldError. */
export function asConfigRecord(v: unknown, key: string): Record<string, unknown> {
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ScaffoldError(`${CONFIG_FILE}: ${key}: must be an object`);
  return scaffold().asRecord(v);
}
