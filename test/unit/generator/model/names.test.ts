/**
 * The name rules of generator/model/names.ts against the API server's own messages: the `want` strings are copied
 * from k8s.io/apimachinery/pkg/util/validation (IsDNS1123Subdomain, IsDNS1035Label, MaxLenError, RegexError) and
 * apiextensions-apiserver's CRD validation, so any drift in wording or in the rule shows here. npm package names
 * follow validate-npm-package-name (npm's own checker). Version names sort in Kubernetes' order (GA, beta, alpha).
 */
import {
  compareKubeVersions,
  crdNameErrors,
  dns1035LabelErrors,
  dns1123SubdomainErrors,
  formatNameError,
  groupNameErrors,
  kindNameErrors,
  npmPackageNameErrors,
  resourceListErrors,
  resourceNameErrors,
  versionNameErrors,
} from '../../../../generator/model/names';

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const MAX63 = 'must be no more than 63 characters';
const MAX253 = 'must be no more than 253 characters';
/** A valid group of 245 characters: with `widgets.` in front, a CRD name of exactly 253. */
const GROUP_245 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}.io`;

describe('IsDNS1123Subdomain', () => {
  const table: Array<{ given: string; want: string[] }> = [
    { given: 'example.com', want: [] },
    { given: 'a', want: [] },
    { given: '0.a-b.c', want: [] },
    { given: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`, want: [] },
    { given: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`, want: [MAX253] },
    { given: '', want: [SUBDOMAIN] },
    { given: 'Example.com', want: [SUBDOMAIN] },
    { given: '../victim', want: [SUBDOMAIN] },
    { given: 'a..b', want: [SUBDOMAIN] },
    { given: '-a.b', want: [SUBDOMAIN] },
    { given: 'a.b-', want: [SUBDOMAIN] },
    { given: 'a/b.c', want: [SUBDOMAIN] },
    { given: 'a.b\n', want: [SUBDOMAIN] },
    { given: 'é.com', want: [SUBDOMAIN] },
    // No per-label limit in IsDNS1123Subdomain: only the total length and the pattern.
    { given: 'x'.repeat(253), want: [] },
    { given: 'x'.repeat(254), want: [MAX253] },
    { given: `-${'x'.repeat(254)}`, want: [MAX253, SUBDOMAIN] },
  ];
  test.each(table)('$given', ({ given, want }) => expect(dns1123SubdomainErrors(given)).toEqual(want));
});

describe('IsDNS1035Label', () => {
  const table: Array<{ given: string; want: string[] }> = [
    { given: 'v1', want: [] },
    { given: 'v1beta1', want: [] },
    { given: 'a-b', want: [] },
    { given: 'a'.repeat(63), want: [] },
    { given: 'a'.repeat(64), want: [MAX63] },
    { given: '', want: [LABEL1035] },
    { given: '1a', want: [LABEL1035] },
    { given: 'a-', want: [LABEL1035] },
    { given: 'a.b', want: [LABEL1035] },
    { given: 'a_b', want: [LABEL1035] },
    { given: 'A', want: [LABEL1035] },
    { given: 'foos/../secrets', want: [LABEL1035] },
    { given: '%2e%2e', want: [LABEL1035] },
    { given: 'a\0', want: [LABEL1035] },
    // Go counts bytes: 32 two-byte characters are 64 bytes.
    { given: 'é'.repeat(32), want: [MAX63, LABEL1035] },
  ];
  test.each(table)('$given', ({ given, want }) => expect(dns1035LabelErrors(given)).toEqual(want));
});

describe('CRD field rules, formatted as the API server formats field errors', () => {
  const table: Array<{ name: string; given: () => ReturnType<typeof groupNameErrors>; want: string[] }> = [
    { name: 'group ok', given: () => groupNameErrors('stable.example.com'), want: [] },
    { name: 'group empty', given: () => groupNameErrors(''), want: ['spec.group: Required value'] },
    { name: 'group without a dot', given: () => groupNameErrors('example'), want: ['spec.group: Invalid value: "example": should be a domain with at least one dot'] },
    { name: 'group traversal', given: () => groupNameErrors('../victim'), want: [`spec.group: Invalid value: "../victim": ${SUBDOMAIN}`] },
    { name: 'group upper case', given: () => groupNameErrors('Ex.com'), want: [`spec.group: Invalid value: "Ex.com": ${SUBDOMAIN}`] },
    { name: 'version ok', given: () => versionNameErrors('v1alpha1'), want: [] },
    { name: 'version upper case', given: () => versionNameErrors('V1'), want: [`spec.versions[*].name: Invalid value: "V1": ${LABEL1035}`] },
    { name: 'version traversal', given: () => versionNameErrors('..'), want: [`spec.versions[*].name: Invalid value: "..": ${LABEL1035}`] },
    { name: 'kind ok', given: () => kindNameErrors('CronTab'), want: [] },
    {
      name: 'kind with an underscore',
      given: () => kindNameErrors('Cron_Tab'),
      want: [`spec.names.kind: Invalid value: "Cron_Tab": may have mixed case, but should otherwise match: ${LABEL1035}`],
    },
    {
      name: 'kind starting lower-case (a kubegen rule)',
      given: () => kindNameErrors('cronTab'),
      want: ['spec.names.kind: Invalid value: "cronTab": must start with an upper-case letter (a kind is a CamelCase type name)'],
    },
    {
      name: 'list kind too long',
      given: () => kindNameErrors(`A${'b'.repeat(59)}`),
      want: [`spec.names.listKind: Invalid value: "A${'b'.repeat(59)}List": may have mixed case, but should otherwise match: ${MAX63}`],
    },
    { name: 'kind of 64 characters', given: () => kindNameErrors(`A${'b'.repeat(63)}`), want: [`spec.names.kind: Invalid value: "A${'b'.repeat(63)}": may have mixed case, but should otherwise match: ${MAX63}`] },
    { name: 'plural ok', given: () => resourceNameErrors('plural', 'crontabs'), want: [] },
    { name: 'plural empty', given: () => resourceNameErrors('plural', ''), want: ['spec.names.plural: Required value'] },
    {
      name: 'plural traversal',
      given: () => resourceNameErrors('plural', 'foos/../../../../api/v1/secrets'),
      want: [`spec.names.plural: Invalid value: "foos/../../../../api/v1/secrets": ${LABEL1035}`],
    },
    { name: 'singular with a dot', given: () => resourceNameErrors('singular', 'cron.tab'), want: [`spec.names.singular: Invalid value: "cron.tab": ${LABEL1035}`] },
    {
      name: 'short names: the second is bad',
      given: () => resourceListErrors('shortNames', ['ct', 'c_t']),
      want: [`spec.names.shortNames[1]: Invalid value: "c_t": ${LABEL1035}`],
    },
    { name: 'categories: empty', given: () => resourceListErrors('categories', ['']), want: [`spec.names.categories[0]: Invalid value: "": ${LABEL1035}`] },
    { name: 'CRD name of 253', given: () => crdNameErrors('widgets', GROUP_245), want: [] },
    { name: 'CRD name over 253', given: () => crdNameErrors('widgetss', GROUP_245), want: [`metadata.name: Invalid value: "widgetss.${GROUP_245}": ${MAX253}`] },
  ];
  test.each(table)('$name', ({ given, want }) => expect(given().map(formatNameError)).toEqual(want));
});

describe('npm package names (validate-npm-package-name, new packages)', () => {
  const table: Array<{ given: string; want: string[] }> = [
    { given: '@kubegen-generated/stable.example.com', want: [] },
    { given: 'stable.example.com', want: [] },
    { given: '@acme/crd-stable.example.com', want: [] },
    { given: '', want: ['name length must be greater than zero'] },
    { given: '.hidden', want: ['name cannot start with a period'] },
    { given: '_under', want: ['name cannot start with an underscore'] },
    { given: ' x', want: ['name cannot contain leading or trailing spaces', 'name can only contain URL-friendly characters'] },
    { given: 'node_modules', want: ['node_modules is not a valid package name'] },
    { given: 'http', want: ['http is a core module name'] },
    { given: 'a'.repeat(215), want: ['name can no longer contain more than 214 characters'] },
    { given: '@Acme/x', want: ['name can no longer contain capital letters'] },
    { given: 'x!', want: ['name can no longer contain special characters ("~\'!()*")'] },
    { given: '@x/../victim', want: ['name can only contain URL-friendly characters'] },
    { given: '@x/..', want: ['name cannot start with a period'] },
    { given: '@../x', want: ['scope cannot be "." or ".."'] },
    { given: '../victim', want: ['name cannot start with a period', 'name can only contain URL-friendly characters'] },
    { given: '/abs/x', want: ['name can only contain URL-friendly characters'] },
    { given: 'a\\b', want: ['name can only contain URL-friendly characters'] },
    { given: 'a\0b', want: ['name can only contain URL-friendly characters'] },
    { given: '%2e%2e', want: ['name can only contain URL-friendly characters'] },
    { given: 'a\ud800', want: ['name can only contain URL-friendly characters'] },
    { given: 'ü', want: ['name can only contain URL-friendly characters'] },
  ];
  test.each(table)('$given', ({ given, want }) => expect(npmPackageNameErrors(given)).toEqual(want));
});

describe('Kubernetes version order (apimachinery CompareKubeAwareVersionStrings)', () => {
  const table: Array<{ given: string[]; want: string[] }> = [
    { given: ['v1', 'v2'], want: ['v2', 'v1'] },
    { given: ['v1alpha1', 'v1beta1', 'v1'], want: ['v1', 'v1beta1', 'v1alpha1'] },
    { given: ['v1beta1', 'v1beta2', 'v2beta1', 'v1alpha3'], want: ['v2beta1', 'v1beta2', 'v1beta1', 'v1alpha3'] },
    { given: ['v10', 'v9', 'v10beta1'], want: ['v10', 'v9', 'v10beta1'] },
    { given: ['foo', 'v1alpha1', 'bar', 'v1x'], want: ['v1alpha1', 'bar', 'foo', 'v1x'] },
  ];
  test.each(table)('$given', ({ given, want }) => expect([...given].sort(compareKubeVersions)).toEqual(want));
});
