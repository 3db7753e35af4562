/**
 * `spec.conversion` from configuration: a group with a conversion webhook gets `strategy: Webhook` on its
 * multi-version CRDs (and only those), with the CA bundle read from `caBundleFile` and base64-encoded; bad webhook
 * configurations are rejected when the configuration is read.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { resolveConfig } from '../../../generator/config';
import { generateAll, loadApiModel } from '../../../generator/pipeline';
import { present } from '../helpers/present';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const apis = path.join(__dirname, '..', '..', '..', 'apis');
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-conv-config-'));
  fs.writeFileSync(path.join(dir, 'ca.pem'), PEM);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The generated CRDs for `conversion`, by file name (failing the test on a file that was not generated). */
function crdsFor(conversion: Record<string, unknown>): (file: string) => { spec: { conversion?: unknown } } {
  const config = resolveConfig({ apis, generators: ['crd'], conversion: conversion as never }, dir, 'test');
  const { model, diagnostics } = loadApiModel(config.apis);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const { files } = generateAll(model, config);
  const byFile = new Map(files.map((f) => [path.basename(f.path), parse(f.contents) as { spec: { conversion?: unknown } }]));
  return (file) => present(byFile.get(file), `the generated ${file}`);
}

test('a service-backed webhook with a CA file lands on the multi-version CRDs of its group only', () => {
  const crd = crdsFor({
    'stable.example.com': { service: { name: 'crontab-conversion', namespace: 'ops' }, caBundleFile: 'ca.pem' },
    'foo.bar': { url: 'https://apps.example.com/convert' },
  });
  expect(crd('stable.example.com_crontabs.yaml').spec.conversion).toEqual({
    strategy: 'Webhook',
    webhook: {
      clientConfig: {
        service: { name: 'crontab-conversion', namespace: 'ops', path: '/convert', port: 443 },
        caBundle: Buffer.from(PEM).toString('base64'),
      },
      conversionReviewVersions: ['v1'],
    },
  });
  // foo.bar's App has a single version: nothing to convert.
  expect(crd('foo.bar_apps.yaml').spec.conversion).toBeUndefined();
  // wardle has no webhook configured: conversion stays None (absent).
  expect(crd('wardle.example.com_flunders.yaml').spec.conversion).toBeUndefined();
});

test.each([
  [{ url: 'http://insecure.example.com/convert' }, /url must use https/],
  [{}, /exactly one of url and service/],
  [{ url: 'https://a/convert', service: { name: 'x', namespace: 'y' } }, /exactly one of url and service/],
])('rejects %j when the configuration is read', (webhook, message) => {
  expect(() => resolveConfig({ conversion: { 'stable.example.com': webhook as never } }, dir, 'kubegen.config.json')).toThrow(message);
});
