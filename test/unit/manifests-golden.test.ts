/**
 * `kubegen rbac` and `kubegen webhook` against controller-gen v0.21.0, and `kubegen apiservice`.
 *
 * - Golden cases, `test/cases-manifests/<case>/`: `ts/` (the input), `go/` (its Go twin with the same markers),
 *   `expected/` (what `controller-gen rbac:roleName=<role-name> webhook paths=./<case>/go/...` writes for the twin,
 *   regenerated with `test/cases-manifests/regenerate.sh`), optional `role-name`. kubegen must write exactly the
 *   files of `expected/`, byte for byte, from the CLI and from `kubegen generate` (then `--verify` passes).
 * - APIService cases, `test/cases-apiservice/<case>/`: `ts/` and `expected/apiservice.yaml` (no controller-gen
 *   counterpart: the expected file is reviewed by hand, and test/e2e/apiservice.test.ts applies it to a real
 *   apiserver); from the CLI and from `kubegen generate`, whose configuration may add `apiServices` entries.
 * - Negative cases, `test/invalid-manifests/<rbac|webhook|apiservice>-<what>/`: `ts/` and `expected.txt`, the exact
 *   diagnostics of `kubegen <rbac|webhook|apiservice> --paths ts` run from the case folder; exit 1, nothing written.
 *   To (re)write one after deliberately changing a message: `node bin/kubegen.js <cmd> --paths ts --out /tmp/x
 *   2> expected.txt` from the case folder, and review the diff.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../generator/cli';

const casesDir = path.join(__dirname, '..', 'cases-manifests');
const apiServiceCasesDir = path.join(__dirname, '..', 'cases-apiservice');
const invalidDir = path.join(__dirname, '..', 'invalid-manifests');
const dirs = (root: string) =>
  fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const cases = dirs(casesDir);
const invalid = dirs(invalidDir);
const apiServiceCases = dirs(apiServiceCasesDir);

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

describe.each(apiServiceCases)('APIService case %s', (name) => {
  const caseDir = path.join(apiServiceCasesDir, name);
  const expected = filesUnder(path.join(caseDir, 'expected'));
  const entriesFile = path.join(caseDir, 'api-services.json');
  const entries = fs.existsSync(entriesFile) ? (JSON.parse(fs.readFileSync(entriesFile, 'utf8')) as unknown[]) : undefined;

  it('has exactly one expected file, apiservice.yaml', () => {
    expect(Object.keys(expected)).toEqual(['apiservice.yaml']);
  });

  if (entries === undefined) {
    it('kubegen apiservice writes the expected file, and --verify then passes', async () => {
      expect(await run(['apiservice', '--paths', 'ts', '--out', tmp], caseDir)).toEqual({ code: 0, out: `kubegen: wrote 1, unchanged 0 in ${tmp}\n`, err: '' });
      expect(filesUnder(tmp)).toEqual(expected);
      expect((await run(['apiservice', '--paths', 'ts', '--out', tmp, '--verify'], caseDir)).code).toBe(0);
    });
  }

  it('kubegen generate writes it from kubegen.config.json (markers and apiServices entries), and --verify then passes', async () => {
    const project = path.join(tmp, 'project');
    fs.cpSync(path.join(caseDir, 'ts'), project, { recursive: true });
    for (const f of fs.readdirSync(caseDir)) if (f.endsWith('.crt')) fs.copyFileSync(path.join(caseDir, f), path.join(project, f));
    fs.mkdirSync(path.join(project, 'apis'));
    const config = { apis: 'apis', output: 'generated', generators: ['crd'], apiservice: { paths: ['src'], output: 'config/apiservice', ...(entries ? { apiServices: entries } : {}) } };
    fs.writeFileSync(path.join(project, 'kubegen.config.json'), JSON.stringify(config));
    const gen = await run(['generate'], project);
    expect([gen.code, gen.err]).toEqual([0, '']);
    expect(filesUnder(path.join(project, 'config', 'apiservice'))).toEqual(expected);
    expect((await run(['generate', '--verify'], project)).code).toBe(0);
    fs.appendFileSync(path.join(project, 'config', 'apiservice', 'apiservice.yaml'), '# edited\n');
    const stale = await run(['generate', '--verify'], project);
    expect(stale.code).toBe(1);
    expect(stale.err).toContain('differ from what would be generated');
  });
});

describe.each(invalid)('invalid case %s', (name) => {
  const caseDir = path.join(invalidDir, name);
  const command = name.split('-')[0];

  it('exits 1, prints exactly the expected diagnostics and writes nothing', async () => {
    expect(['rbac', 'webhook', 'apiservice']).toContain(command);
    const r = await run([command, '--paths', 'ts', '--out', tmp], caseDir);
    expect(r.err).toBe(fs.readFileSync(path.join(caseDir, 'expected.txt'), 'utf8'));
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

test.each(['rbac', 'webhook', 'apiservice'])('kubegen %s without --out or --stdout is a one-line error, exit 2', async (command) => {
  const r = await run([command, '--paths', 'ts'], path.join(casesDir, 'operator'));
  expect(r).toEqual({ code: 2, out: '', err: 'kubegen: either --out <dir> or --stdout is required (see kubegen --help)\n' });
});

test('--stdout prints the manifests and writes nothing', async () => {
  const caseDir = path.join(casesDir, 'webhook');
  const r = await run(['webhook', '--paths', 'ts', '--stdout'], caseDir);
  expect(r).toEqual({ code: 0, out: fs.readFileSync(path.join(caseDir, 'expected', 'manifests.yaml'), 'utf8'), err: '' });
});

const ENTRY = { group: 'wardle.example.com', version: 'v1alpha1', service: { name: 'api', namespace: 'wardle' }, groupPriorityMinimum: 1000, versionPriority: 15, insecureSkipTLSVerify: true };
const PEM = fs.readFileSync(path.join(apiServiceCasesDir, 'config-entries', 'ca.crt'), 'utf8');

describe('configuration keys rbac, webhook and apiservice', () => {
  const table: Array<{ given: unknown; want: string }> = [
    { given: { rbac: { paths: ['src'] } }, want: 'rbac.output: must be a directory name' },
    { given: { rbac: { output: 'config/rbac' } }, want: 'rbac.paths: must be a non-empty array of file or directory names' },
    { given: { rbac: { paths: [], output: 'x' } }, want: 'rbac.paths: must be a non-empty array of file or directory names' },
    { given: { rbac: { paths: ['src'], output: 'x', roleName: '' } }, want: 'rbac.roleName: must be a non-empty string' },
    { given: { webhook: { paths: ['src'], output: 'x', roleName: 'r' } }, want: 'webhook: unknown key "roleName" (known: paths, output)' },
    { given: { webhook: ['src'] }, want: 'webhook: must be an object with "paths" and "output"' },
    { given: JSON.parse('{"rbac": {"paths": ["src"], "output": "x", "__proto__": 1}}'), want: 'rbac: unknown key "__proto__" (known: paths, output, roleName)' },
    { given: { apiservice: { output: 'x' } }, want: 'apiservice: needs "paths" (to scan for +kubegen:apiservice markers) or "apiServices", or both' },
    { given: { apiservice: 'x' }, want: 'apiservice: must be an object with "output" and "paths" or "apiServices"' },
    { given: { apiservice: { output: 'x', apiServices: [] } }, want: 'apiservice.apiServices: must be a non-empty array of APIServices ({ group, version, service, groupPriorityMinimum, versionPriority, … })' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, versionPriority: 0 }] } }, want: 'apiservice.apiServices[0].versionPriority: must be from 1 to 1000, not 0' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, groupPriorityMinimum: 20001 }] } }, want: 'apiservice.apiServices[0].groupPriorityMinimum: must be from 1 to 20000, not 20001' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, service: { name: 'api', namespace: 'w', port: '443' } }] } }, want: 'apiservice.apiServices[0].service.port: must be an integer' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, service: { name: 'api', namespace: 'w', port: 0 } }] } }, want: 'apiservice.apiServices[0].service.port: must be from 1 to 65535, not 0' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, caBundle: PEM }] } }, want: 'apiservice.apiServices[0].insecureSkipTLSVerify: cannot be true together with a caBundle (the apiserver refuses both): choose one' },
    {
      given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, insecureSkipTLSVerify: false }] } },
      want: "apiservice.apiServices[0]: choose how the apiserver verifies the extension apiserver's certificate: give a caBundle (or caBundleFile), or insecureSkipTLSVerify=true",
    },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, insecureSkipTLSVerify: undefined, caBundle: 'aGVsbG8=' }] } }, want: 'apiservice.apiServices[0].caBundle: is neither PEM certificates (-----BEGIN CERTIFICATE-----) nor base64 of them' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, insecureSkipTLSVerify: undefined, caBundleFile: 'missing.crt' }] } }, want: 'apiservice.apiServices[0].caBundleFile: cannot open missing.crt: no such file or directory (ENOENT)' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, group: '' }] } }, want: 'apiservice.apiServices[0].group: is required (an empty group is the core API of the kube-apiserver itself)' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, version: 1 }] } }, want: 'apiservice.apiServices[0].version: must be a string' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, service: undefined }] } }, want: 'apiservice.apiServices[0].service: must be an object { name, namespace, port? }' },
    { given: JSON.parse(`{"apiservice": {"output": "x", "apiServices": [${JSON.stringify(ENTRY).replace(/}$/, ',"__proto__": 1}')}]}}`), want: 'apiservice.apiServices[0]: unknown key "__proto__" (known: group, version, service, groupPriorityMinimum, versionPriority, caBundle, caBundleFile, insecureSkipTLSVerify)' },
  ];
  it.each(table)('rejects $given', async ({ given, want }) => {
    fs.writeFileSync(path.join(tmp, 'kubegen.config.json'), JSON.stringify(given));
    // Configuration errors are one line each, naming the file and key, before any generator runs; nothing is written.
    expect(await run(['generate'], tmp)).toEqual({ code: 1, out: '', err: `kubegen: kubegen.config.json: ${want}\n` });
    expect(fs.readdirSync(tmp)).toEqual(['kubegen.config.json']);
  });
});
