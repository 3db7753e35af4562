/**
 * No test rests on jest's default 5 s timeout for work that spawns processes, starts servers or loads TypeScript
 * programs: on a loaded machine such a test fails for no reason of its own (it happened: runtime-lean's exec plugin
 * test, on a fresh clone with both cores busy). See helpers/timeout-audit.ts for what counts and what is required.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { auditTestFile, GENEROUS_MS } from './helpers/timeout-audit';
import { present } from './helpers/present';

const ROOT = path.resolve(__dirname, '../..');

// Reads a few hundred files with the TypeScript parser.
jest.setTimeout(60_000);

describe('the audit', () => {
  const audit = (source: string) => auditTestFile(path.join(ROOT, 'test/unit/example.test.ts'), ROOT, source);

  test.each([
    {
      name: 'a spawning file without timeouts: every test and hook is listed',
      given: `import { execFileSync } from 'node:child_process';
beforeAll(() => execFileSync('true'));
describe('d', () => {
  test('a', () => undefined);
  it.each([1])('b %s', () => undefined);
  test.concurrent('c', async () => undefined);
  test.skip('skipped', () => undefined);
  test.todo('later');
  afterEach(() => undefined, 1_000_000);
  test('with a timeout', () => undefined, 90_000);
});`,
      want: { triggers: ['spawns processes'], fileTimeout: false, missing: [[2, 'beforeAll'], [4, "test 'a'"], [5, "it.each 'b %s'"], [6, "test.concurrent 'c'"]], tooShort: [] },
    },
    {
      name: 'jest.setTimeout at the top covers the file',
      given: `import * as http from 'node:http';\njest.setTimeout(60_000);\ntest('a', async () => { http.createServer().listen(0); });`,
      want: { triggers: ['starts servers (.listen)', 'starts servers (createServer)'], fileTimeout: true, missing: [], tooShort: [] },
    },
    {
      name: 'a timeout below 30 s is not generous',
      given: `import { spawn } from 'child_process';\njest.setTimeout(10_000);\ntest('a', () => spawn('x'), 5000);`,
      want: { triggers: ['spawns processes'], fileTimeout: true, missing: [], tooShort: [[2, 'jest.setTimeout', 10_000], [3, "test 'a'", 5000]] },
    },
    {
      name: "a manager serving probes or metrics on port 0 starts servers; the same option in data does not",
      given: `const a = new Manager({ healthProbeBindAddress: '127.0.0.1:0', metrics: { bindAddress: ':0' } });\nconst flags = { metricsBindAddress: ':8080' };\ntest('a', () => expect([a, flags]).toBeTruthy());`,
      want: { triggers: ['starts servers (bindAddress on port 0)', 'starts servers (healthProbeBindAddress on port 0)'], fileTimeout: false, missing: [[3, "test 'a'"]], tooShort: [] },
    },
    {
      name: 'a file that does none of it needs nothing',
      given: `import { parse } from 'yaml';\ntest('a', () => expect(parse('a: 1')).toEqual({ a: 1 }));`,
      want: { triggers: [], fileTimeout: false, missing: [], tooShort: [] },
    },
    {
      name: 'type-only imports and typeof import() load nothing',
      given: `import type { ChildProcess } from 'node:child_process';\nimport { type SpawnOptions } from 'child_process';\ntype T = typeof import('ts-morph');\nlet c: ChildProcess | SpawnOptions | T | undefined;\ntest('a', () => expect(c).toBeUndefined());`,
      want: { triggers: [], fileTimeout: false, missing: [], tooShort: [] },
    },
    {
      name: "kubegen's commands and loader count; its other modules do not",
      given: `import { main } from '../../generator/cli';\nimport { placeFile } from '../../generator/pipeline';\ntest('a', () => { void main([]); placeFile({ path: 'x', contents: '' }); });`,
      want: { triggers: ['runs kubegen commands (generator/cli)'], fileTimeout: false, missing: [[3, "test 'a'"]], tooShort: [] },
    },
    {
      name: "a helper's function counts where it is used: helpers/tls.ts's certificate maker runs openssl",
      given: `import { makeTestCertificates } from './helpers/tls';\ntest('a', () => makeTestCertificates());`,
      want: { triggers: ['spawns processes in test/unit/helpers/tls.ts'], fileTimeout: false, missing: [[2, "test 'a'"]], tooShort: [] },
    },
  ])('$name', ({ given, want }) => {
    const got = audit(given);
    expect({
      triggers: got.triggers,
      fileTimeout: got.fileTimeout,
      missing: got.missing.map((m) => [m.line, m.what]),
      tooShort: got.tooShort.map((m) => [m.line, m.what, m.ms]),
    }).toEqual(want);
  });

  test('a helper that is imported but whose heavy functions are not used does not count', () => {
    // helpers/generated.ts type-checks programs (ts.createProgram) in one function and makes temporary directories in another
    const helper = fs.readFileSync(path.join(ROOT, 'test/unit/helpers/generated.ts'), 'utf8');
    expect(helper).toMatch(/createProgram/);
    expect(helper).toMatch(/export function tempDir/);
    expect(audit(`import { tempDir } from './helpers/generated';\ntest('a', () => expect(tempDir('x')).toBeTruthy());`).triggers).toEqual([]);
  });
});

/** The unit project's test files, found as jest finds them (its roots, `*.test.ts`, its ignore patterns). */
function unitTestFiles(): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's CommonJS configuration file, read as data
  const config = require(path.join(ROOT, 'jest.config.js')) as { projects: Array<{ displayName: string; roots: string[]; testPathIgnorePatterns: string[] }> };
  const unit = config.projects.find((p) => p.displayName === 'unit')!;
  const ignore = unit.testPathIgnorePatterns.map((p) => new RegExp(p));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (ignore.some((re) => re.test(full))) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) files.push(full);
    }
  };
  for (const root of unit.roots) walk(root.replace('<rootDir>', ROOT));
  return files.sort();
}

