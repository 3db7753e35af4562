/**
 * The documentation stands alone: `docs/markers.md` is exactly what `kubegen markers --format markdown` prints from
 * the marker registry (so the page can never drift from the markers kubegen accepts), `docs/diagnostics.md` exactly
 * what `kubegen diagnostics --format markdown` prints from the table of diagnostic kinds, and every relative link in
 * README.md and docs/*.md points at a file inside the repository.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { renderMarkerReference } from '../../generator/markers';
import { renderDiagnosticReference } from '../../generator/diagnostics/reference';

const REPO = path.resolve(__dirname, '../..');
const MARKERS_PAGE = path.join(REPO, 'docs/markers.md');
const DIAGNOSTICS_PAGE = path.join(REPO, 'docs/diagnostics.md');

/** The 1-based line where two texts first differ, with both lines, for a readable failure. */
function firstDifference(got: string, want: string): string {
  const g = got.split('\n');
  const w = want.split('\n');
  for (let i = 0; i < Math.max(g.length, w.length); i++) {
    if (g[i] !== w[i]) return `line ${i + 1}: has ${JSON.stringify(g[i] ?? '<end of file>')}, the registry renders ${JSON.stringify(w[i] ?? '<end of file>')}`;
  }
  return 'no line differs';
}

/** Markdown inline link targets `[text](target)` of a document, with their 1-based line numbers. */
function linkTargets(text: string): Array<{ line: number; target: string }> {
  const out: Array<{ line: number; target: string }> = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ line: i + 1, target: m[1]! });
  });
  return out;
}

describe('docs/markers.md', () => {
  it('is the output of `kubegen markers --format markdown`', () => {
    const want = renderMarkerReference('markdown');
    const got = fs.existsSync(MARKERS_PAGE) ? fs.readFileSync(MARKERS_PAGE, 'utf8') : '';
    if (got !== want) {
      throw new Error(`docs/markers.md is out of date with the marker registry (${firstDifference(got, want)}); run \`npm run docs\` and commit docs/markers.md`);
    }
    expect(got).toBe(want);
  });
});

describe('docs/diagnostics.md', () => {
  it('is the output of `kubegen diagnostics --format markdown`', () => {
    const want = renderDiagnosticReference('markdown');
    const got = fs.existsSync(DIAGNOSTICS_PAGE) ? fs.readFileSync(DIAGNOSTICS_PAGE, 'utf8') : '';
    if (got !== want) {
      throw new Error(`docs/diagnostics.md is out of date with the table of diagnostic kinds (${firstDifference(got, want)}); run \`npm run docs\` and commit docs/diagnostics.md`);
    }
    expect(got).toBe(want);
  });
});

describe('linkTargets', () => {
  it.each([
    { given: 'see [a](docs/a.md) and [b](../b.md#x "title")', want: ['docs/a.md', '../b.md#x'] },
    { given: 'no links, just [brackets] and (parens)', want: [] },
    { given: '[web](https://example.com/x)', want: ['https://example.com/x'] },
  ])('$given', ({ given, want }) => {
    expect(linkTargets(given).map((l) => l.target)).toEqual(want);
  });
});

describe('README.md and docs/*.md', () => {
  const documents = ['README.md', ...fs.readdirSync(path.join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

  it('include the input-language reference, the marker reference and the conversion guide', () => {
    expect(documents).toEqual(expect.arrayContaining(['docs/input-language.md', 'docs/markers.md', 'docs/diagnostics.md', 'docs/conversion.md']));
  });

  it.each(documents)('%s links only to files inside the repository', (doc) => {
    const broken: string[] = [];
    for (const { line, target } of linkTargets(fs.readFileSync(path.join(REPO, doc), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // web addresses and anchors
      const file = path.resolve(path.dirname(path.join(REPO, doc)), decodeURIComponent(target.split('#')[0]!));
      const inside = !path.relative(REPO, file).startsWith('..') && !path.isAbsolute(path.relative(REPO, file));
      if (!inside) broken.push(`${doc}:${line}: ${target} leaves the repository`);
      // the API reference (docs/api/, built by `npm run docs:api`, not committed) is link-checked by
      // test/unit/api-reference.test.ts against the reference it builds; here it may not be built yet
      else if (path.relative(path.join(REPO, 'docs', 'api'), file).startsWith('..') && !fs.existsSync(file)) broken.push(`${doc}:${line}: ${target} does not exist`);
    }
    expect(broken).toEqual([]);
  });
});
