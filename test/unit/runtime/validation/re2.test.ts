/** fixedRegex: kubegen's own expressions, compiled on first use, answering as re2js does. */
import { RE2JS } from 're2js';
import { fixedRegex } from '../../../../runtime/src/validation/re2';

describe('fixedRegex', () => {
  it.each([
    { pattern: '^[a-z]+$', given: 'abc', want: true },
    { pattern: '^[a-z]+$', given: 'aBc', want: false },
    { pattern: '(?i)^[0-9a-f]{4}$', given: 'BEEF', want: true },
    { pattern: '^\\p{L}+$', given: 'äöü', want: true },
  ])('$pattern tests $given → $want, as re2js', ({ pattern, given, want }) => {
    const re = fixedRegex(pattern);
    expect(re.test(given)).toBe(want);
    expect(re.test(given)).toBe(RE2JS.compile(pattern).test(given));
    expect(re.matcher(given).matches()).toBe(RE2JS.compile(pattern).matcher(given).matches());
  });

  it('compiles on first use: a bad expression throws there, not when it is declared', () => {
    const re = fixedRegex('(');
    expect(() => re.test('x')).toThrow(/missing closing \)/);
  });

  it('groups of a match through matcher', () => {
    const m = fixedRegex('^([0-9]{2}):([0-9]{2})$').matcher('12:34');
    expect(m.matches()).toBe(true);
    expect([m.group(1), m.group(2)]).toEqual(['12', '34']);
  });
});
