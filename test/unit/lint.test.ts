/**
 * What the linter leaves to us (issue 25 item 11), checked on the comments and lines of the sources:
 *
 * - every `eslint-disable` directive in the code `npm run lint` lints carries its reason, ESLint's description syntax
 *   (`// eslint-disable-next-line rule -- why`): a disabled rule is a decision on record. Directives are found among
 *   the comments the TypeScript parser reads (never in strings), as ESLint finds them (at the start of a comment);
 * - the unchecked casts — `grep -rnE " as unknown as | as never|as any" generator runtime/src api/src generated` — are
 *   at most {@link MAX_CASTS}, each on a line that says why with `// cast-ok: <reason>`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const REPO = path.resolve(__dirname, '../..');

/** The unchecked casts the acceptance allows, each justified in its line's `cast-ok:` comment. */
const MAX_CASTS = 5;
/** The roots the cast rule covers (the acceptance's grep). */
const CAST_ROOTS = ['generator', 'runtime/src', 'api/src', 'generated'];
/** The acceptance's grep, as a regular expression over one line. */
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);
const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Source files under `dir` (node_modules and dist aside; declaration files included), relative to the repo, POSIX, sorted. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(path.join(d, e.name));
      } else if (e.isFile() && SOURCE.test(e.name)) {
        out.push(path.relative(REPO, path.join(d, e.name)).split(path.sep).join('/'));
      }
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The paths `npm run lint` hands ESLint (the `lint` script of package.json: `eslint <path>…`), a `*` segment expanded
 * to the directories it matches.
 */
function lintRoots(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const script = pkg.scripts?.lint;
  if (script === undefined) throw new Error('package.json has no lint script');
  const [command, ...args] = script.trim().split(/\s+/);
  if (command !== 'eslint') throw new Error(`the lint script runs ${JSON.stringify(command)}, not eslint: read its roots here`);
  const expand = (base: string, segments: readonly string[]): string[] => {
    const [head, ...rest] = segments;
    if (head === undefined) return [base];
    if (head !== '*') return expand(path.join(base, head), rest);
    return fs
      .readdirSync(base, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !SKIP_DIRS.has(e.name))
      .flatMap((e) => expand(path.join(base, e.name), rest));
  };
  return args.filter((a) => !a.startsWith('-')).flatMap((a) => expand(REPO, a.split('/'))).filter((p) => fs.existsSync(p));
}

/** Every comment of a source text (its text with the delimiters, its 1-based line), as the TypeScript parser reads them. */
function comments(file: string, text: string): Array<{ text: string; line: number }> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const seen = new Map<number, { text: string; line: number }>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) {
      if (!seen.has(r.pos)) seen.set(r.pos, { text: text.slice(r.pos, r.end), line: sf.getLineAndCharacterOfPosition(r.pos).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // tokens too: a comment before a closing brace or parenthesis leads no node
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, c]) => c);
}

/** ESLint's directives that turn rules off: at the start of a comment, `eslint-disable`, `-line` or `-next-line`. */
const DISABLE = /^(?:\/\/|\/\*)\s*(eslint-disable(?:-next-line|-line)?)(?=\s|\*\/|$)([\s\S]*?)(?:\*\/)?$/;

/** The `eslint-disable` directives of `text` without a `-- reason`, as `file:line: comment`. */
function disablesWithoutReason(file: string, text: string): string[] {
  if (!text.includes('eslint-disable')) return [];
  return comments(file, text).flatMap(({ text: comment, line }) => {
    const m = DISABLE.exec(comment);
    if (!m) return [];
    const dashes = (m[2] ?? '').indexOf(' --');
    const reason = dashes < 0 ? '' : (m[2] ?? '').slice(dashes + 3).trim();
    return reason === '' ? [`${file}:${line}: ${comment.trim()}`] : [];
  });
}

