/**
 * What the scaffold tests share: running the `kubegen` CLI in a folder with its output captured, reading a project
 * tree as text, and comparing a tree with its golden folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../generator/cli';

/** Runs `kubegen <argv>` in `cwd`; resolves with its exit status and what it wrote to stdout and stderr. */
export function runCli(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  return main(argv, { out: (s) => (out += s), err: (s) => (err += s) }, cwd).then((code) => ({ code, out, err }));
}

/** Every file below `dir` by its relative path (`/`-separated, sorted), as text; `skip` leaves out a path and what is below it. */
export function readTree(dir: string, skip: (rel: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else out[r] = fs.readFileSync(path.join(d, e.name), 'utf8');
    }
  };
  walk(dir, '');
  return out;
}

/**
 * Compares a tree with its golden folder `<goldenRoot>/<name>` (rewriting it under KUBEGEN_UPDATE_GOLDEN=1). Each file
 * is stored as `<path>.golden`, so neither the repository's tsc, eslint nor jest takes a scaffolded `.ts` file for its own.
 */
export function expectGoldenTree(goldenRoot: string, name: string, got: Record<string, string>): void {
  const dir = path.join(goldenRoot, name);
  if (process.env.KUBEGEN_UPDATE_GOLDEN === '1') {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [p, text] of Object.entries(got)) {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      fs.writeFileSync(path.join(dir, `${p}.golden`), text);
    }
  }
  const want = Object.fromEntries(Object.entries(readTree(dir)).map(([p, text]) => [p.replace(/\.golden$/, ''), text]));
  expect(got).toEqual(want);
}
