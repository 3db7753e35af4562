/**
 * resolveConfig / checkConfigForGroups on good input: defaults, paths relative to the configuration file, the CRD
 * header normalised, conversion webhooks resolved (CA file read) into a null-prototype map, package names checked
 * per group. Hostile configurations are in test/hostile/cli-config.test.ts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, checkConfigForGroups, normalizeHeader, resolveConfig } from '../../../generator/config';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-config-'));
  fs.writeFileSync(path.join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('defaults', () => {
  expect(resolveConfig({}, dir, 'kubegen.config.json')).toEqual({
    baseDir: dir,
    source: 'kubegen.config.json',
    apis: path.join(dir, 'apis'),
    output: path.join(dir, 'generated'),
    packageName: '@kubegen-generated/{group}',
    layout: 'package',
    crd: { conversion: {}, requireConversion: true },
    groupFolder: 'group',
    esm: false,
    manifests: [],
    strict: false,
  });
});

test('groupFolder: short, and a value that is neither', () => {
  expect(resolveConfig({ groupFolder: 'short' }, dir, 'kubegen.config.json').groupFolder).toBe('short');
  expect(() => resolveConfig({ groupFolder: 'go' }, dir, 'kubegen.config.json')).toThrow('kubegen.config.json: groupFolder: must be "group" or "short", not "go"');
});

test('validation.types: "all" asks for validators of every struct type; other values are refused', () => {
  expect(resolveConfig({ validation: { types: 'all' } }, dir, 'kubegen.config.json').validateTypes).toBe(true);
  expect(resolveConfig({ validation: { types: 'kinds' } }, dir, 'kubegen.config.json').validateTypes).toBeUndefined();
  expect(resolveConfig({}, dir, 'kubegen.config.json').validateTypes).toBeUndefined();
  expect(() => resolveConfig({ validation: { types: 'some' } }, dir, 'kubegen.config.json')).toThrow('kubegen.config.json: validation.types: must be "kinds" or "all", not "some"');
  expect(() => resolveConfig({ validation: { kinds: true } }, dir, 'kubegen.config.json')).toThrow('kubegen.config.json: validation.kinds: unknown key (known: types)');
  expect(() => resolveConfig({ validation: 'all' }, dir, 'kubegen.config.json')).toThrow('kubegen.config.json: validation: must be an object: { "types": "kinds" | "all" }');
});

test('strict: true makes warnings errors; anything but a boolean is refused', () => {
  expect(resolveConfig({ strict: true }, dir, 'kubegen.config.json').strict).toBe(true);
  expect(() => resolveConfig({ strict: 'yes' }, dir, 'kubegen.config.json')).toThrow('kubegen.config.json: strict: must be true or false');
});

test.each([
  [{ layout: 'source' }, 'source'],
  [{ layout: 'package' }, 'package'],
])('layout %j', (raw, want) => {
  expect(resolveConfig(raw, dir, 'kubegen.config.json').layout).toBe(want);
});

test.each([[{ layout: 'src' }, 'kubegen.config.json: layout: must be "package" or "source", not "src"'], [{ layout: 1 }, 'kubegen.config.json: layout: must be "package" or "source", not 1']])(
  'bad layout %j',
  (raw, want) => {
    expect(() => resolveConfig(raw, dir, 'kubegen.config.json')).toThrow(want);
  },
);

test('every key resolved', () => {
  const c = resolveConfig(
    {
      apis: 'api',
      output: '../gen',
      generators: ['crd', 'types'],
      packageName: '@acme/{group}',
      crdHeader: '# h',
      conversion: { 'stable.example.com': { service: { name: 'conv', namespace: 'ops', port: 8443 }, caBundleFile: 'ca.pem' } },
    },
    dir,
    'kubegen.config.json',
  );
  expect(c.apis).toBe(path.join(dir, 'api'));
  expect(c.output).toBe(path.resolve(dir, '../gen'));
  expect(c.generators).toEqual(['crd', 'types']);
  expect(c.crd.header).toBe('# h\n');
  expect(Object.getPrototypeOf(c.crd.conversion)).toBeNull();
  expect(c.crd.conversion['stable.example.com']).toEqual({ service: { name: 'conv', namespace: 'ops', port: 8443 }, caBundle: fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8') });
});

test.each([
  ['', ''],
  ['# h', '# h\n'],
  ['# h\n', '# h\n'],
  ['# a\n# b', '# a\n# b\n'],
])('normalizeHeader(%j) = %j', (given, want) => expect(normalizeHeader(given)).toBe(want));

describe('checkConfigForGroups', () => {
  const config = (packageName: string, conversion = {}) => {
    const resolved = resolveConfig({ packageName }, dir, 'kubegen.config.json');
    return { ...resolved, crd: { ...resolved.crd, conversion } };
  };

  it('accepts distinct valid package names', () => {
    expect(() => checkConfigForGroups(config('@acme/{group}'), ['a.example.com', 'b.example.com'])).not.toThrow();
  });

  it('lists every problem', () => {
    let error: unknown;
    try {
      checkConfigForGroups(config('Acme-{group}', { 'other.io': { url: 'https://x' } }), ['a.example.com']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'kubegen.config.json: packageName: "Acme-a.example.com" (for group a.example.com) is not a valid npm package name: name can no longer contain capital letters',
      `kubegen.config.json: conversion["other.io"]: no API group other.io under ${path.join(dir, 'apis')}`,
    ]);
  });
});
