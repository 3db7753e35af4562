/**
 * The writer's contract (generator/write.ts) on ordinary input: which relative paths are safe, unchanged files left
 * alone, stale files of owned directories removed and reported, stray temporary files of dead processes removed and
 * reported by verify; several output roots written as one transaction that a failure rolls back; an interrupt
 * during a write held until the write is whole. Hostile paths and links are in test/hostile/cli-paths.test.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { OutputPathError, unsafePathReason, verifyFiles, writeFileSets, writeFiles } from '../../../generator/write';
import { checkOutputCollisions } from '../../../generator/pipeline';
import { DiagnosticBag } from '../../../generator/diagnostics';

// This file spawns processes: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

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

  it('writes several roots as one transaction: a refused path in one root writes nothing in any', () => {
    const other = path.join(path.dirname(out), 'manifests');
    expect(() => writeFileSets([{ outDir: out, files }, { outDir: other, files: [{ path: '../escape.yaml', contents: 'x' }] }])).toThrow(OutputPathError);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(other)).toBe(false);
  });

  it('refuses two roots writing one file, before writing anything', () => {
    const nested = path.join(out, 'g');
    expect(() => writeFileSets([{ outDir: out, files }, { outDir: nested, files: [{ path: 'package.json', contents: 'other\n' }] }])).toThrow(/two outputs would write .*package\.json/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('a failure while renaming restores every file already renamed and removes every temporary file', () => {
    writeFiles(out, files);
    const blocker = path.join(out, 'g/z/blocked.yaml');
    const changed = [
      { path: 'g/crds/a.yaml', contents: 'a, changed\n' },
      { path: 'g/package.json', contents: '{"changed":true}\n' },
      {
        path: 'g/z/blocked.yaml',
        // read once the target was checked: a non-empty directory appears where the file is to be renamed
        get contents() {
          fs.mkdirSync(blocker, { recursive: true });
          fs.writeFileSync(path.join(blocker, 'inside'), '');
          return 'never\n';
        },
      },
    ];
    expect(() => writeFiles(out, changed)).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(fs.readFileSync(path.join(out, 'g/crds/a.yaml'), 'utf8')).toBe('a\n');
    expect(fs.readFileSync(path.join(out, 'g/package.json'), 'utf8')).toBe('{}\n');
    const all = fs.readdirSync(out, { recursive: true }).map(String);
    expect(all.filter((f) => f.includes('.kubegen-'))).toEqual([]);
  });
});

describe('checkOutputCollisions', () => {
  const table: Array<{ given: string[]; want: string[] }> = [
    { given: ['a/x.yaml', 'a/y.yaml'], want: [] },
    { given: ['a/x.yaml', 'a/x.yaml'], want: ['two generated files have the same path "a/x.yaml"'] },
    { given: ['a/Widgets.yaml', 'a/widgets.yaml'], want: ['generated files "a/Widgets.yaml" and "a/widgets.yaml" differ only in case: they are one file on case-insensitive file systems'] },
  ];
  test.each(table)('$given', ({ given, want }) => {
    const bag = new DiagnosticBag();
    checkOutputCollisions(
      given.map((p) => ({ path: p, contents: '' })),
      bag,
    );
    expect(bag.items.map((d) => [d.code, d.message])).toEqual(want.map((m) => ['KG5007', m]));
  });
});

/**
 * SIGINT in the middle of a write, delivered deterministically: a file's contents getter signals its own process
 * while the write runs. Held by `withSignalsHeld`, it lands after the write: every file is whole, no temporary file
 * is left, and the signal is reported with exit code 130. (Run in a child process: the signal must not reach jest.)
 */
describe('an interrupt during a write (spawned, needs npm run build)', () => {
  const writeJs = path.join(__dirname, '..', '..', '..', 'dist', 'generator', 'write.js');
  const script = (held: boolean) => `
    const fs = require('node:fs');
    const path = require('node:path');
    const { withSignalsHeld, writeFileSets } = require(${JSON.stringify(writeJs)});
    const out = process.argv[1];
    const files = Array.from({ length: 20 }, (_, i) => ({
      path: 'd' + (i % 3) + '/f' + i + '.yaml',
      get contents() {
        if (i === 7) process.kill(process.pid, 'SIGINT');
        return 'content of ' + i + '\\n';
      },
    }));
    const write = () => writeFileSets([{ outDir: out, files }]);
    if (${held}) withSignalsHeld(write).then((r) => { process.stdout.write(JSON.stringify({ signal: r.signal, exitCode: r.exitCode })); process.exitCode = r.exitCode ?? 0; });
    else { write(); process.stdout.write('finished'); }
  `;

  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-sigint-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('completes the write, leaves every file whole and no temporary file, then exits 130', () => {
    const out = path.join(dir, 'out');
    const r = spawnSync(process.execPath, ['-e', script(true), out], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ signal: 'SIGINT', exitCode: 130 });
    expect(r.status).toBe(130);
    const all = fs.readdirSync(out, { recursive: true }).map(String).filter((f) => f.endsWith('.yaml') || f.includes('.kubegen-'));
    expect(all.sort()).toEqual(Array.from({ length: 20 }, (_, i) => path.join(`d${i % 3}`, `f${i}.yaml`)).sort());
    for (let i = 0; i < 20; i++) expect(fs.readFileSync(path.join(out, `d${i % 3}`, `f${i}.yaml`), 'utf8')).toBe(`content of ${i}\n`);
  });

  it('without the hold the same interrupt kills the write half-way (what the hold prevents)', () => {
    const out = path.join(dir, 'out');
    const r = spawnSync(process.execPath, ['-e', script(false), out], { encoding: 'utf8' });
    expect(r.signal).toBe('SIGINT');
    expect(r.stdout).toBe('');
    const written = fs.existsSync(out) ? fs.readdirSync(out, { recursive: true }).map(String).filter((f) => /^d\d\/f\d+\.yaml$/.test(f)) : [];
    expect(written.length).toBeLessThan(20);
  });
});