/** The lines of `text` the cast grep finds, as `file:line: text`, and those without a `// cast-ok: <reason>`. */
function casts(file: string, text: string): { all: string[]; unexplained: string[] } {
  const all: string[] = [];
  const unexplained: string[] = [];
  const lines = text.split('\n');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const seen = new Set<number>();
  // An unchecked cast: `x as unknown as T` (reported once, at the outer assertion), `x as never`, `x as any`, `<any>x`.
  const unchecked = (n: ts.Node): boolean => {
    if (!ts.isAsExpression(n) && !ts.isTypeAssertionExpression(n)) return false;
    if (n.type.kind === ts.SyntaxKind.NeverKeyword || n.type.kind === ts.SyntaxKind.AnyKeyword) return true;
    const inner = ts.isParenthesizedExpression(n.expression) ? n.expression.expression : n.expression;
    return (ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) && inner.type.kind === ts.SyntaxKind.UnknownKeyword;
  };
  const visit = (n: ts.Node): void => {
    if (unchecked(n)) {
      const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      if (!seen.has(line)) {
        seen.add(line);
        const source = lines[line] ?? '';
        const hit = `${file}:${line + 1}: ${source.trim()}`;
        all.push(hit);
        if (!/\/\/ cast-ok: \S/.test(source)) unexplained.push(hit);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return { all, unexplained };
}

describe('the checkers', () => {
  test.each<{ given: string; want: number[] }>([
    { given: '// eslint-disable-next-line no-control-regex\nconst a = 1;\n', want: [1] },
    { given: '// eslint-disable-next-line no-control-regex -- the control characters are the point\nconst a = 1;\n', want: [] },
    { given: '/* eslint-disable @typescript-eslint/no-require-imports */\n', want: [1] },
    { given: '/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use */\n', want: [] },
    { given: 'const a = 1; // eslint-disable-line no-var\n', want: [1] },
    { given: 'const a = 1; // eslint-disable-line no-var --\n', want: [1] },
    { given: '// eslint-disable-next-line\nconst a = 1;\n', want: [1] },
    { given: 'f(\n  a,\n  // eslint-disable-next-line x\n);\n', want: [3] },
    { given: 'const s = "// eslint-disable-next-line x";\nconst r = /\\/\\/ eslint-disable x/;\n', want: [] },
    { given: '// see eslint-disable-next-line in the docs\n// eslint-enable no-var\n// eslint-disabled\n', want: [] },
    { given: '/**\n * eslint-disable x\n */\n', want: [] },
  ])('disables without a reason in $given', ({ given, want }) => {
    expect(disablesWithoutReason('f.ts', given).map((v) => Number(v.split(':')[1]))).toEqual(want);
  });

  test('casts: every unchecked type assertion (not words in comments or strings), and those without their reason', () => {
    const text = [
      'const a = b as unknown as C; // cast-ok: why',
      'const d = e as never;',
      'const f = g as any; // cast-ok:',
      'const h = i as Record<string, unknown>;',
      '/** the leaf certificate, as well as any PEM block headers */',
      "const j = 'as any'; // a string",
      'const k = (l as unknown) as M;',
    ].join('\n');
    expect(casts('f.ts', text)).toEqual({
      all: ['f.ts:1: const a = b as unknown as C; // cast-ok: why', 'f.ts:2: const d = e as never;', 'f.ts:3: const f = g as any; // cast-ok:', 'f.ts:7: const k = (l as unknown) as M;'],
      unexplained: ['f.ts:2: const d = e as never;', 'f.ts:3: const f = g as any; // cast-ok:', 'f.ts:7: const k = (l as unknown) as M;'],
    });
  });
});

describe('the sources', () => {
  const linted = lintRoots().flatMap((root) => sourceFiles(root));

  test('the lint roots were read (the rule below is not vacuous)', () => {
    expect(linted).toEqual(expect.arrayContaining(['generator/cli.ts', 'runtime/src/index.ts']));
    expect(linted.some((f) => f.startsWith('generated/') && f.includes('/src/'))).toBe(true);
  });

  test('every eslint-disable directive in the linted code carries its reason (`-- why`)', () => {
    expect(linted.flatMap((f) => disablesWithoutReason(f, fs.readFileSync(path.join(REPO, f), 'utf8')))).toEqual([]);
  });

  test(`at most ${MAX_CASTS} unchecked casts in ${CAST_ROOTS.join(', ')}, each with its \`// cast-ok:\` reason`, () => {
    const found = CAST_ROOTS.flatMap((root) => sourceFiles(path.join(REPO, root))).map((f) => casts(f, fs.readFileSync(path.join(REPO, f), 'utf8')));
    expect(found.flatMap((c) => c.unexplained)).toEqual([]);
    const all = found.flatMap((c) => c.all);
    if (all.length > MAX_CASTS) throw new Error(`${all.length} unchecked casts, at most ${MAX_CASTS}:\n${all.join('\n')}`);
    expect(all.length).toBeGreaterThan(0); // the walk read the sources
  });
});
