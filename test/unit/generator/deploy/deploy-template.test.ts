/**
 * The deploy model's two renderings of one object (generator/deploy/template.ts): `resolve` for a set of chart
 * settings, `chartYaml` as a Helm template; and the `deploy` configuration key's checks.
 */
import fc from 'fast-check';
import * as path from 'node:path';
import { ConfigError, resolveConfig } from '../../../../generator/config';
import { splitImage } from '../../../../generator/deploy/objects';
import { Block, DEFAULT_SETTINGS, Expr, When, chartYaml, escapeGoTemplate, resolve } from '../../../../generator/deploy/template';

const certManager = { ...DEFAULT_SETTINGS, certificates: 'certManager' as const };
const sample = () => ({
  metadata: { name: 'x', namespace: new Expr('{{ .Release.Namespace }}', 'x-system'), annotations: new When('.Values.on', (s) => s.metrics, { a: 'b' }) },
  spec: {
    args: [new When('.Values.le', (s) => s.leaderElection, '--leader-elect'), '--port=1'],
    resources: new Block('.Values.resources', { limits: { cpu: '1' } }),
    volumes: [{ emptyDir: new When('.Values.self', (s) => s.certificates === 'selfManaged', {}), name: 'v', secret: new When('.Values.cm', (s) => s.certificates === 'certManager', { secretName: 's' }) }],
  },
});

describe('resolve', () => {
  test('gives the values of Expr and Block, and keeps or drops When entries and items by the settings', () => {
    expect(resolve(sample(), DEFAULT_SETTINGS)).toEqual({
      metadata: { name: 'x', namespace: 'x-system', annotations: { a: 'b' } },
      spec: { args: ['--leader-elect', '--port=1'], resources: { limits: { cpu: '1' } }, volumes: [{ emptyDir: {}, name: 'v' }] },
    });
    expect(resolve(sample(), { ...certManager, metrics: false, leaderElection: false })).toEqual({
      metadata: { name: 'x', namespace: 'x-system' },
      spec: { args: ['--port=1'], resources: { limits: { cpu: '1' } }, volumes: [{ name: 'v', secret: { secretName: 's' } }] },
    });
  });

  test('never shares or changes the model', () => {
    const model = sample();
    const before = JSON.stringify(model);
    const out = resolve(model, DEFAULT_SETTINGS) as { spec: { resources: { limits: { cpu: string } } } };
    out.spec.resources.limits.cpu = '2';
    expect(JSON.stringify(model)).toBe(before);
  });

  test('keeps __proto__ as an ordinary key', () => {
    const node = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as unknown;
    const out = resolve(node, DEFAULT_SETTINGS) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('chartYaml', () => {
  test('actions in place of the parameters: values, conditional entries and items, a toYaml block, a conditional first key of a list item', () => {
    expect(chartYaml(sample()).split('\n')).toEqual([
      'metadata:',
      '{{- if .Values.on }}',
      '  annotations:',
      '    a: b',
      '{{- end }}',
      '  name: x',
      '  namespace: {{ .Release.Namespace }}',
      'spec:',
      '  args:',
      '{{- if .Values.le }}',
      '  - --leader-elect',
      '{{- end }}',
      '  - --port=1',
      '  resources:',
      '{{- toYaml .Values.resources | nindent 4 }}',
      '  volumes:',
      '  -',
      '{{- if .Values.self }}',
      '    emptyDir: {}',
      '{{- end }}',
      '    name: v',
      '{{- if .Values.cm }}',
      '    secret:',
      '      secretName: s',
      '{{- end }}',
      '',
    ]);
  });

  test('literal text that looks like a template action or a placeholder is written so that Helm prints it unchanged', () => {
    const text = chartYaml({ description: 'use {{ .Values }} here', other: 'kgtpl0x', release: new Expr('{{ .Release.Name }}', 'r') });
    expect(text).toContain('description: use {{ "{{" }} .Values }} here');
    expect(text).toContain('other: kgtpl0x');
    expect(text).toContain('release: {{ .Release.Name }}');
  });

  test('property: escaped text has no "{{" but the escape action itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('{', '}', '"', ' ', 'a', '\n') }), (s) => {
        expect(escapeGoTemplate(s).split('{{ "{{" }}').join('')).not.toContain('{{');
        expect(escapeGoTemplate(s).split('{{ "{{" }}').join('{{')).toBe(s);
      }),
      { numRuns: Number(process.env.KUBEGEN_FUZZ_RUNS ?? 300) },
    );
  });
});

test.each([
  { given: 'controller:latest', want: { repository: 'controller', tag: 'latest' } },
  { given: 'registry.example.com:5000/team/op:v1.2.3', want: { repository: 'registry.example.com:5000/team/op', tag: 'v1.2.3' } },
  { given: 'registry.example.com:5000/team/op', want: { repository: 'registry.example.com:5000/team/op', tag: '' } },
  { given: 'op@sha256:0123', want: { repository: 'op@sha256:0123', tag: '' } },
])('splitImage($given)', ({ given, want }) => expect(splitImage(given)).toEqual(want));

