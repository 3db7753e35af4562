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

/**
 * A state of the DFA: the instructions to resume from (before following empty transitions) and the class of the
 * character before. States are numbered (see {@link DfaMatcher}); their transitions live in flat tables.
 */
interface State {
  readonly pcs: readonly number[];
  readonly prev: Prev;
  /** Transitions on the characters from 128 on (code points; an ASCII character's are in the matcher's table). */
  readonly other: Map<number, number>;
}

/** The number of no state: a transition not computed yet (typed arrays start zeroed). */
const UNKNOWN = 0;
/** The one state reached once a match is found: every text that reaches it matches (all such states are one). */
const MATCHED = 1;
/** The columns of the transition table: the ASCII characters (the others are in each state's map). */
const ASCII = 128;

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

/**
 * A compiled expression's `test`, through a lazy DFA when its program allows (else re2js' own). States are numbered
 * from 2 ({@link MATCHED} is 1, {@link UNKNOWN} 0) and their transitions kept in flat `Int32Array`s — one row of
 * {@link ASCII} columns per state, and one column for the end of the text — so that testing an ASCII text is one
 * table load per character; the tables grow by doubling, and are allocated on the first test.
 */
export class DfaMatcher {
  private readonly prog: Prog | undefined;
  /** The states by number (0 and 1 are placeholders: no state, and the matched state, which is never stepped from). */
  private states: State[] = [];
  private numbers = new Map<string, number>();
  /** `trans[(n << 7) | c]`: the state after ASCII character `c` in state `n` ({@link UNKNOWN} until computed). */
  private trans = new Int32Array(0);
  /** `ends[n]`: the state after the end of the text in state `n`. */
  private ends = new Int32Array(0);
  private initial = UNKNOWN;

  constructor(private readonly re: RE2JS) {
    this.prog = programOf(re);
  }

  /** Whether the expression matches anywhere in `s` (Go's `MatchString`). */
  test(s: string): boolean {
    // The hot loop, small enough to be inlined where it is called: ASCII characters whose transitions are known, one
    // table load each. The first character it does not know (or the end, when its transition is not known either)
    // hands the text over to {@link run}, from there.
    let state = this.initial;
    if (state === UNKNOWN) return this.run(s, 0, state);
    const trans = this.trans;
    const n = s.length;
    let i = 0;
    for (; i < n; i++) {
      const r = s.charCodeAt(i);
      if (r >= ASCII) break;
      const next = trans[(state << 7) | r] ?? UNKNOWN;
      if (next <= MATCHED) {
        if (next === MATCHED) return true;
        break;
      }
      state = next;
    }
    if (i === n) {
      const end = this.ends[state] ?? UNKNOWN;
      if (end !== UNKNOWN) return end === MATCHED;
    }
    return this.run(s, i, state);
  }

  /**
   * {@link test} from position `from` of `s` in state `state` (the start state when {@link UNKNOWN}): every character,
   * the states it meets built on the way.
   */
  private run(s: string, from: number, state: number): boolean {
    if (this.prog === undefined) return this.re.test(s);
    if (state === UNKNOWN) state = this.initial === UNKNOWN ? this.start() : this.initial;
    let trans = this.trans;
    for (let i = from; i < s.length; i++) {
      let r = s.charCodeAt(i);
      let next: number;
      if (r < ASCII) {
        next = trans[(state << 7) | r] ?? UNKNOWN;
        if (next === UNKNOWN) {
          next = this.advance(state, r);
          trans = this.trans;
        }
      } else {
        if (r >= 0xd800 && r <= 0xdfff) {
          const lo = s.charCodeAt(i + 1);
          if (r > 0xdbff || !(lo >= 0xdc00 && lo <= 0xdfff)) return this.re.test(s);
          r = 0x10000 + ((r - 0xd800) << 10) + (lo - 0xdc00);
          i++;
        }
        next = this.states[state]?.other.get(r) ?? this.advance(state, r);
        trans = this.trans;
      }
      if (next === MATCHED) return true;
      state = next;
    }
    const end = this.ends[state] ?? UNKNOWN;
    return (end === UNKNOWN ? this.advance(state, END) : end) === MATCHED;
  }

  /** The start state, numbered (the tables made when there are none). */
  private start(): number {
    this.initial = this.number([], Prev.Start);
    return this.initial;
  }

  /** The number of the state of `pcs` after a character of class `prev` (a new one when there is none). */
  private number(pcs: readonly number[], prev: Prev): number {
    const key = `${prev}:${pcs.join(',')}`;
    let n = this.numbers.get(key);
    if (n === undefined) {
      if (this.states.length === 0) this.states.push({ pcs: [], prev: Prev.Other, other: new Map() }, { pcs: [], prev: Prev.Other, other: new Map() });
      n = this.states.length;
      this.states.push({ pcs, prev, other: new Map() });
      this.numbers.set(key, n);
      if (n >= this.ends.length) {
        const capacity = Math.max(8, this.ends.length * 2);
        const trans = new Int32Array(capacity * ASCII);
        trans.set(this.trans);
        this.trans = trans;
        const ends = new Int32Array(capacity);
        ends.set(this.ends);
        this.ends = ends;
      }
    }
    return n;
  }

  /** The state after `r` (a code point, or {@link END}) in state `from`, computed and recorded. */
  private advance(from: number, r: number): number {
    const prog = this.prog;
    let state = this.states[from];
    if (prog === undefined || state === undefined) throw new Error(`DFA state ${from} does not exist`);
    if (this.states.length >= MAX_STATES) {
      // Too many states for this expression (a pathological one): start the cache again, from here.
      this.states = [];
      this.numbers = new Map();
      this.trans = new Int32Array(0);
      this.ends = new Int32Array(0);
      this.initial = UNKNOWN;
      from = this.number(state.pcs, state.prev);
      state = this.states[from] ?? state;
    }
    const next = this.step(prog, state, r);
    if (r === END) this.ends[from] = next;
    else if (r < ASCII) this.trans[(from << 7) | r] = next;
    else state.other.set(r, next);
    return next;
  }

  /** The number of the state after reading `r` (or the end of the text) in `from`: {@link MATCHED} when a match is found. */
  private step(prog: Prog, from: State, r: number): number {
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
    return matched ? MATCHED : this.number([...next].sort((a, b) => a - b), r === END ? Prev.Other : classOf(r));
  }
}
