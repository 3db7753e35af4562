/**
 * Configuration for `kubegen generate`, resolved once into plain options: from `kubegen.config.json`,
 * `kubegen.config.js` / `.cjs`, or the `kubegen` key of package.json (first found, in that order, in the
 * working directory), or given explicitly with `--config`. Paths are relative to the file that declares them.
 *
 * The configuration is untrusted input: it is read by own keys only and checked against a schema (every key's type,
 * known generator names, webhook settings), and every problem is reported, each on one line naming the file and the
 * key's JSON path — `kubegen.config.json: generators: must be an array of strings` — or, for JSON that does not
 * parse, the file, line and column. Problems are thrown together as one `ConfigError`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { conversionSpec } from '@kubegen/runtime/webhook/spec';
import { configuredCaBundle } from './ca-bundle';
import { didYouMean } from './diagnostics';
import type { CrdConversionWebhook, CrdOptions } from './emit/crd';
import { KubegenError, describeIoError } from './errors';
import { findJsonSyntaxError } from './json-location';
import { groupFolder, groupNameErrors, formatNameError, npmPackageNameErrors, webhookPathErrors, webhookUrlErrors, type GroupFolderStyle } from './model/names';
import { resolveDeployConfig, type DeployConfig } from './deploy/config';
import { resolveManifestTargets, type ApiServiceConfigFile, type ManifestTarget, type RbacConfigFile, type WebhookConfigFile } from './manifest-config';

export interface KubegenConfigFile {
  /** The APIs root (default `apis`). */
  apis?: string;
  /** The output root for generated packages (default `generated`). */
  output?: string;
  /** Generators to run (default: all). */
  generators?: string[];
  /** npm package name pattern for generated packages; `{group}` is replaced (default `@kubegen-generated/{group}`). */
  packageName?: string;
  /** Text put before generated CRDs (a trailing newline is added when missing). */
  crdHeader?: string;
  /**
   * `package` (default): each group becomes an npm package under `output` (a workspace); `source`: the generated
   * TypeScript is written into `output` inside the project's source tree (e.g. `src/generated`) for its own `tsc`.
   */
  layout?: 'package' | 'source';
  /**
   * How each group's folder under `output` is named: `group` (default) the group name, `short` its first DNS label
   * as k8s.io/api lays out its packages (`rbac.authorization.k8s.io` → `rbac`); the empty core group is `core`.
   */
  groupFolder?: GroupFolderStyle;
  /** Conversion webhooks per API group, written into multi-version CRDs' `spec.conversion`. */
  conversion?: Record<string, CrdConversionWebhook & { caBundleFile?: string }>;
  /** `kubegen rbac` from `kubegen generate`: `{ paths, output, roleName? }` (generator/manifest-config.ts). */
  rbac?: RbacConfigFile;
  /** `kubegen webhook` from `kubegen generate`: `{ paths, output }`. */
  webhook?: WebhookConfigFile;
  /** Warnings are errors (as `--strict` makes them). */
  strict?: boolean;
  /** `kubegen apiservice` from `kubegen generate`: `{ paths?, apiServices?, output }` (docs/apiservice.md). */
  apiservice?: ApiServiceConfigFile;
  /**
   * The operator's deploy tree and Helm chart, written by `kubegen generate`: `{ name, namespace?, image?, configDir?,
   * chartDir?, paths? }` (generator/deploy/config.ts, docs/deploy.md).
   */
  deploy?: { name: string; namespace?: string; image?: string; configDir?: string; chartDir?: string; paths?: string[] };
  /**
   * Which types get validators in `<version>/validation.ts`: `{ "types": "kinds" }` (default) the kinds only,
   * `{ "types": "all" }` every struct type too (`validate<Type>` and its exported passes, which the validators of
   * types embedding it call: how `@kubegen/api` is generated, see docs/api-package.md).
   */
  validation?: { types?: 'kinds' | 'all' };
}