describe('the deploy configuration key', () => {
  const base = path.resolve('/project');
  const resolved = (deploy: unknown) => resolveConfig({ deploy }, base, 'kubegen.config.json').deploy;
  const problems = (deploy: unknown): string[] => {
    try {
      resolveConfig({ deploy }, base, 'kubegen.config.json');
    } catch (e) {
      if (e instanceof ConfigError) return e.problems;
      throw e;
    }
    return [];
  };

  test('defaults', () => {
    expect(resolved({ name: 'webapp' })).toEqual({
      name: 'webapp',
      namespace: 'webapp-system',
      image: 'controller:latest',
      configDir: 'config',
      chartDir: 'dist/chart',
      paths: [path.join(base, 'src')],
      certificates: 'selfManaged',
    });
  });

  test('every setting', () => {
    const project = path.resolve(__dirname, '..', '..', '..', 'golden', 'deploy', 'webhooks');
    expect(resolveConfig({ deploy: { name: 'w', namespace: 'ops', image: 'r.io/w:v1', configDir: 'deploy/config/', chartDir: 'charts/w', paths: ['src/controllers', 'src/webhooks/widget.ts'], certificates: 'certManager' } }, project, 'kubegen.config.json').deploy).toEqual({
      name: 'w',
      namespace: 'ops',
      image: 'r.io/w:v1',
      configDir: 'deploy/config',
      chartDir: 'charts/w',
      paths: [path.join(project, 'src', 'controllers'), path.join(project, 'src', 'webhooks', 'widget.ts')],
      certificates: 'certManager',
    });
  });

  test('property: any JSON value is resolved or refused with one line per problem naming deploy, never thrown otherwise', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ name: fc.string(), namespace: fc.jsonValue(), image: fc.string(), configDir: fc.string(), chartDir: fc.string(), paths: fc.jsonValue(), certificates: fc.jsonValue() }, { requiredKeys: [] })), (v) => {
        for (const line of problems(v)) expect(line).toMatch(/^kubegen\.config\.json: deploy[^\n]*: [^\n]+$/);
      }),
      { numRuns: Number(process.env.KUBEGEN_FUZZ_RUNS ?? 300) },
    );
  });

  test.each([
    { given: 'webapp', want: ['kubegen.config.json: deploy: must be an object { name, namespace?, image?, configDir?, chartDir?, paths?, certificates? }'] },
    { given: { name: 'w', certificates: 'cert-manager' }, want: ['kubegen.config.json: deploy.certificates: must be "selfManaged" or "certManager", not "cert-manager"'] },
    { given: {}, want: ['kubegen.config.json: deploy.name: must be the project\'s name, a DNS-1035 label such as "webapp"'] },
    { given: { name: 'Web_App' }, want: [expect.stringMatching(/^kubegen\.config\.json: deploy\.name: "Web_App" is not a DNS-1035 label: /)] },
    { given: { name: 'a'.repeat(48) }, want: [expect.stringMatching(/deploy\.name: "a{48}" is longer than 47 characters/)] },
    { given: { name: 'w', namespace: 'Ops' }, want: [expect.stringMatching(/deploy\.namespace: "Ops" is not a namespace name/)] },
    { given: { name: 'w', image: 'a b' }, want: ['kubegen.config.json: deploy.image: "a b" is not an image reference (it contains white space)'] },
    { given: { name: 'w', configDir: '../elsewhere' }, want: ['kubegen.config.json: deploy.configDir: "../elsewhere" must be a relative path inside the project: it has a ".." segment'] },
    { given: { name: 'w', chartDir: '/abs' }, want: ['kubegen.config.json: deploy.chartDir: "/abs" must be a relative path inside the project: it is absolute'] },
    { given: { name: 'w', chartDir: 'config/chart' }, want: ['kubegen.config.json: deploy.chartDir: "config/chart" and configDir "config" must not contain one another'] },
    { given: { name: 'w', paths: [] }, want: [expect.stringMatching(/^kubegen\.config\.json: deploy\.paths: must be a non-empty array/)] },
    { given: { name: 'w', paths: ['nowhere'] }, want: ['kubegen.config.json: deploy.paths[0]: no file or directory "nowhere" (relative to the configuration file)'] },
    { given: { name: 'w', namespce: 'x' }, want: ['kubegen.config.json: deploy.namespce: unknown key (known: name, namespace, image, configDir, chartDir, paths, certificates)'] },
  ])('refuses $given', ({ given, want }) => expect(problems(given)).toEqual(want));
});

test('chartYaml is linear in the text of the object (a 2 MB description with deep indentation)', () => {
  let node: Record<string, unknown> = { description: `${' '.repeat(1000)}x`.repeat(2000), value: new Expr('{{ .Values.v }}', 1) };
  for (let i = 0; i < 60; i++) node = { nested: node };
  const started = process.cpuUsage();
  const text = chartYaml(node);
  const { user, system } = process.cpuUsage(started);
  expect(text).toContain('value: {{ .Values.v }}');
  // Quadratic over the 2 MB line would take minutes; linear is well under a second even on a loaded machine.
  expect((user + system) / 1000).toBeLessThan(10_000);
});
