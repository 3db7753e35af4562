/**
 * `@kubegen/runtime/validation`'s exports object holds data properties only: generated validators (compiled to
 * CommonJS) call every kit function through it (`(0, validation_1.at)(…)`), and one getter — what TypeScript makes
 * of `export { x } from` — puts the object in V8's dictionary mode, where none of those calls is inlined.
 */
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../../..');

describe('@kubegen/runtime/validation exports', () => {
  test.each([
    ['source', path.join(REPO, 'runtime/src/validation/index.ts')],
    ['build', path.join(REPO, 'runtime/dist/validation/index.js')],
  ])('%s: every export a data property, none a getter', (_label, file) => {
    const exports: unknown = jest.requireActual(file);
    const descriptors = Object.entries(Object.getOwnPropertyDescriptors(exports));
    expect(descriptors.length).toBeGreaterThan(40);
    const getters = descriptors.filter(([, d]) => d.get !== undefined || d.set !== undefined).map(([k]) => k);
    expect(getters).toEqual([]);
  });
});
