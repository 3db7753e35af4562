/**
 * Names that become paths, URLs and package names, checked once with the API server's own rules.
 *
 * Every API group, version, kind and resource name of a model ends up in a file path (`<group>_<plural>.yaml`,
 * `<group>/src/<version>/…`), in a REST path (`/apis/<group>/<version>/<plural>`) and in a CRD the API server
 * validates. The rules here are those of `k8s.io/apimachinery/pkg/util/validation` (`IsDNS1123Subdomain`,
 * `IsDNS1035Label`) as `apiextensions-apiserver/pkg/apis/apiextensions/validation` applies them to a CRD, and the
 * detail strings are the API server's, character for character, so a kubegen error reads like the `kubectl apply`
 * error it prevents. A name that passes these rules contains no `/`, `\`, `..`, NUL or non-ASCII character, so it
 * is also safe as a path segment.
 *
 * `checkModelNames` applies the rules to loaded packages and reports each violation at the marker (or declaration)
 * that produced the name; `npmPackageNameErrors` checks a generated package's name as npm does.
 */
import { builtinModules } from 'node:module';
import type { DiagnosticBag } from '../diagnostics';
import { findMarker } from '../markers/accessors';
import { GroupName, Resource, VersionName } from '../markers/definitions/crd';
import type { Kind, Package, SourceSpan, TypeDecl } from './types';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_MAX = 253;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);

const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_ERR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const DNS1035_LABEL_MAX = 63;
const DNS1035_LABEL_RE = new RegExp(`^${DNS1035_LABEL_FMT}$`);

/** apimachinery's `MaxLenError`. */
function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** apimachinery's `RegexError` (its odd spacing included: `(e.g. 'a',  or 'b', …`). */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

/** Go's `len(string)`: the UTF-8 byte length, which is what the API server's length limits count. */
function byteLength(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/** `IsDNS1123Subdomain`: the error strings, empty when valid. */
export function dns1123SubdomainErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX));
  if (!DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

const DNS1123_LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_LABEL_MAX = 63;
const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);

/** `IsDNS1123Label` (a namespace name): the error strings, empty when valid. */
export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_LABEL_MAX) errs.push(maxLenError(DNS1123_LABEL_MAX));
  if (!DNS1123_LABEL_RE.test(value)) errs.push(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  return errs;
}

