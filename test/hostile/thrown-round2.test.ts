/**
 * `describeThrown` (runtime/src/errors/thrown.ts), the one text for a value user code threw (issue 23): it never
 * throws and always gives a string, for any value and for each hostile one `String(err)` throws on.
 */
import * as fc from 'fast-check';
import { describeThrown } from '../../runtime/src/observe/thrown';
import { anyThrown, HOSTILE_THROWN, RUNS } from './thrown-values';

describe('describeThrown', () => {
  it.each(Object.entries(HOSTILE_THROWN))('gives a string for %s', (_name, make) => {
    const value = make();
    expect(typeof describeThrown(value)).toBe('string');
  });

  it('keeps the text of ordinary values', () => {
    const given: Array<[unknown, string]> = [
      [new Error('boom'), 'boom'],
      [new TypeError('bad type'), 'bad type'],
      ['plain', 'plain'],
      [42, '42'],
      [10n, '10'],
      [undefined, 'undefined'],
      [null, 'null'],
      [Symbol('s'), 'Symbol(s)'],
      [{ toString: () => 'custom' }, 'custom'],
      [new Error(''), 'Error'],
      [Object.create(null), '[object Object] (not convertible to text)'],
      [{ toString() { throw new Error('x'); } }, '[object Object] (not convertible to text)'],
    ];
    for (const [value, want] of given) expect(describeThrown(value)).toBe(want);
  });

  it('names only the type of a value every read of which throws', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeThrown(proxy)).toBe('a thrown object');
    expect(describeThrown(HOSTILE_THROWN['Proxy whose traps throw']())).toBe('a thrown object');
  });

  it('never throws, for any value (property)', () => {
    fc.assert(
      fc.property(anyThrown, (make) => {
        expect(typeof describeThrown(make())).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });
});
