/**
 * Shared by the hostile CLI tests: a sandbox directory with a tiny API, an in-process runner for `main`, a tree
 * snapshot to prove nothing changed, and the shape every failure output must have (one line per problem, no
 * stack trace).
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../generator/cli';

export const REPO = path.join(__dirname, '..', '..');

/** Property runs: `KUBEGEN_FUZZ_RUNS` (default 100). */
export const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 100);

export interface RunResult {
  code: number;
  out: string;
  err: string;
}

/** Run the CLI in-process in `cwd`. */
export async function run(argv: string[], cwd: string): Promise<RunResult> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, cwd);
  return { code, out, err };
}

export function sandbox(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-hostile-${prefix}-`)));
}

export function removeSandbox(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

export interface TinyApi {
  group?: string;
  version?: string;
  kind?: string;
  /** The `+kubebuilder:resource:` arguments, e.g. `path="foos"`. */
  resource?: string;
}

/** Write a one-kind API under `<dir>/apis/<folder>/<version>/` (replacing any previous one). */
export function writeTinyApi(dir: string, api: TinyApi = {}): void {
  const { group = 'ex.example.com', version = 'v1', kind = 'Widget', resource } = api;
  const apis = path.join(dir, 'apis');
  fs.rmSync(apis, { recursive: true, force: true });
  const pkg = path.join(apis, 'group', version);
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'doc.ts'), `// +groupName=${group}\n`);
  fs.writeFileSync(
    path.join(pkg, 'types.ts'),
    [
      "import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';",
      '',
      '/**',
      ' * +kubebuilder:object:root=true',
      ...(resource !== undefined ? [` * +kubebuilder:resource:${resource}`] : []),
      ' */',
      `export interface ${kind} extends TypeMeta {`,
      '  metadata?: ObjectMeta;',
      `  spec: ${kind}Spec;`,
      '}',
      '',
      `export interface ${kind}Spec {`,
      '  size: int32;',
      '}',
      '',
    ].join('\n'),
  );
}

/** Every entry under `dir` (not following links): type, size and content hash, keyed by relative path. */
export function snapshotTree(dir: string, exclude: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (exclude.includes(r)) continue;
      const p = path.join(abs, e.name);
      if (e.isSymbolicLink()) out.set(r, `link ${fs.readlinkSync(p)}`);
      else if (e.isDirectory()) {
        out.set(r, 'dir');
        walk(p, r);
      } else out.set(r, `file ${crypto.createHash('sha256').update(fs.readFileSync(p)).digest('hex')}`);
    }
  };
  walk(dir, '');
  return out;
}

/** What changed between two snapshots, as `+path`, `-path`, `~path` lines (empty when nothing did). */
export function treeDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [p, v] of after) {
    if (!before.has(p)) changes.push(`+${p}`);
    else if (before.get(p) !== v) changes.push(`~${p}`);
  }
  for (const p of before.keys()) if (!after.has(p)) changes.push(`-${p}`);
  return changes.sort();
}

/** A stack frame line as Node prints it. */
export const STACK_LINE = /^\s+at /m;

/**
 * The lines of a failure's stderr that are not one of kubegen's shapes: `kubegen: …`, a diagnostic
 * (`file:line:col - error KG1234: …` or `error KG1234: …`) and its indented related locations (`  file:line:col - …`),
 * the `Found N errors.` summary, or a blank line. Empty when the output is well-formed.
 */
export function malformedErrorLines(err: string): string[] {
  return err
    .split('\n')
    .filter((l) => l !== '' && !/^kubegen: \S/.test(l) && !/^(.+:\d+:\d+ - )?(error|warning) KG\d{4}: /.test(l) && !/^ {2}\S.*:\d+:\d+ - /.test(l) && !/^Found \d+ errors?\.$/.test(l));
}
