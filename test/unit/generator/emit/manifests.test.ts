/**
 * The RBAC / webhook front end and emitters in isolation: which comments are read (tables), controller-gen's rule
 * merging (tables), and properties of the merge — the result grants exactly what the markers grant, does not
 * depend on marker order, and never mutates the model. Run counts come from KUBEGEN_FUZZ_RUNS.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { DiagnosticBag } from '../../../../generator/diagnostics';
import { buildRoles, generateRbac, type PolicyRule } from '../../../../generator/emit/rbac';
import { compareBytes, uniqueSorted } from '../../../../generator/emit/shared/manifest-util';
import { generateWebhooks } from '../../../../generator/emit/webhook';
import { loadManifestModel } from '../../../../generator/load/manifests';
import { markerDefinition, typeString } from '../../../../generator/markers';
import type { ManifestModel, RbacRuleDecl, WebhookDecl } from '../../../../generator/model/manifests';
import { present } from '../../helpers/present';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);
const span = { file: 'x.ts', line: 1, column: 1 };

describe('the marker registry matches controller-tools v0.21 (pkg/rbac Rule, pkg/webhook Config and WebhookConfig)', () => {
  const table: Array<{ given: string; want: Array<[string, string, boolean]> }> = [
    {
      given: 'kubebuilder:rbac',
      want: [['groups', '[]string', true], ['resources', '[]string', true], ['resourceNames', '[]string', true], ['verbs', '[]string', false], ['urls', '[]string', true], ['namespace', 'string', true], ['roleName', 'string', true]],
    },
    {
      given: 'kubebuilder:webhook',
      want: [
        ['mutating', 'bool', false], ['failurePolicy', 'string', false], ['matchPolicy', 'string', true], ['sideEffects', 'string', true], ['timeoutSeconds', 'int', true],
        ['groups', '[]string', false], ['resources', '[]string', false], ['verbs', '[]string', false], ['versions', '[]string', false], ['name', 'string', false],
        ['serviceName', 'string', true], ['serviceNamespace', 'string', true], ['path', 'string', true], ['servicePort', 'int', true], ['webhookVersions', '[]string', true],
        ['admissionReviewVersions', '[]string', false], ['reinvocationPolicy', 'string', true], ['url', 'string', true],
      ],
    },
    { given: 'kubebuilder:webhookconfiguration', want: [['mutating', 'bool', false], ['name', 'string', true]] },
  ];
  it.each(table)('$given', ({ given, want }) => {
    const def = markerDefinition(given)!;
    expect(def.targets).toEqual(['package']);
    expect(def.repeatable).toBe(true);
    if (def.args.kind !== 'struct') throw new Error(`${given} takes named arguments`);
    expect(Object.entries(def.args.args).map(([name, a]) => [name, typeString(a.type), !!a.optional])).toEqual(want);
  });
});

describe('loadManifestModel: which comments are read', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-manifest-load-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const R = '+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get';
  const table: Array<{ name: string; given: Record<string, string>; want: { rules: number; messages: string[] } }> = [
    { name: 'a JSDoc block above an import (the file comment)', given: { 'a.ts': `/**\n * ${R}\n */\nimport * as fs from 'node:fs';\n` }, want: { rules: 1, messages: [] } },
    { name: 'a // group separated from a declaration by a blank line', given: { 'a.ts': `// ${R}\n\nexport class A {}\n` }, want: { rules: 1, messages: [] } },
    { name: 'the group above a doc comment', given: { 'a.ts': `// ${R}\n\n/** A. */\nexport class A {}\n` }, want: { rules: 1, messages: [] } },
    { name: 'a plain block comment after the last statement', given: { 'a.ts': `export const a = 1;\n/* ${R} */\n` }, want: { rules: 1, messages: [] } },
    { name: '//+ without a space', given: { 'a.ts': `//${R}\n` }, want: { rules: 1, messages: [] } },
    {
      name: 'a doc comment of a variable',
      given: { 'a.ts': `// ${R}\nexport const a = 1;\n` },
      want: { rules: 0, messages: ['a.ts:1:4 - error: +kubebuilder:rbac is in the doc comment of variable a, where controller-gen does not read it; separate the marker from the declaration with a blank line'] },
    },
    {
      name: 'inside a function body',
      given: { 'a.ts': `export function f() {\n  // ${R}\n}\n` },
      want: { rules: 0, messages: ['a.ts:2:6 - error: +kubebuilder:rbac is inside function f, where controller-gen does not read it; move it to a comment at the top level of the file'] },
    },
    {
      name: 'inside an object literal of an expression statement',
      given: { 'a.ts': `console.log({\n  // ${R}\n  a: 1,\n});\n` },
      want: { rules: 0, messages: ['a.ts:2:6 - error: +kubebuilder:rbac is inside a statement, where controller-gen does not read it; move it to a comment at the top level of the file'] },
    },
    { name: 'other generators\' markers and foreign markers are left alone', given: { 'a.ts': '// +kubebuilder:object:root=true\n// +k8s:deepcopy-gen=package\n// +foo:bar=1\nexport class A {}\n' }, want: { rules: 0, messages: [] } },
    { name: 'test files and declaration files are not scanned', given: { 'a.test.ts': `// ${R}\n`, 'b.d.ts': `// ${R}\n`, 'node_modules/c.ts': `// ${R}\n` }, want: { rules: 0, messages: [] } },
    {
      name: 'a syntax error is reported, the file is not scanned',
      given: { 'a.ts': `// ${R}\nexport class {\n` },
      want: { rules: 0, messages: ['a.ts:3:1 - error: \'}\' expected.'] },
    },
  ];
  it.each(table)('$name', ({ given, want }) => {
    for (const [name, text] of Object.entries(given)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const { model, diagnostics } = loadManifestModel({ paths: ['.'], cwd: dir });
    expect(diagnostics.map((d) => `${d.span ? `${d.span.file}:${d.span.line}:${d.span.column} - ` : ''}${d.severity}: ${d.message}`)).toEqual(want.messages);
    expect(model.rbacRules.length).toBe(want.rules);
  });

  it('keeps each marker\'s arguments as written, with its span', () => {
    fs.writeFileSync(path.join(dir, 'a.ts'), '\n// +kubebuilder:rbac:groups=core;apps,resources=pods,verbs=get,namespace=ns\n');
    const { model } = loadManifestModel({ paths: ['a.ts'], cwd: dir });
    expect(model.rbacRules).toEqual([{ groups: ['core', 'apps'], resources: ['pods'], verbs: ['get'], namespace: 'ns', span: { file: 'a.ts', line: 2, column: 4 } }]);
  });

  it('reports paths that do not exist or are not .ts files', () => {
    fs.writeFileSync(path.join(dir, 'a.go'), '');
    const { diagnostics } = loadManifestModel({ paths: ['missing', 'a.go'], cwd: dir });
    expect(diagnostics.map((d) => d.message)).toEqual(['path "missing" does not exist', 'path "a.go" is neither a directory nor a .ts file']);
  });
});

