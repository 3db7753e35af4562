/**
 * Go's encoding/json words for a body: the scanner's first syntax error (the messages Go 1.24 prints for each input,
 * a table), agreement with JSON.parse on what is valid (a property over arbitrary text and arbitrary JSON), Go's
 * quoting of a byte, and the apiserver's summary of a body.
 */
import fc from 'fast-check';
import { goSyntaxError, quoteChar, summarizeBody } from '../../../../apiserver/src/registry/gojson';

const scan = (text: string) => goSyntaxError(Buffer.from(text, 'utf8'));

describe('goSyntaxError', () => {
  it.each([
    ['', 'unexpected end of JSON input'],
    ['   ', 'unexpected end of JSON input'],
    ['{"a":', 'unexpected end of JSON input'],
    ['[', 'unexpected end of JSON input'],
    ['"abc', 'unexpected end of JSON input'],
    ['tru', 'unexpected end of JSON input'],
    ['1.', 'unexpected end of JSON input'],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
    ['[1 2]', "invalid character '2' after array element"],
    ['{} x', "invalid character 'x' after top-level value"],
    ['01', "invalid character '1' after top-level value"],
    ['{1:2}', "invalid character '1' looking for beginning of object key string"],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
    ['trx', "invalid character 'x' in literal true (expecting 'u')"],
    ['nul!', "invalid character '!' in literal null (expecting 'l')"],
    ['fals3', "invalid character '3' in literal false (expecting 'e')"],
    ['"a\u0001"', "invalid character '\\x01' in string literal"],
    ['"a\tb"', "invalid character '\\t' in string literal"],
    ['"\\q"', "invalid character 'q' in string escape code"],
    ['"\\u12x4"', "invalid character 'x' in \\u hexadecimal character escape"],
    ['-a', "invalid character 'a' in numeric literal"],
    ['1.e5', "invalid character 'e' after decimal point in numeric literal"],
    ['1e+x', "invalid character 'x' in exponent of numeric literal"],
    ['\\', "invalid character '\\\\' looking for beginning of value"],
  ])('%j: %s', (input, want) => {
    expect(scan(input)).toBe(want);
  });

  it('reads a byte above 0x7f as Go does: the rune of that value', () => {
    expect(goSyntaxError(Buffer.from([0x7b, 0xc3, 0xa9]))).toBe("invalid character 'Ã' looking for beginning of object key string");
  });

  it('accepts valid JSON, and refuses nesting past 10,000 levels as Go does', () => {
    for (const ok of ['{"a":[1,2.5e-3,true,false,null,"x\\u00e9\\n"]}', '  0  ', '-0.0E+1', '[]', '{}', '"\u00e9"', '[[[]]]']) expect([ok, scan(ok)]).toEqual([ok, undefined]);
    expect(scan('['.repeat(10_000) + ']'.repeat(10_000))).toBeUndefined();
    expect(scan('['.repeat(10_001))).toBe("invalid character '[' exceeded max depth");
  });

  it('finds an error exactly when JSON.parse does (arbitrary text, and arbitrary JSON)', () => {
    const parses = (s: string) => {
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    };
    const jsonish = fc.stringMatching(/^[\s{}[\]":,0-9.eE+\-tfnrulsa\\]{0,24}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), jsonish, fc.json()), (s) => {
        expect(scan(s) === undefined).toBe(parses(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('quoteChar', () => {
  it.each([
    [0x61, "'a'"],
    [0x27, "'\\''"],
    [0x22, `'"'`],
    [0x0a, "'\\n'"],
    [0x00, "'\\x00'"],
    [0x7f, "'\\x7f'"],
    [0x85, "'\\u0085'"],
    [0xe9, "'é'"],
  ])('%d: %s', (c, want) => {
    expect(quoteChar(c)).toBe(want);
  });
});

describe('summarizeBody', () => {
  it('keeps an object up to 30 bytes, shows anything else in hex, and says <empty>', () => {
    expect(summarizeBody(Buffer.from('{"a":1}'))).toBe('{"a":1}');
    expect(summarizeBody(Buffer.from(`{"apiVersion":"${'x'.repeat(40)}"}`))).toBe('{"apiVersion":"xxxxxxxxxxxxxxx ...');
    expect(summarizeBody(Buffer.from('[1]'))).toBe('5b315d');
    expect(summarizeBody(Buffer.alloc(0))).toBe('<empty>');
  });
});
