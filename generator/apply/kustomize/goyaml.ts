/**
 * A JSON value as go-yaml v2's `Marshal` writes it — what `kustomize build` and `kubectl … -o yaml` print (both go
 * through sigs.k8s.io/yaml's JSONToYAML) — so that kubegen's output diffs line for line against theirs. A port of the
 * parts of go-yaml v2's encoder and emitter (libyaml's emitterc.go) that a JSON value reaches:
 *
 * - block mappings with keys sorted as go-yaml sorts them (`goYamlKeyLess`), sequences not indented under their key,
 *   `{}` and `[]` for empty ones, two spaces of indentation;
 * - strings: a literal block (`|`, with its chomping and indentation hints) when they hold a line break; double
 *   quotes when, plain, they would read back as another type (go-yaml v2's YAML 1.1 resolver, base-60 floats
 *   included); otherwise plain, or single-quoted, or double-quoted as libyaml's scalar analysis allows;
 * - lines of plain and quoted scalars broken at a space once past column 80, as libyaml does (best_width 80);
 * - numbers as Go writes them (`strconv.FormatFloat(f, 'g', -1, 64)` for non-integers: `1.2345675e+06`);
 * - keys longer than 128 bytes or holding a line break as libyaml's complex keys (`? key` / `: value`).
 */
import { v2NeedsQuotes } from './kyaml';

const BEST_INDENT = 2;
const BEST_WIDTH = 80;

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/** go-yaml v2's `keyList.Less` for two string keys (sorter.go), over code points. */
export function goYamlKeyLess(a: string, b: string): boolean {
  const ar = Array.from(a);
  const br = Array.from(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = LETTER.test(ar[i]);
    const bl = LETTER.test(br[i]);
    if (al && bl) return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
    if (al || bl) return bl;
    let an = 0n;
    let bn = 0n;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && DIGIT.test(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1n;
          bn = 1n;
          break;
        }
      }
    }
    let ai = i;
    let bi = i;
    for (; ai < ar.length && DIGIT.test(ar[ai]); ai++) an = an * 10n + BigInt(ar[ai].codePointAt(0)! - 48);
    for (; bi < br.length && DIGIT.test(br[bi]); bi++) bn = bn * 10n + BigInt(br[bi].codePointAt(0)! - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i].codePointAt(0)! < br[i].codePointAt(0)!;
  }
  return ar.length < br.length;
}

// ---- libyaml's character classes (over code points; yaml.v2 runs with unicode output on) ----

const isSpace = (c: string | undefined): boolean => c === ' ';
const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isBreak = (c: string | undefined): boolean => c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlankz = (c: string | undefined): boolean => c === undefined || c === '\0' || isBlank(c) || isBreak(c);

/** libyaml's is_printable: LF, 0x20–0x7E, and U+00A0–U+D7FF, U+E000–U+FFFD except the BOM; nothing beyond the BMP. */
function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff);
}

