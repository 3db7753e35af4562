/**
 * The `rbac`, `webhook` and `apiservice` keys of kubegen.config.json, checked and resolved into the manifest targets
 * `kubegen generate` runs (the same targets `kubegen rbac`, `kubegen webhook` and `kubegen apiservice` make from their
 * command lines, see generator/cli/manifests.ts):
 *
 *   "rbac":       { "paths": ["controllers"], "roleName": "manager-role", "output": "config/rbac" }
 *   "webhook":    { "paths": ["webhooks"], "output": "config/webhook" }
 *   "apiservice": { "paths": ["src"], "apiServices": [{ "group": …, "version": …, "service": { … }, … }], "output": "config/apiservice" }
 *
 * The APIServices of the configuration (`apiServices`) are checked here by the APIService emitter's own rules and
 * added to those of the markers under `paths` (which is optional there).
 */
import * as path from 'node:path';
import { configuredCaBundle } from './ca-bundle';
import { apiServiceProblems } from './emit/apiservice';
import { DEFAULT_ROLE_NAME } from './emit/rbac';
import type { ApiServiceDecl } from './model/manifests';

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
  caBundleInjected?: boolean;
}
export interface ApiServiceConfigFile {
  /** Where to look for `+kubegen:apiservice` markers (optional when `apiServices` are given). */
  paths?: string[];
  apiServices?: ApiServiceConfigEntry[];
  output: string;
}

const TARGET_KEYS = { rbac: ['paths', 'output', 'roleName'], webhook: ['paths', 'output'], apiservice: ['paths', 'apiServices', 'output'] } as const;
const ENTRY_KEYS = ['group', 'version', 'service', 'groupPriorityMinimum', 'versionPriority', 'caBundle', 'caBundleFile', 'insecureSkipTLSVerify', 'caBundleInjected'];
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
    problem(at, 'must be an object { group, version, service, groupPriorityMinimum, versionPriority, caBundle | caBundleFile | caBundleInjected | insecureSkipTLSVerify }');
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
  const injected = own(e, 'caBundleInjected');
  if (injected !== undefined) {
    if (typeof injected !== 'boolean') bad('caBundleInjected', 'must be true or false');
    else decl.caBundleInjected = injected;
  }
  const caBundle = configuredCaBundle(own(e, 'caBundle'), own(e, 'caBundleFile'), baseDir, bad);
  if (caBundle !== undefined) decl.caBundle = caBundle;
  if (!ok) return undefined;
  const problems = apiServiceProblems(decl);
  for (const p of problems) problem(p.field === undefined ? at : `${at}.${p.field}`, p.message);
  return problems.length === 0 ? decl : undefined;
}
