/**
 * A lazy DFA for Go's `regexp.MatchString` (is there a match anywhere in the text?) over the program re2js compiles,
 * for the expressions the validator tests again and again (a schema's `pattern`): re2js' own executors allocate an
 * input and closures per call and step a one-pass or NFA machine rune by rune; here each state of the DFA is built
 * once — the set of program instructions alive, with the class of the previous character (for `^`, `$`, `\b`) —
 * and its transitions are cached per character, so a test is a table walk over the text: linear in its length,
 * and constant work per character once the states it meets are built (RE2's own DFA, `regexp/syntax` ops).
 *
 * Only the existence of a match is computed (priorities and captures do not matter for it). A program this does
 * not know (re2js' lookbehind extension, an instruction of a newer re2js), a text with an unpaired surrogate, or a
 * DFA past {@link MAX_STATES} states goes to re2js' `test`, so the answer is always re2js' (Go's).
 */
import type { RE2JS } from 're2js';

/** How many DFA states one expression may build before the cache is dropped and started again (RE2 does the same). */
const MAX_STATES = 4096;

// re2js' instruction ops (Inst) and empty-width flags (Utils), as in Go's regexp/syntax.
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
const EMPTY_WIDTH = 4;
const FAIL = 5;
const MATCH = 6;
const NOP = 7;
const RUNE = 8;
const RUNE1 = 9;
const RUNE_ANY = 10;
const RUNE_ANY_NOT_NL = 11;
const EMPTY_BEGIN_LINE = 1;
const EMPTY_END_LINE = 2;
const EMPTY_BEGIN_TEXT = 4;
const EMPTY_END_TEXT = 8;
const EMPTY_WORD_BOUNDARY = 16;
const EMPTY_NO_WORD_BOUNDARY = 32;

/** The end of the text, as a "character" of the DFA's alphabet. */
const END = -1;

/** The class of the character before a position: what `^`, `\b` and `\B` need to know of it. */
const enum Prev {
  Start = 0,
  Newline = 1,
  Word = 2,
  Other = 3,
}

interface Inst {
  readonly op: number;
  readonly out: number;
  readonly arg: number;
  matchRune(r: number): boolean;
}

interface Prog {
  readonly inst: readonly Inst[];
  readonly start: number;
}

interface State {
  /** The instructions to resume from (before following empty transitions). */
  readonly pcs: readonly number[];
  readonly prev: Prev;
  /** A match was found before or at this state: every text that reaches it matches. */
  readonly matched: boolean;
  /** Transitions on the characters below 256 (index 256: the end of the text). */
  readonly ascii: Array<State | undefined>;
  readonly other: Map<number, State>;
}

function isWord(r: number): boolean {
  return (r >= 48 && r <= 57) || (r >= 65 && r <= 90) || (r >= 97 && r <= 122) || r === 95;
}

function classOf(r: number): Prev {
  return r === 10 ? Prev.Newline : isWord(r) ? Prev.Word : Prev.Other;
}

/** re2js' compiled program of `re`, when it is one this DFA runs (no lookbehind, known instructions). */
function programOf(re: RE2JS): Prog | undefined {
  const inner: unknown = Reflect.get(re, 're2Input');
  const prog: unknown = typeof inner === 'object' && inner !== null ? Reflect.get(inner, 'prog') : undefined;
  if (typeof prog !== 'object' || prog === null) return undefined;
  const inst: unknown = Reflect.get(prog, 'inst');
  const start: unknown = Reflect.get(prog, 'start');
  const numLb: unknown = Reflect.get(prog, 'numLb');
  if (!Array.isArray(inst) || typeof start !== 'number' || (numLb !== undefined && numLb !== 0)) return undefined;
  const known = inst.every((i: unknown) => {
    if (typeof i !== 'object' || i === null) return false;
    const op: unknown = Reflect.get(i, 'op');
    return typeof op === 'number' && op >= ALT && op <= RUNE_ANY_NOT_NL && typeof Reflect.get(i, 'out') === 'number' && typeof Reflect.get(i, 'matchRune') === 'function';
  });
  return known ? { inst: inst as Inst[], start } : undefined;
}