const rule = (r: Partial<RbacRuleDecl>): RbacRuleDecl => ({ verbs: ['get'], span, ...r });

describe('rbac rules: controller-gen\'s merge', () => {
  const table: Array<{ name: string; given: RbacRuleDecl[]; want: PolicyRule[] }> = [
    {
      name: 'verbs of one group/resource merge; core becomes ""',
      given: [rule({ groups: ['core'], resources: ['pods'], verbs: ['list', 'get'] }), rule({ groups: [''], resources: ['pods'], verbs: ['watch', 'get'] })],
      want: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] }],
    },
    {
      name: 'resources with equal verbs merge, then groups with equal resources',
      given: [
        rule({ groups: ['a'], resources: ['x'] }),
        rule({ groups: ['a'], resources: ['y'] }),
        rule({ groups: ['b'], resources: ['x', 'y'] }),
      ],
      want: [{ apiGroups: ['a', 'b'], resources: ['x', 'y'], verbs: ['get'] }],
    },
    {
      name: '* becomes the only verb after merging, so * and *;get on two resources stay two rules',
      given: [rule({ groups: ['apps'], resources: ['d'], verbs: ['*'] }), rule({ groups: ['apps'], resources: ['s'], verbs: ['*', 'get'] })],
      want: [
        { apiGroups: ['apps'], resources: ['d'], verbs: ['*'] },
        { apiGroups: ['apps'], resources: ['s'], verbs: ['*'] },
      ],
    },
    {
      name: 'urls merge and sort first; case is kept and upper case sorts first',
      given: [rule({ urls: ['/b'] }), rule({ urls: ['/a'] }), rule({ groups: ['apps'], resources: ['x'] }), rule({ groups: ['Apps'], resources: ['X'], verbs: ['GET'] })],
      want: [
        { nonResourceURLs: ['/a', '/b'], verbs: ['get'] },
        { apiGroups: ['Apps'], resources: ['X'], verbs: ['GET'] },
        { apiGroups: ['apps'], resources: ['x'], verbs: ['get'] },
      ],
    },
    {
      // controller-gen drops one of the two (Go map order); kubegen unites their verbs.
      name: 'two merged rules with one key but different verbs unite their verbs',
      given: [rule({ groups: ['a'], resources: ['r'] }), rule({ groups: ['b'], resources: ['r'] }), rule({ groups: ['a', 'b'], resources: ['r'], verbs: ['list'] })],
      want: [{ apiGroups: ['a', 'b'], resources: ['r'], verbs: ['get', 'list'] }],
    },
  ];
  it.each(table)('$name', ({ given, want }) => {
    const bag = new DiagnosticBag();
    const roles = buildRoles(given, 'manager-role', bag);
    expect(bag.items).toEqual([]);
    expect(roles).toEqual([{ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'manager-role' }, rules: want }]);
  });

  it('orders objects by namespace then name, ClusterRoles first', () => {
    const bag = new DiagnosticBag();
    const roles = buildRoles(
      [rule({ groups: ['g'], resources: ['r'], namespace: 'b' }), rule({ groups: ['g'], resources: ['r'], namespace: 'a', roleName: 'z' }), rule({ groups: ['g'], resources: ['r'], namespace: 'a' }), rule({ groups: ['g'], resources: ['r'] })],
      'm',
      bag,
    );
    expect(roles.map((r) => [r.kind, r.metadata.namespace ?? '', r.metadata.name])).toEqual([
      ['ClusterRole', '', 'm'],
      ['Role', 'a', 'm'],
      ['Role', 'a', 'z'],
      ['Role', 'b', 'm'],
    ]);
  });

  it('compares strings as Go does (UTF-8 bytes, not UTF-16 units)', () => {
    const astral: string = '\u{10000}';
    const lastBmp: string = '\uffff';
    expect(compareBytes(astral, lastBmp)).toBe(1);
    expect(astral < lastBmp).toBe(true); // JavaScript compares UTF-16 units
    expect(uniqueSorted(['b', 'a', 'b', 'B'])).toEqual(['B', 'a', 'b']);
  });
});

