/**
 * Test helpers for generated code: the API types of a model (from the types emitter), a type-check of
 * a set of generated files with the TypeScript compiler API, and an in-memory module loader that runs them.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import type { ApiModel } from '../../../generator/model/types';
import type { VirtualFile } from '../../../generator/emit/shared/types';
import { typesGenerator } from '../../../generator/emit/types-ts';
import { runGenerator } from '../../../generator/emit/shared/execute';
import * as root from '../../../runtime/src';
import * as cache from '../../../runtime/src/cache';
import * as client from '../../../runtime/src/client';
import * as internal from '../../../runtime/src/internal';
import * as testing from '../../../runtime/src/testing';
import * as webhook from '../../../runtime/src/webhook';
import * as admission from '../../../runtime/src/webhook/admission';
import * as validation from '../../../runtime/src/validation';

const REPO = path.resolve(__dirname, '../../..');

/** The entries of `@kubegen/runtime` generated code imports from: the root and its subpaths. */
const RUNTIME_ENTRIES = ['', 'client', 'cache', 'webhook', 'webhook/admission', 'testing', 'internal', 'validation'] as const;

/** `@kubegen/runtime` and its subpaths mapped to the runtime sources, as compiler `paths`. */
export const RUNTIME_PATHS: Record<string, string[]> = {
  ...Object.fromEntries(RUNTIME_ENTRIES.map((e) => [e === '' ? '@kubegen/runtime' : `@kubegen/runtime/${e}`, [path.join(REPO, 'runtime/src', e, 'index.ts')]])),
  // Kubernetes' built-in types and their validators (validation.ts calls them): @kubegen/api's generated sources
  '@kubegen/api/*': [path.join(REPO, 'api/src/*/index.ts')],
};

/**
 * The options a user's strict `nodenext` build compiles generated packages with, `@kubegen/runtime` mapped to its
 * sources: what test/unit/generator/emit/generated-typecheck and the hostile-input tests check generated code against.
 */
export const PACKAGE_COMPILER_OPTIONS: Readonly<ts.CompilerOptions> = {
  strict: true,
  noImplicitOverride: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  esModuleInterop: true,
  skipLibCheck: true,
  types: ['node'],
  typeRoots: [path.join(REPO, 'node_modules/@types')],
  paths: RUNTIME_PATHS,
};

/** `@kubegen/runtime` and its subpaths as loaded modules (from the sources), for `moduleLoader`'s externals. */
export const RUNTIME_MODULES: Record<string, unknown> = {
  '@kubegen/runtime': root,
  '@kubegen/runtime/client': client,
  '@kubegen/runtime/cache': cache,
  '@kubegen/runtime/webhook': webhook,
  '@kubegen/runtime/webhook/admission': admission,
  '@kubegen/runtime/testing': testing,
  '@kubegen/runtime/internal': internal,
  '@kubegen/runtime/validation': validation,
};
/**
 * The `@kubegen/api` modules generated files import (validators embedding a built-in type call its passes there), by
 * specifier, loaded from their committed sources through jest's module map: for `moduleLoader`'s externals.
 */
export function apiModulesOf(files: readonly VirtualFile[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of files) {
    for (const m of f.contents.matchAll(/from '(@kubegen\/api\/[^']+)'/g)) {
      const spec = m[1];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module named by generated code, resolved by jest's module map
      if (spec !== undefined && !Object.hasOwn(out, spec)) out[spec] = require(spec) as unknown;
    }
  }
  return out;
}

/** `<version>/types.ts` per version package, from the real types emitter (generated code is checked against it). */
export function renderTypes(model: ApiModel): VirtualFile[] {
  const r = runGenerator(typesGenerator, model, {});
  if (r.diagnostics.some((d) => d.severity === 'error')) throw new Error(`types emitter: ${JSON.stringify(r.diagnostics)}`);
  return r.files;
}

/** Writes files under `<dir>/<group>/src/<path>` (or `<dir>/<path>` without a group) and returns their paths. */
export function writeFiles(dir: string, files: VirtualFile[]): string[] {
  return files.map((file) => {
    const p = path.join(dir, file.group ? `${file.group}/src` : '', file.path);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, file.contents);
    return p;
  });
}

/**
 * Type-checks TypeScript files (strict, nodenext) with `@kubegen/runtime` mapped to the runtime sources. Returns the
 * formatted errors of files under the temporary directory (the generated ones), not of the runtime sources.
 */
export function typeCheck(files: string[]): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(REPO, 'node_modules/@types')],
    paths: RUNTIME_PATHS,
    noUnusedLocals: true,
  };
  const program = ts.createProgram(files, options);
  // Only the generated files' own problems: the runtime sources are checked by the repository's type-check.
  const ours = (d: ts.Diagnostic) => !d.file || path.resolve(d.file.fileName).startsWith(os.tmpdir());
  return ts.getPreEmitDiagnostics(program).filter(ours).map((d) => {
    const msg = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file && d.start !== undefined) {
      const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
      return `${path.relative(os.tmpdir(), d.file.fileName)}:${line + 1}:${character + 1} ${msg}`;
    }
    return msg;
  });
}

/** The type assertions of a TypeScript source (`x as T`, `<T>x`), as `as <T>` texts in source order. */
export function typeAssertions(source: string): string[] {
  const sf = ts.createSourceFile('assertions.ts', source, ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isAsExpression(n) || ts.isTypeAssertionExpression(n)) out.push(`as ${n.type.getText(sf)}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The directories {@link tempDir} made for the test file that imports this module (a module registry per file). */
const made: string[] = [];

// Registered when a test file imports this module (its top level, where jest takes hooks): after the file's tests,
// whatever tempDir made for it goes, so that a run leaves nothing in the temporary directory.
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file's tests. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-${prefix}-`));
  made.push(dir);
  return dir;
}

/**
 * Runs generated files in memory: each is transpiled to CommonJS; relative imports resolve among the files
 * (keyed `<group>/<path>` without `.ts`), `externals` maps other specifiers to modules.
 */
export function moduleLoader(files: VirtualFile[], externals: Record<string, unknown>): (key: string) => Record<string, unknown> {
  const sources = new Map<string, string>();
  for (const file of files) sources.set(path.posix.join(file.group ?? '', file.path.replace(/\.ts$/, '')), file.contents);
  const cache = new Map<string, { exports: Record<string, unknown> }>();
  const load = (key: string): Record<string, unknown> => {
    const cached = cache.get(key);
    if (cached) return cached.exports;
    const source = sources.get(key);
    if (source === undefined) throw new Error(`no generated module ${key}`);
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true }, fileName: key + '.ts' }).outputText;
    const mod = { exports: {} as Record<string, unknown> };
    cache.set(key, mod);
    const req = (spec: string): unknown => {
      if (spec in externals) return externals[spec];
      if (spec.startsWith('.')) return load(path.posix.normalize(path.posix.join(path.posix.dirname(key), spec)));
      throw new Error(`unexpected import ${spec} in ${key}`);
    };
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a generated CommonJS module, run as Node would run it
    const run = new Function('exports', 'require', 'module', js) as (exports: unknown, require: typeof req, module: typeof mod) => void;
    run(mod.exports, req, mod);
    return mod.exports;
  };
  return load;
}