test('every unit test file that spawns processes, starts servers or loads programs gives its tests a generous timeout', () => {
  const files = unitTestFiles();
  expect(files.length).toBeGreaterThan(100);
  const problems: string[] = [];
  let needing = 0;
  for (const file of files) {
    const audit = auditTestFile(file, ROOT);
    if (audit.triggers.length > 0) needing++;
    const rel = path.relative(ROOT, file);
    for (const m of audit.missing) problems.push(`${rel}:${m.line}: ${m.what} has no timeout (the file ${audit.triggers.join(', ')}); add jest.setTimeout(…) at the top or a timeout argument`);
    for (const m of audit.tooShort) problems.push(`${rel}:${m.line}: ${m.what} gives ${m.ms} ms, less than ${GENEROUS_MS} ms`);
  }
  // the audit sees the files it should (child processes, servers, the loader): a sanity floor, not an exact count
  expect(needing).toBeGreaterThan(40);
  expect(problems).toEqual([]);
});

test('the e2e project gives every test a generous timeout through its setup file', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's CommonJS configuration file, read as data
  const config = require(path.join(ROOT, 'jest.config.js')) as { projects: Array<{ displayName: string; setupFilesAfterEnv?: string[] }> };
  const setup = config.projects.find((p) => p.displayName === 'e2e')!.setupFilesAfterEnv ?? [];
  const timeouts = setup.flatMap((f) => [...fs.readFileSync(f.replace('<rootDir>', ROOT), 'utf8').matchAll(/^jest\.setTimeout\(([\d_]+)\);$/gm)].map((m) => Number(present(m[1], 'the timeout').replace(/_/g, ''))));
  expect(timeouts).toHaveLength(1);
  expect(timeouts[0]).toBeGreaterThanOrEqual(GENEROUS_MS);
});
