/**
 * `kubegen rbac` and `kubegen webhook` against controller-gen v0.21.0.
 *
 * - Golden cases, `test/cases-manifests/<case>/`: `ts/` (the input), `go/` (its Go twin with the same markers),
 *   `expected/` (what `controller-gen rbac:roleName=<role-name> webhook paths=./<case>/go/...` writes for the twin,
 *   regenerated with `test/cases-manifests/regenerate.sh`), optional `role-name`. kubegen must write exactly the
 *   files of `expected/`, byte for byte, from the CLI and from `kubegen generate` (then `--verify` passes).
 * - Negative cases, `test/invalid-manifests/<rbac|webhook>-<what>/`: `ts/` and `expected.txt`, the exact
 *   diagnostics of `kubegen <rbac|webhook> --paths ts` run from the case folder; exit 1, nothing written. To
 *   (re)write one after deliberately changing a message: `node bin/kubegen.js <cmd> --paths ts --out /tmp/x
 *   2> expected.txt` from the case folder, and review the diff.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../generator/cli';

const casesDir = path.join(__dirname, '..', 'cases-manifests');
const invalidDir = path.join(__dirname, '..', 'invalid-manifests');
const dirs = (root: string) =>
  fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const cases = dirs(casesDir);
const invalid = dirs(invalidDir);

function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const name of fs.readdirSync(dir).sort()) out[name] = fs.readFileSync(path.join(dir, name), 'utf8');
  return out;
}

function roleName(caseDir: string): string {
  const f = path.join(caseDir, 'role-name');
  return fs.existsSync(f) ? fs.readFileSync(f, 'utf8').trim() : 'manager-role';
}

async function run(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, cwd);
  return { code, out, err };
}

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-manifests-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('the golden cases cover rbac and webhooks, and every case has ts/, go/ and expected/', () => {
  expect(cases.length).toBeGreaterThanOrEqual(4);
  for (const name of cases) {
    for (const part of ['ts', 'go', 'expected']) expect(fs.existsSync(path.join(casesDir, name, part))).toBe(true);
  }
  const all = cases.flatMap((c) => Object.keys(filesUnder(path.join(casesDir, c, 'expected'))));
  expect(all).toContain('role.yaml');
  expect(all).toContain('manifests.yaml');
});

describe.each(cases)('golden case %s', (name) => {
  const caseDir = path.join(casesDir, name);
  const expected = filesUnder(path.join(caseDir, 'expected'));

  it('kubegen rbac + kubegen webhook write exactly what controller-gen writes', async () => {
    const rbac = await run(['rbac', '--paths', 'ts', '--role-name', roleName(caseDir), '--out', tmp], caseDir);
    const webhook = await run(['webhook', '--paths', 'ts', '--out', tmp], caseDir);
    expect([rbac.code, webhook.code]).toEqual([0, 0]);
    // No markers of a kind → no file, and a warning saying so (controller-gen writes nothing either).
    const warnings = [rbac.err, webhook.err].filter((e) => e !== '');
    expect(warnings.every((w) => /^warning KG6102: no \+kubebuilder:(rbac|webhook) markers under ts; (role|manifests)\.yaml is not written\n$/.test(w))).toBe(true);
    expect(warnings.length).toBe(2 - Object.keys(expected).length);
    expect(filesUnder(tmp)).toEqual(expected);
  });

  it('kubegen generate writes them from kubegen.config.json, and --verify then passes', async () => {
    const project = path.join(tmp, 'project');
    fs.cpSync(path.join(caseDir, 'ts'), path.join(project, 'src'), { recursive: true });
    fs.mkdirSync(path.join(project, 'apis'));
    const config = {
      apis: 'apis',
      output: 'generated',
      generators: ['crd'],
      rbac: { paths: ['src'], roleName: roleName(caseDir), output: 'config/rbac' },
      webhook: { paths: ['src'], output: 'config/webhook' },
    };
    fs.writeFileSync(path.join(project, 'kubegen.config.json'), JSON.stringify(config));
    const gen = await run(['generate'], project);
    expect(gen.code).toBe(0);
    const written = { ...filesUnder(path.join(project, 'config', 'rbac')), ...filesUnder(path.join(project, 'config', 'webhook')) };
    expect(written).toEqual(expected);
    const verify = await run(['generate', '--verify'], project);
    expect(verify.code).toBe(0);
    // A hand edit is caught by --verify.
    const [first] = Object.keys(expected);
    const target = path.join(project, 'config', first === 'role.yaml' ? 'rbac' : 'webhook', first);
    fs.appendFileSync(target, '# edited\n');
    const stale = await run(['generate', '--verify'], project);
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('differ from what would be generated');
  });
});

describe.each(invalid)('invalid case %s', (name) => {
  const caseDir = path.join(invalidDir, name);
  const command = name.split('-')[0];

  it('exits 1, prints exactly the expected diagnostics and writes nothing', async () => {
    expect(['rbac', 'webhook']).toContain(command);
    const r = await run([command, '--paths', 'ts', '--out', tmp], caseDir);
    expect(r.err).toBe(fs.readFileSync(path.join(caseDir, 'expected.txt'), 'utf8'));
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

test.each(['rbac', 'webhook'])('kubegen %s without --out or --stdout is a one-line error, exit 2', async (command) => {
  const r = await run([command, '--paths', 'ts'], path.join(casesDir, 'operator'));
  expect(r).toEqual({ code: 2, out: '', err: 'kubegen: either --out <dir> or --stdout is required (see kubegen --help)\n' });
});

test('--stdout prints the manifests and writes nothing', async () => {
  const caseDir = path.join(casesDir, 'webhook');
  const r = await run(['webhook', '--paths', 'ts', '--stdout'], caseDir);
  expect(r).toEqual({ code: 0, out: fs.readFileSync(path.join(caseDir, 'expected', 'manifests.yaml'), 'utf8'), err: '' });
});

describe('configuration keys rbac and webhook', () => {
  const table: Array<{ given: unknown; want: string }> = [
    { given: { rbac: { paths: ['src'] } }, want: 'rbac.output: must be a directory name' },
    { given: { rbac: { output: 'config/rbac' } }, want: 'rbac.paths: must be a non-empty array of file or directory names' },
    { given: { rbac: { paths: [], output: 'x' } }, want: 'rbac.paths: must be a non-empty array of file or directory names' },
    { given: { rbac: { paths: ['src'], output: 'x', roleName: '' } }, want: 'rbac.roleName: must be a non-empty string' },
    { given: { webhook: { paths: ['src'], output: 'x', roleName: 'r' } }, want: 'webhook: unknown key "roleName" (known: paths, output)' },
    { given: { webhook: ['src'] }, want: 'webhook: must be an object with "paths" and "output"' },
    { given: JSON.parse('{"rbac": {"paths": ["src"], "output": "x", "__proto__": 1}}'), want: 'rbac: unknown key "__proto__" (known: paths, output, roleName)' },
  ];
  it.each(table)('rejects $given', async ({ given, want }) => {
    fs.writeFileSync(path.join(tmp, 'kubegen.config.json'), JSON.stringify(given));
    // Configuration errors are one line each, naming the file and key, before any generator runs; nothing is written.
    expect(await run(['generate'], tmp)).toEqual({ code: 1, out: '', err: `kubegen: kubegen.config.json: ${want}\n` });
    expect(fs.readdirSync(tmp)).toEqual(['kubegen.config.json']);
  });
});
