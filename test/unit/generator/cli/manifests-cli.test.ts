/**
 * `kubegen rbac`, `kubegen webhook` and `kubegen apiservice` on the command line, beyond the golden cases (test/golden, whose rbac /
 * webhook cases compare with controller-gen v0.21.0) and the negative cases (test/invalid/rbac-*, webhook-*): the
 * output flags, and the `rbac` / `webhook` keys of kubegen.config.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../../generator/cli';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const golden = path.join(__dirname, '..', '..', '..', 'golden');

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

test.each(['rbac', 'webhook', 'apiservice'])('kubegen %s without --out or --stdout is a one-line error, exit 2', async (command) => {
  const r = await run([command, '--paths', 'apis'], path.join(golden, 'operator'));
  expect(r).toEqual({ code: 2, out: '', err: 'kubegen: either --out <dir> or --stdout is required (see kubegen --help)\n' });
});

test('--stdout prints the manifests and writes nothing', async () => {
  const caseDir = path.join(golden, 'webhook');
  const r = await run(['webhook', '--paths', 'apis', '--stdout'], caseDir);
  expect(r).toEqual({ code: 0, out: fs.readFileSync(path.join(caseDir, 'expected', 'webhook', 'manifests.yaml'), 'utf8'), err: '' });
});

const ENTRY = { group: 'wardle.example.com', version: 'v1alpha1', service: { name: 'api', namespace: 'wardle' }, groupPriorityMinimum: 1000, versionPriority: 15, insecureSkipTLSVerify: true };
const PEM = fs.readFileSync(path.join(golden, 'apiservice-config-entries', 'ca.crt'), 'utf8');

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
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, caBundleInjected: true }] } }, want: 'apiservice.apiServices[0].caBundleInjected: cannot be true together with insecureSkipTLSVerify=true: choose one' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, insecureSkipTLSVerify: undefined, caBundle: 'aGVsbG8=' }] } }, want: 'apiservice.apiServices[0].caBundle: is neither PEM certificates (-----BEGIN CERTIFICATE-----) nor base64 of them' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, insecureSkipTLSVerify: undefined, caBundleFile: 'missing.crt' }] } }, want: 'apiservice.apiServices[0].caBundleFile: cannot open missing.crt: no such file or directory (ENOENT)' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, group: '' }] } }, want: 'apiservice.apiServices[0].group: is required (an empty group is the core API of the kube-apiserver itself)' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, version: 1 }] } }, want: 'apiservice.apiServices[0].version: must be a string' },
    { given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, service: undefined }] } }, want: 'apiservice.apiServices[0].service: must be an object { name, namespace, port? }' },
    { given: JSON.parse(`{"apiservice": {"output": "x", "apiServices": [${JSON.stringify(ENTRY).replace(/}$/, ',"__proto__": 1}')}]}}`), want: 'apiservice.apiServices[0]: unknown key "__proto__" (known: group, version, service, groupPriorityMinimum, versionPriority, caBundle, caBundleFile, insecureSkipTLSVerify, caBundleInjected)' },
    {
      given: { apiservice: { output: 'x', apiServices: [{ ...ENTRY, insecureSkipTLSVerify: false }] } },
      want: "apiservice.apiServices[0]: choose how the apiserver verifies the extension apiserver's certificate: give a caBundle (or caBundleFile), caBundleInjected=true (an injector writes it), or insecureSkipTLSVerify=true",
    },
  ];
  it.each(table)('rejects $given', async ({ given, want }) => {
    fs.writeFileSync(path.join(tmp, 'kubegen.config.json'), JSON.stringify(given));
    // Configuration errors are one line each, naming the file and key, before any generator runs; nothing is written.
    expect(await run(['generate'], tmp)).toEqual({ code: 1, out: '', err: `kubegen: kubegen.config.json: ${want}\n` });
    expect(fs.readdirSync(tmp)).toEqual(['kubegen.config.json']);
  });
});
