/**
 * Two projects:
 * - `unit`: everything fast and in-process (test/, runtime/src, generator), never a control plane;
 * - `e2e`: test/e2e/**, run against ONE real etcd + kube-apiserver per jest run, started by the project's
 *   globalSetup and stopped (and checked for leftovers) by its globalTeardown. Jest only runs a project's
 *   globalSetup when that project has selected tests, so `npx jest test/unit` never starts a control plane.
 */
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
    // @kubegen/api/<group>[/<version>|/fake] → its generated sources
    '^@kubegen/api/(.+)$': '<rootDir>/api/src/$1/index.ts',
  },
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['<rootDir>/test', '<rootDir>/runtime/src', '<rootDir>/generator'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [
        '/node_modules/',
        '/dist/',
        '/test/golden/[^/]+/',
        '/test/invalid/',
        '/test/e2e/',
        // .ci/run's runs on the other Node.js lines leave out what does not depend on the line (see there)
        ...(process.env.KUBEGEN_SKIP_NODE_AGNOSTIC === '1'
          ? [
              '/test/unit/(api-reference|generator/apply/kustomize/kustomize-(equality|property)|generator/deploy/deploy-(kustomize|helm))\\.test\\.ts$',
              // the generator over corpora and random APIs, checked by tsc and its own model: no Node.js API involved
              '/test/unit/generator/import/import-(prometheus-operator|kubernetes-openapi)\\.slow\\.test\\.ts$',
              '/test/unit/generator/emit/generated-compiles\\.property\\.test\\.ts$',
            ]
          : []),
      ],
    },
    {
      ...shared,
      displayName: 'e2e',
      roots: ['<rootDir>/test/e2e'],
      testMatch: [path.join(__dirname, 'test/e2e/**/*.test.ts')],
      globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/e2e/support/setup-timeout.ts'],
      // .ci/run's runs on the other Node.js lines: the CEL agreement suites compare kubegen's compile verdicts and
      // costs with the apiserver's — pure JavaScript logic over cel-js, the same on every line (the runtime's own CEL
      // evaluation is covered on every line by the unit tables and validation-agreement)
      ...(process.env.KUBEGEN_SKIP_NODE_AGNOSTIC === '1' ? { testPathIgnorePatterns: ['/node_modules/', '/test/e2e/cel-(corpus-agreement|environment)\\.test\\.ts$'] } : {}),
    },
  ],
};
