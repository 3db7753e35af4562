import fc from 'fast-check';
import { dns1123LabelErrors } from '../../../../runtime/src/meta/names';
import { dns1123LabelErrors as celFormatErrors } from '../../../../runtime/src/validation/cel-library/format';

describe('dns1123LabelErrors (no dependency) gives the CEL format library’s (RE2) answers', () => {
  it.each([
    ['kube-system', []],
    ['a', []],
    ['a.b', ['must not contain dots']],
    ['-a', ['regex']],
    ['A', ['regex']],
    ['', ['regex']],
    ['a'.repeat(64), ['must be no more than 63 characters']],
    [`${'a'.repeat(64)}-`, ['must be no more than 63 characters', 'regex']],
  ])('%j', (value, want) => {
    const got = dns1123LabelErrors(value);
    expect(got.map((e) => (e.startsWith('a lowercase RFC 1123 label') ? 'regex' : e))).toEqual(want);
    expect(got).toEqual(celFormatErrors(value));
  });

  it('agrees on random strings over the label alphabet, dots and others', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'z', '0', '-', '.', 'A', '_', 'é'), maxLength: 80 }), (value) => {
        expect(dns1123LabelErrors(value)).toEqual(celFormatErrors(value));
      }),
    );
  });
});
