/**
 * Project scaffolding, after `kubebuilder init` and `kubebuilder create api`: pure functions from options (and the
 * project's existing package.json) to files. The CLI (`generator/cli/init.ts`) decides what may be written.
 *
 * A scaffolded project compiles its API types with `kubegen generate` into `src/generated/<group>/` (the `source`
 * layout), so its own `tsc` and jest compile the generated code with no package to build or publish.
 */
import { PACKAGE_TSCONFIG } from '../emit/package';
import { reservedTypeName, scaffoldRuntimeImports } from '../model/reserved';
import { crdPlural } from '../naming/flect';
import { render } from '../render';
import { privateName, publicPlural } from '../naming';
import { deployName, generatedImport, scaffoldOperatorFiles, versionAccessor, type GeneratedLocation, type OperatorProject, type ScaffoldFile } from './operator';

export * from './operator';
export * from './apiserver';

export interface ApiScaffold {
  /** API group, e.g. `shop.example.dev`. */
  group: string;
  /** API version, e.g. `v1`. */
  version: string;
  /** Kind, e.g. `Order`. */
  kind: string;
  /** Default true; false writes `+kubebuilder:resource:scope=Cluster` (`--namespaced=false`). */
  namespaced?: boolean;
  /**
   * The kind's first version gets `+kubebuilder:storageversion` (default true); another version of a kind that
   * exists already does not, so the storage version stays where it is.
   */
  storageVersion?: boolean;
}

export interface ProjectScaffold {
  /** The project's name (package.json `name`, else its directory's name). */
  projectName: string;
  /** kubegen's version (without `v`): the scaffold depends on `kubegen` and `@kubegen/runtime` at it. */
  kubegenVersion: string;
  runtimeVersion: string;
  /** devDependency ranges the scaffold adds for its test and build (typescript, jest …), from kubegen's own. */
  toolVersions: Readonly<Record<string, string>>;
  /** The API to create with the project, if any. */
  api?: ApiScaffold;
  /** How the project's `.ts` files are loaded: `module` when its package.json says `"type": "module"`. */
  format: ModuleFormat;
  /** devDependency-free runtime peers the scaffold adds to dependencies (`prom-client` for /metrics), with ranges. */
  peerVersions?: Readonly<Record<string, string>>;
}

/**
 * A project's module system, from its package.json's `type` (`module` → ES modules, anything else CommonJS), as
 * Node and TypeScript's `nodenext` read it. An ES-module project gets ESM jest (ts-jest's `useESM`, run with
 * `--experimental-vm-modules`), tests that import files by their `.js` names, and generated code that does too.
 */
export type ModuleFormat = 'commonjs' | 'module';

/** The module format of a project whose package.json is `pj` (undefined: none yet, so CommonJS). */
export function moduleFormatOf(pj: PackageJson | undefined): ModuleFormat {
  return pj !== undefined && Object.hasOwn(pj, 'type') && pj.type === 'module' ? 'module' : 'commonjs';
}

/** Where a scaffolded project keeps its APIs and its generated code (written into its kubegen.config.json). */
export const SCAFFOLD_APIS_DIR = 'apis';
export const SCAFFOLD_OUTPUT_DIR = 'src/generated';

/** Problems with scaffold options, as `--flag: message` lines; empty when the options are usable. */
export function checkApiScaffold(api: Partial<ApiScaffold>): string[] {
  const problems: string[] = [];
  const { group, version, kind } = api;
  if (group !== undefined && !/^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/.test(group)) {
    problems.push(`--group: "${group}" must be a lower-case DNS subdomain with at least one dot, e.g. shop.example.dev`);
  } else if (group !== undefined && group.split('.').some((l) => l.length > 63)) {
    problems.push(`--group: "${group}" has a label longer than 63 characters`);
  }
  if (version !== undefined && !/^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/.test(version)) {
    problems.push(`--version: "${version}" must look like v1, v2beta1 or v1alpha2`);
  }
  if (kind !== undefined && !/^[A-Z][A-Za-z0-9]{0,62}$/.test(kind)) {
    problems.push(`--kind: "${kind}" must be an UpperCamelCase name of letters and digits, e.g. Order`);
  } else if (kind !== undefined) {
    // the kind and the types the scaffold declares beside it, refused as the loader would refuse them at generate
    for (const name of [kind, `${kind}List`, `${kind}Spec`, `${kind}Status`]) {
      // each is imported with the runtime's types in the scaffolded file, so a runtime name is refused for all four
      const why = reservedTypeName(name, true, scaffoldRuntimeImports());
      if (why !== undefined) {
        problems.push(`--kind: "${kind}" cannot be used: ${name === kind ? '' : `the scaffold declares ${name}, and `}${why}`);
        break;
      }
    }
  }
  return problems;
}

/** Where `kubegen init` puts generated code: the source layout under src/generated. */
export const SCAFFOLD_GENERATED: GeneratedLocation = { layout: 'source', output: SCAFFOLD_OUTPUT_DIR, packageName: '@kubegen-generated/{group}' };

