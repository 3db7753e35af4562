/**
 * A port of the parts of yaml.v2 (v2.4.0) emitterc.go that `yaml.Marshal` exercises for JSON-shaped data:
 * block mappings and sequences, empty flow collections (`{}`, `[]`), and the plain / single-quoted /
 * double-quoted / literal scalar writers with their line folding at best_width 80.
 *
 * The C-derived emitter is an event state machine; here the same states are walked recursively over a
 * node tree, with the emitter's mutable cursor state (column, indent stack, `whitespace`, `indention`,
 * node contexts) kept exactly as emitterc.go keeps it. Characters are Unicode code points; the column
 * counts code points, as the Go emitter counts characters.
 */

/** The scalar style the encoder asks for (encode.go); the emitter may still change it. */
export type RequestedStyle = 'plain' | 'double' | 'literal';

export type YNode =
  | { readonly kind: 'scalar'; readonly value: string; readonly style: RequestedStyle }
  | { readonly kind: 'seq'; readonly items: readonly YNode[] }
  | { readonly kind: 'map'; readonly entries: readonly (readonly [YNode & { kind: 'scalar' }, YNode])[] };

type ScalarStyle = 'plain' | 'single' | 'double' | 'literal';

const BEST_INDENT = 2;
const BEST_WIDTH = 80;

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const NEL = 0x85;
const LS = 0x2028;
const PS = 0x2029;
const BOM = 0xfeff;

function isBreak(cp: number | undefined): boolean {
  return cp === CR || cp === LF || cp === NEL || cp === LS || cp === PS;
}

function isSpace(cp: number | undefined): boolean {
  return cp === SPACE;
}

function isBlank(cp: number | undefined): boolean {
  return cp === SPACE || cp === TAB;
}

function isBlankz(cp: number | undefined): boolean {
  return isBlank(cp) || isBreak(cp) || cp === 0 || cp === undefined;
}

/** yamlprivateh.go is_printable, on code points. */
function isPrintable(cp: number): boolean {
  return (
    cp === LF ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== BOM)
  );
}

function utf8Width(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Code points of a string; an unpaired surrogate becomes U+FFFD, as Go's UTF-8 encoders do. */
export function codePoints(s: string): number[] {
  const out: number[] = [];
  // codePointAt is undefined exactly past the end; a lone surrogate is one code unit
  for (let i = 0, cp = s.codePointAt(0); cp !== undefined; i += cp > 0xffff ? 2 : 1, cp = s.codePointAt(i)) {
    out.push(cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
  }
  return out;
}

/**
 * A scalar's characters (code points). Most strings have no surrogates: then the code points are the UTF-16 units
 * of `text` and no array is made; otherwise `cps` holds them.
 */
interface Chars {
  readonly text: string;
  readonly cps: readonly number[] | undefined;
  readonly length: number;
}

function chars(s: string): Chars {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const cps = codePoints(s);
      return { text: s, cps, length: cps.length };
    }
  }
  return { text: s, cps: undefined, length: s.length };
}

/** The code point at `i` (undefined past the end). */
function at(v: Chars, i: number): number | undefined {
  if (i >= v.length) return undefined;
  return v.cps ? v.cps[i] : v.text.charCodeAt(i);
}

/** The code point at `i`, an index the caller knows to be inside the text. */
function codePointAt(v: Chars, i: number): number {
  const c = at(v, i);
  if (c === undefined) throw new RangeError(`kubegen bug: code point ${i} of a ${v.length}-code-point scalar`);
  return c;
}

/** The text of code points `start` to `end`. */
function slice(v: Chars, start: number, end: number): string {
  if (!v.cps) return v.text.slice(start, end);
  let out = '';
  for (const cp of v.cps.slice(start, end)) out += String.fromCodePoint(cp);
  return out;
}

/** emitterc.go yaml_emitter_analyze_scalar's verdict. */
interface ScalarAnalysis {
  readonly value: Chars;
  readonly multiline: boolean;
  readonly flowPlainAllowed: boolean;
  readonly blockPlainAllowed: boolean;
  readonly singleQuotedAllowed: boolean;
  readonly blockAllowed: boolean;
}

