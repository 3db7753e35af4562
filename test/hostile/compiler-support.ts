/**
 * Helpers for the compiler's hostile-input tests: a throw-away project (APIs + configuration) in a temporary
 * directory, the CLI run in-process on it, and a strict type-check of generated sources.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import { PACKAGE_COMPILER_OPTIONS } from '../unit/helpers/generated';
import { main } from '../../generator/cli';


/** A temporary project: `apis/ex.example.com/v1/{doc.ts,types.ts}` and a kubegen.config.json. */
export function project(types: string, files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-hostile-'));
  const v1 = path.join(dir, 'apis', 'ex.example.com', 'v1');
  fs.mkdirSync(v1, { recursive: true });
  fs.writeFileSync(path.join(v1, 'doc.ts'), '// +groupName=ex.example.com\n');
  fs.writeFileSync(path.join(v1, 'types.ts'), types);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated', packageName: '@hostile/{group}' }));
  return dir;
}

/** Runs `kubegen <args>` in `cwd`; exit code, stdout, stderr and wall time. */
export async function kubegen(args: string[], cwd: string): Promise<{ code: number; out: string; err: string; ms: number }> {
  let out = '';
  let err = '';
  const start = performance.now();
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) }, cwd);
  return { code, out, err, ms: performance.now() - start };
}

/** Every file under `dir`, relative, sorted ([] when it does not exist). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Type-checks the generated `src/**.ts` under `dir` strictly (as test/unit/generator/emit/generated-typecheck does); returns the diagnostics. */
export function typeCheckGenerated(dir: string): string {
  const sources = listFiles(dir)
    .filter((f) => /(^|\/)src\/.*\.ts$/.test(f))
    .map((f) => path.join(dir, f));
  const program = ts.createProgram({
    rootNames: sources,
    options: { ...PACKAGE_COMPILER_OPTIONS, noEmit: true },
  });
  const diags = ts.getPreEmitDiagnostics(program).filter((d) => !d.file || d.file.fileName.startsWith(dir));
  return ts.formatDiagnostics(diags, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
}

export function remove(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