interface Analysis {
  multiline: boolean;
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/** libyaml's yaml_emitter_analyze_scalar (block context only: flow_plain_allowed is never consulted here). */
function analyze(value: string): Analysis {
  const cs = Array.from(value);
  if (cs.length === 0) return { multiline: false, blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  let blockIndicators = value.startsWith('---') || value.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i];
    const followedByWhitespace = i + 1 >= cs.length || isBlank(cs[i + 1]);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) blockIndicators = true;
    } else if (c === ':' && followedByWhitespace) {
      blockIndicators = true;
    } else if (c === '#' && precededByWhitespace) {
      blockIndicators = true;
    }
    if (!isPrintable(c)) special = true;
    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i === cs.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === cs.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(c);
  }
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlainAllowed = false;
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || special) {
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks) blockPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { multiline: lineBreaks, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

type Style = 'plain' | 'single' | 'double' | 'literal';

/** yaml.v2's stringv choice, then libyaml's yaml_emitter_select_scalar_style. */
function selectStyle(value: string, requested: Style, a: Analysis, simpleKey: boolean): Style {
  let style = requested;
  if (simpleKey && a.multiline) style = 'double';
  if (style === 'plain') {
    if (!a.blockPlainAllowed) style = 'single';
    if (value.length === 0 && simpleKey) style = 'single';
  }
  if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
  if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
  return style;
}

/** The output and libyaml's emitter state: column, whether the last write was whitespace, whether on an indentation. */
class Emitter {
  private readonly out: string[] = [];
  column = 0;
  whitespace = true;
  indention = true;

  put(c: string): void {
    this.out.push(c);
    this.column++;
  }

  putBreak(): void {
    this.out.push('\n');
    this.column = 0;
  }

  writeIndent(indent: number): void {
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    for (const c of indicator) this.put(c);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  text(): string {
    return this.out.join('');
  }
}

function writePlain(e: Emitter, value: string, indent: number, allowBreaks: boolean): void {
  if (!e.whitespace) e.put(' ');
  const cs = Array.from(value);
  let spaces = false;
  for (let i = 0; i < cs.length; i++) {
    if (isSpace(cs[i])) {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && !isSpace(cs[i + 1])) e.writeIndent(indent);
      else e.put(cs[i]);
      spaces = true;
    } else {
      e.put(cs[i]);
      e.indention = false;
      spaces = false;
    }
  }
  e.whitespace = false;
  e.indention = false;
}

function writeSingleQuoted(e: Emitter, value: string, indent: number, allowBreaks: boolean): void {
  e.writeIndicator("'", true, false, false);
  const cs = Array.from(value);
  let spaces = false;
  for (let i = 0; i < cs.length; i++) {
    if (isSpace(cs[i])) {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && i > 0 && i < cs.length - 1 && !isSpace(cs[i + 1])) e.writeIndent(indent);
      else e.put(cs[i]);
      spaces = true;
    } else {
      if (cs[i] === "'") e.put("'");
      e.put(cs[i]);
      e.indention = false;
      spaces = false;
    }
  }
  e.writeIndicator("'", false, false, false);
  e.whitespace = false;
  e.indention = false;
}

const ESCAPES: Readonly<Record<number, string>> = { 0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r', 0x1b: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P' };

function writeDoubleQuoted(e: Emitter, value: string, indent: number, allowBreaks: boolean): void {
  e.writeIndicator('"', true, false, false);
  const cs = Array.from(value);
  let spaces = false;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i];
    const cp = c.codePointAt(0)!;
    if (!isPrintable(c) || cp === 0xfeff || isBreak(c) || c === '"' || c === '\\') {
      e.put('\\');
      const esc = ESCAPES[cp];
      if (esc !== undefined) {
        e.put(esc);
      } else {
        const [letter, width] = cp <= 0xff ? ['x', 2] : cp <= 0xffff ? ['u', 4] : ['U', 8];
        e.put(letter);
        for (const d of cp.toString(16).toUpperCase().padStart(width, '0')) e.put(d);
      }
      spaces = false;
    } else if (isSpace(c)) {
      if (allowBreaks && !spaces && e.column > BEST_WIDTH && i > 0 && i < cs.length - 1) {
        e.writeIndent(indent);
        if (isSpace(cs[i + 1])) e.put('\\');
      } else {
        e.put(c);
      }
      spaces = true;
    } else {
      e.put(c);
      spaces = false;
    }
  }
  e.writeIndicator('"', false, false, false);
  e.whitespace = false;
  e.indention = false;
}

function writeLiteral(e: Emitter, value: string, indent: number): void {
  e.writeIndicator('|', true, false, false);
  const cs = Array.from(value);
  if (isSpace(cs[0]) || isBreak(cs[0])) e.writeIndicator(String(BEST_INDENT), false, false, false);
  let chomp = '';
  if (cs.length === 0 || !isBreak(cs[cs.length - 1])) chomp = '-';
  else if (cs.length === 1 || isBreak(cs[cs.length - 2])) chomp = '+';
  if (chomp) e.writeIndicator(chomp, false, false, false);
  e.putBreak();
  e.indention = true;
  e.whitespace = true;
  let breaks = true;
  for (const c of cs) {
    if (isBreak(c)) {
      e.putBreak();
      e.indention = true;
      breaks = true;
    } else {
      if (breaks) e.writeIndent(indent);
      e.put(c);
      e.indention = false;
      breaks = false;
    }
  }
}

