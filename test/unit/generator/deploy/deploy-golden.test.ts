/**
 * The deploy tree and Helm chart (`deploy` in kubegen.config.json) per golden case: each folder of
 * test/golden/deploy/<case>/ holds a project (`apis/`, `src/` with markers, `kubegen.config.json`) and
 * `expected/` — the `config/` tree and the chart (`dist/chart/`) `kubegen generate` writes for it.
 * `KUBEGEN_UPDATE_GOLDEN=1 npx jest test/unit/generator/deploy/deploy-golden.test.ts` rewrites `expected/`; review the diff.
 *
 * Also: `--verify` passes on the written tree, catches a hand edit of an owned file and a stale owned file, and
 * leaves the user's own files alone; `generate --watch` writes the same tree; the `plain` case does not select the
 * `crd` generator, and its deploy tree has the CRDs all the same.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../../generator/cli';
import { IncrementalGenerator } from '../../../../generator/cli/watch';
import { loadConfig } from '../../../../generator/config';
import { DEPLOY_CASES_DIR, deployCases } from '../../../golden/deploy/cases';

// Runs kubegen generate in process several times per case (TypeScript's parser over the case's sources).
jest.setTimeout(120_000);

const UPDATE = process.env.KUBEGEN_UPDATE_GOLDEN === '1';
const cases = deployCases();

async function kubegen(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, cwd);
  return { code, out, err };
}

/** Files under `dir`, relative, `/`-separated, sorted. */
function tree(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** A copy of the case's project (without `expected/`) in a temporary directory. */
function project(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-deploy-${name}-`));
  for (const entry of ['apis', 'src', 'kubegen.config.json']) {
    const from = path.join(DEPLOY_CASES_DIR, name, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, entry), { recursive: true });
  }
  return dir;
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

describe.each(cases)('%s', (name) => {
  const expected = path.join(DEPLOY_CASES_DIR, name, 'expected');
  let dir: string;
  beforeAll(async () => {
    dir = project(name);
    roots.push(dir);
    const r = await kubegen(dir, 'generate');
    if (r.code !== 0) throw new Error(`kubegen generate failed: ${r.err}`);
  });

  test('writes the expected config/ tree and chart', () => {
    const written = { config: path.join(dir, 'config'), chart: path.join(dir, 'dist', 'chart') };
    if (UPDATE) {
      fs.rmSync(expected, { recursive: true, force: true });
      fs.cpSync(written.config, path.join(expected, 'config'), { recursive: true });
      fs.cpSync(written.chart, path.join(expected, 'chart'), { recursive: true });
    }
    for (const [key, at] of Object.entries(written)) {
      const want = path.join(expected, key);
      expect(tree(at)).toEqual(tree(want));
      for (const f of tree(want)) expect([f, fs.readFileSync(path.join(at, f), 'utf8')]).toEqual([f, fs.readFileSync(path.join(want, f), 'utf8')]);
    }
  });

  test('--verify passes, then catches a hand edit and a stale owned file; the user\'s files are never touched', async () => {
    expect((await kubegen(dir, 'generate', '--verify')).code).toBe(0);
    const role = path.join(dir, 'config', 'rbac', 'role.yaml');
    fs.appendFileSync(role, '# edited\n');
    const edited = await kubegen(dir, 'generate', '--verify');
    expect(edited.code).toBe(1);
    expect(edited.err).toContain('config/rbac/role.yaml');
    // A file kubegen wrote before and no longer generates: listed in the manifest, with kubegen's header.
    const stale = path.join(dir, 'config', 'rbac', 'gone_role.yaml');
    fs.writeFileSync(stale, fs.readFileSync(path.join(dir, 'config', 'rbac', 'service_account.yaml'), 'utf8'));
    fs.appendFileSync(path.join(dir, 'config', '.kubegen-owned'), 'config/rbac/gone_role.yaml\n');
    // The user's own files: an overlay, and a file in an owned directory; a listed file without the header.
    const overlay = path.join(dir, 'config', 'prod', 'kustomization.yaml');
    fs.mkdirSync(path.dirname(overlay), { recursive: true });
    fs.writeFileSync(overlay, 'resources:\n- ../default\n');
    const own = path.join(dir, 'config', 'rbac', 'extra.yaml');
    fs.writeFileSync(own, 'kind: ClusterRole\n');
    const takenOver = path.join(dir, 'config', 'rbac', 'mine.yaml');
    fs.writeFileSync(takenOver, 'kind: Role\n');
    fs.appendFileSync(path.join(dir, 'config', '.kubegen-owned'), 'config/rbac/mine.yaml\n../../etc/passwd\n');
    const verify = await kubegen(dir, 'generate', '--verify');
    expect(verify.code).toBe(1);
    expect(verify.err).toContain('config/rbac/gone_role.yaml (not generated)');
    expect(verify.err).not.toContain('extra.yaml');
    const write = await kubegen(dir, 'generate');
    expect(write.err).toBe('');
    expect(write.code).toBe(0);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.readFileSync(overlay, 'utf8')).toBe('resources:\n- ../default\n');
    expect(fs.readFileSync(own, 'utf8')).toBe('kind: ClusterRole\n');
    expect(fs.readFileSync(takenOver, 'utf8')).toBe('kind: Role\n');
    expect(fs.readFileSync(role, 'utf8')).toBe(fs.readFileSync(path.join(expected, 'config', 'rbac', 'role.yaml'), 'utf8'));
    expect((await kubegen(dir, 'generate', '--verify')).code).toBe(0);
  });
});

test('generate --watch writes the same deploy tree as generate, and rewrites it when a marker changes', () => {
  const dir = project('webhooks');
  roots.push(dir);
  let err = '';
  const gen = new IncrementalGenerator(loadConfig(dir), dir, { out: () => {}, err: (s) => (err += s) });
  expect(gen.run().ok).toBe(true);
  expect(err).toBe('');
  const expected = path.join(DEPLOY_CASES_DIR, 'webhooks', 'expected');
  for (const [key, at] of [['config', path.join(dir, 'config')], ['chart', path.join(dir, 'dist', 'chart')]] as const) {
    expect(tree(at)).toEqual(tree(path.join(expected, key)));
    for (const f of tree(at)) expect([f, fs.readFileSync(path.join(at, f), 'utf8')]).toEqual([f, fs.readFileSync(path.join(expected, key, f), 'utf8')]);
  }
  const controller = path.join(dir, 'src', 'controllers', 'reconciler.ts');
  fs.writeFileSync(controller, fs.readFileSync(controller, 'utf8').replace('resources=gadgets,', 'resources=gizmos,'));
  expect(gen.run().ok).toBe(true);
  const role = fs.readFileSync(path.join(dir, 'config', 'rbac', 'role.yaml'), 'utf8');
  expect(role).toContain('- gizmos');
  expect(role).not.toContain('- gadgets');
});

test('a bad marker under deploy.paths is one located error (once, even when the rbac key reads it too); nothing is written', async () => {
  const dir = project('plain');
  roots.push(dir);
  fs.writeFileSync(path.join(dir, 'src', 'controllers', 'bad.ts'), '/**\n * Bad.\n *\n * +kubebuilder:rbac:groups=apps,resources=deployments\n */\nexport {};\n');
  const config = JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ ...config, rbac: { paths: ['src'], output: 'rbac-out' } }));
  const r = await kubegen(dir, 'generate');
  expect(r.code).toBe(1);
  const lines = r.err.split('\n').filter((l) => l.includes('bad.ts'));
  expect(lines).toEqual(['src/controllers/bad.ts:4:4 - error KG2004: +kubebuilder:rbac is missing required argument verbs ([]string: the verbs that apply to the resources; `*` means all.)']);
  expect(fs.existsSync(path.join(dir, 'config'))).toBe(false);
  expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
});
