/**
 * `@kubegen/runtime/internal`'s exports object holds data properties only, as `@kubegen/runtime/validation`'s does
 * (test/unit/runtime/validation/exports.test.ts): generated deepcopy, defaulting and conversion functions (compiled to
 * CommonJS) call its helpers through it (`(0, internal_1.setOwn)(…)`), and one getter — what TypeScript makes of
 * `export * from` and `export { x } from` — puts the object in V8's dictionary mode, where none of those calls is
 * inlined.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

// one test starts a Node process: generous on a loaded machine
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../../..');

describe('@kubegen/runtime/internal exports', () => {
  test.each([
    ['source', path.join(REPO, 'runtime/src/internal/index.ts')],
    ['build', path.join(REPO, 'runtime/dist/internal/index.js')],
  ])('%s: every export a data property, none a getter', (_label, file) => {
    const exports: unknown = jest.requireActual(file);
    const descriptors = Object.entries(Object.getOwnPropertyDescriptors(exports));
    expect(descriptors.map(([k]) => k)).toEqual(expect.arrayContaining(['setOwn', 'hasOwn', 'cloneJSON', 'deepCopyObjectMeta', 'finishConversion', 'LostFields', 'convertObject', 'admissionKind']));
    const getters = descriptors.filter(([, d]) => d.get !== undefined || d.set !== undefined).map(([k]) => k);
    expect(getters).toEqual([]);
  });
});

/**
 * A generated package binds its group's `convert` and each kind's admission endpoints at load, from `/internal`: a
 * program that imports the package for its clients and informers does not load the webhook and admission servers
 * (26 modules, ≈ 2 MiB of RSS). Run in a fresh Node process on the built package (jest's module registry maps the
 * runtime to its sources).
 */
test('importing a generated package with conversions and admission loads no webhook server', () => {
  const script = [
    "const c = require('@kubegen-generated/stable.example.com');",
    "const w = Object.keys(require.cache).filter((f) => f.includes('/runtime/dist/webhook/'));",
    "process.stdout.write(JSON.stringify({ webhook: w.map((f) => f.slice(f.indexOf('/runtime/dist/'))), paths: [c.v1.cronTabAdmission.validatePath, c.v1.cronTabAdmission.mutatePath], converted: c.convert({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' }, spec: { schedule: '* * * * *', image: 'i' } }, 'stable.example.com/v1beta1').apiVersion }));",
  ].join('\n');
  const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: REPO, encoding: 'utf8' })) as { webhook: string[]; paths: string[]; converted: string };
  // admissionKind's own module only (no server, no certificates)
  expect(out.webhook).toEqual(['/runtime/dist/webhook/admission/kind.js']);
  expect(out.paths).toEqual(['/validate-stable-example-com-v1-crontab', '/mutate-stable-example-com-v1-crontab']);
  expect(out.converted).toBe('stable.example.com/v1beta1');
});
