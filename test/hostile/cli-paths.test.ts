/**
 * Issue 8, item 2: names that become paths. Every reproduction is refused before anything is written — by the name
 * rules at the marker that produced the name, and, as defence in depth, by the writer, which keeps every target
 * (written, compared or removed) inside the output root after symbolic links. Property (b): for random group /
 * kind / resource path / packageName strings, nothing outside the output root ever changes — exercised on the
 * validation + writer layer for `KUBEGEN_FUZZ_RUNS` runs and through the whole CLI for a sample of them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { dns1035LabelErrors, groupNameErrors, kindNameErrors, npmPackageNameErrors, resourceNameErrors } from '../../generator/model/names';
import { describeIoError } from '../../generator/errors';
import { OutputPathError, verifyFiles, writeFiles } from '../../generator/write';
import { RUNS, STACK_LINE, malformedErrorLines, removeSandbox, run, sandbox, snapshotTree, treeDiff, writeTinyApi } from './cli-support';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

let dir: string;
beforeEach(() => {
  dir = sandbox('paths');
  fs.mkdirSync(path.join(dir, 'victim'));
  fs.writeFileSync(path.join(dir, 'victim', 'keep.txt'), 'precious\n');
  fs.mkdirSync(path.join(dir, 'victim', 'crds'));
  fs.writeFileSync(path.join(dir, 'victim', 'crds', 'mine.yaml'), 'mine\n');
});
afterEach(() => removeSandbox(dir));

function config(extra: Record<string, unknown> = {}): void {
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated', ...extra }));
}

describe('reproductions of issue 8, item 2', () => {
  it('+groupName=../victim: generate refuses at the marker and neither writes nor deletes outside generated/', async () => {
    writeTinyApi(dir, { group: '../victim' });
    config();
    const before = snapshotTree(dir);
    const r = await run(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('apis/group/v1/doc.ts:1:4 - error KG3001: +groupName would be refused by the API server: spec.group: Invalid value: "../victim"');
    expect(r.out).toBe('');
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it('+groupName=../victim: crd --out refuses and writes no ./victim_foos.yaml', async () => {
    writeTinyApi(dir, { group: '../victim' });
    const before = snapshotTree(dir);
    const r = await run(['crd', '--apis', 'apis', '--out', 'out'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^apis\/group\/v1\/doc\.ts:1:4 - error KG3001: \+groupName would be refused/m);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it('+kubebuilder:resource:path="foos/../../../../api/v1/secrets" is refused at the marker; no api/v1/secrets.yaml', async () => {
    writeTinyApi(dir, { resource: 'path="foos/../../../../api/v1/secrets"' });
    const before = snapshotTree(dir);
    const r = await run(['crd', '--apis', 'apis', '--out', 'out/a/b'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('apis/group/v1/types.ts:5:4 - error KG3001: +kubebuilder:resource:path would be refused by the API server: spec.names.plural: Invalid value: "foos/../../../../api/v1/secrets"');
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'api'))).toBe(false);
  });

  it.each([
    ['@x/../../victim/{group}', /packageName: "@x\/..\/..\/victim\/ex.example.com" \(for group ex.example.com\) is not a valid npm package name: name can only contain URL-friendly characters/],
    ['../{group}', /name cannot start with a period/],
    ['@Acme/{group}', /name can no longer contain capital letters/],
    ['shared', /groups ex.example.com and other.example.com would both be published as "shared"/],
  ])('packageName %s is refused before anything is written', async (packageName, message) => {
    writeTinyApi(dir);
    // a second group, so that a packageName without {group} collides
    const other = path.join(dir, 'apis', 'other', 'v1');
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(other, 'doc.ts'), '// +groupName=other.example.com\n');
    config({ packageName });
    const before = snapshotTree(dir);
    const r = await run(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(message);
    expect(r.err).toMatch(/^kubegen: kubegen\.config\.json: packageName: /);
    expect(malformedErrorLines(r.err)).toEqual([]);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });
});

describe('the writer keeps every path inside the output root', () => {
  const file = (p: string) => ({ path: p, contents: `${p}\n` });
  const out = () => path.join(dir, 'out');

  it.each([
    ['..', /"\.\." segment/],
    ['../victim/keep.txt', /"\.\." segment/],
    ['a/../../victim/keep.txt', /"\.\." segment/],
    ['./a', /"\." segment/],
    ['a//b', /empty segment/],
    ['', /the path is empty/],
    ['/etc/passwd', /absolute/],
    ['C:/x', /absolute/],
    ['a\\..\\..\\victim', /backslash/],
    ['a\0b', /NUL/],
  ])('refuses the file path %j and writes nothing, not even the good files', (bad, reason) => {
    const before = snapshotTree(dir);
    expect(() => writeFiles(out(), [file('good/a.yaml'), file(bad)], {})).toThrow(reason);
    expect(() => verifyFiles(out(), [file('good/a.yaml'), file(bad)], {})).toThrow(OutputPathError);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it('refuses an owned directory outside the root, so nothing there is deleted', () => {
    const before = snapshotTree(dir);
    expect(() => writeFiles(out(), [file('g/a.yaml')], { owned: ['../victim/crds'] })).toThrow(/owned directory "\.\.\/victim\/crds"/);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it('refuses a target reached through a symbolic link that leaves the root (written, compared or removed)', () => {
    fs.mkdirSync(out());
    fs.symlinkSync(path.join(dir, 'victim'), path.join(out(), 'evil.example.com'));
    const before = snapshotTree(dir);
    expect(() => writeFiles(out(), [file('evil.example.com/keep.txt')])).toThrow(/resolves to .*victim\/keep\.txt, outside the output root/);
    expect(() => verifyFiles(out(), [file('evil.example.com/keep.txt')])).toThrow(OutputPathError);
    expect(() => writeFiles(out(), [file('ok.yaml')], { owned: ['evil.example.com/crds'] })).toThrow(/outside the output root/);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it('refuses a target file that is itself a link leaving the root, and a dangling link on the way', () => {
    fs.mkdirSync(path.join(out(), 'g'), { recursive: true });
    fs.symlinkSync(path.join(dir, 'victim', 'keep.txt'), path.join(out(), 'g', 'a.yaml'));
    fs.symlinkSync(path.join(dir, 'nowhere'), path.join(out(), 'dangling'));
    const before = snapshotTree(dir);
    expect(() => writeFiles(out(), [file('g/a.yaml')])).toThrow(/outside the output root/);
    expect(() => writeFiles(out(), [file('dangling/a.yaml')])).toThrow(/dangling or looping symbolic link/);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'nowhere'))).toBe(false);
  });

  it('accepts links that stay inside the root, and an output root that is itself a link', () => {
    fs.mkdirSync(path.join(dir, 'real-out', 'real'), { recursive: true });
    fs.symlinkSync(path.join(dir, 'real-out'), out());
    fs.symlinkSync(path.join(dir, 'real-out', 'real'), path.join(dir, 'real-out', 'alias'));
    const r = writeFiles(out(), [file('alias/a.yaml'), file('b.yaml')]);
    expect(r.written).toEqual(['alias/a.yaml', 'b.yaml']);
    expect(fs.readFileSync(path.join(dir, 'real-out', 'real', 'a.yaml'), 'utf8')).toBe('alias/a.yaml\n');
  });

  it('refuses two files with the same path', () => {
    expect(() => writeFiles(out(), [file('a.yaml'), file('a.yaml')])).toThrow(/two generated files have the same path "a\.yaml"/);
    expect(fs.existsSync(out())).toBe(false);
  });

  it('never writes through a planted temporary-file link: it is removed as a stray, and the write goes to the root', () => {
    fs.mkdirSync(out());
    const planted = path.join(out(), `a.yaml.kubegen-${process.pid}.tmp`);
    fs.symlinkSync(path.join(dir, 'victim', 'keep.txt'), planted);
    const before = snapshotTree(dir, ['out']);
    const r = writeFiles(out(), [file('a.yaml')]);
    expect(r.removed).toEqual([`a.yaml.kubegen-${process.pid}.tmp`]);
    expect(fs.readFileSync(path.join(out(), 'a.yaml'), 'utf8')).toBe('a.yaml\n');
    expect(treeDiff(before, snapshotTree(dir, ['out']))).toEqual([]);
  });

  it('leaves no temporary file and no directory it created when a write fails half-way', () => {
    fs.mkdirSync(out());
    fs.writeFileSync(path.join(out(), 'blocker'), 'a file where a directory is needed\n');
    const before = snapshotTree(dir);
    expect(() => writeFiles(out(), [file('new/deep/a.yaml'), file('blocker/b.yaml')])).toThrow(/^(ENOTDIR|EEXIST): .*out\/blocker/);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });
});

/** Strings an attacker or a careless user would try for a name. */
function hostileName(victim: string): fc.Arbitrary<string> {
  const alphabet = ['a', 'b', '.', '/', '\\', '%', '2', 'e', '\0', 'é', '-', 'A', '_', ' ', ':', '~', '\u202e', '\ud800'];
  return fc.oneof(
    fc.constantFrom('..', '.', '', '../victim', '../../victim', 'a/../../victim', '/etc/passwd', victim, `${victim}/crds`, '\\..\\victim', '%2e%2e', '%2e%2e%2fvictim', 'a\0b', 'ünï.cödé', 'evil.example.com', 'ex.example.com', 'CON', 'x'.repeat(300)),
    // valid names too, so that some runs get as far as the writer
    fc.constantFrom('ex.example.com', 'evil.example.com', 'widgets', '@kubegen-generated/{group}', '{group}'),
    fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((cs) => cs.join('')),
    fc.tuple(fc.constantFrom('', '../', '/', './', '..\\'), fc.stringMatching(/^[a-z][a-z0-9.-]{0,20}$/)).map(([a, b]) => a + b),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );
}

