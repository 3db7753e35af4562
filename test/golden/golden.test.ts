/**
 * The golden cases: every folder `test/golden/<case>/` with an `apis/` folder, run through the `kubegen` command line
 * (`main`, in process). What a case checks follows from what its `expected/` holds (see README.md here):
 *
 * - `expected/crd/`: `kubegen crd --apis apis` writes exactly these files — controller-gen's CRDs for the Go twin
 *   (`go/`) — compared after dropping each tool's version annotation;
 * - `expected/rbac/`, `expected/webhook/`: `kubegen rbac` / `kubegen webhook --paths apis` write exactly controller-gen's
 *   role.yaml / manifests.yaml for the twin (role name from `role-name`, default manager-role); so does `kubegen
 *   generate` configured with `rbac` / `webhook`, whose `--verify` then passes and catches a hand edit;
 * - `expected/apiservice/`: `kubegen apiservice --paths apis` (or, for a case with `api-services.json`, `kubegen
 *   generate` with those `apiServices` entries) writes exactly apiservice.yaml — kubegen's own marker, no controller-gen
 *   counterpart: reviewed by hand, and test/e2e/apiservice.test.ts applies it to a real apiserver;
 * - `expected/generated/`: `kubegen generate` with the case's `kubegen.config.json` (generators, package name …)
 *   writes exactly this tree, and prints exactly `expected/diagnostics.txt` (empty when absent);
 * - `expected/docs/`: `kubegen docs --apis apis` writes exactly these Markdown API references (one `<group>.md`).
 *
 * `expected/crd`, `rbac` and `webhook` come only from controller-gen (`test/golden/regenerate.sh`).
 * `KUBEGEN_UPDATE_GOLDEN=1 npx jest test/golden` rewrites only what kubegen itself decides: `expected/generated/`,
 * `expected/diagnostics.txt` (by running `kubegen generate` in the case folder) and an existing `expected/docs/`, then
 * checks as usual.
 *
 * The repository's own `apis/` is checked the same way against the committed `generated/` (`kubegen generate --verify`).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../generator/cli';
import { goldenCases, type Expectation } from './cases';
import { present } from '../unit/helpers/present';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../..');
const UPDATE = process.env.KUBEGEN_UPDATE_GOLDEN === '1';

const cases = goldenCases();

/** Every file under `dir`, by its `/`-separated path relative to `dir`, with its text (sorted; `{}` when absent). */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  for (const f of files) out[f] = fs.readFileSync(path.join(dir, f), 'utf8');
  return out;
}

/** Drop the generator's version annotation line (controller-gen's or kubegen's). */
function dropVersionAnnotation(yaml: string): string {
  return yaml.replace(/^ {4}(controller-gen\.kubebuilder\.io|kubegen\.io)\/version: .*\n/m, '');
}

async function kubegen(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, cwd);
  return { code, out, err };
}

