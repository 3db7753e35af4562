/**
 * One diagnostics design: every kind has a stable code in one table (errors KGn0xx, warnings KGn1xx, each code
 * once, each kind reported somewhere), the bag takes the severity from the table, and diagnostics print tsc-style
 * with their code and one indented line per related location.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DIAGNOSTIC_KINDS, DiagnosticBag, diagnostic, formatDiagnostic, formatDiagnostics, type Diagnostic, type DiagnosticKindName } from '../../../../generator/diagnostics';

const GENERATOR = path.resolve(__dirname, '../../../../generator');
const span = (line: number, column = 5) => ({ file: 'apis/x/v1/a.ts', line, column });

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

describe('the table of diagnostic kinds', () => {
  const kinds = Object.entries(DIAGNOSTIC_KINDS);

  it('gives every kind its own code', () => {
    const codes = kinds.map(([, k]) => k.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(kinds)('%s: the code says the range and the severity (KGn0xx errors, KGn1xx warnings)', (_, k) => {
    expect(k.code).toMatch(/^KG[1-6][01]\d\d$/);
    expect(k.code[3] === '1' ? 'warning' : 'error').toBe(k.severity);
    expect(k.summary).toMatch(/^[A-Z`+].*\.$/);
  });

  it('lists only kinds kubegen reports: each name is used outside the diagnostics module', () => {
    const text = sourceFiles(GENERATOR)
      .filter((f) => !f.startsWith(path.join(GENERATOR, 'diagnostics')))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    expect(kinds.map(([name]) => name).filter((name) => !text.includes(`'${name}'`))).toEqual([]);
  });
});

describe('DiagnosticBag.report', () => {
  it.each<{ given: DiagnosticKindName; want: { severity: string; code: string } }>([
    { given: 'unknown-marker', want: { severity: 'error', code: 'KG2001' } },
    { given: 'deprecated-marker', want: { severity: 'warning', code: 'KG2101' } },
    { given: 'no-manifest-markers', want: { severity: 'warning', code: 'KG6102' } },
  ])('$given is a $want.severity with code $want.code', ({ given, want }) => {
    const bag = new DiagnosticBag();
    bag.report(given, 'm', span(1));
    expect(bag.items).toEqual([{ ...want, message: 'm', span: span(1) }]);
    expect(bag.hasErrors()).toBe(want.severity === 'error');
    expect(bag.errorCount).toBe(want.severity === 'error' ? 1 : 0);
  });
});

describe('formatDiagnostic', () => {
  const cases: Array<{ name: string; given: Diagnostic; want: string }> = [
    { name: 'at a location', given: diagnostic('unsupported-type', '`any` is not allowed', span(3)), want: 'apis/x/v1/a.ts:3:5 - error KG1004: `any` is not allowed' },
    { name: 'without a location', given: diagnostic('apis-root', 'APIs root "x" is not a directory'), want: 'error KG1002: APIs root "x" is not a directory' },
    {
      name: 'with a hint',
      given: diagnostic('unknown-marker', 'unknown marker "+optinal"', span(2), { hint: '+optional' }),
      want: 'apis/x/v1/a.ts:2:5 - error KG2001: unknown marker "+optinal" (did you mean "+optional"?)',
    },
    {
      name: 'a warning',
      given: diagnostic('deprecated-marker', '+x is deprecated', span(4)),
      want: 'apis/x/v1/a.ts:4:5 - warning KG2101: +x is deprecated',
    },
    {
      name: 'with related locations, one indented line each',
      given: diagnostic('crd-versions', 'CRD for W.x has 3 storage versions', span(9), {
        related: [
          { span: span(1, 18), message: 'W is also marked here' },
          { span: { file: 'apis/x/v2/a.ts', line: 1, column: 18 }, message: 'W is also marked here' },
        ],
      }),
      want: 'apis/x/v1/a.ts:9:5 - error KG3003: CRD for W.x has 3 storage versions\n  apis/x/v1/a.ts:1:18 - W is also marked here\n  apis/x/v2/a.ts:1:18 - W is also marked here',
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(formatDiagnostic(given)).toBe(want);
  });

  it('leaves out an empty related list', () => {
    expect(diagnostic('duplicate-declaration', 'm', span(1), { related: [] })).not.toHaveProperty('related');
  });
});

describe('formatDiagnostics', () => {
  it('sorts by location, keeps related lines under their diagnostic, and counts the errors', () => {
    const ds = [
      diagnostic('duplicate-marker', 'duplicate marker +a', span(7), { related: [{ span: span(6), message: 'the first +a' }] }),
      diagnostic('ineffective-marker', 'no effect', span(2)),
      diagnostic('unknown-generator', 'unknown generator "x"'),
    ];
    expect(formatDiagnostics(ds)).toBe(
      [
        'error KG5001: unknown generator "x"',
        'apis/x/v1/a.ts:2:5 - warning KG2102: no effect',
        'apis/x/v1/a.ts:7:5 - error KG2006: duplicate marker +a',
        '  apis/x/v1/a.ts:6:5 - the first +a',
        '',
        'Found 2 errors.',
        '',
      ].join('\n'),
    );
  });
});