/** A compiled expression's `test`, through a lazy DFA when its program allows (else re2js' own). */
export class DfaMatcher {
  private readonly prog: Prog | undefined;
  private states = new Map<string, State>();
  private initial: State | undefined;

  constructor(private readonly re: RE2JS) {
    this.prog = programOf(re);
  }

  /** Whether the expression matches anywhere in `s` (Go's `MatchString`). */
  test(s: string): boolean {
    const prog = this.prog;
    if (prog === undefined) return this.re.test(s);
    let state = this.initial ?? (this.initial = this.state([], Prev.Start, false));
    for (let i = 0; i <= s.length; i++) {
      if (state.matched) return true;
      let r: number;
      if (i === s.length) r = END;
      else {
        r = s.charCodeAt(i);
        if (r >= 0xd800 && r <= 0xdfff) {
          const lo = s.charCodeAt(i + 1);
          if (r > 0xdbff || !(lo >= 0xdc00 && lo <= 0xdfff)) return this.re.test(s);
          r = 0x10000 + ((r - 0xd800) << 10) + (lo - 0xdc00);
          i++;
        }
      }
      let next = r >= 0 && r < 256 ? state.ascii[r] : r === END ? state.ascii[256] : state.other.get(r);
      if (next === undefined) {
        if (this.states.size >= MAX_STATES) {
          // Too many states for this expression (a pathological one): start the cache again, from here.
          this.states = new Map();
          this.initial = undefined;
        }
        next = this.step(prog, state, r);
        if (r === END) state.ascii[256] = next;
        else if (r < 256) state.ascii[r] = next;
        else state.other.set(r, next);
      }
      state = next;
    }
    return state.matched;
  }

  private state(pcs: readonly number[], prev: Prev, matched: boolean): State {
    const key = `${matched ? 'm' : ''}${prev}:${pcs.join(',')}`;
    let st = this.states.get(key);
    if (st === undefined) {
      st = { pcs, prev, matched, ascii: new Array<State | undefined>(257), other: new Map() };
      this.states.set(key, st);
    }
    return st;
  }

  /** The state after reading `r` (or the end of the text) in `from`. */
  private step(prog: Prog, from: State, r: number): State {
    if (from.matched) return from;
    // The empty-width conditions true between the previous character and `r`.
    let flags = 0;
    if (from.prev === Prev.Start) flags |= EMPTY_BEGIN_TEXT | EMPTY_BEGIN_LINE;
    else if (from.prev === Prev.Newline) flags |= EMPTY_BEGIN_LINE;
    if (r === END) flags |= EMPTY_END_TEXT | EMPTY_END_LINE;
    else if (r === 10) flags |= EMPTY_END_LINE;
    const wordBefore = from.prev === Prev.Word;
    const wordAfter = r !== END && isWord(r);
    flags |= wordBefore !== wordAfter ? EMPTY_WORD_BOUNDARY : EMPTY_NO_WORD_BOUNDARY;
    // Follow the empty transitions from the live instructions and a new start (the search is unanchored).
    const seen = new Set<number>();
    const stack: number[] = [prog.start, ...[...from.pcs].reverse()];
    const next = new Set<number>();
    let matched = false;
    while (stack.length > 0) {
      const pc = stack.pop();
      if (pc === undefined || seen.has(pc)) continue;
      seen.add(pc);
      const inst = prog.inst[pc];
      if (inst === undefined) continue;
      switch (inst.op) {
        case ALT:
        case ALT_MATCH:
          stack.push(inst.arg, inst.out);
          break;
        case CAPTURE:
        case NOP:
          stack.push(inst.out);
          break;
        case EMPTY_WIDTH:
          if ((inst.arg & ~flags) === 0) stack.push(inst.out);
          break;
        case MATCH:
          matched = true;
          break;
        case FAIL:
          break;
        case RUNE:
        case RUNE1:
          if (r !== END && inst.matchRune(r)) next.add(inst.out);
          break;
        case RUNE_ANY:
          if (r !== END) next.add(inst.out);
          break;
        case RUNE_ANY_NOT_NL:
          if (r !== END && r !== 10) next.add(inst.out);
          break;
      }
      if (matched) break;
    }
    return this.state([...next].sort((a, b) => a - b), r === END ? Prev.Other : classOf(r), matched);
  }
}
