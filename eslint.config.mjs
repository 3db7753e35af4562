// ESLint: typescript-eslint's strict type-checked rules over the compiler, the runtime and the generated packages.
// `npm run lint` runs it; `npm test` runs it before the tests, so an `eslint-disable` comment is a decision on record.
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test/**', 'bench/**', 'templates/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  eslint.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // numbers and booleans print as expected in messages and generated code
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },
);
