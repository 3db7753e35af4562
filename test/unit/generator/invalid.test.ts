/**
 * Negative cases: every folder `test/invalid/<case>/` holds a tiny input with one (or a few) mistakes under `apis/`
 * and, in `expected.txt`, the exact diagnostics kubegen prints for it. The command line is the case's `args` file
 * (one line, e.g. `rbac --paths apis --out out`, or `generate` with the case's kubegen.config.json), by default
 * `crd --apis apis --out out`. It runs in a copy of the case folder (so paths read `apis/...`), and must exit 1,
 * print exactly the expected text on stderr, nothing on stdout, and write nothing.
 *
 * To (re)write an expected.txt after deliberately changing a message: run `node bin/kubegen.js <args> 2>
 * expected.txt` from the case folder, and review the diff.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../generator/cli';
import { present } from '../helpers/present';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const invalidDir = path.join(__dirname, '..', '..', 'invalid');
const DEFAULT_ARGS = 'crd --apis apis --out out';
const cases = fs
  .readdirSync(invalidDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** Every file below `dir`, as sorted relative paths. */
function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

test('there are negative cases of every command, each with apis/ and expected.txt', () => {
  expect(cases.length).toBeGreaterThanOrEqual(70);
  const commands = new Set<string>();
  for (const name of cases) {
    expect(fs.existsSync(path.join(invalidDir, name, 'apis'))).toBe(true);
    expect(fs.existsSync(path.join(invalidDir, name, 'expected.txt'))).toBe(true);
    commands.add(present(argsOf(path.join(invalidDir, name))[0], `the command of ${name}`));
  }
  expect([...commands].sort()).toEqual(['apiservice', 'crd', 'create', 'generate', 'rbac', 'webhook']);
});

function argsOf(caseDir: string): string[] {
  const file = path.join(caseDir, 'args');
  return (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : DEFAULT_ARGS).trim().split(/\s+/);
}

describe.each(cases)('invalid case %s', (name) => {
  const caseDir = path.join(invalidDir, name);
  let tmp: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-invalid-${name}-`));
    fs.cpSync(caseDir, tmp, { recursive: true });
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('exits 1, prints exactly the expected diagnostics and writes nothing', async () => {
    const before = files(tmp);
    let out = '';
    let err = '';
    const code = await main(argsOf(caseDir), { out: (s) => (out += s), err: (s) => (err += s) }, tmp);
    expect(err).toBe(fs.readFileSync(path.join(caseDir, 'expected.txt'), 'utf8'));
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(files(tmp)).toEqual(before);
  });
});
