/**
 * The lazy DFA of compiled patterns (runtime/src/validation/re2-dfa.ts) against re2js' own `test` (Go's
 * `MatchString`): the same answer for every pattern of the table on random texts over the characters the patterns
 * care about (word and non-word characters, spaces, newlines, a letter outside the BMP, an unpaired surrogate).
 */
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { DfaMatcher } from '../../../../runtime/src/validation/re2-dfa';

const PATTERNS = [
  '^(\\S+\\s+){4}\\S+$',
  '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
  'ab|cd',
  '^$',
  '',
  'a*',
  '\\bfoo\\b',
  '\\Bo\\B',
  '(?m)^b$',
  '(?i)^[a-z]+$',
  '(?s)a.b',
  'a.b',
  '\\A\\pL+\\z',
  '^\\p{Greek}+$',
  '^(a+)+$',
  '[^\\n]x$',
  'x{2,3}y',
  '^\\d{1,3}(\\.\\d{1,3}){3}$',
  '😀',
  '^.$',
  '(?U)a+?b',
  '^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\\.){3}$',
];

const ALPHABET = ['a', 'b', 'c', 'd', 'f', 'o', 'x', 'y', 'A', 'Z', '1', '2', '5', '.', '-', ' ', '\t', '\n', '*', '/', 'Ω', 'é', '😀', '\ud800', '_'];

const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }).map((cs) => cs.join(''));

describe('DfaMatcher', () => {
  test.each(PATTERNS)('%s: the answer of re2js', (pattern) => {
    const re = RE2JS.compile(pattern);
    const dfa = new DfaMatcher(re);
    fc.assert(
      fc.property(text, (s) => {
        expect(dfa.test(s)).toBe(re.test(s));
      }),
      { numRuns: 300 },
    );
  });

  test('examples', () => {
    const cron = new DfaMatcher(RE2JS.compile('^(\\S+\\s+){4}\\S+$'));
    expect(cron.test('*/5 * * * *')).toBe(true);
    expect(cron.test('bad')).toBe(false);
    expect(cron.test('a b c d e\n')).toBe(false);
    const word = new DfaMatcher(RE2JS.compile('\\bfoo\\b'));
    expect(word.test('a foo.')).toBe(true);
    expect(word.test('afoo')).toBe(false);
  });

  test('a text far longer than the states it builds runs in one pass', () => {
    const dfa = new DfaMatcher(RE2JS.compile('^(a+)+$'));
    expect(dfa.test(`${'a'.repeat(100_000)}b`)).toBe(false);
    expect(dfa.test('a'.repeat(100_000))).toBe(true);
  });

  test('an expression with more states than the cache holds: started again, the same answers', () => {
    // `a` thirteen characters from the end: 2^13 states, past the 4,096 the cache keeps before it starts again.
    const re = RE2JS.compile('^[ab]*a[ab]{12}$');
    const dfa = new DfaMatcher(re);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b'), { minLength: 200, maxLength: 400 }), (cs) => {
        const s = cs.join('');
        expect(dfa.test(s)).toBe(re.test(s));
      }),
      { numRuns: 100 },
    );
  });
});