/** What a set of rules grants: `group|resource|name` or `url:<u>` → verbs ('*' alone when all verbs). */
function grants(rules: ReadonlyArray<{ groups?: string[]; resources?: string[]; resourceNames?: string[]; urls?: string[]; verbs: string[] }>): Map<string, string[]> {
  const acc = new Map<string, Set<string>>();
  const add = (key: string, verbs: string[]) => {
    let s = acc.get(key);
    if (!s) acc.set(key, (s = new Set()));
    for (const v of verbs) s.add(v);
  };
  for (const r of rules) {
    for (const u of r.urls ?? []) add(`url:${u}`, r.verbs);
    for (const g of r.groups ?? []) {
      for (const res of r.resources ?? []) {
        const names = r.resourceNames && r.resourceNames.length > 0 ? r.resourceNames : [''];
        for (const n of names) add(`${g === 'core' ? '' : g}|${res}|${n}`, r.verbs);
      }
    }
  }
  return new Map([...acc].map(([k, s]) => [k, s.has('*') ? ['*'] : uniqueSorted([...s])]));
}

const word = fc.constantFrom('a', 'b', 'c', 'core', '', 'B');
const list = (min: number) => fc.uniqueArray(word, { minLength: min, maxLength: 3 });
const resourceRule = fc.record({ groups: list(1), resources: fc.uniqueArray(fc.constantFrom('x', 'y', 'z', '*'), { minLength: 1, maxLength: 3 }), resourceNames: fc.option(fc.uniqueArray(fc.constantFrom('n1', 'n2', 'N'), { minLength: 1, maxLength: 2 }), { nil: undefined }), verbs: fc.uniqueArray(fc.constantFrom('get', 'list', '*', 'watch'), { minLength: 1, maxLength: 3 }) });
const urlRule = fc.record({ urls: fc.uniqueArray(fc.constantFrom('/a', '/b', '/c'), { minLength: 1, maxLength: 2 }), verbs: fc.uniqueArray(fc.constantFrom('get', 'post', '*'), { minLength: 1, maxLength: 2 }) });
const ruleSet = fc.array(fc.oneof(resourceRule, urlRule), { minLength: 1, maxLength: 8 }).map((rs) => rs.map((r) => ({ ...r, span })));

