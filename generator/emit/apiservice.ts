/**
 * The APIService emitter: `apiservice.yaml` with one `apiregistration.k8s.io/v1` APIService per
 * `+kubegen:apiservice` marker or `apiservice.apiServices` configuration entry — the object that makes the
 * kube-apiserver's aggregator proxy `/apis/<group>/<version>` to an extension apiserver behind a Service.
 *
 * - name `<version>.<group>` (the only name the apiserver accepts), objects sorted by name, every document
 *   starting with `---`, keys in yaml.v2 order like the other manifests; no APIServices → no file;
 * - `service.port` is always written (443 when not given, the apiserver's default), so the file says what is stored;
 * - `caBundle` is written as base64 of the PEM bundle (a PEM text is encoded, base64 is kept);
 *   `insecureSkipTLSVerify: true` only when chosen; with `caBundleInjected` neither is written (an injector — the
 *   aggregated apiserver itself, or cert-manager's CA injector — writes the bundle into the object).
 *
 * Every check of the apiserver's validation (k8s.io/kube-aggregator pkg/apis/apiregistration/validation
 * `ValidateAPIService`) is an error at the marker (or the configuration entry): group a DNS-1123 subdomain (kubegen:
 * required — an empty group is the built-in core API), version a DNS-1035 label, groupPriorityMinimum 1–20000,
 * versionPriority 1–1000, service name and namespace required, port 1–65535, not both a caBundle and
 * insecureSkipTLSVerify. kubegen adds: exactly one of the two (or `caBundleInjected`) must be chosen (the apiserver would silently fall back
 * to its system trust roots), a caBundle must be PEM certificates (or base64 of them), the Service name is a
 * DNS-1035 label and the namespace a DNS-1123 label (a Service the aggregator can find), and two APIServices with
 * one name are an error.
 */
import { DiagnosticBag, type RelatedLocation } from '../diagnostics';
import type { ApiServiceDecl, ManifestModel } from '../model/manifests';
import { dns1035LabelErrors, dns1123LabelErrors, dns1123SubdomainErrors } from '../model/names';
import type { Int } from '../model/types';
import { marshalYamlV2 } from '../yaml/yamlv2';
import { compareBytes } from './shared/manifest-util';
import type { GeneratorResult } from './shared/types';

export const APISERVICE_FILE = 'apiservice.yaml';
export const APISERVICE_MARKER = 'kubegen:apiservice';
export const DEFAULT_APISERVICE_PORT = 443;

export interface ApiServiceOptions {
  /** Text written before the first document (e.g. a license header). */
  header?: string;
}

/** apiregistration/v1 APIService as kubegen writes it (Go's `omitempty` applied). */
export interface ApiServiceObject {
  apiVersion: 'apiregistration.k8s.io/v1';
  kind: 'APIService';
  metadata: { name: string };
  spec: {
    caBundle?: string;
    group: string;
    groupPriorityMinimum: Int;
    insecureSkipTLSVerify?: true;
    service: { name: string; namespace: string; port: Int };
    version: string;
    versionPriority: Int;
  };
}

/** A field of an APIService declaration, as the configuration spells it (`service.port`). */
export type ApiServiceField = 'group' | 'version' | 'service.name' | 'service.namespace' | 'service.port' | 'groupPriorityMinimum' | 'versionPriority' | 'caBundle' | 'insecureSkipTLSVerify' | 'caBundleInjected';

/** One problem of a declaration: the field it is about (none: the declaration as a whole) and a predicate (`must be …`). */
export interface ApiServiceProblem {
  field?: ApiServiceField;
  message: string;
}

/** The marker argument for a field (`service.port` → `servicePort`). */
export const MARKER_ARGUMENT: Readonly<Record<ApiServiceField, string>> = {
  group: 'group',
  version: 'version',
  'service.name': 'serviceName',
  'service.namespace': 'serviceNamespace',
  'service.port': 'servicePort',
  groupPriorityMinimum: 'groupPriorityMinimum',
  versionPriority: 'versionPriority',
  caBundle: 'caBundle',
  insecureSkipTLSVerify: 'insecureSkipTLSVerify',
  caBundleInjected: 'caBundleInjected',
};

/** `<version>.<group>`, the one name the apiserver accepts for an APIService. */
export function apiServiceName(d: Pick<ApiServiceDecl, 'group' | 'version'>): string {
  return `${d.version}.${d.group}`;
}