/** Go's strconv.FormatFloat(f, 'g', -1, 64) for a finite non-integer. */
function goFloat(f: number): string {
  const [mantissa, expText] = f.toExponential().split('e');
  const exp = Number(expText);
  // shortest 'g': the exponent form below 1e-4 and from 1e6 on (Go decides with precision 6)
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return String(f);
}

/** A scalar's text and the style yaml.v2's encoder asks for. */
function scalarOf(v: unknown): { text: string; style: Style } {
  if (v === null || v === undefined) return { text: 'null', style: 'plain' };
  if (typeof v === 'boolean') return { text: v ? 'true' : 'false', style: 'plain' };
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return { text: Number.isNaN(v) ? '.nan' : v > 0 ? '.inf' : '-.inf', style: 'plain' };
    // JSON carries an integral float as an integer (Go writes 1e21 and beyond in exponent form, read back as float)
    if (Number.isInteger(v) && Math.abs(v) < 1e21) return { text: BigInt(v).toString(), style: 'plain' };
    return { text: goFloat(v), style: 'plain' };
  }
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  if (s.includes('\n')) return { text: s, style: 'literal' };
  return { text: s, style: v2NeedsQuotes(s) ? 'double' : 'plain' };
}

function emitScalar(e: Emitter, v: unknown, indent: number, simpleKey: boolean): void {
  const { text, style: requested } = scalarOf(v);
  const a = analyze(text);
  const style = selectStyle(text, requested, a, simpleKey);
  const allowBreaks = !simpleKey;
  if (style === 'plain') writePlain(e, text, indent, allowBreaks);
  else if (style === 'single') writeSingleQuoted(e, text, indent, allowBreaks);
  else if (style === 'double') writeDoubleQuoted(e, text, indent, allowBreaks);
  else writeLiteral(e, text, indent);
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether libyaml writes `key` as a simple key (`key: value`) rather than a complex one (`? key`). */
function simpleKeyFits(key: string): boolean {
  return !Array.from(key).some(isBreak) && Buffer.byteLength(key, 'utf8') <= 128;
}

function emitNode(e: Emitter, v: unknown, indent: number, mappingContext: boolean): void {
  if (isMapping(v)) {
    const keys = Object.keys(v).sort((a, b) => (goYamlKeyLess(a, b) ? -1 : goYamlKeyLess(b, a) ? 1 : 0));
    if (keys.length === 0) {
      e.writeIndicator('{', true, true, false);
      e.writeIndicator('}', false, false, false);
      return;
    }
    const inner = indent < 0 ? 0 : indent + BEST_INDENT;
    for (const key of keys) {
      e.writeIndent(inner);
      if (simpleKeyFits(key)) {
        emitScalar(e, key, inner + BEST_INDENT, true);
        e.writeIndicator(':', false, false, false);
      } else {
        e.writeIndicator('?', true, false, true);
        emitScalar(e, key, inner + BEST_INDENT, false);
        e.writeIndent(inner);
        e.writeIndicator(':', true, false, true);
      }
      emitNode(e, v[key], inner, true);
    }
    return;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) {
      e.writeIndicator('[', true, true, false);
      e.writeIndicator(']', false, false, false);
      return;
    }
    const indentless = mappingContext && !e.indention;
    const inner = indent < 0 ? 0 : indentless ? indent : indent + BEST_INDENT;
    for (const item of v) {
      e.writeIndent(inner);
      e.writeIndicator('-', true, false, true);
      emitNode(e, item, inner, false);
    }
    return;
  }
  emitScalar(e, v, indent < 0 ? BEST_INDENT : indent + BEST_INDENT, false);
}

/** `value` as go-yaml v2's Marshal writes it (ends with a line break). */
export function goYamlMarshal(value: unknown): string {
  const e = new Emitter();
  emitNode(e, value, -1, false);
  let text = e.text();
  if (!text.endsWith('\n')) text += '\n';
  return text;
}