/**
 * The files of an API: `apis/<group>/<version>/doc.ts` (shared by the version's kinds), `<kind>.ts` (new), and a
 * jest test of the group's generated code (`test/<group>.test.ts`, shared: written for the group's first kind).
 */
export function scaffoldApi(api: ApiScaffold, format: ModuleFormat = 'commonjs', apisDir: string = SCAFFOLD_APIS_DIR, generated: GeneratedLocation = SCAFFOLD_GENERATED): ScaffoldFile[] {
  const dir = `${apisDir}/${api.group}/${api.version}`;
  const test = `test/${api.group}.test.ts`;
  const view = apiView(api, { format, generated }, test);
  return [
    { path: `${dir}/doc.ts`, contents: render('scaffold', 'doc.ts', view), policy: 'shared' },
    { path: `${dir}/${api.kind.toLowerCase()}.ts`, contents: render('scaffold', 'kind.ts', view), policy: 'new' },
    { path: test, contents: render('scaffold', 'test.ts', view), policy: 'shared' },
  ];
}

function apiView(api: ApiScaffold, p: Pick<OperatorProject, 'format' | 'generated'>, testFile: string) {
  const esm = p.format === 'module';
  const namespaced = api.namespaced !== false;
  return {
    ...api,
    clusterScoped: !namespaced,
    storageVersion: api.storageVersion !== false,
    plural: crdPlural(api.kind),
    versionAccessor: versionAccessor(api.group, api.version),
    kindAccessor: privateName(publicPlural(api.kind)),
    namespaceArg: namespaced ? "'default'" : '',
    // an ES module names the file it imports, and has import.meta instead of __dirname
    generatedImport: generatedImport(testFile, api.group, p, 'fake'),
    extraImports: esm ? "import { fileURLToPath } from 'node:url';\n" : '',
    testDir: esm ? 'path.dirname(fileURLToPath(import.meta.url))' : '__dirname',
    crdsDir: p.generated.layout === 'source' ? `../${p.generated.output}/${api.group}/crds` : `../node_modules/${p.generated.packageName.replace('{group}', api.group)}/crds`,
  };
}

/** A package.json as JSON data. */
export type PackageJson = Record<string, unknown>;

/** npm's placeholder test script, which `init` replaces. */
const NPM_DEFAULT_TEST = 'echo "Error: no test specified" && exit 1';

/**
 * The project's package.json with kubegen's scripts and dependencies added. Nothing the project already has is
 * changed: a script, dependency or devDependency of the same name wins (npm's placeholder `test` script excepted).
 */
