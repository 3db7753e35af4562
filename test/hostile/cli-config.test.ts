/**
 * Issue 8, item 8 (configuration and I/O): the configuration is checked against a schema, every problem is one
 * line naming the file and the key (or line:column for bad JSON), no raw TypeError and no stack trace reaches the
 * user, a CRD header is never glued to `---`, and stray temporary files of an interrupted run are removed by the
 * next write and reported by --verify. The spawned checks run `bin/kubegen.js` (needs `npm run build`).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as load from '../../generator/load';
import { REPO, STACK_LINE, malformedErrorLines, removeSandbox, run, sandbox, snapshotTree, treeDiff, writeTinyApi } from './cli-support';

// This file spawns processes and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

let dir: string;
beforeEach(() => {
  dir = sandbox('config');
  writeTinyApi(dir);
});
afterEach(() => removeSandbox(dir));

function write(name: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
}

/** A hostile configuration: the files to write, the arguments, and every line kubegen must print. */
interface Case {
  name: string;
  files: Record<string, string>;
  argv?: string[];
  want: string[];
}

const cases: Case[] = [
  { name: 'generators as a string', files: { 'kubegen.config.json': '{"generators":"crd"}' }, want: ['kubegen: kubegen.config.json: generators: must be an array of strings'] },
  {
    name: 'an unknown generator, with did-you-mean',
    files: { 'kubegen.config.json': '{"generators":["crds","types"]}' },
    want: ['kubegen: kubegen.config.json: generators[0]: unknown generator "crds" (did you mean "crd"?) (known: crd, types, deepcopy, defaults, validation, conversion, applyconfigurations, clientset, fake, listers, informers, admission, docs, package)'],
  },
  { name: 'a generator twice', files: { 'kubegen.config.json': '{"generators":["crd","crd"]}' }, want: ['kubegen: kubegen.config.json: generators[1]: "crd" is listed twice'] },
  { name: 'no generators', files: { 'kubegen.config.json': '{"generators":[]}' }, want: ['kubegen: kubegen.config.json: generators: must name at least one generator (leave it out to run them all)'] },
  { name: 'a non-string crdHeader', files: { 'kubegen.config.json': '{"crdHeader":42}' }, want: ['kubegen: kubegen.config.json: crdHeader: must be a string'] },
  { name: 'apis as a number', files: { 'kubegen.config.json': '{"apis":5}' }, want: ['kubegen: kubegen.config.json: apis: must be a non-empty string (a path relative to the configuration file)'] },
  { name: 'output empty', files: { 'kubegen.config.json': '{"output":""}' }, want: ['kubegen: kubegen.config.json: output: must be a non-empty string (a path relative to the configuration file)'] },
  { name: 'packageName as an object', files: { 'kubegen.config.json': '{"packageName":{}}' }, want: ['kubegen: kubegen.config.json: packageName: must be a non-empty string (an npm package name; "{group}" is replaced by the API group)'] },
  {
    name: 'a misspelt key and a __proto__ key, both reported',
    files: { 'kubegen.config.json': '{"generator":["crd"],"__proto__":{"apis":"/etc"}}' },
    want: [
      'kubegen: kubegen.config.json: unknown configuration key "generator" (did you mean "generators"?) (known: apis, output, generators, packageName, crdHeader, layout, groupFolder, conversion, rbac, webhook, apiservice, strict, deploy, validation)',
      'kubegen: kubegen.config.json: unknown configuration key "__proto__" (known: apis, output, generators, packageName, crdHeader, layout, groupFolder, conversion, rbac, webhook, apiservice, strict, deploy, validation)',
    ],
  },
  { name: 'null', files: { 'kubegen.config.json': 'null' }, want: ['kubegen: kubegen.config.json: the configuration must be an object, not null'] },
  { name: 'an array', files: { 'kubegen.config.json': '[]' }, want: ['kubegen: kubegen.config.json: the configuration must be an object, not an array'] },
  { name: 'bad JSON: a trailing comma', files: { 'kubegen.config.json': '{\n  "apis": "apis",\n}\n' }, want: ["kubegen: kubegen.config.json:3:1: invalid JSON: expected a double-quoted property name, found \"}\""] },
  { name: 'bad JSON: a missing value', files: { 'kubegen.config.json': '{\n  "apis": }' }, want: ['kubegen: kubegen.config.json:2:11: invalid JSON: expected a value, found "}"'] },
  { name: 'bad JSON: empty file', files: { 'kubegen.config.json': '' }, want: ['kubegen: kubegen.config.json:1:1: invalid JSON: the text is empty (expected a JSON value)'] },
  { name: 'bad JSON: unterminated string', files: { 'kubegen.config.json': '{"apis": "ap' }, want: ['kubegen: kubegen.config.json:1:13: invalid JSON: unterminated string'] },
  { name: 'conversion as a number', files: { 'kubegen.config.json': '{"conversion":5}' }, want: ['kubegen: kubegen.config.json: conversion: must be an object mapping API groups to webhook settings'] },
  { name: 'conversion entry null', files: { 'kubegen.config.json': '{"conversion":{"ex.example.com":null}}' }, want: ['kubegen: kubegen.config.json: conversion["ex.example.com"]: must be an object ({ url } or { service }, with caBundle or caBundleFile)'] },
  {
    name: 'conversion for a group that is not a group',
    files: { 'kubegen.config.json': '{"conversion":{"__proto__":{"url":"https://x"}}}' },
    want: [
      "kubegen: kubegen.config.json: conversion.__proto__: not an API group: spec.group: Invalid value: \"__proto__\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ],
  },
  {
    name: 'conversion with bad webhook fields',
    files: { 'kubegen.config.json': '{"conversion":{"ex.example.com":{"service":{"name":"","namespace":"ops","port":70000},"caBundleFile":"missing.pem","urll":"x"}}}' },
    want: [
      'kubegen: kubegen.config.json: conversion["ex.example.com"].urll: unknown key (known: url, service, caBundle, caBundleFile)',
      'kubegen: kubegen.config.json: conversion["ex.example.com"].service.name: must be a non-empty string',
      'kubegen: kubegen.config.json: conversion["ex.example.com"].service.port: must be an integer from 1 to 65535',
      'kubegen: kubegen.config.json: conversion["ex.example.com"].caBundleFile: cannot open missing.pem: no such file or directory (ENOENT)',
    ],
  },
  { name: 'conversion over http', files: { 'kubegen.config.json': '{"conversion":{"ex.example.com":{"url":"http://x/convert"}}}' }, want: ['kubegen: kubegen.config.json: conversion["ex.example.com"]: conversion webhook for ex.example.com: url must use https: http://x/convert'] },
  {
    name: 'conversion for a group the APIs do not have',
    files: { 'kubegen.config.json': '{"conversion":{"ex.exampel.com":{"url":"https://x/convert"}}}' },
    want: [/^kubegen: kubegen\.config\.json: conversion\["ex\.exampel\.com"\]: no API group ex\.exampel\.com under .*apis \(did you mean "ex\.example\.com"\?\)$/.source],
  },
  { name: 'package.json#kubegen as a string', files: { 'package.json': '{"name":"x","kubegen":"crd"}' }, want: ['kubegen: package.json#kubegen: the configuration must be an object, not a string'] },
  { name: 'package.json with bad JSON', files: { 'package.json': '{"name":"x",\n"kubegen":{]}' }, want: ['kubegen: package.json:2:12: invalid JSON: expected a double-quoted property name, found "]"'] },
  { name: 'a JavaScript configuration that throws', files: { 'kubegen.config.js': "throw new TypeError('no config for you');\n" }, want: ['kubegen: kubegen.config.js: cannot load the configuration: TypeError: no config for you'] },
  { name: 'a JavaScript configuration with a syntax error', files: { 'kubegen.config.cjs': 'module.exports = {;\n' }, want: [/^kubegen: kubegen\.config\.cjs: cannot load the configuration: SyntaxError: .+$/.source] },
  { name: 'a JavaScript configuration that is a number', files: { 'kubegen.config.js': 'module.exports = 42;\n' }, want: ['kubegen: kubegen.config.js: the configuration must be an object, not a number'] },
  { name: 'a JavaScript configuration whose getter throws', files: { 'kubegen.config.js': "module.exports = { get apis() { throw new RangeError('getter'); } };\n" }, want: ['kubegen: kubegen.config.js: cannot read the configuration: RangeError: getter'] },
  { name: '--config that does not exist', files: {}, argv: ['generate', '--config', 'nope.json'], want: ['kubegen: configuration file nope.json does not exist'] },
  { name: '--config that is a directory', files: { 'cfgdir/x': '' }, argv: ['generate', '--config', 'cfgdir'], want: ['kubegen: configuration file cfgdir is not a file'] },
  { name: '--config in YAML', files: { 'k.yaml': 'apis: apis\n' }, argv: ['generate', '--config', 'k.yaml'], want: ['kubegen: configuration file k.yaml: must be a .json, .js or .cjs file, or a package.json with a "kubegen" key'] },
  {
    name: 'an output root that is a file',
    files: { 'kubegen.config.json': '{"output":"taken"}', taken: 'a file\n' },
    want: [/^kubegen: cannot (create directory|open) taken\/\S+: not a directory \(ENOTDIR\)$|^kubegen: cannot create directory taken\/\S*: file already exists \(EEXIST\)$/.source],
  },
];

describe('hostile configurations: one line per problem naming the file and key, exit 1, no stack, nothing written', () => {
  test.each(cases)('$name', async ({ files, argv = ['generate'], want }) => {
    for (const [name, text] of Object.entries(files)) write(name, text);
    const before = snapshotTree(dir);
    const r = await run(argv, dir);
    expect(r.out).toBe('');
    const lines = r.err.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(want.length);
    want.forEach((w, i) => (w.startsWith('^') ? expect(lines[i]).toMatch(new RegExp(w)) : expect(lines[i]).toBe(w)));
    expect(r.err).not.toMatch(STACK_LINE);
    expect(malformedErrorLines(r.err)).toEqual([]);
    expect(r.code).toBe(1);
    expect(treeDiff(before, snapshotTree(dir))).toEqual([]);
  });
});

describe('CRD headers', () => {
  it('a crdHeader without a trailing newline is not glued to ---', async () => {
    write('kubegen.config.json', JSON.stringify({ generators: ['crd'], crdHeader: '# Copyright the authors' }));
    expect((await run(['generate'], dir)).code).toBe(0);
    const crd = fs.readFileSync(path.join(dir, 'generated/ex.example.com/crds/ex.example.com_widgets.yaml'), 'utf8');
    expect(crd.startsWith('# Copyright the authors\n---\napiVersion: apiextensions.k8s.io/v1\n')).toBe(true);
  });

  it('crd --header likewise, and a header that ends in a newline is kept as it is', async () => {
    const a = await run(['crd', '--apis', 'apis', '--stdout', '--header', '# one'], dir);
    expect(a.out.startsWith('# one\n---\n')).toBe(true);
    const b = await run(['crd', '--apis', 'apis', '--stdout', '--header', '# two\n'], dir);
    expect(b.out.startsWith('# two\n---\n')).toBe(true);
  });
});

describe('stray temporary files of an interrupted run', () => {
  // A process id above Linux's pid_max: no such process can exist.
  const DEAD = 99_999_999;

  it('are reported by --verify and removed by the next write, outside crds/ and src/ too', async () => {
    write('kubegen.config.json', JSON.stringify({}));
    expect((await run(['generate'], dir)).code).toBe(0);
    const strays = [`generated/ex.example.com/package.json.kubegen-${DEAD}.tmp`, `generated/ex.example.com/src/v1/types.ts.kubegen-${DEAD}.tmp`];
    for (const s of strays) write(s, 'half-written');
    const verify = await run(['generate', '--verify'], dir);
    expect(verify.code).toBe(1);
    expect(verify.err).toContain(`--- a/ex.example.com/package.json.kubegen-${DEAD}.tmp (stray temporary file of an interrupted run; the next write removes it)`);
    expect(verify.err).toContain(`ex.example.com/src/v1/types.ts.kubegen-${DEAD}.tmp`);
    expect(verify.err).toContain('kubegen: 2 file(s) differ');
    const again = await run(['generate'], dir);
    expect(again).toMatchObject({ code: 0, err: '' });
    expect(again.out).toMatch(/wrote 0, unchanged \d+, removed 2 in /);
    for (const s of strays) expect(fs.existsSync(path.join(dir, s))).toBe(false);
    expect((await run(['generate', '--verify'], dir)).code).toBe(0);
  });

  it('of a process that is still running are left alone', async () => {
    write('kubegen.config.json', JSON.stringify({}));
    expect((await run(['generate'], dir)).code).toBe(0);
    const live = `generated/ex.example.com/package.json.kubegen-${process.ppid}.tmp`;
    write(live, 'another run is writing this');
    expect(await run(['generate'], dir)).toMatchObject({ code: 0, err: '' });
    expect(fs.existsSync(path.join(dir, live))).toBe(true);
  });
});

describe('internal errors', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    delete process.env.KUBEGEN_DEBUG;
  });

  it('are one line without KUBEGEN_DEBUG, exit 70, and show the stack with KUBEGEN_DEBUG=1', async () => {
    jest.spyOn(load, 'loadApiModel').mockImplementation(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    });
    const quiet = await run(['crd', '--apis', 'apis', '--stdout'], dir);
    expect(quiet).toEqual({
      code: 70,
      out: '',
      err: "kubegen: internal error: TypeError: Cannot read properties of undefined (reading 'x') (a bug in kubegen; KUBEGEN_DEBUG=1 prints where)\n",
    });
    process.env.KUBEGEN_DEBUG = '1';
    const loud = await run(['crd', '--apis', 'apis', '--stdout'], dir);
    expect(loud.code).toBe(70);
    expect(loud.err).toMatch(STACK_LINE);
  });
});