/**
 * Analyses of short scalars (mapping keys, types, formats recur thousands of times in a CRD), by text. The
 * analysis is a function of the text alone; the table is emptied when it grows past MAX_ANALYSES.
 */
const analyses = new Map<string, ScalarAnalysis>();
const MAX_ANALYSES = 8192;
const MAX_ANALYSED_LENGTH = 128;

function analysisOf(text: string): ScalarAnalysis {
  if (text.length > MAX_ANALYSED_LENGTH) return analyzeScalar(chars(text));
  let a = analyses.get(text);
  if (a === undefined) {
    if (analyses.size >= MAX_ANALYSES) analyses.clear();
    a = analyzeScalar(chars(text));
    analyses.set(text, a);
  }
  return a;
}

function analyzeScalar(value: Chars): ScalarAnalysis {
  if (value.length === 0) {
    return {
      value,
      multiline: false,
      flowPlainAllowed: false,
      blockPlainAllowed: true,
      singleQuotedAllowed: true,
      blockAllowed: false,
    };
  }
  let blockIndicators = false;
  let flowIndicators = false;
  let lineBreaks = false;
  let specialCharacters = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;

  const n = value.length;
  const v0 = at(value, 0);
  if (n >= 3 && (v0 === 0x2d || v0 === 0x2e) && at(value, 1) === v0 && at(value, 2) === v0) {
    blockIndicators = true;
    flowIndicators = true;
  }

  let precededByWhitespace = true;
  for (let i = 0; i < n; i++) {
    const c = codePointAt(value, i);
    const followedByWhitespace = i + 1 >= n || isBlank(at(value, i + 1));
    if (i === 0) {
      switch (c) {
        case 0x23: // #
        case 0x2c: // ,
        case 0x5b: // [
        case 0x5d: // ]
        case 0x7b: // {
        case 0x7d: // }
        case 0x26: // &
        case 0x2a: // *
        case 0x21: // !
        case 0x7c: // |
        case 0x3e: // >
        case 0x27: // '
        case 0x22: // "
        case 0x25: // %
        case 0x40: // @
        case 0x60: // `
          flowIndicators = true;
          blockIndicators = true;
          break;
        case 0x3f: // ?
        case 0x3a: // :
          flowIndicators = true;
          if (followedByWhitespace) blockIndicators = true;
          break;
        case 0x2d: // -
          if (followedByWhitespace) {
            flowIndicators = true;
            blockIndicators = true;
          }
          break;
      }
    } else {
      switch (c) {
        case 0x2c: // ,
        case 0x3f: // ?
        case 0x5b: // [
        case 0x5d: // ]
        case 0x7b: // {
        case 0x7d: // }
          flowIndicators = true;
          break;
        case 0x3a: // :
          flowIndicators = true;
          if (followedByWhitespace) blockIndicators = true;
          break;
        case 0x23: // #
          if (precededByWhitespace) {
            flowIndicators = true;
            blockIndicators = true;
          }
          break;
      }
    }

    if (!isPrintable(c)) specialCharacters = true;
    if (isSpace(c)) {
      if (i === 0) leadingSpace = true;
      if (i + 1 === n) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i + 1 === n) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlankz(c);
  }

  let flowPlainAllowed = true;
  let blockPlainAllowed = true;
  let singleQuotedAllowed = true;
  let blockAllowed = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) {
    flowPlainAllowed = false;
    blockPlainAllowed = false;
  }
  if (trailingSpace) blockAllowed = false;
  if (breakSpace) {
    flowPlainAllowed = false;
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
  }
  if (spaceBreak || specialCharacters) {
    flowPlainAllowed = false;
    blockPlainAllowed = false;
    singleQuotedAllowed = false;
    blockAllowed = false;
  }
  if (lineBreaks) {
    flowPlainAllowed = false;
    blockPlainAllowed = false;
  }
  if (flowIndicators) flowPlainAllowed = false;
  if (blockIndicators) blockPlainAllowed = false;
  return { value, multiline: lineBreaks, flowPlainAllowed, blockPlainAllowed, singleQuotedAllowed, blockAllowed };
}

