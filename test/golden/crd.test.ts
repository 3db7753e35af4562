/**
 * Golden CRDs: for every case folder `test/cases/<case>/` the CRDs kubegen generates from `apis/` must equal,
 * byte for byte, the `expected/` files that controller-gen v0.21.0 generated from the case's Go twin (`go/`),
 * after dropping each tool's version annotation.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateCrdFiles } from '../../generator/pipeline';

const casesDir = path.join(__dirname, '..', 'cases');
const cases = fs
  .readdirSync(casesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(casesDir, e.name, 'expected')) && fs.existsSync(path.join(casesDir, e.name, 'apis')))
  .map((e) => e.name)
  .sort();

/** Drop the generator's version annotation line (controller-gen's or kubegen's). */
export function dropVersionAnnotation(yaml: string): string {
  return yaml.replace(/^ {4}(controller-gen\.kubebuilder\.io|kubegen\.io)\/version: .*\n/m, '');
}

test('there are golden cases', () => {
  expect(cases.length).toBeGreaterThanOrEqual(10);
});

describe.each(cases)('case %s', (name) => {
  const dir = path.join(casesDir, name);
  const expectedDir = path.join(dir, 'expected');
  const files = generateCrdFiles(path.join(dir, 'apis'));

  test('generates the same set of CRD files as controller-gen', () => {
    const expected = fs.readdirSync(expectedDir).filter((f) => f.endsWith('.yaml')).sort();
    expect(files.map((f) => f.path)).toEqual(expected);
  });

  test.each(files.map((f) => [f.path, f.contents] as const))('%s matches controller-gen', (file, contents) => {
    const expectedPath = path.join(expectedDir, file);
    expect(fs.existsSync(expectedPath)).toBe(true);
    expect(dropVersionAnnotation(contents)).toEqual(dropVersionAnnotation(fs.readFileSync(expectedPath, 'utf8')));
  });
});