export function mergePackageJson(existing: PackageJson | undefined, p: ProjectScaffold): PackageJson {
  const out: PackageJson = existing ? { ...existing } : { name: p.projectName, version: '0.1.0', private: true };
  const scripts = { ...asRecord(out.scripts) };
  const name = deployName(p.projectName);
  const wanted: Record<string, string> = {
    generate: 'kubegen generate',
    verify: 'kubegen generate --verify',
    // src/ → dist/ (tsconfig.build.json): `node dist/main.js` runs the operator
    build: 'tsc -p tsconfig.build.json',
    // jest runs ES modules only on Node's experimental VM modules
    test: p.format === 'module' ? 'node --experimental-vm-modules node_modules/jest/bin/jest.js' : 'jest',
    // kubebuilder's make install / uninstall / deploy / undeploy / run. Not named `install`: npm runs a script of
    // that name on every `npm install` and `npm ci` of the project (a lifecycle script), the image build included.
    'install-crds': 'kubegen apply -k config/crd',
    'uninstall-crds': 'kubegen apply -k config/crd --delete',
    deploy: `kubegen apply -k config/default --prune --applyset ${name}`,
    undeploy: `kubegen apply -k config/default --delete --applyset ${name}`,
    run: 'kubegen run',
  };
  for (const name of Object.keys(wanted)) {
    if (!Object.hasOwn(scripts, name) || (name === 'test' && scripts[name] === NPM_DEFAULT_TEST)) scripts[name] = wanted[name];
  }
  out.scripts = scripts;
  const deps = { ...asRecord(out.dependencies) };
  const devDeps = { ...asRecord(out.devDependencies) };
  const has = (name: string) => Object.hasOwn(deps, name) || Object.hasOwn(devDeps, name);
  if (!has('@kubegen/runtime')) deps['@kubegen/runtime'] = `^${p.runtimeVersion}`;
  for (const [peer, version] of Object.entries(p.peerVersions ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (!has(peer)) deps[peer] = version;
  if (!has('kubegen')) devDeps.kubegen = `^${p.kubegenVersion}`;
  for (const name of Object.keys(p.toolVersions).sort()) if (!has(name)) devDeps[name] = p.toolVersions[name];
  out.dependencies = sortKeys(deps);
  out.devDependencies = sortKeys(devDeps);
  return out;
}

/**
 * The project files `init` writes besides package.json and kubegen.config.json: tsconfig.json (and
 * tsconfig.build.json), jest.config.js, README.md, .gitignore, src/main.ts, the Dockerfile and .dockerignore. The CLI
 * keeps any of them the project already has.
 */
export function scaffoldProjectFiles(p: ProjectScaffold): ScaffoldFile[] {
  const name = deployName(p.projectName);
  return [
    { path: 'tsconfig.json', contents: JSON.stringify(TSCONFIG, null, 2) + '\n', policy: 'keep' },
    { path: 'jest.config.js', contents: render('scaffold', 'jest.config.js', jestView(p.format)), policy: 'keep' },
    { path: 'README.md', contents: render('scaffold', 'readme.md', { projectName: p.projectName, name, apisDir: SCAFFOLD_APIS_DIR, output: SCAFFOLD_OUTPUT_DIR }), policy: 'keep' },
    // dist/ is the build's output, but dist/chart/ the Helm chart `kubegen generate` writes (kubebuilder's place for it)
    { path: '.gitignore', contents: 'node_modules/\ndist/*\n!dist/chart/\n', policy: 'keep' },
    ...scaffoldOperatorFiles({ name, format: p.format, generated: SCAFFOLD_GENERATED }, p.api?.group),
  ];
}

/**
 * The project's kubegen.config.json: the scaffold's (APIs under apis/, the source layout, `deploy.name`), or the
 * existing one with only a missing `deploy` key added (`deploy` written by `init` makes `kubegen generate` write the
 * deploy tree under config/ and the Helm chart).
 */
export function mergeKubegenConfig(existing: Record<string, unknown> | undefined, p: ProjectScaffold): Record<string, unknown> {
  const deploy = { name: deployName(p.projectName) };
  if (existing === undefined) return { apis: SCAFFOLD_APIS_DIR, output: SCAFFOLD_OUTPUT_DIR, layout: 'source', deploy };
  const out = asRecord(existing);
  if (!Object.hasOwn(out, 'deploy')) out.deploy = deploy;
  return out;
}

/** The jest configuration's view: CommonJS, or ESM jest for an ES-module project (ts-jest's ESM setup). */
function jestView(format: ModuleFormat) {
  if (format === 'commonjs') return { modeNote: '', exportKeyword: 'module.exports =', esmOptions: '', useEsm: '', celModule: 'commonjs', celNote: '' };
  return {
    modeNote: ' as ES modules (`npm test` runs jest with --experimental-vm-modules)',
    // Node 24.9+ under --experimental-vm-modules: jest require()s cel-js as the ES modules it is (its files evaluated as
    // ES modules), where CommonJS output fails with "exports is not defined"; ts-jest in ESM mode writes each file in
    // the module format jest loads it in (CommonJS where jest require()s it as CommonJS, before Node 24.9)
    celModule: 'esnext',
    celNote: '\n * In this ES-module project ts-jest writes each cel-js file in the format jest loads it in: CommonJS before Node 24.9,\n * ES modules from Node 24.9 on (where jest require()s ES modules itself).',
    exportKeyword: 'export default',
    // `./types.js` in a source names `./types.ts`
    esmOptions: "\n  extensionsToTreatAsEsm: ['.ts'],\n  moduleNameMapper: { '^(\\\\.{1,2}/.*)\\\\.js$': '$1' },",
    useEsm: ', useESM: true',
  };
}

/** The generated packages' compiler options, for a project that compiles its APIs, the generated code and its tests. */
const {
  declaration: _declaration,
  sourceMap: _sourceMap,
  rootDir: _rootDir,
  types: _types,
  // set below, where the comment says why a project wants it
  noUncheckedIndexedAccess: _noUncheckedIndexedAccess,
  ...PROJECT_COMPILER_OPTIONS
} = PACKAGE_TSCONFIG.compilerOptions;
const TSCONFIG = {
  // isolatedModules: each file compiles on its own, which ts-jest needs for "module": "nodenext" (its TS151002);
  // rootDir: ts-jest compiles one file at a time, where TypeScript 6 cannot infer the root of outDir (TS5011);
  // noUncheckedIndexedAccess: `tsc --init` writes it (TypeScript 5.9 on), kubegen's own sources compile with it, and
  // a project turns it on most cheaply on its first day (the scaffolded code and the generated packages compile with it)
  compilerOptions: { ...PROJECT_COMPILER_OPTIONS, rootDir: '.', isolatedModules: true, noUncheckedIndexedAccess: true, types: ['node', 'jest'] },
  include: ['apis', 'src', 'test'],
};

/** An own-keys copy of a JSON object (`{}` for anything else); `__proto__` stays an ordinary key. */
export function asRecord(v: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return out;
  for (const k of Object.keys(v)) {
    Object.defineProperty(out, k, { value: (v as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function sortKeys(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(r).sort()) Object.defineProperty(out, k, { value: r[k], enumerable: true, writable: true, configurable: true });
  return out;
}
