/**
 * Pipeline properties: idempotent writes (a second run writes nothing and touches no file), `--verify` detecting
 * drift with a diff, no mutation of the model by the CRD emitter, byte-for-byte deterministic output, and a marker
 * reference that lists every registered marker.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../generator/cli';
import { crdGenerator } from '../../../generator/emit/crd';
import { markerDefinitions } from '../../../generator/markers';
import { generateCrdFiles, loadApiModel } from '../../../generator/pipeline';
import { runGenerator } from '../../../generator/emit/shared/execute';
import { present } from '../helpers/present';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const repo = path.join(__dirname, '..', '..', '..');
const apis = path.join(repo, 'apis');

async function run(argv: string[], cwd = repo): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, cwd);
  return { code, out, err };
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-pipeline-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('kubegen crd --out', () => {
  it('writes every CRD once; a second run writes nothing and leaves every mtime alone', async () => {
    const first = await run(['crd', '--apis', 'apis', '--out', tmp]);
    expect(first).toMatchObject({ code: 0, err: '' });
    const files = listFiles(tmp);
    expect(files.length).toBe(6);
    expect(first.out).toContain(`wrote ${files.length}, unchanged 0`);

    // Back-date every file so a rewrite, even within the same clock tick, would show.
    const past = new Date('2001-02-03T04:05:06Z');
    for (const f of files) fs.utimesSync(path.join(tmp, f), past, past);
    const before = files.map((f) => fs.statSync(path.join(tmp, f)).mtimeMs);
    const contents = files.map((f) => fs.readFileSync(path.join(tmp, f), 'utf8'));

    const second = await run(['crd', '--apis', 'apis', '--out', tmp]);
    expect(second).toMatchObject({ code: 0, err: '' });
    expect(second.out).toContain(`wrote 0, unchanged ${files.length}`);
    expect(listFiles(tmp)).toEqual(files);
    expect(files.map((f) => fs.statSync(path.join(tmp, f)).mtimeMs)).toEqual(before);
    expect(files.map((f) => fs.readFileSync(path.join(tmp, f), 'utf8'))).toEqual(contents);
  });

  it('--verify passes on fresh output and fails with a diff after an edit, writing nothing', async () => {
    await run(['crd', '--apis', 'apis', '--out', tmp]);
    expect(await run(['crd', '--apis', 'apis', '--out', tmp, '--verify'])).toMatchObject({ code: 0, err: '' });
    const file = path.join(tmp, 'foo.bar_apps.yaml');
    const edited = fs.readFileSync(file, 'utf8').replace('maximum: 65535', 'maximum: 65000');
    fs.writeFileSync(file, edited);
    const verify = await run(['crd', '--apis', 'apis', '--out', tmp, '--verify']);
    expect(verify.code).toBe(1);
    expect(verify.err).toContain('foo.bar_apps.yaml');
    expect(verify.err).toMatch(/^-\s+maximum: 65000$/m);
    expect(verify.err).toMatch(/^\+\s+maximum: 65535$/m);
    expect(fs.readFileSync(file, 'utf8')).toBe(edited);
  });
});

describe('kubegen generate --verify', () => {
  it('detects a changed generated file, prints a diff and exits 1', async () => {
    const output = path.join(tmp, 'generated');
    const config = path.join(tmp, 'kubegen.config.json');
    fs.writeFileSync(config, JSON.stringify({ apis, output, generators: ['crd'], conversion: { 'stable.example.com': { service: { name: 'crontab-webhook', namespace: 'system' } } } }));

    const gen = await run(['generate', '--config', config]);
    expect(gen).toMatchObject({ code: 0, err: '' });
    expect(await run(['generate', '--config', config, '--verify'])).toMatchObject({ code: 0, err: '' });

    const file = path.join(output, 'stable.example.com', 'crds', 'stable.example.com_crontabs.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('shortNames:\n    - ct', 'shortNames:\n    - cron'));
    const verify = await run(['generate', '--config', config, '--verify']);
    expect(verify.code).toBe(1);
    expect(verify.err).toContain('stable.example.com_crontabs.yaml');
    expect(verify.err).toMatch(/^-\s+- cron$/m);
    expect(verify.err).toMatch(/^\+\s+- ct$/m);
    expect(verify.err).toContain('1 file(s) differ');
  });
});

describe('the model', () => {
  it('is not mutated by the CRD emitter (deep-frozen model, same output)', () => {
    const { model, diagnostics } = loadApiModel(apis);
    expect(diagnostics).toEqual([]);
    const snapshot = JSON.stringify(model);
    const fresh = runGenerator(crdGenerator, loadApiModel(apis).model, {});
    const frozen = runGenerator(crdGenerator, deepFreeze(model), {});
    expect(frozen.diagnostics).toEqual([]);
    expect(frozen.files).toEqual(fresh.files);
    expect(JSON.stringify(model)).toBe(snapshot);
  });
});

describe('determinism', () => {
  it('two runs produce byte-equal files in the same order', () => {
    const a = generateCrdFiles(apis);
    const b = generateCrdFiles(apis);
    expect(a.map((f) => f.path)).toEqual(b.map((f) => f.path));
    a.forEach((f, i) => expect(Buffer.from(present(b[i], `the second run's ${f.path}`).contents).equals(Buffer.from(f.contents))).toBe(true));
    expect(a.map((f) => f.path)).toEqual([...a.map((f) => f.path)].sort());
    for (const f of a) expect(f.contents).not.toContain(repo);
  });
});

describe('kubegen markers --format markdown', () => {
  it('lists every registered marker', async () => {
    const { code, out } = await run(['markers', '--format', 'markdown']);
    expect(code).toBe(0);
    const missing = markerDefinitions.map((d) => d.name).filter((name) => !out.includes(`### \`+${name}\``));
    expect(missing).toEqual([]);
    expect(markerDefinitions.length).toBeGreaterThan(50);
  });
});
