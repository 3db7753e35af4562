/**
 * `@kubegen/runtime/internal`'s exports object holds data properties only, as `@kubegen/runtime/validation`'s does
 * (test/unit/runtime/validation/exports.test.ts): generated deepcopy, defaulting and conversion functions (compiled to
 * CommonJS) call its helpers through it (`(0, internal_1.setOwn)(…)`), and one getter — what TypeScript makes of
 * `export * from` and `export { x } from` — puts the object in V8's dictionary mode, where none of those calls is
 * inlined.
 */
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../../../..');

describe('@kubegen/runtime/internal exports', () => {
  test.each([
    ['source', path.join(REPO, 'runtime/src/internal/index.ts')],
    ['build', path.join(REPO, 'runtime/dist/internal/index.js')],
  ])('%s: every export a data property, none a getter', (_label, file) => {
    const exports: unknown = jest.requireActual(file);
    const descriptors = Object.entries(Object.getOwnPropertyDescriptors(exports));
    expect(descriptors.map(([k]) => k)).toEqual(expect.arrayContaining(['setOwn', 'hasOwn', 'cloneJSON', 'deepCopyObjectMeta', 'finishConversion', 'LostFields']));
    const getters = descriptors.filter(([, d]) => d.get !== undefined || d.set !== undefined).map(([k]) => k);
    expect(getters).toEqual([]);
  });
});
