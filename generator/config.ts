/**
 * Configuration for `kubegen generate`, resolved once into plain options: from `kubegen.config.json`,
 * `kubegen.config.js` / `.cjs`, or the `kubegen` key of package.json (first found, in that order, in the
 * working directory), or given explicitly with `--config`. Paths are relative to the file that declares them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { conversionSpec } from '@kubegen/runtime/webhook/spec';
import type { CrdConversionWebhook } from './emit/crd';
import { resolveManifestTargets, type ManifestTarget, type RbacConfigFile, type WebhookConfigFile } from './cli/manifests';

export interface KubegenConfigFile {
  /** The APIs root (default `apis`). */
  apis?: string;
  /** The output root for generated packages (default `generated`). */
  output?: string;
  /** Generators to run (default: all). */
  generators?: string[];
  /** npm package name pattern for generated packages; `{group}` is replaced (default `@kubegen-generated/{group}`). */
  packageName?: string;
  /** Text put before generated CRDs. */
  crdHeader?: string;
  /** Conversion webhooks per API group, written into multi-version CRDs' `spec.conversion`. */
  conversion?: Record<string, CrdConversionWebhook & { caBundleFile?: string }>;
  /** `kubegen rbac` from `kubegen generate`: `{ paths, output, roleName? }` (generator/cli/manifests.ts). */
  rbac?: RbacConfigFile;
  /** `kubegen webhook` from `kubegen generate`: `{ paths, output }`. */
  webhook?: WebhookConfigFile;
}

export interface KubegenConfig {
  /** Absolute directory the configuration was read from. */
  baseDir: string;
  source: string;
  apis: string;
  output: string;
  generators?: string[];
  packageName: string;
  crdHeader?: string;
  conversion: Record<string, CrdConversionWebhook>;
  /** The rbac / webhook generators to run, resolved. */
  manifests: ManifestTarget[];
}

export const CONFIG_FILES = ['kubegen.config.json', 'kubegen.config.js', 'kubegen.config.cjs'];

export function loadConfig(cwd: string, explicit?: string): KubegenConfig {
  if (explicit) return fromFile(path.resolve(cwd, explicit));
  for (const name of CONFIG_FILES) {
    const p = path.join(cwd, name);
    if (fs.existsSync(p)) return fromFile(p);
  }
  const pj = path.join(cwd, 'package.json');
  if (fs.existsSync(pj)) {
    const json = JSON.parse(fs.readFileSync(pj, 'utf8')) as { kubegen?: KubegenConfigFile };
    if (json.kubegen) return resolveConfig(json.kubegen, cwd, `${pj}#kubegen`);
  }
  return resolveConfig({}, cwd, '(defaults)');
}

function fromFile(file: string): KubegenConfig {
  if (!fs.existsSync(file)) throw new Error(`configuration file ${file} does not exist`);
  let raw: KubegenConfigFile;
  if (file.endsWith('.json')) {
    raw = JSON.parse(fs.readFileSync(file, 'utf8')) as KubegenConfigFile;
  } else if (path.basename(file) === 'package.json') {
    raw = (JSON.parse(fs.readFileSync(file, 'utf8')) as { kubegen?: KubegenConfigFile }).kubegen ?? {};
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file) as KubegenConfigFile | { default: KubegenConfigFile };
    raw = 'default' in mod ? mod.default : mod;
  }
  return resolveConfig(raw, path.dirname(file), file);
}

const KNOWN_KEYS = new Set(['apis', 'output', 'generators', 'packageName', 'crdHeader', 'conversion', 'rbac', 'webhook']);

export function resolveConfig(raw: KubegenConfigFile, baseDir: string, source: string): KubegenConfig {
  for (const k of Object.keys(raw)) {
    if (!KNOWN_KEYS.has(k)) throw new Error(`${source}: unknown configuration key "${k}" (known: ${[...KNOWN_KEYS].join(', ')})`);
  }
  const conversion: Record<string, CrdConversionWebhook> = {};
  for (const [group, w] of Object.entries(raw.conversion ?? {})) {
    const { caBundleFile, ...rest } = w;
    conversion[group] = { ...rest };
    if (caBundleFile) conversion[group].caBundle = fs.readFileSync(path.resolve(baseDir, caBundleFile), 'utf8');
    try {
      conversionSpec(conversion[group]);
    } catch (e) {
      throw new Error(`${source}: conversion webhook for ${group}: ${(e as Error).message}`);
    }
  }
  return {
    baseDir,
    source,
    apis: path.resolve(baseDir, raw.apis ?? 'apis'),
    output: path.resolve(baseDir, raw.output ?? 'generated'),
    generators: raw.generators,
    packageName: raw.packageName ?? '@kubegen-generated/{group}',
    crdHeader: raw.crdHeader,
    conversion,
    manifests: resolveManifestTargets(raw, baseDir, source),
  };
}
