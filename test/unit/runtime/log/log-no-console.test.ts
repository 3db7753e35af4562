/**
 * One logger: no runtime component writes to the console, raises process warnings or writes to the standard streams
 * itself — everything goes through `@kubegen/runtime/log` (whose sinks are the one place that writes to a stream).
 * ESLint's `no-console` and `no-restricted-properties` say the same for `npm run lint`; this also catches
 * `process.stderr` and works on the sources as text.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.resolve(__dirname, '../../../../runtime/src');

/**
 * Where the standard streams may be written: the log sinks, and envtest's progress lines for people running
 * `kubegen envtest` (a developer tool with a `log` option, not part of a running operator).
 */
const STREAM_WRITERS = ['log/', 'testing/'];

const FORBIDDEN: ReadonlyArray<{ what: string; re: RegExp; allowed: readonly string[] }> = [
  { what: 'console.*', re: /\bconsole\s*\.\s*[A-Za-z]+/, allowed: [] },
  { what: 'process.emitWarning', re: /\bprocess\s*\.\s*emitWarning\b/, allowed: [] },
  { what: 'process.stdout / process.stderr', re: /\bprocess\s*\.\s*std(?:out|err)\b/, allowed: STREAM_WRITERS },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Code without comments (line and block), so a doc comment may name what the code must not call. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('runtime components log only through @kubegen/runtime/log', () => {
  const files = sources(SRC);

  it('finds the runtime sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(FORBIDDEN)('no $what outside its allowed places', ({ re, allowed }) => {
    const hits: string[] = [];
    for (const file of files) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (allowed.some((prefix) => rel.startsWith(prefix))) continue;
      code(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, i) => {
          if (re.test(line)) hits.push(`runtime/src/${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(hits).toEqual([]);
  });

  it('the check sees a call when there is one', () => {
    const sample = code('/* console.log(1) */\nconst a = 1; // process.emitWarning(x)\nconsole.warn(a);\nprocess.emitWarning("w");\n');
    expect(FORBIDDEN.map(({ re }) => sample.split('\n').findIndex((l) => re.test(l)))).toEqual([2, 3, -1]);
  });
});
