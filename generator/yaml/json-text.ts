/**
 * What a string looks like after controller-gen's round trip: Go's encoding/json writes it as a JSON
 * string, and yaml.v2 reads that JSON text back as a YAML double-quoted scalar.
 *
 * encoding/json escapes control characters below U+0020, `"`, `\`, `<`, `>`, `&`, U+2028 and U+2029, and
 * writes everything else raw. Two raw characters matter to the YAML reader:
 * - U+007F, U+0080–U+009F (except U+0085), U+FFFE and U+FFFF are refused outright
 *   ("control characters are not allowed"), so controller-gen fails;
 * - U+0085 (NEL) is a YAML 1.1 line break, so inside the quoted scalar it is line-folded: blanks around it
 *   are dropped, one break becomes a space, n consecutive breaks become n-1 newlines. A break followed by
 *   `---` or `...` and a blank is a document marker, another error. In a mapping key a raw NEL makes a
 *   multi-line implicit key, which yaml.v2 refuses ("did not find expected ',' or '}'").
 */

const NEL = '\u0085';

type ErrorClass = new (message: string) => Error;

function isRefused(cp: number): boolean {
  return cp === 0x7f || (cp >= 0x80 && cp <= 0x9f && cp !== 0x85) || cp === 0xfffe || cp === 0xffff;
}

/** The string yaml.v2 decodes from encoding/json's text for `s`. Throws `Err` where controller-gen fails. */
export function throughJsonText(s: string, Err: ErrorClass, isKey = false): string {
  let needsWork = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x7f && (c <= 0x9f || c >= 0xd800)) {
      needsWork = true;
      break;
    }
  }
  if (!needsWork) return s;

  let out = '';
  // codePointAt is undefined exactly past the end; a lone surrogate is one code unit
  for (let i = 0, cp = s.codePointAt(0); cp !== undefined; i += cp > 0xffff ? 2 : 1, cp = s.codePointAt(i)) {
    if (isRefused(cp)) {
      throw new Err(
        `yaml: control characters are not allowed (U+${cp.toString(16).toUpperCase().padStart(4, '0')} in ${JSON.stringify(s)})`,
      );
    }
    // Go's UTF-8 encoding of an unpaired surrogate is U+FFFD.
    out += cp >= 0xd800 && cp <= 0xdfff ? '\ufffd' : String.fromCodePoint(cp);
  }
  if (!out.includes(NEL)) return out;
  if (isKey) throw new Err(`yaml: did not find expected ',' or '}' (U+0085 in key ${JSON.stringify(s)})`);
  return foldNel(out, Err);
}

/** yaml.v2 scannerc.go `yaml_parser_scan_flow_scalar` whitespace handling, where the only raw break is NEL. */
function foldNel(s: string, Err: ErrorClass): string {
  let out = '';
  let i = 0;
  let atLineStart = false;
  const n = s.length;
  while (i < n) {
    if (atLineStart && (s.startsWith('---', i) || s.startsWith('...', i))) {
      const next = s[i + 3];
      if (next === ' ' || next === NEL) {
        throw new Err(`yaml: found unexpected document indicator in ${JSON.stringify(s)}`);
      }
    }
    atLineStart = false;
    while (i < n && s.charAt(i) !== ' ' && s.charAt(i) !== NEL) out += s.charAt(i++);
    if (i >= n) break;
    let whitespaces = '';
    let leadingBlanks = false;
    let trailingBreaks = '';
    while (i < n && (s[i] === ' ' || s[i] === NEL)) {
      if (s[i] === ' ') {
        if (!leadingBlanks) whitespaces += ' ';
      } else if (!leadingBlanks) {
        whitespaces = '';
        leadingBlanks = true;
        atLineStart = true;
      } else {
        trailingBreaks += '\n';
        atLineStart = true;
      }
      if (s[i] === ' ') atLineStart = false;
      i++;
    }
    if (leadingBlanks) out += trailingBreaks === '' ? ' ' : trailingBreaks;
    else out += whitespaces;
  }
  return out;
}
