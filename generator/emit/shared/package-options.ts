/**
 * The package generator's options, resolved once from kubegen's own installation: the version generated
 * packages get (kubegen's), the `@kubegen/runtime` version they depend on, and the compiler versions to build them.
 * Apart from the package emitter (`../package.ts`), so that `kubegen init` resolves them without loading an emitter.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KUBEGEN_VERSION, kubegenRoot } from '../../version';

export interface PackageOptions {
  /** npm package name pattern; `{group}` is replaced by the API group. */
  packageName: string;
  /** The version of every generated package (kubegen's, without `v`). */
  version: string;
  /** The `@kubegen/runtime` version generated packages depend on. */
  runtimeVersion: string;
  /** The Node.js range generated packages declare (kubegen's own `engines.node`: the versions it is tested on). */
  nodeEngines: string;
  /** devDependencies of a generated package, to build it on its own (`typescript`, `@types/node`). */
  devDependencies?: Record<string, string>;
}

function runtimeVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the installed runtime's package.json, read where it resolves
  return (require('@kubegen/runtime/package.json') as { version: string }).version;
}

export function packageOptions(packageName: string): PackageOptions {
  const own = JSON.parse(fs.readFileSync(path.join(kubegenRoot(), 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    engines: { node: string };
  };
  const dev: Record<string, string> = {};
  // typescript is a run-time dependency of kubegen, @types/node a devDependency: take each from where it is declared
  for (const name of ['@types/node', 'typescript']) {
    const v = own.dependencies?.[name] ?? own.devDependencies?.[name];
    if (v) dev[name] = v;
  }
  return { packageName, version: KUBEGEN_VERSION.replace(/^v/, ''), runtimeVersion: runtimeVersion(), nodeEngines: own.engines.node, devDependencies: dev };
}
