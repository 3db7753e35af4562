/**
 * pluralize / singularize against golden output of the real github.com/gobuffalo/flect v1.0.3 (the version
 * controller-gen v0.21.0 requires), written by test/fixtures/gen from test/fixtures/flect/words.txt.
 * Rebuild with test/fixtures/regenerate.sh.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { crdPlural, pluralize, singularize } from '../../../../generator/naming/flect';

function readTsv(name: string): { word: string; plural: string; singular: string }[] {
  const tsv = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'fixtures', 'flect', name), 'utf8');
  return tsv
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [word, plural, singular] = line.split('\t') as [string, string, string];
      return { word, plural, singular };
    });
}

/** Hand-picked nouns and Kind names. */
const table = readTsv('plurals.tsv');
/** Seeded random names from flect's own vocabulary (flect/make-random-words.js). */
const randomTable = readTsv('random-plurals.tsv');

describe('flect.Pluralize', () => {
  test.each(table)('$word → $plural', ({ word, plural }) => {
    expect(pluralize(word)).toBe(plural);
  });
});

describe('flect.Singularize', () => {
  test.each(table)('$word → $singular', ({ word, singular }) => {
    expect(singularize(word)).toBe(singular);
  });
});

describe('flect on random names', () => {
  test.each(randomTable)('$word → $plural / $singular', ({ word, plural, singular }) => {
    expect([pluralize(word), singularize(word)]).toEqual([plural, singular]);
  });
});

describe('CRD plural', () => {
  test.each([
    { kind: 'CronTab', want: 'crontabs' },
    { kind: 'Policy', want: 'policies' },
    { kind: 'Person', want: 'people' },
    { kind: 'Index', want: 'indices' },
    { kind: 'Proxy', want: 'proxies' },
    { kind: 'EtcdCluster', want: 'etcdclusters' },
  ])('$kind → $want', ({ kind, want }) => {
    expect(crdPlural(kind)).toBe(want);
  });

  test('the fixtures cover a few hundred words', () => {
    expect(table.length).toBeGreaterThan(400);
  });
});