describe('bin/kubegen.js (spawned): no stack trace reaches the user', () => {
  const bin = path.join(REPO, 'bin', 'kubegen.js');
  const spawn = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, KUBEGEN_DEBUG: '', ...env } });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  it('dist is built (npm run build)', () => {
    expect(fs.existsSync(path.join(REPO, 'dist', 'generator', 'cli.js'))).toBe(true);
  });

  it.each<{ args: string[]; files: Record<string, string>; code: number; err: string | RegExp }>([
    { args: ['generate'], files: { 'kubegen.config.json': '{"generators":"crd"}' }, code: 1, err: 'kubegen: kubegen.config.json: generators: must be an array of strings\n' },
    { args: ['generate'], files: { 'kubegen.config.json': '{\n"apis": [}' }, code: 1, err: 'kubegen: kubegen.config.json:2:10: invalid JSON: expected a value, found "}"\n' },
    { args: ['generate'], files: { 'kubegen.config.js': 'require("./nope")' }, code: 1, err: /^kubegen: kubegen\.config\.js: cannot load the configuration: Cannot find module '\.\/nope'\n$/ },
    { args: ['crd'], files: {}, code: 2, err: 'kubegen: Missing required argument: apis (see kubegen --help)\n' },
    { args: ['generate', '--verfy'], files: {}, code: 2, err: 'kubegen: Unknown argument: verfy (did you mean --verify?)\n' },
    { args: ['crd', '--apis', 'nowhere', '--stdout'], files: {}, code: 1, err: /^error KG1002: APIs root ".*nowhere" is not a directory\n\nFound 1 error\.\n$/ },
  ])('kubegen $args', ({ args, files, code, err }) => {
    for (const [name, text] of Object.entries(files)) write(name, text);
    const r = spawn(args);
    expect(r.err).not.toMatch(STACK_LINE);
    if (typeof err === 'string') expect(r.err).toBe(err);
    else expect(r.err).toMatch(err);
    expect(r.code).toBe(code);
    expect(r.out).toBe('');
  });
});
