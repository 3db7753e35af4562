/**
 * Two projects:
 * - `unit`: everything fast and in-process (test/, runtime/src, generator), never a control plane;
 * - `e2e`: test/e2e/**, run against ONE real etcd + kube-apiserver per jest run, started by the project's
 *   globalSetup and stopped (and checked for leftovers) by its globalTeardown. Jest only runs a project's
 *   globalSetup when that project has selected tests, so `npx jest test/unit` never starts a control plane.
 */
const os = require('node:os');
const path = require('node:path');

/**
 * `@kubegen/runtime[/<subpath>]` → its source, for every entry of runtime/package.json's `exports`: the entry's
 * `types` file `./dist/<file>.d.ts` is compiled from `runtime/src/<file>.ts`.
 */
function runtimeSourceMapper() {
  const { exports } = require('./runtime/package.json');
  const out = {};
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target !== 'object' || target === null || typeof target.types !== 'string') continue;
    const m = /^\.\/dist\/(.+)\.d\.ts$/.exec(target.types);
    if (!m) throw new Error(`runtime/package.json exports[${JSON.stringify(subpath)}].types is not ./dist/<file>.d.ts`);
    const name = subpath === '.' ? '@kubegen/runtime' : `@kubegen/runtime/${subpath.slice(2)}`;
    out[`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = `<rootDir>/runtime/src/${m[1]}.ts`;
  }
  return out;
}

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { isolatedModules: true, tsconfig: '<rootDir>/tsconfig.json' }],
    // @marcbachmann/cel-js is ESM only; Node loads it with require(esm), jest (before Node 24.9) needs it compiled.
    '/node_modules/@marcbachmann/cel-js/.+\\.js$': ['ts-jest', { isolatedModules: true, tsconfig: { allowJs: true, module: 'commonjs', target: 'es2022' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@marcbachmann/cel-js/)'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Resolve the runtime package to its sources, so tests never depend on a stale build in runtime/dist: one mapping
  // per entry of runtime/package.json's `exports` (the one list of the runtime's subpaths), derived below.
  moduleNameMapper: {
    ...runtimeSourceMapper(),
    // @kubegen/apiserver[/storage|/registry|/auth] → its sources
    '^@kubegen/apiserver$': '<rootDir>/apiserver/src/index.ts',
    '^@kubegen/apiserver/auth$': '<rootDir>/apiserver/src/auth/index.ts',
    '^@kubegen/apiserver/registry$': '<rootDir>/apiserver/src/registry/index.ts',
    '^@kubegen/apiserver/storage$': '<rootDir>/apiserver/src/storage/index.ts',
    // @kubegen/api/<group>[/<version>|/fake] → its generated sources
    '^@kubegen/api/(.+)$': '<rootDir>/api/src/$1/index.ts',
  },
};

/**
 * The tests .ci/run runs again on every other Node.js line users run (22, 24), with KUBEGEN_SKIP_NODE_AGNOSTIC=1: the
 * ones whose result can depend on the Node.js line — the runtime (http, http2, tls, streams, timers, AbortSignal,
 * child processes, module loading), the CLI as a process (exit codes, signals, fs.watch, the atomic writer's renames),
 * the packages as Node resolves them, and every end-to-end test that runs the runtime or a user's project on the
 * line. Left to the first line: what computes strings from strings the same way on every line — the generator's
 * emitters, goldens, importer, CEL checker and the comparisons of their output with the apiserver's verdicts and with
 * Go programs (controller-gen, kustomize, helm) — and the scaffolds' unit tests (test/unit/generator/scaffold: the
 * files `init` / `create api` / `create webhook` write, compared with goldens and type-checked by the TypeScript
 * compiler in-process); the scaffolded projects themselves — installed, tested by their own jest, built and run — are
 * run on every line by the e2e files scaffold-esm, install and ship-operator.
 */
const NODE_LINE_ONLY = process.env.KUBEGEN_SKIP_NODE_AGNOSTIC === '1';
const nodeLine = {
  unit: [
    '<rootDir>/test/unit/runtime/**/*.test.ts',
    '<rootDir>/test/hostile/{runtime,webhook,controller,thrown,cli}-*.test.ts',
    '<rootDir>/test/unit/generator/cli/**/*.test.ts',
    '<rootDir>/test/unit/generator/write.test.ts',
    '<rootDir>/test/unit/packaging.test.ts',
  ],
  e2eIgnored: [
    // the generator's output against the apiserver's verdicts: CRDs, defaults, CEL, names, manifests, the import corpus
    '/test/e2e/(crds|defaults|builtin|validation-agreement|names-agreement|rbac|deploy|apiservice|prometheus-operator)\\.test\\.ts$',
    '/test/e2e/cel-(agreement|corpus-agreement|environment)\\.test\\.ts$',
    // The packed CLI in a fresh project: scaffold-esm (a CommonJS and an ES-module project) and ship-operator install
    // the same tarballs and run the same CLI on the line — init, create api / webhook, generate — then the scaffolded
    // project's jest, build and operator. fresh-project repeats those steps; install checks what the loaded CLI prints
    // (the marker reference, `crd --stdout` bytes, a bad marker's one line): strings from strings, once it loads.
    '/test/e2e/(fresh-project|install)\\.test\\.ts$',
    // Scale protocols over the same stages: sharding (3 replica processes, 3,000 objects, a kill and a join) and the lean
    // cache (10,000 metadata-only ConfigMaps) are the ring, the drain handshake and the cache options — plain JavaScript
    // — over the Lease, informer and HTTP stages that operator, lifecycle and informer run on the line; together 2–3
    // minutes a line.
    '/test/e2e/(sharding|lean-cache)\\.test\\.ts$',
  ],
};

/** @type {import('jest').Config} */
module.exports = {
  // At least two workers for the unit project: on a two-core machine jest's default (cores − 1) is one, and its files
  // wait on child processes (tsc, npm, the CLI) and servers much of the time. The e2e project runs serially whatever
  // this says (test/e2e/support/serial-runner.ts).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['<rootDir>/test', '<rootDir>/runtime/src', '<rootDir>/apiserver/src', '<rootDir>/generator'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [
        '/node_modules/',
        '/dist/',
        '/test/golden/[^/]+/',
        '/test/invalid/',
        '/test/e2e/',
      ],
      // On the other Node.js lines (.ci/run): only the tests that exercise Node.js itself (nodeLine above)
      ...(NODE_LINE_ONLY ? { testMatch: nodeLine.unit } : {}),
    },
    {
      ...shared,
      displayName: 'e2e',
      runner: '<rootDir>/test/e2e/support/serial-runner.ts',
      roots: ['<rootDir>/test/e2e'],
      testMatch: [path.join(__dirname, 'test/e2e/**/*.test.ts')],
      globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/e2e/support/setup-timeout.ts'],
      ...(NODE_LINE_ONLY ? { testPathIgnorePatterns: ['/node_modules/', ...nodeLine.e2eIgnored] } : {}),
    },
  ],
};
