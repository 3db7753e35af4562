/**
 * Semantic checks on generated packages: everything `kubegen generate` writes for the sample APIs (and for the
 * client-generation case test/golden/client-ext, and the types, clients, listers and informers of every golden case with CRDs) is compiled with
 * the TypeScript compiler API (strict, nodenext, `@kubegen/runtime` from its sources) with zero diagnostics, and
 * the public surface — the declarations the compiler emits for every generated module, and the sources
 * themselves — never mentions `any`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import { PACKAGE_COMPILER_OPTIONS } from '../../helpers/generated';
import { generateAll, loadApiModel } from '../../../../generator/pipeline';
import { crdCases } from '../../../golden/cases';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../../..');

/** Source text with comments and string literals removed (so `any` in prose does not count). */
function codeOnly(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  let out = '';
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    if (k === ts.SyntaxKind.StringLiteral || k === ts.SyntaxKind.NoSubstitutionTemplateLiteral) out += '""';
    else out += scanner.getTokenText();
    out += ' ';
  }
  return out;
}

describe('generated packages', () => {
  let tmp: string;
  let sources: string[];
  let program: ts.Program;
  const declarations = new Map<string, string>();

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-typecheck-'));
    sources = [];
    const files: Array<{ path: string; contents: string }> = [];
    const sets: Array<{ name: string; apis: string; generators?: string[] }> = [
      { name: 'apis', apis: path.join(REPO, 'apis') },
      { name: 'ext', apis: path.join(REPO, 'test/golden/client-ext/apis') },
      // every CRD case, for the types, clients, validators and package files (their other outputs are tested with the case)
      ...crdCases().map((c) => ({ name: `cases/${c.name}`, apis: path.join(c.dir, 'apis'), generators: ['types', 'applyconfigurations', 'clientset', 'fake', 'listers', 'informers', 'admission', 'validation', 'package'] })),
    ];
    for (const set of sets) {
      const { model, diagnostics } = loadApiModel(set.apis, REPO);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const out = generateAll(model, { packageName: '@kubegen-generated/{group}', crd: {}, ...(set.generators ? { generators: set.generators } : {}) });
      expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      files.push(...out.files.map((f) => ({ path: `${set.name}/${f.path}`, contents: f.contents })));
    }
    for (const f of files) {
      const file = path.join(tmp, f.path);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, f.contents);
      if (/\/src\/.*\.ts$/.test(f.path)) sources.push(file);
    }
    program = ts.createProgram({
      rootNames: sources,
      options: {
        ...PACKAGE_COMPILER_OPTIONS,
        declaration: true,
        emitDeclarationOnly: true,
        outDir: path.join(tmp, '.out'),
      },
    });
    program.emit(undefined, (fileName, text, _bom, _onError, sourceFiles) => {
      const src = sourceFiles?.[0]?.fileName;
      if (src && src.startsWith(tmp) && fileName.endsWith('.d.ts')) declarations.set(src, text);
    });
  }, 180_000);

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('covers every group with types, clientset, fake and index modules', () => {
    const rel = sources.map((s) => path.relative(tmp, s).split(path.sep).join('/'));
    for (const g of ['auth.ilinux.io', 'etcd.database.coreos.com', 'ext.example.com', 'foo.bar', 'stable.example.com', 'wardle.example.com']) {
      const set = g === 'ext.example.com' ? 'ext' : 'apis';
      for (const m of ['src/index.ts', 'src/clientset.ts', 'src/fake/index.ts', 'src/informers.ts']) expect(rel).toContain(`${set}/${g}/${m}`);
    }
    expect(rel).toContain('apis/stable.example.com/src/v1/types.ts');
    expect(rel).toContain('apis/stable.example.com/src/v1/client.ts');
    expect(rel).toContain('apis/stable.example.com/src/v1/listers.ts');
    expect(rel).toContain('apis/stable.example.com/src/v1/informers.ts');
    expect(rel.filter((r) => r.startsWith('cases/') && r.endsWith('/informers.ts')).length).toBeGreaterThan(0);
    expect(rel.filter((r) => r.startsWith('cases/')).length).toBeGreaterThan(20);
  });

  it('type-checks strictly with zero diagnostics', () => {
    const diags = ts.getPreEmitDiagnostics(program).filter((d) => !d.file || d.file.fileName.startsWith(tmp));
    const text = ts.formatDiagnostics(diags, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => tmp, getNewLine: () => '\n' });
    expect(text).toBe('');
  });

  it('has no `any` in the emitted declarations of generated modules', () => {
    expect(declarations.size).toBe(sources.length);
    const offenders = [...declarations].filter(([, d]) => /\bany\b/.test(codeOnly(d))).map(([f]) => path.relative(tmp, f));
    expect(offenders).toEqual([]);
  });

  it('has no `any` in the generated sources of the clientset, fake, types, listers and informers', () => {
    const offenders = sources
      .filter((s) => /(client|clientset|types|fake\/index|listers|informers)\.ts$/.test(s))
      .filter((s) => /\bany\b/.test(codeOnly(fs.readFileSync(s, 'utf8'))))
      .map((s) => path.relative(tmp, s));
    expect(offenders).toEqual([]);
  });
});
