/**
 * `kubegen rbac` and `kubegen webhook` on the command line, beyond the golden cases (test/golden, whose rbac /
 * webhook cases compare with controller-gen v0.21.0) and the negative cases (test/invalid/rbac-*, webhook-*): the
 * output flags, and the `rbac` / `webhook` keys of kubegen.config.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../generator/cli';

const golden = path.join(__dirname, '..', 'golden');

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

test.each(['rbac', 'webhook'])('kubegen %s without --out or --stdout is a one-line error, exit 2', async (command) => {
  const r = await run([command, '--paths', 'apis'], path.join(golden, 'operator'));
  expect(r).toEqual({ code: 2, out: '', err: 'kubegen: either --out <dir> or --stdout is required (see kubegen --help)\n' });
});

test('--stdout prints the manifests and writes nothing', async () => {
  const caseDir = path.join(golden, 'webhook');
  const r = await run(['webhook', '--paths', 'apis', '--stdout'], caseDir);
  expect(r).toEqual({ code: 0, out: fs.readFileSync(path.join(caseDir, 'expected', 'webhook', 'manifests.yaml'), 'utf8'), err: '' });
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