/** Every problem of one declaration, in field order; empty when the apiserver accepts it and the TLS choice is explicit. */
export function apiServiceProblems(d: Omit<ApiServiceDecl, 'origin'>): ApiServiceProblem[] {
  const out: ApiServiceProblem[] = [];
  const names = (field: ApiServiceField, value: string, what: string, errs: string[]) => {
    if (value === '') out.push({ field, message: `is required (${what})` });
    else if (errs.length > 0) out.push({ field, message: `${JSON.stringify(value)} is not valid: ${errs.join(', ')}` });
  };
  names('group', d.group, 'an empty group is the core API of the kube-apiserver itself', dns1123SubdomainErrors(d.group));
  names('version', d.version, 'e.g. v1alpha1', dns1035LabelErrors(d.version));
  names('service.name', d.service.name, 'the Service in front of the extension apiserver', dns1035LabelErrors(d.service.name));
  names('service.namespace', d.service.namespace, "the Service's namespace", dns1123LabelErrors(d.service.namespace));
  const range = (field: ApiServiceField, value: Int | undefined, min: number, max: number) => {
    if (value !== undefined && (value < min || value > max)) out.push({ field, message: `must be from ${min} to ${max}, not ${String(value)}` });
  };
  range('service.port', d.service.port, 1, 65535);
  range('groupPriorityMinimum', d.groupPriorityMinimum, 1, 20000);
  range('versionPriority', d.versionPriority, 1, 1000);
  const ca = d.caBundle;
  if (ca !== undefined) {
    if (ca.trim() === '') out.push({ field: 'caBundle', message: 'is empty' });
    else if (encodeCaBundle(ca) === undefined) out.push({ field: 'caBundle', message: 'is neither PEM certificates (-----BEGIN CERTIFICATE-----) nor base64 of them' });
  }
  const injected = d.caBundleInjected === true;
  if (ca !== undefined && d.insecureSkipTLSVerify === true) {
    out.push({ field: 'insecureSkipTLSVerify', message: 'cannot be true together with a caBundle (the apiserver refuses both): choose one' });
  } else if (injected && (ca !== undefined || d.insecureSkipTLSVerify === true)) {
    out.push({ field: 'caBundleInjected', message: `cannot be true together with ${ca !== undefined ? 'a caBundle' : 'insecureSkipTLSVerify=true'}: choose one` });
  } else if (ca === undefined && d.insecureSkipTLSVerify !== true && !injected) {
    out.push({ message: "choose how the apiserver verifies the extension apiserver's certificate: give a caBundle (or caBundleFile), caBundleInjected=true (an injector writes it), or insecureSkipTLSVerify=true" });
  }
  return out;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CERTIFICATE = '-----BEGIN CERTIFICATE-----';

/** The base64 text written to `spec.caBundle` for a PEM bundle or base64 of one; undefined when it is neither. */
export function encodeCaBundle(ca: string): string | undefined {
  if (ca.includes('-----BEGIN')) return ca.includes(CERTIFICATE) ? Buffer.from(ca, 'utf8').toString('base64') : undefined;
  const compact = ca.replace(/\s+/g, '');
  if (!BASE64.test(compact)) return undefined;
  return Buffer.from(compact, 'base64').toString('utf8').includes(CERTIFICATE) ? compact : undefined;
}

/** `apiservice.yaml` for the model's APIServices, or no file when there are none (or they have errors, reported into `bag`). */
export function generateApiServices(model: ManifestModel, options: ApiServiceOptions = {}, bag: DiagnosticBag = new DiagnosticBag()): GeneratorResult {
  const errors = bag.errorCount;
  const objects = buildApiServices(model.apiServices, bag);
  if (bag.errorCount > errors || objects.length === 0) return { files: [], diagnostics: bag.items };
  const contents = (options.header ?? '') + objects.map((o) => `---\n${marshalYamlV2(o)}`).join('');
  return { files: [{ path: APISERVICE_FILE, contents }], diagnostics: bag.items };
}

/** The APIService objects, sorted by name; every problem goes to `bag` (located at the marker or configuration entry). */
export function buildApiServices(decls: readonly ApiServiceDecl[], bag: DiagnosticBag): ApiServiceObject[] {
  const seen = new Map<string, ApiServiceDecl>();
  const out: ApiServiceObject[] = [];
  for (const d of decls) {
    const problems = apiServiceProblems(d);
    for (const p of problems) report(bag, 'invalid-apiservice', d, problemText(d, p));
    const name = apiServiceName(d);
    const first = seen.get(name);
    if (first) {
      const related: RelatedLocation[] = first.origin.kind === 'marker' ? [{ span: first.origin.span, message: `the first APIService ${name}` }] : [];
      const firstAt = first.origin.kind === 'config' ? ` (first in ${first.origin.at})` : '';
      report(bag, 'duplicate-apiservice', d, `the APIService ${name} is declared twice${firstAt}; declare each group/version once`, related);
      continue;
    }
    seen.set(name, d);
    if (problems.length === 0) out.push(toObject(d, name));
  }
  return out.sort((a, b) => compareBytes(a.metadata.name, b.metadata.name));
}

function toObject(d: ApiServiceDecl, name: string): ApiServiceObject {
  const spec: ApiServiceObject['spec'] = {
    group: d.group,
    groupPriorityMinimum: d.groupPriorityMinimum,
    service: { name: d.service.name, namespace: d.service.namespace, port: d.service.port ?? DEFAULT_APISERVICE_PORT },
    version: d.version,
    versionPriority: d.versionPriority,
  };
  if (d.caBundle !== undefined) spec.caBundle = encodeCaBundle(d.caBundle);
  if (d.insecureSkipTLSVerify === true) spec.insecureSkipTLSVerify = true;
  return { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name }, spec };
}

/** A problem as the declaration's author spells it: the marker's argument name, or the configuration's field. */
function problemText(d: ApiServiceDecl, p: ApiServiceProblem): string {
  if (d.origin.kind === 'marker') return `invalid +${APISERVICE_MARKER}: ${p.field === undefined ? '' : `${MARKER_ARGUMENT[p.field]} `}${p.message}`;
  return p.field === undefined ? p.message : `${p.field}: ${p.message}`;
}

function report(bag: DiagnosticBag, kind: 'invalid-apiservice' | 'duplicate-apiservice', d: ApiServiceDecl, message: string, related: RelatedLocation[] = []): void {
  const details = related.length > 0 ? { related } : undefined;
  if (d.origin.kind === 'marker') bag.report(kind, message, d.origin.span, details);
  else bag.report(kind, `${d.origin.at}: ${message}`, undefined, details);
}
