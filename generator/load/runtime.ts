/**
 * Where the declarations of kubegen's libraries are, so the front end can resolve imports of them itself, from any
 * folder on disk: the well-known types of `@kubegen/runtime` (`import type { … } from '@kubegen/runtime'`) and
 * Kubernetes' built-in API types of `@kubegen/api` (`import type { PodTemplateSpec } from '@kubegen/api/core/v1'`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { exportedNames } from '../assets';
import { API_PACKAGE } from '../model/util';
import { isMarkerLine, leadingCommentGroups } from './comments';

/** The package ids under which the runtime's and `@kubegen/api`'s declarations appear in the model. */
export { API_PACKAGE, RUNTIME_PACKAGE } from '../model/util';

/** The directory holding the runtime's meta declarations (`runtime/src/meta`), found next to this generator. */
export function runtimeMetaDir(): string {
  const candidates = libraryCandidates('@kubegen/runtime', ['src', 'meta'], ['runtime', 'src', 'meta']);
  for (const c of candidates) {
    if (fs.existsSync(path.join(c, 'types.ts'))) return c;
  }
  throw new Error(`cannot find the @kubegen/runtime meta declarations (looked in ${candidates.join(', ')})`);
}

/**
 * The directory holding `@kubegen/api`'s input-language sources (`apis/<group>/<version>/*.ts`): the installed
 * package's `apis/` folder, else the repository's `api/apis`; undefined when neither exists (then imports of
 * `@kubegen/api/…` do not resolve).
 */
export function apiSourcesDir(): string | undefined {
  return libraryCandidates(API_PACKAGE, ['apis'], ['api', 'apis']).find((c) => fs.existsSync(c) && fs.statSync(c).isDirectory());
}

/** Where a library's folder may be: under its installed package, then in the repository layout next to the generator. */
function libraryCandidates(pkg: string, inPackage: string[], inRepo: string[]): string[] {
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), ...inPackage));
  } catch {
    // not resolvable from here: fall back to the repository layout below
  }
  // generator/load → repo root; dist/generator/load → repo root
  for (const up of ['../..', '../../..']) candidates.push(path.resolve(__dirname, up, ...inRepo));
  return candidates;
}

/** The runtime's meta declaration files (sorted), excluding tests. */
export function runtimeMetaFiles(dir: string): string[] {
  return declarationFiles(dir).filter((f) => path.basename(f) !== 'index.ts');
}

let runtimeNames: ReadonlySet<string> | undefined;

/** The type names `@kubegen/runtime` exports from its meta declarations (the well-known types and their helpers). */
export function runtimeTypeNames(): ReadonlySet<string> {
  return (runtimeNames ??= exportedNames(runtimeMetaFiles(runtimeMetaDir())));
}

/**
 * Whether a library folder's sources declare a group (a `+groupName` marker in the comments that open one of its
 * files, where `doc.ts` has its package markers): an `@kubegen/api` group version, generated as a module of the
 * package, rather than a folder of shared types.
 */
export function declaresGroupName(dir: string): boolean {
  return declarationFiles(dir).some((f) => {
    const text = fs.readFileSync(f, 'utf8');
    return leadingCommentGroups(text, 0).some((g) => g.lines.some((l) => isMarkerLine(l) && /^\+groupName(=|$)/.test(l.text.trimStart())));
  });
}

/** The `.ts` files of a folder that declare types (sorted; no tests, no `.d.ts`). */
export function declarationFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * The folder of `@kubegen/api`'s sources a module specifier names (`@kubegen/api/core/v1` → `<dir>/core/v1`), or
 * undefined for any other specifier or a folder that does not exist. Only plain path segments are accepted.
 */
/** Every module of `@kubegen/api` (`@kubegen/api/<group>/<version>`) whose sources are in `apiDir`, sorted. */
export function apiModules(apiDir: string): string[] {
  const out: string[] = [];
  for (const group of fs.existsSync(apiDir) ? fs.readdirSync(apiDir, { withFileTypes: true }) : []) {
    if (!group.isDirectory()) continue;
    for (const version of fs.readdirSync(path.join(apiDir, group.name), { withFileTypes: true })) {
      if (version.isDirectory()) out.push(`${API_PACKAGE}/${group.name}/${version.name}`);
    }
  }
  return out.sort();
}

export function apiPackageFolder(apiDir: string, specifier: string): string | undefined {
  if (!specifier.startsWith(`${API_PACKAGE}/`)) return undefined;
  const segments = specifier.slice(API_PACKAGE.length + 1).split('/');
  if (segments.some((s) => !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(s))) return undefined;
  const dir = path.join(apiDir, ...segments);
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? dir : undefined;
}
