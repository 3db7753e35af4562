// ESLint: typescript-eslint's strict type-checked rules over the compiler, the runtime, the generated packages and the
// tests (all of test/ — unit, cel, e2e, hostile — with the few rules that do not fit a test relaxed in the tests'
// section below; the test tree's inputs and recorded outputs are ignored).
// `npm run lint` runs it; `npm test` runs it before the tests, so an `eslint-disable` comment is a decision on record,
// with its reason after `--` (test/unit/lint.test.ts checks every one). No non-null assertions: a read an
// invariant guarantees narrows, or goes through generator/core/invariant.ts (`present`, `lookup`), which names it.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test/golden/*/apis/**', 'test/golden/*/expected/**', 'test/invalid/*/apis/**', 'test/invalid/*/src/**', 'test/e2e/fixtures/ship-operator/**', 'templates/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  eslint.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // numbers and booleans print as expected in messages and generated code
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `_`-prefixed bindings are deliberate: rest-destructuring that drops keys, and parameters an interface requires
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // empty `…Expansion` interfaces are declaration-merging points users augment (client-go's expansion pattern)
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      // JSON trees are null-prototype dictionaries: deleting a computed key is how a field is dropped
      '@typescript-eslint/no-dynamic-delete': 'off',
      // a check the types call unnecessary is gone, or the value is typed as what arrives at run time: untrusted JSON
      // and a JavaScript caller's options as `unknown` or widened (a list page's `items: null`), `JSON.stringify` as
      // possibly undefined, and a signal or flag a callback or an `await` may change read afresh (`isAborted(signal)`)
      '@typescript-eslint/no-unnecessary-condition': 'error',
      // heavy or optional dependencies are loaded on first use, synchronously
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^@marcbachmann/cel-js$', '^\./cel-library$', '^yaml$', '^prom-client$', '^undici$'] }],
      // cel-js registers types by constructor: empty classes are its type tokens
      '@typescript-eslint/no-extraneous-class': ['error', { allowEmpty: true }],
      // a type parameter used once is API here: the caller's explicit argument types a request body or a result (createSubresource<I, R>, asDeclared<T>)
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      // an AbortSignal's reason and a caught value are passed on unchanged
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    // The tests: the same rules, type-checked through test/tsconfig.json. Relaxed here, each for a reason of tests only:
    files: ['test/**/*.ts'],
    rules: {
      // `expect(() => f()).toThrow()`, `until(() => q.add(x))`: a jest callback's arrow returns the call it wraps
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // a fake stands in for an async API (a transport's `request`, a lister's `waitForSync`, a watch as an async
      // generator): `async` without `await` makes it reject instead of throw and return a promise, as the real one does
      '@typescript-eslint/require-await': 'off',
      // a test's `!` is an assertion on data the test built or just received: a missing value fails the test at that
      // line (TypeError), which is the report a test gives; the rule guards the product's code, not its tests
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // test/hostile feeds the code under test the values a user's code may throw (strings, objects whose toString
    // throws, getters that throw): throwing a non-Error is what it tests
    files: ['test/hostile/**/*.ts'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    // one logger: runtime components log through @kubegen/runtime/log, never the console or process warnings
    // (test/unit/runtime/log/log-no-console.test.ts checks the same, comments included)
    files: ['runtime/src/**/*.ts'],
    ignores: ['runtime/src/log/**'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'emitWarning', message: 'log through @kubegen/runtime/log' }],
    },
  },
);
