/**
 * Hostile text for property tests of code that writes text into code (comments, string literals, identifiers, marker
 * arguments): strings assembled from the pieces that end or open a context — comment terminators and openers, every
 * line terminator of ECMAScript (LF, CR, U+2028, U+2029) and the ones it does not have (NEL, VT, FF), quotes,
 * backticks, `${`, backslashes, marker lines (`+kubebuilder:…` after a line break), statements, NUL and other controls,
 * lone surrogates, a BOM, non-breaking and zero-width spaces — mixed with ordinary letters and random code units.
 */
import fc from 'fast-check';

/** The pieces, each of which ends, opens or confuses some context text is written into. */
export const HOSTILE_PIECES = [
  '*/', '/*', '/**', '//', '///', '*', '/', '\\', '\\u2028', '\\*/',
  '\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\u000b', '\u000c', '\t', ' ',
  "'", '"', '`', '${', '}', '{', ']', '[', ',', ';', ':', '=',
  '+kubebuilder:resource:scope=Cluster', '+kubebuilder:pruning:PreserveUnknownFields', '+', ' +', '+groupName=evil.example.com',
  '\n// +kubebuilder:resource:scope=Cluster\n', ' */\u2028// +kubebuilder:resource:scope=Cluster',
  "export const pwned = require('child_process').execSync('id');", '@ts-nocheck', '<reference path="x" />',
  'TODO', '---', '```',
  '\u0000', '\u0001', '\u001f', '\u007f', '\u009f', '\ud800', '\udc00', '\ud83d\ude00', '\ufeff', '\u00a0', '\u200b', '\u200d',
  '__proto__', 'constructor', 'toString',
  'a', 'Z', '0', '9', '-', '_', '.', 'é', 'ß', 'Ω',
] as const;

/** A string of up to `maxPieces` hostile pieces and random code units. */
export function hostileText(maxPieces = 6): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  );
  return fc.array(piece, { minLength: 1, maxLength: maxPieces }).map((parts) => parts.join(''));
}

/** Whether `s` holds a lone surrogate (half a pair). */
export function hasLoneSurrogate(s: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}
