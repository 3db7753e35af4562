/**
 * Issue 23, low item: a chain of 1,000 non-recursive interfaces was "internal error: RangeError: Maximum call stack
 * size exceeded", exit 70. Types nested deeper than MAX_TYPE_DEPTH schema levels are now a located error (KG3010) at
 * the outermost declaration, found by an iterative walk (so the check cannot overflow, even for 20,000 levels), and a
 * chain at the limit still generates (so every emitter's walk fits the stack at the limit). A source whose brackets
 * nest deeper than TypeScript's parser can recurse (an inline object type ~450 levels deep overflowed it before
 * any kubegen check ran) is refused before it is parsed, at the first bracket too deep.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MAX_TYPE_DEPTH } from '../../generator/model/depth';
import { MAX_SOURCE_NESTING, tooDeepAt } from '../../generator/load/resolve';
import { STACK_LINE, removeSandbox, run, sandbox, snapshotTree, treeDiff } from './cli-support';

jest.setTimeout(300_000);

/** A kind whose spec is a chain of `n` interfaces (`T0.next: T1` … `T<n-1>.leaf: string`). */
function chainApi(dir: string, n: number): void {
  const pkg = path.join(dir, 'apis', 'group', 'v1');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'doc.ts'), '// +groupName=ex.example.com\n');
  const lines = ["import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';", '', '/** +kubebuilder:object:root=true */', 'export interface Widget extends TypeMeta {', '  metadata?: ObjectMeta;', '  spec?: T0;', '}', ''];
  for (let i = 0; i < n; i++) lines.push(`export interface T${i} {`, i < n - 1 ? `  next?: T${i + 1};` : '  leaf?: string;', '}', '');
  fs.writeFileSync(path.join(pkg, 'types.ts'), lines.join('\n'));
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated' }));
}

let dir: string;
beforeEach(() => {
  dir = sandbox('depth');
});
afterEach(() => removeSandbox(dir));

describe('type depth (issue 23)', () => {
  it.each([1_000, 20_000])('a chain of %i interfaces is one located error, not a crash, for crd and generate', async (n) => {
    chainApi(dir, n);
    for (const argv of [['crd', '--apis', 'apis', '--out', 'out'], ['generate']]) {
      const before = snapshotTree(dir);
      const r = await run(argv, dir);
      expect(r.code).toBe(1);
      expect(r.err).not.toMatch(/internal error|RangeError/);
      expect(r.err).not.toMatch(STACK_LINE);
      expect(r.err).toMatch(new RegExp(`^apis/group/v1/types\\.ts:4:18 - error KG3010: type Widget nests ${n + 1} levels of fields, arrays and maps \\(Widget → T0 → T1 → … → T${n - 2} → T${n - 1}\\), more than the ${MAX_TYPE_DEPTH} kubegen supports`, 'm'));
      expect(r.err.match(/error KG3010/g)).toHaveLength(1);
      expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
    }
  });

  it('a chain at the limit generates', async () => {
    chainApi(dir, MAX_TYPE_DEPTH - 1);
    const r = await run(['generate'], dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'generated', 'ex.example.com', 'crds'))).toHaveLength(1);
  });

  /** A kind whose spec is an inline object type nested `n` levels (`{ a?: { a?: … string } }`). */
  function inlineApi(n: number): void {
    const pkg = path.join(dir, 'apis', 'group', 'v1');
    fs.mkdirSync(pkg, { recursive: true });
    fs.writeFileSync(path.join(pkg, 'doc.ts'), '// +groupName=ex.example.com\n');
    const spec = `${'{ a?: '.repeat(n)}string${' }'.repeat(n)}`;
    fs.writeFileSync(path.join(pkg, 'types.ts'), `import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';\n/** +kubebuilder:object:root=true */\nexport interface Widget extends TypeMeta {\n  metadata?: ObjectMeta;\n  spec?: ${spec};\n}\n`);
    fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated' }));
  }

  it.each([1_000, 100_000])('an inline object type nested %i levels is one located error before parsing, not a crash', async (n) => {
    inlineApi(n);
    const before = snapshotTree(dir);
    const r = await run(['generate'], dir);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(/internal error|RangeError/);
    expect(r.err).not.toMatch(STACK_LINE);
    // the first `{` past the bound: the interface's body is the first level, `  spec?: ` 9 columns, each level `{ a?: ` 6
    const column = 10 + 6 * (MAX_SOURCE_NESTING - 1);
    expect(r.err).toMatch(new RegExp(`^apis/group/v1/types\\.ts:5:${column} - error KG3010: brackets nest more than ${MAX_SOURCE_NESTING} levels deep here`, 'm'));
    expect(r.err.match(/error KG/g)).toHaveLength(1);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });

  it.each([
    ['flat', 'type A = { a: string };', undefined],
    ['at the bound', `type A = ${'Array<'.repeat(MAX_SOURCE_NESTING)}string${'>'.repeat(MAX_SOURCE_NESTING)};`, undefined],
    ['one past the bound', `type A = ${'('.repeat(MAX_SOURCE_NESTING + 1)}string${')'.repeat(MAX_SOURCE_NESTING + 1)};`, 9 + MAX_SOURCE_NESTING],
    ['brackets in strings and comments do not count', `const s = '${'{'.repeat(1_000)}'; // ${'['.repeat(1_000)}\n/* ${'('.repeat(1_000)} */ type A = string;`, undefined],
    ['template substitutions count and close', `const t = \`${'${`'.repeat(10)}x${'`}'.repeat(10)}\`; type B = { a: string };`, undefined],
    ['comparisons do not hide depth', `const c = 1 > 2; type A = ${'['.repeat(MAX_SOURCE_NESTING + 1)}`, 26 + MAX_SOURCE_NESTING],
  ])('tooDeepAt: %s', (_name, text, want) => {
    expect(tooDeepAt(text)).toBe(want);
  });
});