/** A block collection's text at one indent, and the cursor state it leaves behind. */
interface EmittedBlock {
  readonly text: string;
  readonly column: number;
  readonly whitespace: boolean;
  readonly indention: boolean;
  readonly mappingContext: boolean;
  readonly simpleKeyContext: boolean;
}

/**
 * Emitted text of block collections in a mapping value's place, by node and indent. There the emitter starts with
 * a line break (`indention` is false after `key:`), so the text and the final cursor depend on the node and the
 * indent alone: a node met again at the same indent (a shared subtree: a named type's schema used at many places)
 * is written from the table.
 */
export type EmitMemo = WeakMap<YNode, Map<number, EmittedBlock>>;

/** The emitter's cursor state, named as in yaml_emitter_t. */
class Emitter {
  private out = '';
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private readonly indents: number[] = [];
  private flowLevel = 0;
  private mappingContext = false;
  private simpleKeyContext = false;

  constructor(private readonly memo: EmitMemo) {}

  /** yaml.Marshal: stream start, an implicit document, the node, document end, stream end. */
  document(node: YNode): string {
    this.emitNode(node, false, false);
    this.writeIndent(); // yaml_emitter_emit_document_end; the end is implicit, so no "...".
    return this.out;
  }

  // ---- output primitives (put, put_break, write, write_break) ----

