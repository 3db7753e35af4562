/**
 * `kubegen generate --watch`: the incremental generator (re-converts only changed files, regenerates only changed
 * groups, writes nothing on errors and recovers), the debouncer and the watch loop with a fake watcher and clock,
 * and the real command in a child process (edit, error, fix, SIGINT → exit 0).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { loadConfig } from '../../../../generator/config';
import { Debouncer, IncrementalGenerator, watchGenerate, type WatchClock } from '../../../../generator/cli/watch';
import { main } from '../../../../generator/cli';
import { testKind } from '../../helpers/apis';

// This file spawns processes and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '../../../..');

function kind(name: string, extra = ''): string {
  return testKind(name, `  size?: string;${extra}\n`);
}

function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-watch-'));
  for (const [group, name] of [
    ['a.example.com', 'Apple'],
    ['b.example.com', 'Banana'],
  ] as const) {
    const pkg = path.join(dir, 'apis', group, 'v1');
    fs.mkdirSync(pkg, { recursive: true });
    fs.writeFileSync(path.join(pkg, 'doc.ts'), `// +groupName=${group}\n`);
    fs.writeFileSync(path.join(pkg, `${name.toLowerCase()}.ts`), kind(name));
  }
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'out', generators: ['crd', 'types'] }));
  return dir;
}

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = fs.readFileSync(path.join(e.parentPath, e.name), 'utf8');
  }
  return out;
}

function recorder() {
  const io = { out: '', err: '' };
  return { io, sink: { out: (s: string) => (io.out += s), err: (s: string) => (io.err += s) } };
}

let dir: string;
beforeEach(() => {
  dir = project();
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const apple = () => path.join(dir, 'apis/a.example.com/v1/apple.ts');

describe('IncrementalGenerator', () => {
  it('converts again only the edited file, regenerates only its group, and ends with what a full generate writes', async () => {
    const { io, sink } = recorder();
    const gen = new IncrementalGenerator(loadConfig(dir), dir, sink);
    const first = gen.run();
    expect({ ok: first.ok, groups: first.groups, err: io.err }).toEqual({ ok: true, err: "", groups: ['a.example.com', 'b.example.com'] });
    expect(gen.converted.map((f) => path.relative(dir, f)).sort()).toEqual(['apis/a.example.com/v1/apple.ts', 'apis/a.example.com/v1/doc.ts', 'apis/b.example.com/v1/banana.ts', 'apis/b.example.com/v1/doc.ts']);

    fs.writeFileSync(apple(), kind('Apple', '\n  color?: string;'));
    const second = gen.run();
    expect({ ok: second.ok, groups: second.groups, converted: gen.converted.map((f) => path.relative(dir, f)) }).toEqual({ ok: true, groups: ['a.example.com'], converted: ['apis/a.example.com/v1/apple.ts'] });
    expect(fs.readFileSync(path.join(dir, 'out/a.example.com/crds/a.example.com_apples.yaml'), 'utf8')).toContain('color:');

    const nothing = gen.run();
    expect({ groups: nothing.groups, converted: gen.converted }).toEqual({ groups: [], converted: [] });
    expect(io.err).toBe('');

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-watch-fresh-'));
    try {
      fs.writeFileSync(path.join(fresh, 'kubegen.config.json'), JSON.stringify({ apis: path.join(dir, 'apis'), output: path.join(fresh, 'out'), generators: ['crd', 'types'] }));
      expect(await main(['generate'], { out: () => undefined, err: () => undefined }, fresh)).toBe(0);
      expect(tree(path.join(dir, 'out'))).toEqual(tree(path.join(fresh, 'out')));
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('prints a located error and writes nothing on a run with errors, then regenerates once fixed', () => {
    const { io, sink } = recorder();
    const gen = new IncrementalGenerator(loadConfig(dir), dir, sink);
    gen.run();
    const before = tree(path.join(dir, 'out'));
    fs.writeFileSync(apple(), kind('Apple', '\n  color?: strin;'));
    expect(gen.run().ok).toBe(false);
    expect(io.err).toMatch(/^apis\/a\.example\.com\/v1\/apple\.ts:\d+:\d+ - error KG\d+: cannot resolve type `strin`/m);
    expect(tree(path.join(dir, 'out'))).toEqual(before);
    fs.writeFileSync(apple(), kind('Apple', '\n  color?: string;'));
    expect(gen.run()).toMatchObject({ ok: true, groups: ['a.example.com'] });
  });

  it('converts again a file whose imported module changed', () => {
    const pkg = path.join(dir, 'apis/a.example.com/v1');
    fs.writeFileSync(path.join(pkg, 'common.ts'), 'export interface Common {\n  x?: string;\n}\n');
    fs.writeFileSync(apple(), `import type { Common } from './common';\n${kind('Apple', '\n  common?: Common;')}`);
    const gen = new IncrementalGenerator(loadConfig(dir), dir, recorder().sink);
    gen.run();
    fs.writeFileSync(path.join(pkg, 'common.ts'), 'export interface Common {\n  y?: string;\n}\n');
    expect(gen.run().groups).toEqual(['a.example.com']);
    expect(gen.converted.map((f) => path.basename(f)).sort()).toEqual(['apple.ts', 'common.ts']);
    expect(fs.readFileSync(path.join(dir, 'out/a.example.com/crds/a.example.com_apples.yaml'), 'utf8')).toContain(`"y":`);
  });

  it('keeps generic instantiations made by an unchanged file when another file changes', () => {
    const pkg = path.join(dir, 'apis/a.example.com/v1');
    fs.writeFileSync(path.join(pkg, 'ref.ts'), 'export interface Ref<T> {\n  name: string;\n  kind?: T;\n}\n');
    fs.writeFileSync(apple(), `import type { Ref } from './ref';\n${kind('Apple', "\n  secretRef?: Ref<'Secret'>;")}`);
    fs.writeFileSync(path.join(pkg, 'pear.ts'), 'export interface Pear {\n  ripe?: string;\n}\n');
    const gen = new IncrementalGenerator(loadConfig(dir), dir, recorder().sink);
    expect(gen.run().ok).toBe(true);
    const types = () => fs.readFileSync(path.join(dir, 'out/a.example.com/src/v1/types.ts'), 'utf8');
    expect(types()).toContain('RefSecret');
    fs.writeFileSync(path.join(pkg, 'pear.ts'), 'export interface Pear {\n  ripe?: boolean;\n}\n');
    expect(gen.run()).toMatchObject({ ok: true, groups: ['a.example.com'] });
    expect(gen.converted.map((f) => path.basename(f)).sort()).toEqual(['apple.ts', 'pear.ts']);
    expect(types()).toContain('RefSecret');
    expect(types()).toContain('ripe?: boolean');
  });
});

/** A clock whose timers run when the test advances it. */
function fakeClock() {
  let now = 0;
  let timers: Array<{ at: number; fn: () => void; id: number }> = [];
  let next = 0;
  const clock: WatchClock = {
    setTimeout: (fn, ms) => {
      timers.push({ at: now + ms, fn, id: ++next });
      return next;
    },
    clearTimeout: (h) => {
      timers = timers.filter((t) => t.id !== h);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.fn();
  };
  return { clock, advance, pending: () => timers.length };
}

describe('Debouncer', () => {
  it('fires once, a quiet period after the last poke', () => {
    const { clock, advance } = fakeClock();
    let fired = 0;
    const d = new Debouncer(clock, 30, () => fired++);
    d.poke();
    advance(20);
    d.poke();
    advance(20);
    d.poke();
    advance(29);
    expect(fired).toBe(0);
    advance(1);
    expect(fired).toBe(1);
    d.poke();
    d.cancel();
    advance(100);
    expect(fired).toBe(1);
  });
});

describe('watchGenerate', () => {
  it('generates, regenerates after a debounced burst of changes, keeps running through an error, and stops with 0', async () => {
    const { clock, advance, pending } = fakeClock();
    let notify: () => void = () => undefined;
    let closed = false;
    const watcher = (_dir: string, onChange: () => void) => {
      notify = onChange;
      return {
        close: () => {
          closed = true;
        },
      };
    };
    const stop = new AbortController();
    const { io, sink } = recorder();
    const done = watchGenerate(sink, dir, loadConfig(dir), { watcher, clock, signal: stop.signal, debounceMs: 50 });
    expect(io.out).toContain('generated: 2 group(s) regenerated');

    fs.writeFileSync(apple(), kind('Apple', '\n  color?: strin;'));
    notify();
    notify();
    advance(49);
    expect(io.err).toBe('');
    advance(1);
    expect(io.err).toContain("error KG3005: cannot resolve type `strin`");
    expect(io.err).toContain('not written (errors above); still watching');

    fs.writeFileSync(apple(), kind('Apple', '\n  color?: string;'));
    notify();
    advance(50);
    expect(io.out).toContain('regenerated: 1 group(s) regenerated');
    expect(fs.readFileSync(path.join(dir, 'out/a.example.com/crds/a.example.com_apples.yaml'), 'utf8')).toContain('color:');

    notify();
    stop.abort();
    await expect(done).resolves.toBe(0);
    expect({ closed, pending: pending() }).toEqual({ closed: true, pending: 0 });
  });
});

describe('kubegen generate --watch (child process)', () => {
  it('regenerates an edit, shows an error without exiting, recovers, and exits 0 on SIGINT', async () => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin/kubegen.js'), 'generate', '--watch'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    /** Resolves when `predicate` holds; the jest timeout bounds the wait. */
    const until = async (predicate: () => boolean) => {
      while (!predicate()) await new Promise((r) => setTimeout(r, 20));
    };
    const crd = path.join(dir, 'out/a.example.com/crds/a.example.com_apples.yaml');
    const readCrd = () => (fs.existsSync(crd) ? fs.readFileSync(crd, 'utf8') : '');
    try {
      await until(() => log.includes('watching'));
      fs.writeFileSync(apple(), kind('Apple', '\n  color?: string;'));
      await until(() => readCrd().includes('color:'));
      fs.writeFileSync(apple(), kind('Apple', '\n  color?: string;\n  shade?: strin;'));
      await until(() => log.includes('still watching'));
      expect(log).toMatch(/apis\/a\.example\.com\/v1\/apple\.ts:\d+:\d+ - error KG3005: cannot resolve type `strin`/);
      expect(readCrd()).not.toContain('shade:');
      fs.writeFileSync(apple(), kind('Apple', '\n  color?: string;\n  shade?: string;'));
      await until(() => readCrd().includes('shade:'));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(log).not.toMatch(/at .*\.js:\d+/);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

test('--watch with --verify is a usage error', async () => {
  const { io, sink } = recorder();
  expect(await main(['generate', '--watch', '--verify'], sink, dir)).toBe(2);
  expect(io.err).toContain('--watch and --verify cannot be used together');
});