describe('property (b): for random names nothing is ever written outside the output root', () => {
  it(`the validation + writer layer (${RUNS} runs): refused or written inside the root; valid names are always written`, () => {
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    fs.symlinkSync(path.join(dir, 'victim'), path.join(out, 'evil.example.com'));
    const victim = path.join(dir, 'victim');
    const outside = () => snapshotTree(dir, ['out']);
    const before = outside();
    fc.assert(
      fc.property(hostileName(victim), hostileName(victim), hostileName(victim), hostileName(victim), (group, kind, plural, packageName) => {
        const name = packageName.split('{group}').join(group);
        const files = [
          { path: `${group}/crds/${group}_${plural}.yaml`, contents: `kind: ${kind}\n` },
          { path: `${group}/src/v1/types.ts`, contents: `// ${kind}\n` },
          { path: `${group}/package.json`, contents: `${JSON.stringify({ name })}\n` },
        ];
        let written = false;
        try {
          writeFiles(out, files, { owned: [`${group}/crds`, `${group}/src`] });
          written = true;
        } catch (e) {
          // refused, or an ordinary I/O failure (a name too long for the file system) the CLI words in one line
          if (!(e instanceof OutputPathError) && describeIoError(e) === undefined) throw e;
          expect((e as Error).message).not.toMatch(STACK_LINE);
        }
        const valid = groupNameErrors(group).length === 0 && dns1035LabelErrors(plural).length === 0;
        if (valid && group !== 'evil.example.com') expect(written).toBe(true);
        // sanity of the other rules on the same strings: they never throw
        kindNameErrors(kind);
        resourceNameErrors('plural', plural);
        npmPackageNameErrors(name);
        const changed = treeDiff(before, outside());
        if (changed.length > 0) throw new Error(`written outside the output root: ${changed.join(', ')} (group ${JSON.stringify(group)}, plural ${JSON.stringify(plural)})`);
      }),
      { numRuns: RUNS },
    );
  });

  const CLI_RUNS = Math.max(10, Math.floor(RUNS / 10));
  it(`the whole CLI, generate and crd --out (${CLI_RUNS} runs): exit 0 or 1, well-formed errors, nothing outside the root changes`, async () => {
    const victim = path.join(dir, 'victim');
    fs.mkdirSync(path.join(dir, 'generated'));
    fs.symlinkSync(victim, path.join(dir, 'generated', 'evil.example.com'));
    // Half valid names, so that many runs get past validation to the writer.
    const either = (valid: string[]) => fc.oneof(fc.constantFrom(...valid), hostileName(victim));
    const kinds = fc.oneof(fc.constant('Widget'), fc.constantFrom('widget', 'Wid_get', '$Dollar', 'Ünïcode', 'A'.repeat(70)));
    const quoted = (s: string) => JSON.stringify(s);
    const untouched = ['apis', 'kubegen.config.json', 'generated', 'out'];
    await fc.assert(
      fc.asyncProperty(
        either(['ex.example.com', 'evil.example.com']),
        kinds,
        either(['widgets', 'gadgets']),
        either(['@kubegen-generated/{group}', '{group}']),
        async (group, kind, plural, packageName) => {
          writeTinyApi(dir, { group, kind, resource: `path=${quoted(plural)}` });
          config({ packageName });
          const before = snapshotTree(dir, untouched);
          const results = [];
          for (const argv of [['generate'], ['crd', '--apis', 'apis', '--out', 'out']]) {
            const r = await run(argv, dir);
            expect([0, 1]).toContain(r.code);
            expect(r.err).not.toMatch(STACK_LINE);
            expect(malformedErrorLines(r.err)).toEqual([]);
            results.push(r);
          }
          expect(treeDiff(before, snapshotTree(dir, untouched))).toEqual([]);
          const valid =
            groupNameErrors(group).length === 0 &&
            kindNameErrors(kind).length === 0 &&
            resourceNameErrors('plural', plural).length === 0 &&
            npmPackageNameErrors(packageName.split('{group}').join(group)).length === 0;
          if (valid && group === 'evil.example.com') {
            // valid names, but generated/evil.example.com leads out of the root: the writer refuses
            expect(results.map((r) => r.code)).toEqual([1, 0]);
            expect(results[0]?.err).toMatch(/^kubegen: refusing to write /m);
          } else if (valid) expect(results.map((r) => r.code)).toEqual([0, 0]);
          else expect(results[0]?.code).toBe(1);
        },
      ),
      {
        numRuns: CLI_RUNS,
        examples: [
          ['ex.example.com', 'Widget', 'widgets', '@kubegen-generated/{group}'],
          ['evil.example.com', 'Widget', 'widgets', '{group}'],
          ['../victim', 'Widget', 'widgets', '{group}'],
          ['ex.example.com', 'Widget', 'foos/../../../../victim/crds/x', '{group}'],
          ['ex.example.com', 'Widget', 'widgets', '@x/../../victim'],
        ],
      },
    );
  }, 600_000);
});