function readIfExists(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-golden-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('there are golden cases of every kind of expectation; each expects something, a Go twin something of controller-gen', () => {
  const count = (e: Expectation) => cases.filter((c) => c.expects.has(e)).length;
  expect(cases.length).toBeGreaterThanOrEqual(20);
  expect([count('crd'), count('rbac'), count('webhook'), count('generated')].map((n) => n >= 2)).toEqual([true, true, true, true]);
  for (const c of cases) {
    const fromGo = (['crd', 'rbac', 'webhook'] as const).some((e) => c.expects.has(e));
    expect({ case: c.name, expectsSomething: c.expects.size > 0, goTwinChecked: !fs.existsSync(path.join(c.dir, 'go')) || fromGo }).toEqual({ case: c.name, expectsSomething: true, goTwinChecked: true });
  }
});

describe.each(cases.map((c) => [c.name, c] as const))('golden case %s', (_name, { dir: caseDir, expects }) => {
  const expectedDir = path.join(caseDir, 'expected');
  const roleFile = path.join(caseDir, 'role-name');
  const roleName = fs.existsSync(roleFile) ? fs.readFileSync(roleFile, 'utf8').trim() : 'manager-role';

  if (expects.has('crd')) {
    it('kubegen crd writes the CRDs controller-gen writes for the Go twin', async () => {
      const r = await kubegen(['crd', '--apis', 'apis', '--out', tmp], caseDir);
      // warnings (a deprecated marker the case uses on purpose) are allowed, errors are not
      expect({ code: r.code, errors: r.err.split('\n').filter((l) => / - error KG/.test(l)) }).toEqual({ code: 0, errors: [] });
      const strip = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([f, text]) => [f, dropVersionAnnotation(text)]));
      expect(strip(tree(tmp))).toEqual(strip(tree(path.join(expectedDir, 'crd'))));
    });
  }

  if (expects.has('rbac') || expects.has('webhook')) {
    const expected = { ...tree(path.join(expectedDir, 'rbac')), ...tree(path.join(expectedDir, 'webhook')) };

    it('kubegen rbac + kubegen webhook write exactly what controller-gen writes', async () => {
      const rbac = await kubegen(['rbac', '--paths', 'apis', '--role-name', roleName, '--out', tmp], caseDir);
      const webhook = await kubegen(['webhook', '--paths', 'apis', '--out', tmp], caseDir);
      expect([rbac.code, webhook.code]).toEqual([0, 0]);
      // No markers of a kind → no file, and a warning saying so (controller-gen writes nothing either).
      const warnings = [rbac.err, webhook.err].filter((e) => e !== '');
      expect(warnings.every((w) => /^warning KG6102: no \+kubebuilder:(rbac|webhook) markers under apis; (role|manifests)\.yaml is not written\n$/.test(w))).toBe(true);
      expect(warnings.length).toBe(2 - Object.keys(expected).length);
      expect(tree(tmp)).toEqual(expected);
    });

    it('kubegen generate writes them from kubegen.config.json, and --verify then passes and catches a hand edit', async () => {
      const project = path.join(tmp, 'project');
      fs.cpSync(path.join(caseDir, 'apis'), path.join(project, 'src'), { recursive: true });
      fs.mkdirSync(path.join(project, 'apis'));
      const config = {
        apis: 'apis',
        output: 'generated',
        generators: ['crd'],
        rbac: { paths: ['src'], roleName, output: 'config/rbac' },
        webhook: { paths: ['src'], output: 'config/webhook' },
      };
      fs.writeFileSync(path.join(project, 'kubegen.config.json'), JSON.stringify(config));
      expect((await kubegen(['generate'], project)).code).toBe(0);
      expect({ ...tree(path.join(project, 'config', 'rbac')), ...tree(path.join(project, 'config', 'webhook')) }).toEqual(expected);
      expect((await kubegen(['generate', '--verify'], project)).code).toBe(0);
      const first = present(Object.keys(expected)[0], 'an expected rbac or webhook file');
      fs.appendFileSync(path.join(project, 'config', first === 'role.yaml' ? 'rbac' : 'webhook', first), '# edited\n');
      const stale = await kubegen(['generate', '--verify'], project);
      expect(stale.code).toBe(1);
      expect(stale.err).toContain('differ from what would be generated');
    });
  }

  if (expects.has('apiservice')) {
    const expected = tree(path.join(expectedDir, 'apiservice'));
    const entriesFile = path.join(caseDir, 'api-services.json');
    const entries = fs.existsSync(entriesFile) ? (JSON.parse(fs.readFileSync(entriesFile, 'utf8')) as unknown[]) : undefined;

    if (entries === undefined) {
      it('kubegen apiservice writes exactly expected/apiservice, and --verify then passes', async () => {
        expect(await kubegen(['apiservice', '--paths', 'apis', '--out', tmp], caseDir)).toEqual({ code: 0, out: `kubegen: wrote 1, unchanged 0 in ${tmp}\n`, err: '' });
        expect(tree(tmp)).toEqual(expected);
        expect((await kubegen(['apiservice', '--paths', 'apis', '--out', tmp, '--verify'], caseDir)).code).toBe(0);
      });
    }

    it('kubegen generate writes it from kubegen.config.json (markers and apiServices entries), and --verify then passes and catches a hand edit', async () => {
      const project = path.join(tmp, 'project');
      fs.cpSync(path.join(caseDir, 'apis'), project, { recursive: true });
      for (const f of fs.readdirSync(caseDir)) if (f.endsWith('.crt')) fs.copyFileSync(path.join(caseDir, f), path.join(project, f));
      fs.mkdirSync(path.join(project, 'apis'));
      const config = { apis: 'apis', output: 'generated', generators: ['crd'], apiservice: { paths: ['src'], output: 'config/apiservice', ...(entries ? { apiServices: entries } : {}) } };
      fs.writeFileSync(path.join(project, 'kubegen.config.json'), JSON.stringify(config));
      const gen = await kubegen(['generate'], project);
      expect([gen.code, gen.err]).toEqual([0, '']);
      expect(tree(path.join(project, 'config', 'apiservice'))).toEqual(expected);
      expect((await kubegen(['generate', '--verify'], project)).code).toBe(0);
      fs.appendFileSync(path.join(project, 'config', 'apiservice', 'apiservice.yaml'), '# edited\n');
      const stale = await kubegen(['generate', '--verify'], project);
      expect(stale.code).toBe(1);
      expect(stale.err).toContain('differ from what would be generated');
    });
  }

  if (expects.has('generated') || (UPDATE && fs.existsSync(path.join(caseDir, 'kubegen.config.json')))) {
    const diagnosticsFile = path.join(expectedDir, 'diagnostics.txt');

    if (UPDATE) {
      beforeAll(async () => {
        fs.rmSync(path.join(expectedDir, 'generated'), { recursive: true, force: true });
        const r = await kubegen(['generate'], caseDir);
        if (r.err !== '') fs.writeFileSync(diagnosticsFile, r.err);
        else fs.rmSync(diagnosticsFile, { force: true });
      });
    }

    it('kubegen generate writes exactly expected/generated and prints exactly expected/diagnostics.txt', async () => {
      // The case's configuration, writing into a temporary folder; run from the case folder so paths read apis/…
      const config = JSON.parse(fs.readFileSync(path.join(caseDir, 'kubegen.config.json'), 'utf8')) as Record<string, unknown>;
      const configFile = path.join(tmp, 'kubegen.config.json');
      fs.writeFileSync(configFile, JSON.stringify({ ...config, apis: path.join(caseDir, 'apis'), output: path.join(tmp, 'out') }));
      const r = await kubegen(['generate', '--config', configFile], caseDir);
      expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: readIfExists(diagnosticsFile) });
      expect(tree(path.join(tmp, 'out'))).toEqual(tree(path.join(expectedDir, 'generated')));
    });
  }
});

describe.each(goldenCases().filter((c) => c.expects.has('docs')))('golden docs $name', ({ dir: caseDir }) => {
  const expectedDir = path.join(caseDir, 'expected', 'docs');
  if (UPDATE) {
    beforeAll(async () => {
      fs.rmSync(expectedDir, { recursive: true, force: true });
      await kubegen(['docs', '--apis', 'apis', '--out', 'expected/docs'], caseDir);
    });
  }

  it('kubegen docs writes exactly expected/docs, twice the same', async () => {
    const r = await kubegen(['docs', '--apis', path.join(caseDir, 'apis'), '--out', path.join(tmp, 'docs')], caseDir);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    expect(tree(path.join(tmp, 'docs'))).toEqual(tree(expectedDir));
    const again = await kubegen(['docs', '--apis', path.join(caseDir, 'apis'), '--out', path.join(tmp, 'docs'), '--verify'], caseDir);
    expect(again.code).toBe(0);
  });
});

test('the repository: kubegen generate --verify finds generated/ up to date for apis/, without diagnostics', async () => {
  const r = await kubegen(['generate', '--verify'], REPO);
  expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
});