describe('rbac rules: properties', () => {
  it('the ClusterRole grants exactly what the markers grant', () => {
    fc.assert(
      fc.property(ruleSet, (decls) => {
        const bag = new DiagnosticBag();
        const [role] = buildRoles(decls, 'm', bag);
        expect(bag.items).toEqual([]);
        const out = present(role, 'the ClusterRole').rules.map((r) => ({ groups: r.apiGroups, resources: r.resources, resourceNames: r.resourceNames, urls: r.nonResourceURLs, verbs: r.verbs }));
        expect(grants(out)).toEqual(grants(decls));
      }),
      { numRuns: RUNS },
    );
  });

  it('does not depend on the order of the markers, and does not mutate them', () => {
    fc.assert(
      fc.property(ruleSet.chain((rs) => fc.tuple(fc.constant(rs), fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }))), ([decls, shuffled]) => {
        const before = JSON.stringify(decls);
        const model: ManifestModel = { rbacRules: decls, webhooks: [], webhookConfigurations: [], apiServices: [] };
        const a = generateRbac(model);
        const b = generateRbac({ ...model, rbacRules: shuffled });
        expect(b.files).toEqual(a.files);
        expect(JSON.stringify(decls)).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('webhooks', () => {
  const webhook = (w: Partial<WebhookDecl>): WebhookDecl => ({
    mutating: false,
    failurePolicy: 'fail',
    sideEffects: 'None',
    groups: ['core'],
    resources: ['pods'],
    verbs: ['create'],
    versions: ['v1'],
    name: 'v.example.com',
    path: '/v',
    admissionReviewVersions: ['v1'],
    span,
    ...w,
  });

  it('sorts webhooks by name, mutating configuration first, and leaves the model as it was', () => {
    const model: ManifestModel = {
      rbacRules: [],
      webhooks: [webhook({ name: 'b.example.com' }), webhook({ name: 'b-1.example.com' }), webhook({ name: 'm.example.com', mutating: true })],
      webhookConfigurations: [],
      apiServices: [],
    };
    const before = JSON.stringify(model);
    const { files, diagnostics } = generateWebhooks(model);
    expect(diagnostics).toEqual([]);
    expect(JSON.stringify(model)).toBe(before);
    const text = present(files[0], 'the webhook manifest').contents;
    expect(text.indexOf('kind: MutatingWebhookConfiguration')).toBeLessThan(text.indexOf('kind: ValidatingWebhookConfiguration'));
    expect(text.indexOf('name: b-1.example.com')).toBeLessThan(text.indexOf('name: b.example.com'));
    expect(text).toContain('  - apiGroups:\n    - ""\n');
  });

  it('warns about a configuration name for a kind without webhooks', () => {
    const { files, diagnostics } = generateWebhooks({ rbacRules: [], webhooks: [webhook({})], webhookConfigurations: [{ mutating: true, name: 'm', span }], apiServices: [] });
    expect(files.length).toBe(1);
    expect(diagnostics).toEqual([{ severity: 'warning', code: 'KG6101', message: '+kubebuilder:webhookconfiguration names the MutatingWebhookConfiguration, but there is no mutating webhook; nothing is generated for it', span, hint: undefined }]);
  });

  it('writes no file without webhooks', () => {
    expect(generateWebhooks({ rbacRules: [], webhooks: [], webhookConfigurations: [], apiServices: [] })).toEqual({ files: [], diagnostics: [] });
  });
});