export interface KubegenConfig {
  /** Absolute directory the configuration was read from. */
  baseDir: string;
  /** Where the configuration came from, as shown in messages: `kubegen.config.json`, `package.json#kubegen` … */
  source: string;
  apis: string;
  output: string;
  generators?: string[];
  packageName: string;
  /**
   * The CRD generator's options: `header` (from `crdHeader`; ends with a newline when set, so the first `---` is never
   * glued to it), the conversion webhooks per API group (`conversion`, CA bundle files read), and `requireConversion`.
   */
  crd: CrdOptions & { conversion: Record<string, CrdConversionWebhook>; requireConversion: true };
  /** How generated files are laid out under `output` (see `OutputLayout` in generator/pipeline.ts). */
  layout: 'package' | 'source';
  groupFolder: GroupFolderStyle;
  /**
   * The `source` layout's code is compiled as ECMAScript modules: the project's package.json above `output` says
   * `"type": "module"` (see {@link outputModuleFormat}); always false for the `package` layout.
   */
  esm: boolean;
  /** The rbac / webhook / apiservice generators to run, resolved. */
  manifests: ManifestTarget[];
  /** Warnings are errors. */
  strict: boolean;
  /** The deploy tree and Helm chart to write, when configured. */
  deploy?: DeployConfig;
  /** Validators for every struct type too, not the kinds only (`validation.types: "all"`). */
  validateTypes?: boolean;
}

/**
 * How Node and TypeScript (`"module": "nodenext"`) load the `.ts` files under the output directory: as ES modules
 * when the nearest package.json above it says `"type": "module"`, else as CommonJS — the rule both apply per file.
 * A package.json that cannot be read or parsed counts as CommonJS (the project's own build reports it).
 */
export function outputModuleFormat(config: Pick<KubegenConfig, 'baseDir' | 'output'>): 'module' | 'commonjs' {
  for (let dir = path.resolve(config.baseDir, config.output); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      try {
        const pj: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
        return isPlainObject(pj) && ownValue(pj, 'type') === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (path.dirname(dir) === dir) return 'commonjs';
  }
}

/** Every problem of a configuration, one line each (file and key or line:column first). */
export class ConfigError extends KubegenError {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export const CONFIG_FILES = ['kubegen.config.json', 'kubegen.config.js', 'kubegen.config.cjs'];

export const DEFAULT_PACKAGE_NAME = '@kubegen-generated/{group}';

/** `file` as shown in messages: relative to `cwd` when inside it. */
function shownPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

export function loadConfig(cwd: string, explicit?: string): KubegenConfig {
  if (explicit !== undefined) return fromFile(path.resolve(cwd, explicit), cwd);
  for (const name of CONFIG_FILES) {
    const p = path.join(cwd, name);
    if (fs.existsSync(p)) return fromFile(p, cwd);
  }
  const pj = path.join(cwd, 'package.json');
  if (fs.existsSync(pj)) {
    const json = readJson(pj, cwd);
    if (isPlainObject(json) && Object.hasOwn(json, 'kubegen')) return resolveConfig(json.kubegen, cwd, `${shownPath(pj, cwd)}#kubegen`);
  }
  return resolveConfig({}, cwd, '(defaults)');
}

function fromFile(file: string, cwd: string): KubegenConfig {
  const shown = shownPath(file, cwd);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new ConfigError([`configuration file ${shown} does not exist`]);
    throw new ConfigError([describeIoError(e, cwd) ?? `cannot read configuration file ${shown}`]);
  }
  if (!stat.isFile()) throw new ConfigError([`configuration file ${shown} is not a file`]);
  let raw: unknown;
  let source = shown;
  if (path.basename(file) === 'package.json') {
    const json = readJson(file, cwd);
    source = `${shown}#kubegen`;
    raw = isPlainObject(json) && Object.hasOwn(json, 'kubegen') ? json.kubegen : {};
  } else if (file.endsWith('.json')) {
    raw = readJson(file, cwd);
  } else if (file.endsWith('.js') || file.endsWith('.cjs')) {
    raw = requireConfig(file, shown);
    // A JavaScript configuration is code: a getter of it may throw while it is read.
    try {
      return resolveConfig(raw, path.dirname(file), source);
    } catch (e) {
      if (e instanceof KubegenError) throw e;
      throw new ConfigError([`${shown}: cannot read the configuration: ${firstLine(e)}`]);
    }
  } else {
    throw new ConfigError([`configuration file ${shown}: must be a .json, .js or .cjs file, or a package.json with a "kubegen" key`]);
  }
  return resolveConfig(raw, path.dirname(file), source);
}

function readJson(file: string, cwd: string): unknown {
  const shown = shownPath(file, cwd);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError([describeIoError(e, cwd) ?? `cannot read ${shown}`]);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const at = findJsonSyntaxError(text);
    throw new ConfigError([at ? `${shown}:${at.line}:${at.column}: invalid JSON: ${at.message}` : `${shown}: invalid JSON`]);
  }
}