  private put(ch: string): void {
    this.out += ch;
    this.column++;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  private write(cp: number): void {
    this.out += String.fromCodePoint(cp);
    this.column++;
  }

  /**
   * Scalar writers move the column per character but append text in runs: `run` is where the pending run of
   * written characters starts (-1: none). Appends it (up to `end`) and returns -1.
   */
  private flush(v: Chars, run: number, end: number): number {
    if (run >= 0) this.out += slice(v, run, end);
    return -1;
  }

  private writeBreak(cp: number): void {
    if (cp === LF) {
      this.putBreak();
    } else {
      this.write(cp);
      this.column = 0;
    }
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  private popIndent(): void {
    const indent = this.indents.pop();
    if (indent === undefined) throw new Error('kubegen bug: the YAML emitter popped an indent it never pushed');
    this.indent = indent;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) {
      this.putBreak();
    }
    if (this.column < indent) {
      this.out += ' '.repeat(indent - this.column);
      this.column = indent;
    }
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(indicator: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    // indicators are ASCII: one column per character
    this.out += indicator;
    this.column += indicator.length;
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  // ---- nodes ----

  private emitNode(node: YNode, mapping: boolean, simpleKey: boolean): void {
    this.mappingContext = mapping;
    this.simpleKeyContext = simpleKey;
    switch (node.kind) {
      case 'scalar':
        this.emitScalar(node.style, analysisOf(node.value));
        return;
      case 'seq':
        if (node.items.length === 0) this.emitEmptyFlow('[', ']');
        else this.emitBlockSequence(node.items);
        return;
      case 'map':
        if (node.entries.length === 0) this.emitEmptyFlow('{', '}');
        else this.emitBlockMapping(node.entries);
        return;
    }
  }

  /** yaml_emitter_emit_flow_sequence_item / _flow_mapping_key for a collection with no items. */
  private emitEmptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.increaseIndent(true, false);
    this.flowLevel++;
    this.flowLevel--;
    this.popIndent();
    this.writeIndicator(close, false, false, false);
  }

  private emitBlockSequence(items: readonly YNode[]): void {
    this.increaseIndent(false, this.mappingContext && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.emitNode(item, false, false);
    }
    this.popIndent();
  }

  private emitBlockMapping(entries: readonly (readonly [YNode & { kind: 'scalar' }, YNode])[]): void {
    this.increaseIndent(false, false);
    for (const [key, value] of entries) {
      this.writeIndent();
      const analysis = analysisOf(key.value);
      if (this.checkSimpleKey(analysis)) {
        this.mappingContext = true;
        this.simpleKeyContext = true;
        this.emitScalar(key.style, analysis);
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.mappingContext = true;
        this.simpleKeyContext = false;
        this.emitScalar(key.style, analysis);
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.emitMappingValue(value);
    }
    this.popIndent();
  }

  /** emitNode(value, true, false) for a mapping value, through the memo for non-empty block collections. */
  private emitMappingValue(node: YNode): void {
    const block = (node.kind === 'map' && node.entries.length > 0) || (node.kind === 'seq' && node.items.length > 0);
    if (!block || this.indention || this.flowLevel !== 0) {
      this.emitNode(node, true, false);
      return;
    }
    let byIndent = this.memo.get(node);
    const known = byIndent?.get(this.indent);
    if (known) {
      this.out += known.text;
      this.column = known.column;
      this.whitespace = known.whitespace;
      this.indention = known.indention;
      this.mappingContext = known.mappingContext;
      this.simpleKeyContext = known.simpleKeyContext;
      return;
    }
    const indent = this.indent;
    const before = this.out;
    this.out = '';
    this.emitNode(node, true, false);
    const text = this.out;
    this.out = before + text;
    if (!byIndent) {
      byIndent = new Map();
      this.memo.set(node, byIndent);
    }
    byIndent.set(indent, { text, column: this.column, whitespace: this.whitespace, indention: this.indention, mappingContext: this.mappingContext, simpleKeyContext: this.simpleKeyContext });
  }

  /** yaml_emitter_check_simple_key for a scalar key without anchor or tag. */
  private checkSimpleKey(a: ScalarAnalysis): boolean {
    if (a.multiline) return false;
    let length = 0;
    for (let i = 0; i < a.value.length; i++) length += utf8Width(codePointAt(a.value, i));
    return length <= 128;
  }

  private emitScalar(requested: RequestedStyle, a: ScalarAnalysis): void {
    const style = this.selectScalarStyle(requested, a);
    this.increaseIndent(true, false);
    const allowBreaks = !this.simpleKeyContext;
    switch (style) {
      case 'plain':
        this.writePlain(a.value, allowBreaks);
        break;
      case 'single':
        this.writeSingleQuoted(a.value, allowBreaks);
        break;
      case 'double':
        this.writeDoubleQuoted(a.value, allowBreaks);
        break;
      case 'literal':
        this.writeLiteral(a.value);
        break;
    }
    this.popIndent();
  }

  /** yaml_emitter_select_scalar_style (implicit, untagged scalars). */
  private selectScalarStyle(requested: RequestedStyle, a: ScalarAnalysis): ScalarStyle {
    let style: ScalarStyle = requested;
    if (this.simpleKeyContext && a.multiline) style = 'double';
    if (style === 'plain') {
      if ((this.flowLevel > 0 && !a.flowPlainAllowed) || (this.flowLevel === 0 && !a.blockPlainAllowed)) {
        style = 'single';
      }
      if (a.value.length === 0 && (this.flowLevel > 0 || this.simpleKeyContext)) style = 'single';
    }
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || this.flowLevel > 0 || this.simpleKeyContext)) {
      style = 'double';
    }
    return style;
  }

  // ---- scalar writers ----

  private writePlain(value: Chars, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    this.writeFoldable(value, allowBreaks, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeSingleQuoted(value: Chars, allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    this.writeFoldable(value, allowBreaks, true);
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /**
   * The text of a plain or single-quoted scalar (the loop yaml_emitter_write_plain_scalar and
   * yaml_emitter_write_single_quoted_scalar share): past the best width, a space before a non-space may become a
   * line break (`quoted`: not the first or last character); line breaks are kept; `quoted` doubles each `'`.
   */
  private writeFoldable(value: Chars, allowBreaks: boolean, quoted: boolean): void {
    let spaces = false;
    let breaks = false;
    let run = -1;
    const n = value.length;
    for (let i = 0; i < n; ) {
      const c = codePointAt(value, i);
      if (isSpace(c)) {
        const inside = !quoted || (i > 0 && i < n - 1);
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && inside && !isSpace(at(value, i + 1))) {
          run = this.flush(value, run, i);
          this.writeIndent();
          i++;
        } else {
          if (run < 0) run = i;
          this.column++;
          i++;
        }
        spaces = true;
      } else if (isBreak(c)) {
        run = this.flush(value, run, i);
        if (!breaks && c === LF) this.putBreak();
        this.writeBreak(c);
        i++;
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) {
          run = this.flush(value, run, i);
          this.writeIndent();
        }
        if (quoted && c === 0x27) {
          run = this.flush(value, run, i);
          this.put("'");
        }
        if (run < 0) run = i;
        this.column++;
        i++;
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.flush(value, run, n);
  }

  private writeDoubleQuoted(value: Chars, allowBreaks: boolean): void {
    let spaces = false;
    this.writeIndicator('"', true, false, false);
    const startsWithBom = at(value, 0) === BOM;
    let run = -1;
    const n = value.length;
    for (let i = 0; i < n; ) {
      const c = codePointAt(value, i);
      if (!isPrintable(c) || startsWithBom || isBreak(c) || c === 0x22 || c === 0x5c) {
        run = this.flush(value, run, i);
        i++;
        this.put('\\');
        const esc = DOUBLE_QUOTE_ESCAPES.get(c);
        if (esc !== undefined) {
          this.put(esc);
        } else {
          const [letter, width] = c <= 0xff ? ['x', 2] : c <= 0xffff ? ['u', 4] : ['U', 8];
          this.put(letter);
          for (const d of c.toString(16).toUpperCase().padStart(width, '0')) this.put(d);
        }
        spaces = false;
      } else if (isSpace(c)) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < n - 1) {
          run = this.flush(value, run, i);
          this.writeIndent();
          if (isSpace(at(value, i + 1))) this.put('\\');
          i++;
        } else {
          if (run < 0) run = i;
          this.column++;
          i++;
        }
        spaces = true;
      } else {
        if (run < 0) run = i;
        this.column++;
        i++;
        spaces = false;
      }
    }
    this.flush(value, run, n);
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeBlockScalarHints(value: Chars): void {
    if (isSpace(at(value, 0)) || isBreak(at(value, 0))) {
      this.writeIndicator(String(BEST_INDENT), false, false, false);
    }
    let chomp = '';
    if (value.length === 0) {
      chomp = '-';
    } else {
      const last = value.length - 1;
      if (!isBreak(at(value, last))) chomp = '-';
      else if (last === 0) chomp = '+';
      else if (isBreak(at(value, last - 1))) chomp = '+';
    }
    if (chomp !== '') this.writeIndicator(chomp, false, false, false);
  }

  private writeLiteral(value: Chars): void {
    this.writeIndicator('|', true, false, false);
    this.writeBlockScalarHints(value);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    let run = -1;
    const n = value.length;
    for (let i = 0; i < n; ) {
      const c = codePointAt(value, i);
      if (isBreak(c)) {
        run = this.flush(value, run, i);
        this.writeBreak(c);
        i++;
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) {
          run = this.flush(value, run, i);
          this.writeIndent();
        }
        if (run < 0) run = i;
        this.column++;
        i++;
        this.indention = false;
        breaks = false;
      }
    }
    this.flush(value, run, n);
  }
}

const DOUBLE_QUOTE_ESCAPES = new Map<number, string>([
  [0x00, '0'],
  [0x07, 'a'],
  [0x08, 'b'],
  [0x09, 't'],
  [0x0a, 'n'],
  [0x0b, 'v'],
  [0x0c, 'f'],
  [0x0d, 'r'],
  [0x1b, 'e'],
  [0x22, '"'],
  [0x5c, '\\'],
  [0x85, 'N'],
  [0xa0, '_'],
  [0x2028, 'L'],
  [0x2029, 'P'],
]);

/** Emits one YAML document for `node` exactly as yaml.v2's emitter does. */
export function emitDocument(node: YNode, memo: EmitMemo = new WeakMap()): string {
  return new Emitter(memo).document(node);
}
