/**
 * The `deploy` key of kubegen.config.json: when present, `kubegen generate` writes the operator's deploy tree
 * (kustomize bases and overlays under `configDir`, kubebuilder's `config/` layout) and its Helm chart (`chartDir`).
 *
 *   "deploy": { "name": "webapp", "namespace": "webapp-system", "image": "controller:latest",
 *               "configDir": "config", "chartDir": "dist/chart", "paths": ["src"], "certificates": "selfManaged" }
 *
 * Only `name` is required. The value is untrusted: read by own keys, every problem reported with its JSON path.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { unsafePathReason } from '../write';
import { dns1035LabelErrors, dns1123LabelErrors } from '../model/names';

/** The `deploy` key, resolved. */
export interface DeployConfig {
  /** The project's name, a DNS-1035 label: every object's name starts with `<name>-`. */
  name: string;
  /** The operator's namespace (default `<name>-system`). */
  namespace: string;
  /** The manager's image (default `controller:latest`). */
  image: string;
  /** The kustomize tree, relative to the configuration's directory, `/`-separated (default `config`). */
  configDir: string;
  /** The Helm chart, relative to the configuration's directory, `/`-separated (default `dist/chart`). */
  chartDir: string;
  /** Absolute files or directories scanned for `+kubebuilder:rbac` and `+kubebuilder:webhook` markers (default `src`). */
  paths: string[];
  /**
   * Who makes the webhook serving certificate (default `selfManaged`): the operator itself (`--self-managed-certs`),
   * or cert-manager (`certManager`: config/default includes the certmanager component, and the chart's
   * `webhook.certificates` value defaults to it).
   */
  certificates: 'selfManaged' | 'certManager';
}

/**
 * The longest `deploy.name`: `<name>-metrics-service` and `<name>-webhook-service` are Services, whose names are
 * DNS-1035 labels of at most 63 characters.
 */
export const MAX_DEPLOY_NAME = 63 - '-metrics-service'.length;

const DEPLOY_KEYS = ['name', 'namespace', 'image', 'configDir', 'chartDir', 'paths', 'certificates'];
const CERTIFICATES = ['selfManaged', 'certManager'] as const;

type Problem = (at: string, message: string) => void;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/** The `deploy` value of a configuration, checked (each problem through `problem(jsonPath, message)`); undefined after one. */
export function resolveDeployConfig(value: unknown, baseDir: string, problem: Problem): DeployConfig | undefined {
  if (!isObject(value)) {
    problem('deploy', 'must be an object { name, namespace?, image?, configDir?, chartDir?, paths?, certificates? }');
    return undefined;
  }
  let ok = true;
  const bad = (key: string, message: string) => {
    problem(`deploy.${key}`, message);
    ok = false;
  };
  for (const k of Object.keys(value)) {
    if (DEPLOY_KEYS.includes(k)) continue;
    problem(/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? `deploy.${k}` : `deploy[${JSON.stringify(k)}]`, `unknown key (known: ${DEPLOY_KEYS.join(', ')})`);
    ok = false;
  }
  const name = own(value, 'name');
  if (typeof name !== 'string' || name === '') bad('name', 'must be the project\'s name, a DNS-1035 label such as "webapp"');
  else {
    const errs = dns1035LabelErrors(name);
    if (errs.length > 0) bad('name', `${JSON.stringify(name)} is not a DNS-1035 label: ${errs[0]}`);
    else if (name.length > MAX_DEPLOY_NAME) bad('name', `${JSON.stringify(name)} is longer than ${MAX_DEPLOY_NAME} characters (its Services are named "${name}-metrics-service", at most 63)`);
  }
  const str = (key: string, fallback: string): string => {
    const v = own(value, key);
    if (v === undefined) return fallback;
    if (typeof v !== 'string' || v === '') {
      bad(key, 'must be a non-empty string');
      return fallback;
    }
    return v;
  };
  const namespace = str('namespace', `${typeof name === 'string' ? name : ''}-system`);
  if (own(value, 'namespace') !== undefined && typeof own(value, 'namespace') === 'string' && namespace !== '') {
    const errs = dns1123LabelErrors(namespace);
    if (errs.length > 0) bad('namespace', `${JSON.stringify(namespace)} is not a namespace name (a DNS-1123 label): ${errs[0]}`);
  }
  const image = str('image', 'controller:latest');
  if (/\s/.test(image)) bad('image', `${JSON.stringify(image)} is not an image reference (it contains white space)`);
  const dir = (key: string, fallback: string): string => {
    const v = str(key, fallback).replace(/\/+$/, '');
    const reason = unsafePathReason(v);
    if (reason !== undefined) bad(key, `${JSON.stringify(v)} must be a relative path inside the project: ${reason}`);
    return v;
  };
  const configDir = dir('configDir', 'config');
  const chartDir = dir('chartDir', 'dist/chart');
  if (ok && (configDir === chartDir || configDir.startsWith(`${chartDir}/`) || chartDir.startsWith(`${configDir}/`))) {
    bad('chartDir', `${JSON.stringify(chartDir)} and configDir ${JSON.stringify(configDir)} must not contain one another`);
  }
  const rawPaths = own(value, 'paths');
  let paths = ['src'];
  if (rawPaths !== undefined) {
    if (!Array.isArray(rawPaths) || rawPaths.length === 0 || rawPaths.some((p) => typeof p !== 'string' || p === '' || p.includes('\0'))) {
      bad('paths', 'must be a non-empty array of file or directory names (where the +kubebuilder:rbac and +kubebuilder:webhook markers are)');
    } else {
      paths = rawPaths as string[];
      // Given explicitly, each must exist (the default, src/, may not yet: a project without controllers).
      paths.forEach((p, i) => {
        if (!fs.existsSync(path.resolve(baseDir, p))) bad(`paths[${i}]`, `no file or directory ${JSON.stringify(p)} (relative to the configuration file)`);
      });
    }
  }
  const certificates = own(value, 'certificates') ?? 'selfManaged';
  if (!CERTIFICATES.includes(certificates as (typeof CERTIFICATES)[number])) bad('certificates', `must be ${CERTIFICATES.map((c) => JSON.stringify(c)).join(' or ')}, not ${JSON.stringify(certificates)}`);
  if (!ok) return undefined;
  return { name: name as string, namespace, image, configDir, chartDir, paths: paths.map((p) => path.resolve(baseDir, p)), certificates: certificates as DeployConfig['certificates'] };
}