function requireConfig(file: string, shown: string): unknown {
  let mod: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a kubegen.config.js is a CommonJS module chosen at run time
    mod = require(file) as unknown;
  } catch (e) {
    throw new ConfigError([`${shown}: cannot load the configuration: ${firstLine(e)}`]);
  }
  if (isPlainObject(mod) && Object.hasOwn(mod, 'default') && Object.keys(mod).length === 1) return mod.default;
  return mod;
}

/** `TypeError: message` (the first non-empty line), for errors thrown by a configuration's own code. */
function firstLine(e: unknown): string {
  const err = e as { name?: unknown; message?: unknown } | null | undefined;
  const message = typeof err?.message === 'string' ? err.message : String(e);
  const first = message.split('\n').find((l) => l.trim() !== '') ?? 'unknown error';
  return typeof err?.name === 'string' && err.name !== 'Error' ? `${err.name}: ${first}` : first;
}

/** An own property of untrusted data (never one inherited from a prototype), or undefined. */
function ownValue(o: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const KNOWN_KEYS = ['apis', 'output', 'generators', 'packageName', 'crdHeader', 'layout', 'groupFolder', 'conversion', 'rbac', 'webhook', 'apiservice', 'strict', 'deploy', 'validation'];
const GROUP_FOLDERS = ['group', 'short'] as const;
const LAYOUTS = ['package', 'source'] as const;
const WEBHOOK_KEYS = ['url', 'service', 'caBundle', 'caBundleFile'];
const SERVICE_KEYS = ['name', 'namespace', 'path', 'port'];

/** `parent.key`, or `parent["key"]` for a key that is not an identifier (API groups have dots). */
function jsonPath(parent: string, key: string): string {
  const step = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  return parent === '' ? (step.startsWith('.') ? key : step) : parent + step;
}

/** Generator names, loaded on first use (the generators pull in the emitters and templates). */
function generatorNames(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously (see above)
  return (require('./generators') as typeof import('./generators')).generators.map((g) => g.name);
}

/**
 * Check a configuration object against the schema and resolve it (paths against `baseDir`, CA bundle files read,
 * the header normalised). Throws a ConfigError listing every problem.
 */
export function resolveConfig(raw: unknown, baseDir: string, source: string): KubegenConfig {
  const problems: string[] = [];
  const problem = (at: string, message: string) => problems.push(`${source}: ${at === '' ? '' : `${at}: `}${message}`);
  if (!isPlainObject(raw)) {
    problem('', `the configuration must be an object, not ${describeType(raw)}`);
    throw new ConfigError(problems);
  }
  for (const k of Object.keys(raw)) {
    if (!KNOWN_KEYS.includes(k)) {
      const hint = didYouMean(k, KNOWN_KEYS);
      problem('', `unknown configuration key ${JSON.stringify(k)}${hint ? ` (did you mean "${hint}"?)` : ''} (known: ${KNOWN_KEYS.join(', ')})`);
    }
  }
  const own = (key: string): unknown => (Object.hasOwn(raw, key) ? raw[key] : undefined);
  const pathSetting = (key: 'apis' | 'output', fallback: string): string => {
    const v = own(key);
    if (v === undefined) return path.resolve(baseDir, fallback);
    if (typeof v !== 'string' || v === '' || v.includes('\0')) {
      problem(key, 'must be a non-empty string (a path relative to the configuration file)');
      return path.resolve(baseDir, fallback);
    }
    return path.resolve(baseDir, v);
  };
  const apis = pathSetting('apis', 'apis');
  const output = pathSetting('output', 'generated');

  let generators: string[] | undefined;
  const gens = own('generators');
  if (gens !== undefined) {
    if (!Array.isArray(gens) || !gens.every((g) => typeof g === 'string')) problem('generators', 'must be an array of strings');
    else if (gens.length === 0) problem('generators', 'must name at least one generator (leave it out to run them all)');
    else {
      const known = generatorNames();
      const seen = new Set<string>();
      gens.forEach((g: string, i) => {
        if (!known.includes(g)) {
          const hint = didYouMean(g, known);
          problem(`generators[${i}]`, `unknown generator ${JSON.stringify(g)}${hint ? ` (did you mean "${hint}"?)` : ''} (known: ${known.join(', ')})`);
        } else if (seen.has(g)) problem(`generators[${i}]`, `${JSON.stringify(g)} is listed twice`);
        seen.add(g);
      });
      generators = [...gens] as string[];
    }
  }

  let packageName = DEFAULT_PACKAGE_NAME;
  const pn = own('packageName');
  if (pn !== undefined) {
    if (typeof pn !== 'string' || pn === '') problem('packageName', 'must be a non-empty string (an npm package name; "{group}" is replaced by the API group)');
    else packageName = pn;
  }

  let crdHeader: string | undefined;
  const header = own('crdHeader');
  if (header !== undefined) {
    if (typeof header !== 'string') problem('crdHeader', 'must be a string');
    else crdHeader = normalizeHeader(header);
  }

  let layout: KubegenConfig['layout'] = 'package';
  const lo = own('layout');
  if (lo !== undefined) {
    const known = LAYOUTS.find((l) => l === lo);
    if (known === undefined) problem('layout', `must be "package" or "source", not ${JSON.stringify(lo)}`);
    else layout = known;
  }

  let folders: GroupFolderStyle = 'group';
  const gf = own('groupFolder');
  if (gf !== undefined) {
    const known = GROUP_FOLDERS.find((g) => g === gf);
    if (known === undefined) problem('groupFolder', `must be "group" or "short", not ${JSON.stringify(gf)}`);
    else folders = known;
  }

  const strict = own('strict') ?? false;
  if (typeof strict !== 'boolean') problem('strict', 'must be true or false');

  let validateTypes = false;
  const va = own('validation');
  if (va !== undefined) {
    if (typeof va !== 'object' || va === null || Array.isArray(va)) problem('validation', 'must be an object: { "types": "kinds" | "all" }');
    else {
      for (const k of Object.keys(va)) if (k !== 'types') problem(jsonPath('validation', k), 'unknown key (known: types)');
      const types = ownValue(va as Record<string, unknown>, 'types');
      if (types !== undefined && types !== 'kinds' && types !== 'all') problem('validation.types', `must be "kinds" or "all", not ${JSON.stringify(types)}`);
      validateTypes = types === 'all';
    }
  }

  const conversion = resolveConversion(own('conversion'), baseDir, problem);
  const manifests = resolveManifestTargets(raw, baseDir, problem, source);
  const deploy = own('deploy') === undefined ? undefined : resolveDeployConfig(own('deploy'), baseDir, problem);
  if (problems.length > 0) throw new ConfigError(problems);
  const crd: KubegenConfig['crd'] = { conversion, requireConversion: true };
  if (crdHeader !== undefined) crd.header = crdHeader;
  const esm = layout === 'source' && outputModuleFormat({ baseDir, output }) === 'module';
  const config: KubegenConfig = { baseDir, source, apis, output, packageName, crd, layout, groupFolder: folders, esm, manifests, strict: strict === true };
  if (generators !== undefined) config.generators = generators;
  if (deploy !== undefined) config.deploy = deploy;
  if (validateTypes) config.validateTypes = true;
  return config;
}

/** A header as written before the first `---`: unchanged when empty or ending in a newline, else with one added. */
export function normalizeHeader(header: string): string {
  return header === '' || header.endsWith('\n') ? header : `${header}\n`;
}

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return `a ${typeof v}`;
}

