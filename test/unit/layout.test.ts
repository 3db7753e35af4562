/**
 * The unit tests mirror the source tree (test/README.md): a test of `generator/<folder>/…` lives in
 * `test/unit/generator/<folder>/`, a test of `runtime/src/<folder>/…` in `test/unit/runtime/<folder>/` (of
 * `apiserver/src/<folder>/…` in `test/unit/apiserver/<folder>/`), and only tests
 * of the repository as a whole (packaging, docs, the test tree's own rules, `@kubegen/api`) sit in `test/unit/`
 * itself. Shared helpers live in `test/unit/helpers/`; a test's fixtures sit in a folder beside it and hold no tests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const UNIT = path.join(REPO, 'test', 'unit');

/** Each mirrored tree of test/unit and the source folder it follows. */
const MIRRORS: ReadonlyMap<string, string> = new Map([
  ['generator', 'generator'],
  ['runtime', 'runtime/src'],
  ['apiserver', 'apiserver/src'],
]);
/** Folders of test/unit that mirror nothing and may hold no test file. */
const SUPPORT = new Set(['helpers']);

const isTestFile = (name: string) => /\.test\.[cm]?[jt]s$/.test(name);

/**
 * What is out of place in a test tree, given its entries as paths relative to test/unit ('/'-separated, folders with
 * a trailing '/'), and whether a folder exists relative to the repository: one line per problem.
 */
function layoutProblems(entries: readonly string[], isSourceFolder: (repoPath: string) => boolean): string[] {
  const problems: string[] = [];
  for (const entry of entries) {
    const parts = entry.split('/');
    const top = parts[0] ?? '';
    if (parts.length === 1) {
      if (!isTestFile(top)) problems.push(`test/unit/${entry}: only test files of the repository as a whole sit in test/unit itself; a helper goes to test/unit/helpers/`);
      continue;
    }
    if (entry.endsWith('/')) {
      if (parts.length === 2 && !MIRRORS.has(top) && !SUPPORT.has(top)) {
        problems.push(`test/unit/${entry}: a folder of test/unit is ${[...MIRRORS.keys(), ...SUPPORT].map((f) => `${f}/`).join(', ')}`);
      }
      continue;
    }
    const name = parts[parts.length - 1] ?? '';
    if (!isTestFile(name)) continue;
    const source = MIRRORS.get(top);
    const folder = parts.slice(1, -1);
    if (source === undefined) {
      problems.push(`test/unit/${entry}: a test in test/unit/${top}/, which mirrors no source folder`);
    } else if (!isSourceFolder([source, ...folder].join('/'))) {
      problems.push(`test/unit/${entry}: test/unit/${parts.slice(0, -1).join('/')}/ mirrors ${[source, ...folder].join('/')}/, which does not exist`);
    }
  }
  return problems;
}

/** Every file and folder under test/unit, relative to it. */
function unitEntries(): string[] {
  return fs
    .readdirSync(UNIT, { recursive: true, withFileTypes: true })
    .map((e) => {
      const rel = path.relative(UNIT, path.join(e.parentPath, e.name)).split(path.sep).join('/');
      return e.isDirectory() ? `${rel}/` : rel;
    })
    .sort();
}

const sourceFolder = (repoPath: string) => fs.statSync(path.join(REPO, repoPath), { throwIfNoEntry: false })?.isDirectory() === true;

describe('layoutProblems', () => {
  const sources = new Set(['generator', 'generator/emit', 'generator/emit/shared', 'runtime/src', 'runtime/src/cache']);
  const table: Array<{ name: string; given: string[]; want: string[] }> = [
    {
      name: 'tests in mirrored folders, fixtures beside them, helpers, repository-wide tests',
      given: ['generator/', 'generator/pipeline.test.ts', 'generator/emit/', 'generator/emit/shared/', 'generator/emit/shared/execute.test.ts',
        'runtime/', 'runtime/cache/', 'runtime/cache/store.test.ts', 'runtime/cache/fixtures/', 'runtime/cache/fixtures/a.json',
        'runtime/entries.test.ts', 'helpers/', 'helpers/present.ts', 'packaging.test.ts'],
      want: [],
    },
    {
      name: 'a test in a folder its source tree does not have',
      given: ['generator/emitters/crd.test.ts', 'runtime/operator/manager.test.ts'],
      want: [
        'test/unit/generator/emitters/crd.test.ts: test/unit/generator/emitters/ mirrors generator/emitters/, which does not exist',
        'test/unit/runtime/operator/manager.test.ts: test/unit/runtime/operator/ mirrors runtime/src/operator/, which does not exist',
      ],
    },
    {
      name: 'a test inside a fixture folder',
      given: ['runtime/cache/fixtures/a.test.ts'],
      want: ['test/unit/runtime/cache/fixtures/a.test.ts: test/unit/runtime/cache/fixtures/ mirrors runtime/src/cache/fixtures/, which does not exist'],
    },
    {
      name: 'a folder that mirrors nothing, a test in it, a test among the helpers, a helper at the top',
      given: ['cache/', 'cache/store.test.ts', 'helpers/x.test.ts', 'arbitrary.ts'],
      want: [
        'test/unit/cache/: a folder of test/unit is generator/, runtime/, apiserver/, helpers/',
        'test/unit/cache/store.test.ts: a test in test/unit/cache/, which mirrors no source folder',
        'test/unit/helpers/x.test.ts: a test in test/unit/helpers/, which mirrors no source folder',
        'test/unit/arbitrary.ts: only test files of the repository as a whole sit in test/unit itself; a helper goes to test/unit/helpers/',
      ],
    },
  ];
  it.each(table)('$name', ({ given, want }) => {
    expect(layoutProblems(given, (p) => sources.has(p))).toEqual(want);
  });
});

test('test/unit mirrors generator/ and runtime/src/', () => {
  const entries = unitEntries();
  // the walk sees the tree: both mirrors hold tests
  expect(entries.filter((e) => e.startsWith('generator/') && isTestFile(e)).length).toBeGreaterThan(50);
  expect(entries.filter((e) => e.startsWith('runtime/') && isTestFile(e)).length).toBeGreaterThan(50);
  expect(layoutProblems(entries, sourceFolder)).toEqual([]);
});
