/**
 * The writer's contract (generator/write.ts) on ordinary input: which relative paths are safe, unchanged files left
 * alone, stale files of owned directories removed and reported, stray temporary files of dead processes removed and
 * reported by verify. Hostile paths and links are in test/hostile/cli-paths.test.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { unsafePathReason, verifyFiles, writeFiles } from '../../generator/write';

describe('unsafePathReason', () => {
  const table: Array<{ given: string; want: string | undefined }> = [
    { given: 'a.yaml', want: undefined },
    { given: 'stable.example.com/src/v1/types.ts', want: undefined },
    { given: '..a/b..', want: undefined },
    { given: '', want: 'the path is empty' },
    { given: 'a/../b', want: 'it has a ".." segment' },
    { given: 'a/./b', want: 'it has a "." segment' },
    { given: 'a/', want: 'it has an empty segment' },
    { given: '/a', want: 'it is absolute' },
    { given: 'c:/a', want: 'it is absolute' },
    { given: 'a\\b', want: 'it contains a backslash' },
    { given: 'a\0', want: 'it contains a NUL character' },
  ];
  test.each(table)('$given', ({ given, want }) => expect(unsafePathReason(given)).toBe(want));
});

describe('writeFiles / verifyFiles', () => {
  let out: string;
  beforeEach(() => {
    out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-write-')), 'out');
  });
  afterEach(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));

  const files = [
    { path: 'g/crds/a.yaml', contents: 'a\n' },
    { path: 'g/package.json', contents: '{}\n' },
  ];

  it('writes, then leaves unchanged files alone, then removes what is no longer generated in owned directories only', () => {
    expect(writeFiles(out, files, { owned: ['g/crds'] })).toEqual({ written: ['g/crds/a.yaml', 'g/package.json'], unchanged: [], removed: [] });
    fs.writeFileSync(path.join(out, 'g/crds/old.yaml'), 'old\n');
    fs.writeFileSync(path.join(out, 'g/mine.md'), 'hand-written, outside the owned directory\n');
    expect(verifyFiles(out, files, { owned: ['g/crds'] })).toMatchObject({ ok: false, mismatched: ['g/crds/old.yaml'] });
    expect(writeFiles(out, files, { owned: ['g/crds'] })).toEqual({ written: [], unchanged: ['g/crds/a.yaml', 'g/package.json'], removed: ['g/crds/old.yaml'] });
    expect(fs.existsSync(path.join(out, 'g/mine.md'))).toBe(true);
    expect(verifyFiles(out, files, { owned: ['g/crds'] })).toEqual({ ok: true, diff: '', mismatched: [] });
  });

  it('removes stray temporary files of dead processes next to generated files and in owned directories, and verify reports them', () => {
    writeFiles(out, files, { owned: ['g/crds'] });
    const strays = ['g/package.json.kubegen-99999999.tmp', 'g/crds/deep/x.yaml.kubegen-99999998.tmp'];
    for (const s of strays) {
      fs.mkdirSync(path.dirname(path.join(out, s)), { recursive: true });
      fs.writeFileSync(path.join(out, s), 'partial');
    }
    const v = verifyFiles(out, files, { owned: ['g/crds'] });
    expect(v.ok).toBe(false);
    expect([...v.mismatched].sort()).toEqual([...strays].sort());
    expect(v.diff).toContain('stray temporary file of an interrupted run');
    expect(writeFiles(out, files, { owned: ['g/crds'] }).removed).toEqual([...strays].sort());
    for (const s of strays) expect(fs.existsSync(path.join(out, s))).toBe(false);
  });

  it('leaves no temporary file behind after a successful write', () => {
    writeFiles(out, files);
    const all = fs.readdirSync(out, { recursive: true }).map(String);
    expect(all.filter((f) => f.includes('.kubegen-'))).toEqual([]);
  });
});
