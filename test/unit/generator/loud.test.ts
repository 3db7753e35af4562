/**
 * The warning side of "loud about everything" (the errors are cases in test/invalid): a `+…` comment line that names no
 * marker is a warning that does not stop the run, and `--strict` (or `"strict": true`) makes it an error that writes
 * nothing; and the schema comparison behind `conversion-required` (generator/schema/diff.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../generator/cli';
import { schemaDifferences, type SchemaDifference } from '../../../generator/schema/diff';
import type { JSONSchemaProps } from '../../../generator/core/schema';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const caseDir = path.join(__dirname, '..', '..', 'invalid', 'not-a-marker-strict');

async function run(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, cwd);
  return { code, out, err };
}

describe('a comment line starting with "+" that is no marker', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-loud-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is a warning: the run succeeds and writes', async () => {
    const r = await run(['crd', '--apis', 'apis', '--out', tmp], caseDir);
    expect(r.err).toBe(
      'apis/ex.example.com/v1/types.ts:12:6 - warning KG2103: comment line "+1 means one more than the default." starts with "+", so it is read as a marker line and left out of the description, but it is no marker kubegen knows: it is ignored (reword it if it is prose)\n',
    );
    expect(r.code).toBe(0);
    expect(fs.readdirSync(tmp)).toEqual(['ex.example.com_widgets.yaml']);
  });

  it('is an error with "strict": true in the configuration: nothing is written', async () => {
    const config = path.join(tmp, 'kubegen.config.json');
    const output = path.join(tmp, 'out');
    fs.writeFileSync(config, JSON.stringify({ apis: path.join(caseDir, 'apis'), output, generators: ['crd'], strict: true }));
    const r = await run(['generate', '--config', config], caseDir);
    expect(r.err).toContain('error KG2103');
    expect(r.err).toContain('Found 1 error.');
    expect(r.code).toBe(1);
    expect(fs.existsSync(output)).toBe(false);
  });
});

describe('schemaDifferences', () => {
  const obj = (properties: Record<string, JSONSchemaProps>, required?: string[]): JSONSchemaProps => ({ type: 'object', properties, ...(required ? { required } : {}) });
  const str: JSONSchemaProps = { type: 'string' };
  const paths = (ds: SchemaDifference[]) =>
    ds.map((d) => ({
      a: d.a?.map((s) => (typeof s === 'string' ? s : s.property)).join('.'),
      b: d.b?.map((s) => (typeof s === 'string' ? s : s.property)).join('.'),
      ...(d.changed ? { changed: d.changed } : {}),
    }));
  const table: Array<{ name: string; a: JSONSchemaProps; b: JSONSchemaProps; want: ReturnType<typeof paths> }> = [
    { name: 'equal', a: obj({ x: str }), b: obj({ x: str }), want: [] },
    { name: 'documentation is no difference', a: obj({ x: { ...str, description: 'one' } }), b: obj({ x: { ...str, description: 'two', title: 't' } }), want: [] },
    { name: 'a renamed field pairs up (required follows it)', a: obj({ spec: obj({ cronSpec: str, image: str }, ['cronSpec', 'image']) }), b: obj({ spec: obj({ image: str, schedule: str }, ['image', 'schedule']) }), want: [{ a: 'spec.cronSpec', b: 'spec.schedule' }] },
    { name: 'a field only one side has', a: obj({ x: str }), b: obj({ x: str, y: str }), want: [{ a: undefined, b: 'y' }] },
    { name: 'a changed validation', a: obj({ x: { ...str, maxLength: 3 } }), b: obj({ x: str }), want: [{ a: 'x', b: 'x', changed: ['maxLength'] }] },
    { name: 'a changed type in list items', a: obj({ l: { type: 'array', items: str } }), b: obj({ l: { type: 'array', items: { type: 'integer' } } }), want: [{ a: 'l.[]', b: 'l.[]', changed: ['type'] }] },
    { name: 'required on a common field', a: obj({ x: str }, ['x']), b: obj({ x: str }), want: [{ a: '', b: '', changed: ['required'] }] },
  ];
  test.each(table)('$name', ({ a, b, want }) => expect(paths(schemaDifferences(a, b))).toEqual(want));
});
