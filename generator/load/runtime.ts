/**
 * Where the well-known types of `@kubegen/runtime` are declared, so the front end can resolve
 * `import type { … } from '@kubegen/runtime'` itself, from any folder on disk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The package id under which the runtime's declarations appear in the model. */
export { RUNTIME_PACKAGE } from '../model/util';

/** The directory holding the runtime's meta declarations (`runtime/src/meta`), found next to this generator. */
export function runtimeMetaDir(): string {
  const candidates: string[] = [];
  try {
    const pkg = require.resolve('@kubegen/runtime/package.json');
    candidates.push(path.join(path.dirname(pkg), 'src', 'meta'));
  } catch {
    // not resolvable from here: fall back to the repository layout below
  }
  // generator/load → repo root; dist/generator/load → repo root
  for (const up of ['../..', '../../..']) candidates.push(path.resolve(__dirname, up, 'runtime', 'src', 'meta'));
  for (const c of candidates) {
    if (fs.existsSync(path.join(c, 'types.ts'))) return c;
  }
  throw new Error(`cannot find the @kubegen/runtime meta declarations (looked in ${candidates.join(', ')})`);
}

/** The runtime's meta declaration files (sorted), excluding tests. */
export function runtimeMetaFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
    .sort()
    .map((f) => path.join(dir, f));
}
