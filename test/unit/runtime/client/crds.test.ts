/**
 * The CRD readers of `@kubegen/runtime/client` (and the root): what a shipped program — the scaffolded aggregated
 * apiserver — reads its model with, without importing the testing entry, which re-exports the very same functions.
 * The readers' cases are in test/unit/runtime/testing/crds.test.ts (the installer's tests, where they came from).
 */
import * as path from 'node:path';
import * as root from '@kubegen/runtime';
import * as client from '@kubegen/runtime/client';
import * as testing from '@kubegen/runtime/testing';

const DIR = path.join(__dirname, '../testing/crds');

describe('readCrdFiles outside the testing entry', () => {
  it('the root, client and testing export one and the same reader', () => {
    expect(root.readCrdFiles).toBe(client.readCrdFiles);
    expect(testing.readCrdFiles).toBe(client.readCrdFiles);
    expect(testing.parseCrdFile).toBe(client.parseCrdFile);
    expect(testing.customResourceDefinitionResource).toBe(client.customResourceDefinitionResource);
  });

  it('reads the CRDs of a directory, skipping other documents', () => {
    const names = client.readCrdFiles([DIR]).map((c) => c.metadata?.name);
    expect(names).toContain('widgets.example.com');
    expect(names.every((n) => typeof n === 'string' && n.endsWith('.example.com'))).toBe(true);
    expect(() => client.readCrdFiles([path.join(DIR, 'missing')], true)).toThrow(`${path.join(DIR, 'missing')} does not exist`);
  });
});
