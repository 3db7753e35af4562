/**
 * Every diagnostic kubegen can report is asserted by at least one case: its code (`KG1006`) appears in an invalid
 * case's expected.txt, a hostile or import case's expectation, or a test's assertion. A code nothing asserts is a
 * message nobody has seen — and a kind that can no longer be reached should be retired, not kept.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DIAGNOSTIC_KINDS } from '../../../../generator/diagnostics/codes';

const testRoot = path.join(__dirname, '../../..');
const self = path.resolve(__filename);

/** Every expectation-bearing file under test/: test sources and the cases' expected outputs. */
function expectationFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && (/\.test\.ts$/.test(e.name) || e.name === 'expected.txt' || e.name.endsWith('.expected.txt')))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => path.resolve(f) !== self && !f.split(path.sep).includes('node_modules'));
}

const corpus = expectationFiles(testRoot).map((f) => fs.readFileSync(f, 'utf8')).join('\n');

describe('diagnostic coverage', () => {
  it('reads a corpus of test expectations', () => {
    expect(corpus.length).toBeGreaterThan(100_000);
  });

  it.each(Object.entries(DIAGNOSTIC_KINDS).map(([name, kind]) => [kind.code, name]))('%s (%s) is asserted by a case', (code) => {
    expect(new RegExp(`\\b${code}\\b`).test(corpus)).toBe(true);
  });
});