/** `IsDNS1035Label`: the error strings, empty when valid. */
export function dns1035LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1035_LABEL_MAX) errs.push(maxLenError(DNS1035_LABEL_MAX));
  if (!DNS1035_LABEL_RE.test(value)) errs.push(regexError(DNS1035_LABEL_ERR, DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  return errs;
}

/** One refused name, as the API server words it: `<field>: Invalid value: "<value>": <detail>` or `<field>: Required value`. */
export interface NameError {
  /** The CRD field the name lands in, e.g. `spec.names.plural`. */
  field: string;
  value: string;
  /** Absent for a missing (empty) required name. */
  detail?: string;
  /** A rule of kubegen's on top of the API server's (the API server would accept the name). */
  kubegen?: true;
}

export function formatNameError(e: NameError): string {
  return e.detail === undefined ? `${e.field}: Required value` : `${e.field}: Invalid value: ${JSON.stringify(e.value)}: ${e.detail}`;
}

function invalid(field: string, value: string, errs: string[]): NameError[] {
  return errs.length > 0 ? [{ field, value, detail: errs.join(',') }] : [];
}

/**
 * An API group any API may have (and a path component kubegen may write): empty (the core group of built-in APIs) or
 * a DNS-1123 subdomain. A CRD's group must also pass {@link groupNameErrors}.
 */
export function apiGroupNameErrors(group: string): NameError[] {
  return group.length === 0 ? [] : invalid('spec.group', group, dns1123SubdomainErrors(group));
}

/** A CRD's `spec.group`: required, a DNS-1123 subdomain, with at least one dot. */
export function groupNameErrors(group: string): NameError[] {
  if (group.length === 0) return [{ field: 'spec.group', value: group }];
  const errs = dns1123SubdomainErrors(group);
  if (errs.length > 0) return invalid('spec.group', group, errs);
  if (group.split('.').length < 2) return invalid('spec.group', group, ['should be a domain with at least one dot']);
  return [];
}

/** `spec.versions[*].name`: a DNS-1035 label. */
export function versionNameErrors(version: string): NameError[] {
  return invalid('spec.versions[*].name', version, dns1035LabelErrors(version));
}

/**
 * `spec.names.kind` and the `listKind` derived from it: the API server's "may have mixed case, but should otherwise
 * match" a DNS-1035 label. kubegen also requires an upper-case first letter: a kind is a CamelCase type name
 * (API conventions), and the lower-case kind is the default singular, so `foo` and `Foo` would be the same resource.
 */
export function kindNameErrors(kind: string): NameError[] {
  if (kind.length === 0) return [{ field: 'spec.names.kind', value: kind }];
  const errs = dns1035LabelErrors(kind.toLowerCase());
  if (errs.length > 0) return invalid('spec.names.kind', kind, [`may have mixed case, but should otherwise match: ${errs.join(',')}`]);
  if (!/^[A-Z]/.test(kind)) return [{ field: 'spec.names.kind', value: kind, detail: 'must start with an upper-case letter (a kind is a CamelCase type name)', kubegen: true }];
  const listKind = `${kind}List`;
  const listErrs = dns1035LabelErrors(listKind.toLowerCase());
  if (listErrs.length > 0) return invalid('spec.names.listKind', listKind, [`may have mixed case, but should otherwise match: ${listErrs.join(',')}`]);
  return [];
}

/** `spec.names.plural` / `singular`: required (kubegen always sets them), DNS-1035 labels. */
export function resourceNameErrors(field: 'plural' | 'singular', value: string): NameError[] {
  if (value.length === 0) return [{ field: `spec.names.${field}`, value }];
  return invalid(`spec.names.${field}`, value, dns1035LabelErrors(value));
}

/** `spec.names.shortNames[i]` / `categories[i]`: each a DNS-1035 label (empty ones included). */
export function resourceListErrors(field: 'shortNames' | 'categories', values: readonly string[]): NameError[] {
  return values.flatMap((v, i) => invalid(`spec.names.${field}[${i}]`, v, dns1035LabelErrors(v)));
}

/** `metadata.name` of the CRD, `<plural>.<group>`: a DNS-1123 subdomain (so at most 253 characters). */
export function crdNameErrors(plural: string, group: string): NameError[] {
  const name = `${plural}.${group}`;
  return invalid('metadata.name', name, dns1123SubdomainErrors(name));
}

const NPM_EXCLUDED = ['node_modules', 'favicon.ico'];
const NPM_SCOPED = /^(?:@([^/]+?)[/])?([^/]+?)$/;

/** `encodeURIComponent(s) === s`, false (not a throw) for strings with lone surrogates. */
function urlSafe(s: string): boolean {
  try {
    return encodeURIComponent(s) === s;
  } catch {
    return false;
  }
}

/**
 * Why `name` is not a valid name for a new npm package: npm's own rules (`validate-npm-package-name`, errors and
 * the warnings that make a name invalid for new packages, in its words), plus kubegen's: no `.` or `..` as the
 * scope. Empty when valid.
 */
export function npmPackageNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length === 0) errs.push('name length must be greater than zero');
  if (name.startsWith('.')) errs.push('name cannot start with a period');
  if (name.startsWith('_')) errs.push('name cannot start with an underscore');
  if (name.trim() !== name) errs.push('name cannot contain leading or trailing spaces');
  for (const excluded of NPM_EXCLUDED) if (name.toLowerCase() === excluded) errs.push(`${excluded} is not a valid package name`);
  if (builtinModules.includes(name.toLowerCase())) errs.push(`${name} is a core module name`);
  if (name.length > 214) errs.push('name can no longer contain more than 214 characters');
  if (name.toLowerCase() !== name) errs.push('name can no longer contain capital letters');
  if (/[~'!()*]/.test(name.slice(name.lastIndexOf('/') + 1))) errs.push('name can no longer contain special characters ("~\'!()*")');
  if (!urlSafe(name)) {
    const [, scope, pkg] = NPM_SCOPED.exec(name) ?? [];
    let ok = false;
    if (scope !== undefined && pkg !== undefined) {
      if (pkg.startsWith('.')) errs.push('name cannot start with a period');
      if (scope === '.' || scope === '..') errs.push('scope cannot be "." or ".."');
      ok = urlSafe(scope) && urlSafe(pkg);
    }
    if (!ok) errs.push('name can only contain URL-friendly characters');
  }
  return [...new Set(errs)];
}

/**
 * Check every name of a model that becomes a path, URL or CRD field: each group (at its `+groupName`), each
 * version (at its `+versionName`, else at the `+groupName` of the folder it is named after), and each kind's
 * kind/list kind (at the declaration) and plural/singular/shortNames/categories (at `+kubebuilder:resource` when it
 * sets them, else at the declaration they are derived from). Names derived from an invalid kind are not reported
 * again.
 */
export function checkModelNames(packages: readonly Package[], bag: DiagnosticBag): void {
  for (const pkg of packages) {
    if (pkg.group === undefined || pkg.skip) continue;
    const groupMarker = findMarker(pkg.markers, GroupName);
    // Built-in and aggregated API groups may be empty or dotless; the CRD rule is the crd generator's (checkCrdGroupNames).
    const groupOk = report(bag, apiGroupNameErrors(pkg.group), '+groupName', groupMarker?.span);
    const versionMarker = findMarker(pkg.markers, VersionName);
    const versionWhat = versionMarker ? '+versionName' : `the version named after the folder ${JSON.stringify(pkg.dir)} (+versionName overrides it)`;
    report(bag, versionNameErrors(pkg.version), versionWhat, (versionMarker ?? groupMarker)?.span);
    for (const kind of pkg.kinds) {
      const decl = pkg.types.find((t) => t.name === kind.name);
      checkKindNames(kind, decl, groupOk && groupNameErrors(pkg.group).length === 0 ? pkg.group : undefined, bag);
    }
  }
}

/**
 * The CRD rule for groups (non-empty, with at least one dot), for the groups of `packages` that become CRDs: reported
 * once per group, at its `+groupName`.
 */
export function checkCrdGroupNames(packages: readonly Package[], bag: DiagnosticBag): void {
  const seen = new Set<string>();
  for (const pkg of packages) {
    if (pkg.group === undefined || pkg.skip || pkg.kinds.length === 0 || seen.has(pkg.group)) continue;
    seen.add(pkg.group);
    if (apiGroupNameErrors(pkg.group).length > 0) continue; // reported with the model
    report(bag, groupNameErrors(pkg.group), '+groupName', findMarker(pkg.markers, GroupName)?.span);
  }
}

function checkKindNames(kind: Kind, decl: TypeDecl | undefined, group: string | undefined, bag: DiagnosticBag): void {
  const resource = decl ? findMarker(decl.markers, Resource) : undefined;
  const given = resource?.value ?? {};
  const kindOk = report(bag, kindNameErrors(kind.name), `kind ${kind.name}`, kind.span);
  const at = (explicit: boolean) => (explicit && resource ? resource.span : kind.span); // explicit: given by the marker
  const where = (explicit: boolean, arg: string) => (explicit ? `+kubebuilder:resource:${arg}` : `the ${arg} derived from kind ${kind.name}`);
  const pluralGiven = given.path !== undefined;
  const pluralChecked = pluralGiven || kindOk;
  const pluralOk = pluralChecked && report(bag, resourceNameErrors('plural', kind.plural), where(pluralGiven, 'path'), at(pluralGiven));
  const singularGiven = given.singular !== undefined;
  if (singularGiven || kindOk) report(bag, resourceNameErrors('singular', kind.singular), where(singularGiven, 'singular'), at(singularGiven));
  report(bag, resourceListErrors('shortNames', kind.shortNames), '+kubebuilder:resource:shortName', resource?.span ?? kind.span);
  report(bag, resourceListErrors('categories', kind.categories), '+kubebuilder:resource:categories', resource?.span ?? kind.span);
  if (pluralOk && group !== undefined) report(bag, crdNameErrors(kind.plural, group), `the CRD name of kind ${kind.name}`, at(pluralGiven));
}

/**
 * Report each error as `<what> would be refused by the API server: <its message>` (or, for a rule of kubegen's,
 * `<what> is refused: …`); true when there were none.
 */
function report(bag: DiagnosticBag, errors: NameError[], what: string, span: SourceSpan | undefined): boolean {
  for (const e of errors) bag.report('invalid-name', `${what} ${e.kubegen ? 'is refused' : 'would be refused by the API server'}: ${formatNameError(e)}`, span);
  return errors.length === 0;
}

/**
 * How the folder of an API group is named, in an APIs tree the importer writes and in generated output:
 * - `group`: the group name (`rbac.authorization.k8s.io`);
 * - `short`: the group's first DNS label, as k8s.io/api lays out its packages (`rbac`, `apps`, `admissionregistration`).
 * Either way the empty (core) group is `core`.
 */
export type GroupFolderStyle = 'group' | 'short';

/** The folder of `group` in the given style (see {@link GroupFolderStyle}). */
export function groupFolder(group: string, style: GroupFolderStyle = 'group'): string {
  if (group === '') return 'core';
  const dot = group.indexOf('.');
  return style === 'short' && dot >= 0 ? group.slice(0, dot) : group;
}

/**
 * A webhook Service reference's `path` as the API server validates it (`ValidateWebhookService` in
 * k8s.io/apiserver/pkg/util/webhook): empty or `/`, or `/` followed by `/`-separated segments (one trailing `/`
 * allowed) that are each a DNS-1123 subdomain. So a path is always a URL path: it cannot hold `..`, `@`, `:`, `?`,
 * `#`, whitespace or control characters that would change where `https://host:port` + path points. The error
 * strings are the API server's. Empty when valid.
 */
export function webhookPathErrors(urlPath: string): string[] {
  if (urlPath === '/' || urlPath === '') return [];
  if (urlPath === '//') return ['segment[0] may not be empty'];
  const errs: string[] = [];
  if (!urlPath.startsWith('/')) errs.push("must start with a '/'");
  let rest = urlPath.slice(1);
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  rest.split('/').forEach((step, i) => {
    if (step === '') errs.push(`segment[${i}] may not be empty`);
    else for (const e of dns1123SubdomainErrors(step)) errs.push(`segment[${i}]: ${e}`);
  });
  return errs;
}

/**
 * A webhook's `url` as the API server validates it (`ValidateWebhookURL` with https forced): an absolute `https`
 * URL with a host, and no user information, query or fragment — so `https://a@evil.example.com/` and
 * `https://host/x?y` are refused; also no whitespace or control characters, which Go's `url.Parse` refuses. Empty
 * when valid.
 */
export function webhookUrlErrors(url: string): string[] {
  const form = '; desired format: https://host[/path]';
  // eslint-disable-next-line no-control-regex -- the control characters are what the URL may not hold
  if (/[\u0000-\u0020\u007f]/.test(url)) return [`url must be a valid URL: it contains whitespace or a control character${form}`];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [`url must be a valid URL${form}`];
  }
  const errs: string[] = [];
  if (u.protocol !== 'https:') errs.push(`'https' is the only allowed URL scheme${form}`);
  if (u.host === '') errs.push(`host must be specified${form}`);
  if (u.username !== '' || u.password !== '' || /^[^/]*\/\/[^/?#]*@/.test(url)) errs.push('user information is not permitted in the URL');
  if (url.includes('#')) errs.push('fragments are not permitted in the URL');
  if (url.includes('?')) errs.push('query parameters are not permitted in the URL');
  return errs;
}

const KUBE_VERSION = /^v([1-9][0-9]*)(?:(alpha|beta)([1-9][0-9]*))?$/;

/**
 * Kubernetes' order of version names (apimachinery's `CompareKubeAwareVersionStrings`), the order discovery lists a
 * group's versions in and the first of which is its preferred version: GA before beta before alpha, then the higher
 * major, then the higher minor (`v2`, `v1`, `v1beta2`, `v1beta1`, `v1alpha1`); names of another shape after them all,
 * alphabetically. Negative when `a` comes first.
 */
export function compareKubeVersions(a: string, b: string): number {
  const rank = (v: string): [number, number, number] | undefined => {
    const m = KUBE_VERSION.exec(v);
    if (!m) return undefined;
    const stage = m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0;
    return [stage, Number(m[1]), m[3] === undefined ? 0 : Number(m[3])];
  };
  const ra = rank(a);
  const rb = rank(b);
  if (ra === undefined || rb === undefined) {
    if (ra !== rb) return ra === undefined ? 1 : -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  for (let i = 0; i < 3; i++) {
    const d = (rb[i] ?? 0) - (ra[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
