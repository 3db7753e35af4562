import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { checkObject, ManifestError, parseManifests, readManifests } from '../../../../generator/apply/manifests';
import { present } from '../../helpers/present';

const cm = (name: string, extra = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${extra}`;

describe('parseManifests', () => {
  const cases: Array<{ name: string; given: string; want: Array<{ ref: string; at: string }>; problems: string[] }> = [
    { name: 'one document', given: cm('a'), want: [{ ref: 'ConfigMap/a', at: 'f.yaml:1:1' }], problems: [] },
    {
      name: 'several documents, empty ones skipped',
      given: `---\n${cm('a')}---\n---\n# only a comment\n---\n${cm('b')}`,
      want: [
        { ref: 'ConfigMap/a', at: 'f.yaml:2:1' },
        { ref: 'ConfigMap/b', at: 'f.yaml:10:1' },
      ],
      problems: [],
    },
    {
      name: 'a List is flattened, each item at its own position',
      given: 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata: {name: s}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c}\n',
      want: [
        { ref: 'Secret/s', at: 'f.yaml:4:3' },
        { ref: 'ConfigMap/c', at: 'f.yaml:7:3' },
      ],
      problems: [],
    },
    { name: 'JSON is YAML', given: '{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"}}', want: [{ ref: 'Deployment/d', at: 'f.yaml:1:1' }], problems: [] },
    { name: 'a scalar document', given: 'hello', want: [], problems: ['f.yaml:1:1: a manifest must be a mapping (an object), not a string'] },
    { name: 'a list document', given: '- a\n- b\n', want: [], problems: ['f.yaml:1:1: a manifest must be a mapping (an object), not a list'] },
    { name: 'missing identity', given: 'metadata:\n  generateName: x-\n', want: [], problems: ['f.yaml:1:1: apiVersion is not set; kind is not set; metadata.name is not set (server-side apply needs a name; generateName cannot be applied)'] },
    { name: 'bad apiVersion and kind', given: 'apiVersion: Apps/v1/x\nkind: "9x"\nmetadata: {name: a}\n', want: [], problems: ['f.yaml:1:1: apiVersion "Apps/v1/x" is not <group>/<version> or <version>; kind "9x" is not a kind name'] },
    { name: 'a name that is not a path segment', given: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a/b}\n', want: [], problems: ['f.yaml:1:1: metadata.name "a/b" cannot be a name (no "/", "%", "." or "..")'] },
    { name: 'labels that are not strings', given: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, labels: {x: 1}}\n', want: [], problems: ['f.yaml:1:1: metadata.labels must map strings to strings'] },
    { name: 'a duplicate key', given: 'apiVersion: v1\nkind: ConfigMap\nkind: Secret\nmetadata: {name: a}\n', want: [], problems: ['f.yaml:3:1: Map keys must be unique'] },
    { name: 'a syntax error in the second document keeps the first', given: `${cm('a')}---\nkey: [unclosed\n`, want: [{ ref: 'ConfigMap/a', at: 'f.yaml:1:1' }], problems: ['f.yaml:7:1: Flow sequence in block collection must be sufficiently indented and end with a ]'] },
    { name: 'too many aliases', given: `a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [${Array(120).fill('*b').join(', ')}]\n`, want: [], problems: ['f.yaml:1:1: Excessive alias count indicates a resource exhaustion attack'] },
  ];
  it.each(cases)('$name', ({ given, want, problems }) => {
    const found: string[] = [];
    const got = parseManifests('f.yaml', given, found);
    expect(got.map((m) => ({ ref: `${m.object.kind}/${m.object.metadata.name}`, at: `${m.source!.file}:${m.source!.line}:${m.source!.column}` }))).toEqual(want);
    expect(found.map((p) => p.split('\n')[0])).toEqual(problems);
  });

  it('reads scalars as kubectl does (YAML 1.1 through go-yaml v2)', () => {
    const found: string[] = [];
    const [m] = parseManifests('f.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx:\n  mode: 0644\n  quoted: "0644"\n  a: yes\n  b: on\n  c: off\n  at: 2024-01-02T03:04:05Z\n  time: 1:20\n  big: 1_000\n', found);
    expect(found).toEqual([]);
    expect(present(m, 'the ConfigMap').object.x).toEqual({ mode: 420, quoted: '0644', a: true, b: true, c: false, at: '2024-01-02T03:04:05Z', time: '1:20', big: 1000 });
  });

  it('reports a nesting too deep for the parser as one line per document', () => {
    const found: string[] = [];
    expect(parseManifests('deep.yaml', `${'['.repeat(100_000)}\n---\n${cm('after')}`, found).map((m) => m.object.metadata.name)).toEqual(['after']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^deep\.yaml:1:\d+: Maximum call stack size exceeded \(and \d+ more errors in this document\)$/);
  });

  it('keeps __proto__ an ordinary key', () => {
    const found: string[] = [];
    const [m] = parseManifests('f.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  __proto__: x\n', found);
    expect(found).toEqual([]);
    expect(Object.hasOwn(present(m, 'the ConfigMap').object.data as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('never throws and reports every problem with its position (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const found: string[] = [];
        const got = parseManifests('p.yaml', text, found);
        for (const p of found) expect(p).toMatch(/^p\.yaml:\d+:\d+: \S/);
        for (const m of got) expect(checkObject(m.object)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('readManifests', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-apply-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  const names = (ms: ReturnType<typeof readManifests>) => ms.map((m) => `${m.source!.file}:${m.object.metadata.name}`);

  it('reads a directory in name order, only manifest files, subdirectories with recursive', () => {
    write('b.yaml', cm('b'));
    write('a.json', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } }));
    write('c.yml', cm('c'));
    write('notes.txt', 'not yaml: [');
    write('sub/d.yaml', cm('d'));
    expect(names(readManifests({ paths: ['.'], cwd: dir }))).toEqual(['a.json:a', 'b.yaml:b', 'c.yml:c']);
    expect(names(readManifests({ paths: ['.'], cwd: dir, recursive: true }))).toEqual(['a.json:a', 'b.yaml:b', 'c.yml:c', path.join('sub', 'd.yaml') + ':d']);
  });

  it('reads standard input once, as <stdin>', () => {
    write('a.yaml', cm('a'));
    expect(names(readManifests({ paths: ['-', 'a.yaml'], cwd: dir, stdin: () => cm('s') }))).toEqual(['<stdin>:s', 'a.yaml:a']);
  });

  it('lists at most 50 problems, then counts the rest', () => {
    write('many.yaml', Array.from({ length: 60 }, () => 'kind: ConfigMap\n').join('---\n'));
    let error: unknown;
    try {
      readManifests({ paths: ['many.yaml'], cwd: dir });
    } catch (e) {
      error = e;
    }
    const problems = (error as ManifestError).problems;
    expect(problems).toHaveLength(51);
    expect(problems[49]).toBe('many.yaml:99:1: apiVersion is not set; metadata.name is not set');
    expect(problems[50]).toBe('… and 10 more problems');
  });

  it('collects every problem of every input into one error, one line each', () => {
    write('k/kustomization.yaml', 'resources: []\n');
    write('bad.yaml', 'kind: ConfigMap\n');
    let error: unknown;
    try {
      readManifests({ paths: ['k', 'missing.yaml', 'bad.yaml', 'https://example.com/x.yaml', '-', '-'], cwd: dir, stdin: () => '' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      'k: is a kustomization (kustomization.yaml); build it with `kubegen apply -k k` (or `kustomize build k | kubegen apply -f -`)',
      'missing.yaml: does not exist',
      'bad.yaml:1:1: apiVersion is not set; metadata.name is not set',
      'https://example.com/x.yaml: URLs are not read; download the manifest and pass the file',
      '-: standard input is given more than once',
    ]);
  });
});
