/**
 * Two projects:
 * - `unit`: everything fast and in-process (test/, runtime/src, generator), never a control plane;
 * - `e2e`: test/e2e/**, run against ONE real etcd + kube-apiserver per jest run, started by the project's
 *   globalSetup and stopped (and checked for leftovers) by its globalTeardown. Jest only runs a project's
 *   globalSetup when that project has selected tests, so `npx jest test/unit` never starts a control plane.
 */
const path = require('node:path');

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
  // Resolve the runtime package to its sources, so tests never depend on a stale build in runtime/dist.
  moduleNameMapper: {
    '^@kubegen/runtime$': '<rootDir>/runtime/src/index.ts',
    '^@kubegen/runtime/(client|cache|workqueue|webhook|testing|internal|validation)$': '<rootDir>/runtime/src/$1/index.ts',
    '^@kubegen/runtime/webhook/spec$': '<rootDir>/runtime/src/webhook/spec.ts',
    '^@kubegen/runtime/validation/cel-library$': '<rootDir>/runtime/src/validation/cel-library/declarations.ts',
    '^@kubegen/runtime/webhook/admission$': '<rootDir>/runtime/src/webhook/admission/index.ts',
    '^@kubegen/runtime/(controller|controllerutil|leaderelection|events|log)$': '<rootDir>/runtime/src/$1/index.ts',
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
        ...(process.env.KUBEGEN_SKIP_NODE_AGNOSTIC === '1' ? ['/test/unit/(api-reference|kustomize-equality|kustomize-property|deploy-kustomize|deploy-helm)\\.test\\.ts$'] : []),
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
    },
  ],
};
