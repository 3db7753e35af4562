/**
 * Negative cases: every folder `test/invalid/<case>/` holds a tiny API with one (or a few) mistakes under `apis/`
 * and, in `expected.txt`, the exact diagnostics `kubegen crd` prints for it (run from the case folder, so paths
 * read `apis/...`). Each run must exit 1, print exactly the expected text on stderr and write nothing.
 *
 * To (re)write an expected.txt after deliberately changing a message: run
 * `node bin/kubegen.js crd --apis apis --out /tmp/x 2> expected.txt` from the case folder, and review the diff.
 *
 * A case may also hold `args.json` (extra arguments, e.g. `["--strict"]`) and `kubegen.config.json`: with a
 * configuration the case runs `kubegen generate` instead (its `apis` and `output` replaced by the case's `apis/` and
 * the temporary directory), for checks that only configuration enables (conversion webhooks).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../generator/cli';

const invalidDir = path.join(__dirname, '..', 'invalid');
const cases = fs
  .readdirSync(invalidDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

test('there are at least 35 negative cases, each with apis/ and expected.txt', () => {
  expect(cases.length).toBeGreaterThanOrEqual(35);
  for (const name of cases) {
    expect(fs.existsSync(path.join(invalidDir, name, 'apis'))).toBe(true);
    expect(fs.existsSync(path.join(invalidDir, name, 'expected.txt'))).toBe(true);
  }
});

/** `kubegen crd …`, or `kubegen generate --config <tmp config>` for a case with a configuration; plus its args.json. */
function argvFor(caseDir: string, tmp: string): string[] {
  const argsFile = path.join(caseDir, 'args.json');
  const extra = fs.existsSync(argsFile) ? (JSON.parse(fs.readFileSync(argsFile, 'utf8')) as string[]) : [];
  const configFile = path.join(caseDir, 'kubegen.config.json');
  if (!fs.existsSync(configFile)) return ['crd', '--apis', 'apis', '--out', tmp, ...extra];
  const config = { ...(JSON.parse(fs.readFileSync(configFile, 'utf8')) as object), apis: path.join(caseDir, 'apis'), output: path.join(tmp, 'out') };
  const written = `${tmp}.config.json`; // beside the output directory, which must stay empty
  fs.writeFileSync(written, JSON.stringify(config));
  return ['generate', '--config', written, ...extra];
}

describe.each(cases)('invalid case %s', (name) => {
  const caseDir = path.join(invalidDir, name);
  let tmp: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-invalid-${name}-`));
  });
  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(`${tmp}.config.json`, { force: true });
  });

  it('exits 1, prints exactly the expected diagnostics and writes nothing', async () => {
    let out = '';
    let err = '';
    const code = await main(argvFor(caseDir, tmp), { out: (s) => (out += s), err: (s) => (err += s) }, caseDir);
    expect(err).toBe(fs.readFileSync(path.join(caseDir, 'expected.txt'), 'utf8'));
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});