function resolveConversion(value: unknown, baseDir: string, problem: (at: string, message: string) => void): Record<string, CrdConversionWebhook> {
  const out: Record<string, CrdConversionWebhook> = Object.create(null) as Record<string, CrdConversionWebhook>;
  if (value === undefined) return out;
  if (!isPlainObject(value)) {
    problem('conversion', 'must be an object mapping API groups to webhook settings');
    return out;
  }
  for (const group of Object.keys(value)) {
    const at = jsonPath('conversion', group);
    const [groupError] = groupNameErrors(group);
    if (groupError !== undefined) {
      problem(at, `not an API group: ${formatNameError(groupError)}`);
      continue;
    }
    const w = ownValue(value, group);
    if (!isPlainObject(w)) {
      problem(at, 'must be an object ({ url } or { service }, with caBundle or caBundleFile)');
      continue;
    }
    let ok = true;
    const bad = (key: string, message: string) => {
      problem(jsonPath(at, key), message);
      ok = false;
    };
    for (const k of Object.keys(w)) if (!WEBHOOK_KEYS.includes(k)) bad(k, `unknown key (known: ${WEBHOOK_KEYS.join(', ')})`);
    const webhook: CrdConversionWebhook = {};
    const url = ownValue(w, 'url');
    if (url !== undefined) {
      if (typeof url !== 'string') bad('url', 'must be a string');
      else {
        // a scheme other than https is conversionSpec's error (below); the rest of the API server's URL rules here
        if (/^https:\/\//.test(url)) for (const e of webhookUrlErrors(url)) bad('url', `would be refused by the API server: ${e}`);
        webhook.url = url;
      }
    }
    const service = ownValue(w, 'service');
    if (service !== undefined) {
      if (!isPlainObject(service)) bad('service', 'must be an object { name, namespace, path?, port? }');
      else {
        const sAt = jsonPath(at, 'service');
        for (const k of Object.keys(service)) {
          if (!SERVICE_KEYS.includes(k)) {
            problem(jsonPath(sAt, k), `unknown key (known: ${SERVICE_KEYS.join(', ')})`);
            ok = false;
          }
        }
        const str = (k: 'name' | 'namespace' | 'path', required: boolean): string | undefined => {
          const v = ownValue(service, k);
          if (v === undefined && !required) return undefined;
          if (typeof v !== 'string' || v === '') {
            problem(jsonPath(sAt, k), 'must be a non-empty string');
            ok = false;
            return undefined;
          }
          return v;
        };
        const name = str('name', true);
        const namespace = str('namespace', true);
        const svcPath = str('path', false);
        if (svcPath !== undefined) {
          for (const e of webhookPathErrors(svcPath)) {
            problem(jsonPath(sAt, 'path'), `would be refused by the API server: ${e}`);
            ok = false;
          }
        }
        const port = ownValue(service, 'port');
        if (port !== undefined && (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)) {
          problem(jsonPath(sAt, 'port'), 'must be an integer from 1 to 65535');
          ok = false;
        }
        if (name !== undefined && namespace !== undefined) {
          webhook.service = { name, namespace };
          if (svcPath !== undefined) webhook.service.path = svcPath;
          if (typeof port === 'number') webhook.service.port = port;
        }
      }
    }
    const caBundle = configuredCaBundle(ownValue(w, 'caBundle'), ownValue(w, 'caBundleFile'), baseDir, bad);
    if (caBundle !== undefined) webhook.caBundle = caBundle;
    if (!ok) continue;
    try {
      conversionSpec(webhook);
    } catch (e) {
      problem(at, `conversion webhook for ${group}: ${(e as Error).message.replace(/^conversion webhook: /, '')}`);
      continue;
    }
    out[group] = webhook;
  }
  return out;
}

/**
 * Check the configuration against the loaded API groups: the package name of each group (`packageName` with
 * `{group}` replaced) must be a valid, distinct npm package name, and every group with a conversion webhook must
 * exist. Throws a ConfigError listing every problem.
 */
export function checkConfigForGroups(config: KubegenConfig, groups: readonly string[]): void {
  const problems: string[] = [];
  const names = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const group of groups) {
    const name = config.packageName.split('{group}').join(groupFolder(group));
    const folder = groupFolder(group, config.groupFolder);
    const clash = folders.get(folder);
    if (clash !== undefined) problems.push(`${config.source}: groupFolder: groups ${clash} and ${group} would both be written to ${JSON.stringify(folder)}`);
    folders.set(folder, group);
    const errs = npmPackageNameErrors(name);
    if (errs.length > 0) problems.push(`${config.source}: packageName: ${JSON.stringify(name)} (for group ${group}) is not a valid npm package name: ${errs.join('; ')}`);
    const other = names.get(name);
    if (other !== undefined) problems.push(`${config.source}: packageName: groups ${other} and ${group} would both be published as ${JSON.stringify(name)} (use "{group}" in the name)`);
    names.set(name, group);
  }
  for (const group of Object.keys(config.crd.conversion)) {
    if (!groups.includes(group)) {
      const hint = didYouMean(group, groups);
      problems.push(`${config.source}: ${jsonPath('conversion', group)}: no API group ${group} under ${config.apis}${hint ? ` (did you mean "${hint}"?)` : ''}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
}
