/**
 * findJsonSyntaxError: where a text stops being JSON (for configuration errors at file:line:column). A table of
 * located errors, and a property: it finds an error exactly when JSON.parse refuses the text.
 */
import fc from 'fast-check';
import { findJsonSyntaxError } from '../../../generator/json-location';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);

describe('located syntax errors', () => {
  const table: Array<{ given: string; want: ReturnType<typeof findJsonSyntaxError> }> = [
    { given: '{"a": 1}', want: undefined },
    { given: ' [1, 2.5e-3, "x\\u00e9", true, false, null, {}] ', want: undefined },
    { given: '', want: { line: 1, column: 1, message: 'the text is empty (expected a JSON value)' } },
    { given: '{\n  "a": 1,\n}', want: { line: 3, column: 1, message: 'expected a double-quoted property name, found "}"' } },
    { given: '{"a" 1}', want: { line: 1, column: 6, message: 'expected \':\' after the property name, found "1"' } },
    { given: '[1 2]', want: { line: 1, column: 4, message: 'expected \',\' or \']\' after an array element, found "2"' } },
    { given: '{"a":1', want: { line: 1, column: 7, message: 'expected \',\' or \'}\' after a property value, found the end of the text' } },
    { given: "{'a':1}", want: { line: 1, column: 2, message: 'expected a double-quoted property name, found "\'"' } },
    { given: '"a\tb"', want: { line: 1, column: 3, message: 'control character U+0009 in a string (escape it)' } },
    { given: '"\\x"', want: { line: 1, column: 2, message: 'invalid escape "\\\\x"' } },
    { given: '"\\u12g4"', want: { line: 1, column: 2, message: 'invalid \\u escape (expected four hex digits)' } },
    { given: '01', want: { line: 1, column: 2, message: 'unexpected "1" after the JSON value' } },
    { given: '-', want: { line: 1, column: 1, message: 'invalid number' } },
    { given: 'nul', want: { line: 1, column: 1, message: 'expected a value, found "n"' } },
    { given: '{} {}', want: { line: 1, column: 4, message: 'unexpected "{" after the JSON value' } },
    { given: '// comment\n{}', want: { line: 1, column: 1, message: 'expected a value, found "/"' } },
  ];
  test.each(table)('$given', ({ given, want }) => expect(findJsonSyntaxError(given)).toEqual(want));
});

test(`agrees with JSON.parse on valid and mutated texts (${RUNS} runs)`, () => {
  const parses = (t: string) => {
    try {
      JSON.parse(t);
      return true;
    } catch {
      return false;
    }
  };
  const text = fc.oneof(
    fc.json(),
    fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '\\', ' ', '\n', '1', '-', 'e', '\u0001'))
      .map(([j, at, c]) => j.slice(0, at % (j.length + 1)) + c + j.slice(at % (j.length + 1))),
    fc.string({ maxLength: 20 }),
  );
  fc.assert(
    fc.property(text, (t) => {
      expect(findJsonSyntaxError(t) === undefined).toBe(parses(t));
    }),
    { numRuns: RUNS },
  );
});
