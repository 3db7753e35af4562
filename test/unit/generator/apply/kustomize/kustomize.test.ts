import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildKustomizationDir } from '../../../../../generator/apply/kustomize/build';
import { parseLabelSelector, splitImage } from '../../../../../generator/apply';
import { keyLess } from '../../../../../generator/yaml/keyorder';
import { marshalYamlV2 } from '../../../../../generator/yaml/yamlv2';
import { resolvePlain, v2NeedsQuotes } from '../../../../../generator/apply/kustomize/kyaml';
import { jsonPatch } from '../../../../../generator/apply/kustomize/patch';
import { sortForOutput, type SortKey } from '../../../../../generator/apply/kustomize/sort';
import { main } from '../../../../../generator/cli';

// the CLI tests run kubegen in process (yargs, the lazily loaded renderer): generous on a loaded machine
jest.setTimeout(60_000);

let dir: string;
const write = (rel: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-kustomize-')); });
afterEach(() => { fs.rmSync(dir, { recursive: true, force: true }); });

describe('kubegen apply -k: untrusted kustomizations', () => {
  it('refuses a file outside the kustomization directory (load restrictor), but reads a directory elsewhere', () => {
    write('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n');
    write('base/kustomization.yaml', 'resources: [../cm.yaml]\n');
    expect(() => buildKustomizationDir('base', { cwd: dir })).toThrow(/^base\/kustomization\.yaml:1:13: \.\.\/cm\.yaml: security; file .* is not in or below /);
    write('shared/kustomization.yaml', 'resources: [cm.yaml]\n');
    write('shared/cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n');
    write('overlay/kustomization.yaml', 'resources: [../shared]\nnamePrefix: x-\n');
    expect(buildKustomizationDir('overlay', { cwd: dir }).map((m) => m.object.metadata.name)).toEqual(['x-a']);
  });

  it('detects a cycle', () => {
    write('a/kustomization.yaml', 'resources: [../b]\n');
    write('b/kustomization.yaml', 'resources: [../a]\n');
    expect(() => buildKustomizationDir('a', { cwd: dir })).toThrow(/^b\/kustomization\.yaml:1:13: \.\.\/a: cycle detected/);
  });

  it('refuses URLs and unknown keys with file:line:column', () => {
    write('k/kustomization.yaml', 'resources:\n- https://example.com/x.yaml\n');
    expect(() => buildKustomizationDir('k', { cwd: dir })).toThrow('k/kustomization.yaml:2:3: a URL (https://example.com/x.yaml) is not supported by kubegen apply -k; render with kustomize build k | kubegen apply -f -');
    write('k/kustomization.yaml', 'images:\n- name: a\n  tagSuffix: -x\n');
    expect(() => buildKustomizationDir('k', { cwd: dir })).toThrow('k/kustomization.yaml:3:3: images[].tagSuffix is not supported by kubegen apply -k; render with kustomize build k | kubegen apply -f -');
  });

  it.each([
    { image: 'nginx', want: ['nginx', '', ''] },
    { image: 'nginx:1.2', want: ['nginx', '1.2', ''] },
    { image: 'localhost:5000/nginx:1.2', want: ['localhost:5000/nginx', '1.2', ''] },
    { image: 'nginx@sha256:ab', want: ['nginx', '', 'sha256:ab'] },
    { image: 'nginx:1@sha256:ab', want: ['nginx', '1', 'sha256:ab'] },
  ])('splits image $image as kustomize', ({ image, want }) => {
    expect(splitImage(image)).toEqual(want);
  });

  it('reads label selectors', () => {
    const sel = parseLabelSelector('a=b, c in (d,e), !f, g');
    expect(typeof sel).toBe('function');
    const f = sel as (l: Record<string, string>) => boolean;
    expect(f({ a: 'b', c: 'e', g: '' })).toBe(true);
    expect(f({ a: 'b', c: 'x', g: '' })).toBe(false);
    expect(f({ a: 'b', c: 'd', f: '', g: '' })).toBe(false);
    expect(parseLabelSelector('a=(')).toMatch(/cannot read/);
  });
});

describe('kustomize build order (legacy: orderFirst kinds, the rest, orderLast; then group_version_kind; then namespace|name)', () => {
  const k = (kind: string, name: string, namespace = '', group = '', version = 'v1'): SortKey => ({ group, version, kind, name, namespace });
  it.each([
    {
      name: 'kinds by the legacy lists, unknown kinds in between',
      given: [k('ValidatingWebhookConfiguration', 'v', '', 'admissionregistration.k8s.io'), k('Widget', 'w', 'ns', 'example.com'), k('Deployment', 'd', 'ns', 'apps'), k('Namespace', 'ns'), k('CustomResourceDefinition', 'c', '', 'apiextensions.k8s.io'), k('MutatingWebhookConfiguration', 'm', '', 'admissionregistration.k8s.io')],
      want: ['Namespace/ns', 'CustomResourceDefinition/c', 'Deployment/d', 'Widget/w', 'MutatingWebhookConfiguration/m', 'ValidatingWebhookConfiguration/v'],
    },
    {
      name: 'same kind: namespace|name as one string (no namespace is ~X, after every letter)',
      given: [k('ConfigMap', 'b', 'a'), k('ConfigMap', 'a'), k('ConfigMap', 'a', 'a-b'), k('ConfigMap', 'z', 'a')],
      want: ['ConfigMap/a', 'ConfigMap/b', 'ConfigMap/z', 'ConfigMap/a'],
    },
    {
      name: 'unknown kinds by group_version_kind (~G for the core group)',
      given: [k('Widget', 'a', '', 'example.com'), k('Pod', 'a'), k('Gadget', 'a', '', 'example.com', 'v2')],
      want: ['Widget/a', 'Gadget/a', 'Pod/a'],
    },
  ])('$name', ({ given, want }) => {
    expect(sortForOutput(given, (x) => x).map((x) => `${x.kind}/${x.name}`)).toEqual(want);
  });

  it('fifo keeps the build order; legacy options replace the lists', () => {
    const given = [k('Service', 's'), k('ConfigMap', 'c'), k('Widget', 'w', '', 'example.com')];
    expect(sortForOutput(given, (x) => x, { order: 'fifo' }).map((x) => x.kind)).toEqual(['Service', 'ConfigMap', 'Widget']);
    expect(sortForOutput(given, (x) => x, { order: 'legacy', orderFirst: ['Widget'], orderLast: ['Service'] }).map((x) => x.kind)).toEqual(['Widget', 'ConfigMap', 'Service']);
  });
});

describe('YAML as kustomize reads it (go-yaml v3) and writes it (go-yaml v2)', () => {
  it.each([
    { text: 'yes', want: 'yes' },
    { text: 'y', want: 'y' },
    { text: 'True', want: true },
    { text: '0644', want: 420 },
    { text: '0o17', want: 15 },
    { text: '0x1F', want: 31 },
    { text: '1_000', want: 1000 },
    { text: '08', want: 8 },
    { text: '1:20', want: '1:20' },
    { text: '.5', want: 0.5 },
    { text: '~', want: null },
    { text: '2001-01-01', want: '2001-01-01T00:00:00Z' },
    { text: '2001-12-14t21:59:43.10-05:00', want: '2001-12-14T21:59:43.1-05:00' },
    { text: '2001-13-01', want: '2001-13-01' },
  ])('reads $text', ({ text, want }) => {
    expect(resolvePlain(text)).toEqual(want);
  });

  it.each([
    { text: 'yes', want: true },
    { text: 'on', want: true },
    { text: '0644', want: true },
    { text: '1:20', want: true },
    { text: '', want: true },
    { text: '<<', want: false },
    { text: 'web', want: false },
  ])('quotes $text: $want', ({ text, want }) => {
    expect(v2NeedsQuotes(text)).toBe(want);
  });

  it('sorts keys as go-yaml v2 (digits by number, letters after other characters)', () => {
    const keys = ['a10', 'a9', 'A', '_x', '1', 'b', 'a'];
    expect([...keys].sort((x, y) => (keyLess(x, y) ? -1 : keyLess(y, x) ? 1 : 0))).toEqual(['_x', '1', 'A', 'a', 'a9', 'a10', 'b']);
  });

  // the expected text is what kustomize build v5.8.1 prints for this object
  it('writes as go-yaml v2: unindented sequences, quoting, literal blocks, folding at column 80, Go floats', () => {
    const long = 'a description that is long enough to go past the eightieth column of the line for sure';
    const given = { spec: { list: [{ name: 'a', args: ['*', '- x', 'a: b', ' lead'] }, []], empty: {}, text: 'one\ntwo\n', kept: 'x\n\n', description: long, float: 1234567.5, small: 0.00001, tab: 'a\tb' } };
    expect(marshalYamlV2(given)).toBe(
      [
        'spec:',
        '  description: a description that is long enough to go past the eightieth column of',
        '    the line for sure',
        '  empty: {}',
        '  float: 1.2345675e+06',
        '  kept: |+',
        '    x',
        '',
        '  list:',
        '  - args:',
        "    - '*'",
        "    - '- x'",
        "    - 'a: b'",
        "    - ' lead'",
        '    name: a',
        '  - []',
        '  small: 1e-05',
        '  tab: "a\\tb"',
        '  text: |',
        '    one',
        '    two',
        '',
      ].join('\n'),
    );
  });
});

describe('JSON 6902 as kustomize applies it (evanphx/json-patch v4)', () => {
  const doc = { spec: { replicas: 1, list: [1, 2, 3] } };
  it.each([
    { op: { op: 'replace', path: '/spec/missing', value: 5 }, want: { spec: { replicas: 1, list: [1, 2, 3], missing: 5 } } },
    { op: { op: 'copy', from: '/spec/nope', path: '/spec/z' }, want: { spec: { replicas: 1, list: [1, 2, 3], z: null } } },
    { op: { op: 'add', path: '/spec/list/-1', value: 9 }, want: { spec: { replicas: 1, list: [1, 2, 3, 9] } } },
    { op: { op: 'remove', path: '/spec/list/-1' }, want: { spec: { replicas: 1, list: [1, 2] } } },
    { op: { op: 'test', path: '/spec/nope', value: null }, want: doc },
  ])('$op.op $op.path', ({ op, want }) => {
    expect(jsonPatch(doc, [op], 'p')).toEqual(want);
  });
  it.each([
    { op: { op: 'remove', path: '/spec/missing' }, want: "p[0]: error in remove for path: '/spec/missing': Unable to remove nonexistent key: missing" },
    { op: { op: 'add', path: '/spec/x/y', value: 1 }, want: 'p[0]: add operation does not apply: doc is missing path: /spec/x/y' },
    { op: { op: 'test', path: '/spec/replicas', value: 2 }, want: 'p[0]: testing value /spec/replicas failed' },
  ])('refuses $op.op $op.path', ({ op, want }) => {
    expect(() => jsonPatch(doc, [op], 'p')).toThrow(want);
  });
});

describe('kubegen kustomize [dir]', () => {
  async function kubegen(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await main(argv, { out: (s) => { out += s; }, err: (s) => { err += s; } }, dir);
    return { code, out, err };
  }

  it('prints the rendered objects as kustomize build does', async () => {
    write('k/kustomization.yaml', 'resources: [r.yaml]\nnamespace: ns\ncommonLabels: {app: web}\n');
    write('k/r.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n      containers: [{name: c, image: nginx}]\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: ns}\n');
    const r = await kubegen('kustomize', 'k');
    expect(r).toEqual({
      code: 0,
      err: '',
      out: [
        'apiVersion: v1', 'kind: Namespace', 'metadata:', '  labels:', '    app: web', '  name: ns', '---',
        'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  labels:', '    app: web', '  name: d', '  namespace: ns', 'spec:', '  selector:', '    matchLabels:', '      app: web',
        '  template:', '    metadata:', '      labels:', '        app: web', '    spec:', '      containers:', '      - image: nginx', '        name: c', '',
      ].join('\n'),
    });
  });

  it('defaults to the current directory', async () => {
    write('kustomization.yaml', 'resources: [cm.yaml]\n');
    write('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {on: yes}\n');
    expect(await kubegen('kustomize')).toEqual({ code: 0, err: '', out: 'apiVersion: v1\ndata:\n  "on": "yes"\nkind: ConfigMap\nmetadata:\n  name: a\n' });
  });

  it('refuses a bad kustomization with one located line and prints nothing', async () => {
    write('bad/kustomization.yaml', 'resources: []\nsortOptions:\n  order: random\n');
    expect(await kubegen('kustomize', 'bad')).toEqual({ code: 1, out: '', err: "kubegen: bad/kustomization.yaml:3:3: the field 'sortOptions.order' must be one of [fifo, legacy]\n" });
    write('empty/kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n');
    expect(await kubegen('kustomize', 'empty')).toEqual({ code: 1, out: '', err: 'kubegen: empty/kustomization.yaml:1:1: kustomization.yaml is empty: it names no resources, components or transformations (kustomize refuses it too)\n' });
    expect((await kubegen('kustomize', 'nowhere')).err).toBe('kubegen: nowhere: does not exist\n');
    const extra = await kubegen('kustomize', 'k', '--bogus');
    expect(extra.code).toBe(2);
    expect(extra.out).toBe('');
  });
});
