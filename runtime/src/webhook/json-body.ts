/**
 * JSON request bodies parsed without holding the event loop: a resumable parser that works in slices of a few
 * milliseconds, and a scheduler that runs the slices of all large bodies in turn, one slice per turn of the event
 * loop, so that `/healthz`, new connections and other requests are served between them.
 *
 * Why not `JSON.parse` (and a depth walk after it): both are synchronous, and on a body of many small values (a
 * 7 MiB AdmissionReview of short arrays or objects) each takes seconds of CPU on a busy node, during which the
 * server's thread answers nothing (issue 23, item 5; the probes are answered by the serving thread, ./front, but
 * small requests wait here). Why not parse in a worker thread: the parsed tree has to come back to the handler's
 * thread, and its structured-clone deserialisation there costs about as much as `JSON.parse` and is just as
 * synchronous.
 *
 * Contract of `SlicedJsonParser`:
 * - the result is the value `JSON.parse(text)` gives (plain objects and arrays, `__proto__` an own data key, the last
 *   of duplicate keys winning, numbers as `Number` reads them), or a `JsonBodyError` where `JSON.parse` throws;
 * - nesting is checked while parsing: a container opened at depth `maxDepth` (the root is at depth 0) is a
 *   `JsonBodyError` with `tooDeep` set — as soon as it is seen, nothing below it is parsed;
 * - `run(deadline)` works until the text is parsed or `performance.now()` passes `deadline`, whichever comes
 *   first, and can be called again to go on; no single step reads more than 64 Ki characters, so a slice overruns
 *   its deadline by at most one such step (a long string is read in pieces; only a single number literal is read
 *   in one step, whatever its length);
 * - the work is linear in the length of the text.
 *
 * Contract of `JsonBodyScheduler.parse(text, maxDepth, signal)`: the first slice runs at once (a body of ordinary size
 * is parsed in it, without waiting behind large ones); the rest of a large body is parsed one slice per turn of the
 * event loop (`setImmediate`). At most `maxActive` large bodies (default 1) are parsed at a time, taking turns
 * round-robin; the others wait in arrival order (none starves); a parse whose `signal` aborts (its client went away)
 * is dropped at its next turn, or as soon as it would start.
 *
 * Why one at a time: the time a large body takes is CPU either way, but a body parsed alone is answered — and its tree
 * freed — before the next one grows, where six parsed side by side are all alive until the last slice. Six 7 MiB
 * reviews of small objects held half a GiB that way, and the garbage collector's pauses (a scavenge copies every
 * young object still alive, a full collection marks them all) grew with it past 100 ms, holding `/healthz` as long.
 * First come, first answered also beats round-robin against the apiserver's webhook timeout: round-robin finishes
 * every body at the end, so all of them may time out where most would have been answered.
 *
 * Memory of the tree: arrays are made at the parser's own allocation sites (`[]`, `new Array(n)`) rather than by
 * `slice`, so that V8's allocation-site pretenuring sees that they all survive and allocates them where they end up
 * (the old generation) instead of copying each of them out of the young one.
 */

/** A body that is not JSON (`tooDeep` unset), or nests deeper than allowed (`tooDeep` set). One line. */
export class JsonBodyError extends Error {
  override readonly name = 'JsonBodyError';
  constructor(
    message: string,
    readonly tooDeep = false,
  ) {
    super(message);
  }
}

/** The most characters one step of the parser reads (a piece of a long string, a run of white space). */
const STEP_CHARS = 64 * 1024;
/** Steps between two looks at the clock. */
const STEPS_PER_CLOCK_CHECK = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** A run of string characters that need no decoding (not `"`, `\`, or a control character), at most `n` long. */
function plainRun(n: number): RegExp {
  return new RegExp(`[^"\\\\\\u0000-\\u001f]{0,${n}}`, 'y');
}
const PLAIN_RUN = plainRun(STEP_CHARS);
/** A JSON number. */
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
/** The simple escapes after `\`: `" \ / b f n r t`. */
const SIMPLE_ESCAPE = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);
/** Arrays of at most this many elements are made at their length; longer ones grow. */
const PREALLOCATED_ARRAY = 65_536;
/** Strings shorter than this are taken by `slice` (V8 copies them); longer ones are decoded into a string of their own. */
const SHORT_STRING = 13;

// what the parser expects next
const VALUE = 0;
const ARRAY_FIRST = 1; // after `[`: a value or `]`
const OBJECT_FIRST = 2; // after `{`: a key or `}`
const KEY = 3; // after `,` in an object
const COLON_NEXT = 4;
const AFTER_VALUE = 5; // `,` or the end of the container, or the end of the text
const IN_STRING = 6; // inside a string longer than one step
const CLOSING_ARRAY = 7; // copying the elements of a large array into it, one step at a time
const DONE = 8;

/**
 * An open container: an object (filled as its members are read), or an array — the index in `values` where its
 * elements start (an array is made when it closes, of its exact length: arrays grown by `push` one element at a
 * time get spare capacity, which made a body of many small arrays cost several times the memory and GC time).
 */
type Frame = Record<string, unknown> | number;

export class SlicedJsonParser {
  private pos = 0;
  private state = VALUE;
  /** The open containers, innermost last; `keys[i]` is the key the next value of `stack[i]` goes under (objects). */
  private readonly stack: Frame[] = [];
  private readonly keys: string[] = [];
  /** The elements of the open arrays, innermost last. */
  private readonly values: unknown[] = [];
  private root: unknown;
  // a string being read across steps: where it started (its opening quote), where the undecoded rest starts, the
  // pieces decoded so far, whether it is a key
  private stringStart = 0;
  private pieceStart = 0;
  private pieces: string[] = [];
  private stringIsKey = false;
  // a large array being filled across steps (CLOSING_ARRAY): the array, where its elements start in `values`, how
  // many are copied
  private closing: unknown[] = [];
  private closingFrom = 0;
  private closingLength = 0;
  private closingCopied = 0;

  private readonly stepChars: number;
  private readonly stepsPerClockCheck: number;
  private readonly plainRun: RegExp;

  /** `tuning` changes how much one step reads and how often the clock is looked at (for tests: many tiny slices). */
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    tuning: { stepChars?: number; stepsPerClockCheck?: number } = {},
  ) {
    this.stepChars = tuning.stepChars ?? STEP_CHARS;
    this.stepsPerClockCheck = tuning.stepsPerClockCheck ?? STEPS_PER_CLOCK_CHECK;
    this.plainRun = this.stepChars === STEP_CHARS ? PLAIN_RUN : plainRun(this.stepChars);
  }

  /** Whether the whole text has been parsed. */
  get done(): boolean {
    return this.state === DONE;
  }

  /** How many characters are left to parse. */
  get remaining(): number {
    return this.text.length - this.pos;
  }

  /** The parsed value, once `done`. */
  get value(): unknown {
    return this.root;
  }

  /**
   * Parses until done (→ true) or until `performance.now()` passes `deadline` (→ false: call again to go on).
   * Throws `JsonBodyError`.
   */
  run(deadline: number): boolean {
    const text = this.text;
    const end = text.length;
    let steps = this.stepsPerClockCheck;
    while (this.state !== DONE) {
      // one step: at most `stepChars` of white space, or of a string, or one token
      if (this.step(text, end)) steps = 0;
      if (--steps <= 0) {
        if (this.state !== DONE && performance.now() >= deadline) return false;
        steps = this.stepsPerClockCheck;
      }
    }
    return true;
  }

  /** One step of the parse; true when it read a long run of characters (the clock is looked at next). */
  private step(text: string, end: number): boolean {
    if (this.state === IN_STRING) return this.readString();
    if (this.state === CLOSING_ARRAY) return this.fillArray();
    // white space, at most one step of it
    let pos = this.pos;
    const wsEnd = Math.min(end, pos + this.stepChars);
    let c = text.charCodeAt(pos);
    while (pos < wsEnd && (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09)) c = text.charCodeAt(++pos);
    this.pos = pos;
    if (pos === wsEnd && pos < end) return true;
    switch (this.state) {
      case VALUE:
        this.readValue(c);
        break;
      case ARRAY_FIRST:
        if (c === CLOSE_BRACKET) this.close();
        else this.readValue(c);
        break;
      case OBJECT_FIRST:
        if (c === CLOSE_BRACE) this.close();
        else this.startKey(c);
        break;
      case KEY:
        this.startKey(c);
        break;
      case COLON_NEXT:
        if (c !== COLON) throw this.unexpected();
        this.pos++;
        this.state = VALUE;
        break;
      case AFTER_VALUE: {
        const depth = this.stack.length;
        if (depth === 0) {
          if (pos < end) throw this.unexpected();
          this.state = DONE;
        } else if (c === COMMA) {
          this.pos++;
          this.state = typeof this.stack[depth - 1] === 'number' ? VALUE : KEY;
        } else if (c === (typeof this.stack[depth - 1] === 'number' ? CLOSE_BRACKET : CLOSE_BRACE)) {
          this.close();
        } else throw this.unexpected();
        break;
      }
    }
    // a string that did not end in its first step, or a large array being filled
    return this.state === IN_STRING || this.state === CLOSING_ARRAY;
  }

  private readValue(c: number): void {
    const text = this.text;
    const pos = this.pos;
    switch (c) {
      case QUOTE:
        this.startString(false);
        return;
      case OPEN_BRACE:
      case OPEN_BRACKET: {
        if (this.stack.length >= this.maxDepth) throw new JsonBodyError(`nests deeper than ${this.maxDepth} levels`, true);
        if (c === OPEN_BRACE) {
          const object: Record<string, unknown> = {};
          this.add(object);
          this.stack.push(object);
        } else this.stack.push(this.values.length);
        this.keys.push('');
        this.pos = pos + 1;
        this.state = c === OPEN_BRACE ? OBJECT_FIRST : ARRAY_FIRST;
        return;
      }
      case 0x74: // t
        if (text.startsWith('true', pos)) {
          this.literal(true, 4);
          return;
        }
        break;
      case 0x66: // f
        if (text.startsWith('false', pos)) {
          this.literal(false, 5);
          return;
        }
        break;
      case 0x6e: // n
        if (text.startsWith('null', pos)) {
          this.literal(null, 4);
          return;
        }
        break;
      default:
        NUMBER.lastIndex = pos;
        if (NUMBER.test(text)) {
          this.pos = NUMBER.lastIndex;
          this.add(Number(text.slice(pos, this.pos)));
          this.state = AFTER_VALUE;
          return;
        }
    }
    throw this.unexpected();
  }

  private literal(value: boolean | null, length: number): void {
    this.pos += length;
    this.add(value);
    this.state = AFTER_VALUE;
  }

  private startKey(c: number): void {
    if (c !== QUOTE) throw this.unexpected();
    this.startString(true);
  }

  private startString(isKey: boolean): void {
    this.stringStart = this.pos;
    this.pieceStart = this.pos + 1;
    this.pieces = [];
    this.stringIsKey = isKey;
    this.pos++;
    this.state = IN_STRING;
    this.readString();
  }

  /**
   * Reads on in the string (`state` IN_STRING) for at most one step. Returns true when it read a whole step
   * without reaching the end of the string (the caller then looks at the clock).
   */
  private readString(): boolean {
    const text = this.text;
    const stepEnd = this.pos + this.stepChars;
    const plain = this.plainRun;
    let pos = this.pos;
    let escaped = this.pieces.length > 0;
    for (;;) {
      plain.lastIndex = pos;
      plain.test(text);
      pos = plain.lastIndex;
      const c = text.charCodeAt(pos);
      if (c === QUOTE) {
        this.endString(pos, escaped);
        return false;
      }
      if (c === BACKSLASH) {
        const e = text.charCodeAt(pos + 1);
        if (SIMPLE_ESCAPE.has(e)) pos += 2;
        else if (e === 0x75 && /^[0-9a-fA-F]{4}$/.test(text.slice(pos + 2, pos + 6))) pos += 6;
        else {
          this.pos = pos + 1;
          throw new JsonBodyError(`bad escape in a string ${this.location(pos)}`);
        }
        escaped = true;
      } else if (pos >= text.length) {
        this.pos = pos;
        throw new JsonBodyError(`unterminated string (it starts ${this.location(this.stringStart)})`);
      } else if (c < 0x20) {
        this.pos = pos;
        throw new JsonBodyError(`control character ${JSON.stringify(text[pos])} in a string ${this.location(pos)}`);
      }
      // else the plain run stopped at its length limit
      if (pos >= stepEnd) {
        // a long string: decode what was read as a piece of its own and go on in the next step
        this.pieces.push(decodePiece(text.slice(this.pieceStart, pos)));
        this.pieceStart = pos;
        this.pos = pos;
        return true;
      }
    }
  }

  private endString(closingQuote: number, escaped: boolean): void {
    const text = this.text;
    let s: string;
    if (this.pieces.length > 0) {
      this.pieces.push(decodePiece(text.slice(this.pieceStart, closingQuote)));
      s = this.pieces.join('');
      this.pieces = [];
    } else if (!escaped && (this.stringIsKey || closingQuote - this.pieceStart < SHORT_STRING)) {
      // keys are interned by V8 when set; short slices are copies: neither keeps the body's text alive
      s = text.slice(this.pieceStart, closingQuote);
    } else {
      s = JSON.parse(text.slice(this.stringStart, closingQuote + 1)) as string;
    }
    this.pos = closingQuote + 1;
    if (this.stringIsKey) {
      this.keys[this.keys.length - 1] = s;
      this.state = COLON_NEXT;
    } else {
      this.add(s);
      this.state = AFTER_VALUE;
    }
  }

  /** Puts a value into the innermost container (or makes it the root). */
  private add(value: unknown): void {
    const container = this.stack.at(-1);
    if (container === undefined) {
      this.root = value;
      return;
    }
    if (typeof container === 'number') {
      this.values.push(value);
      return;
    }
    const key = this.keys.at(-1);
    if (key === undefined) throw new Error('internal error: the JSON parser keeps a key for each open container');
    // `__proto__` is an own data key, as JSON.parse makes it (assignment would set the prototype)
    if (key === '__proto__') Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
    else container[key] = value;
  }

  /** Closes the innermost container at its `]` or `}`. */
  private close(): void {
    const frame = this.stack.pop();
    if (frame === undefined) throw new Error('internal: a closing bracket outside every container (the scanner balances them)');
    this.keys.pop();
    this.pos++;
    this.state = AFTER_VALUE;
    if (typeof frame !== 'number') return;
    const n = this.values.length - frame;
    if (n === 0) {
      this.add([]);
      return;
    }
    // an array of its exact length (V8 makes a `new Array(n)` of more than about 100,000 elements in dictionary mode,
    // so a larger one grows by `push`: one spare capacity for one large array is nothing), filled in steps of at most
    // `stepChars` elements (a body may hold one array of millions of elements: copied in one go, that is one long step)
    this.closing = n <= PREALLOCATED_ARRAY ? new Array<unknown>(n) : [];
    this.closingFrom = frame;
    this.closingLength = n;
    this.closingCopied = 0;
    if (this.fillArray()) this.state = CLOSING_ARRAY;
  }

  /** Copies one step's worth of elements into the array being closed; true while some are left (state CLOSING_ARRAY). */
  private fillArray(): boolean {
    const { closing: array, closingFrom: from, closingLength: n, values } = this;
    const end = Math.min(n, this.closingCopied + this.stepChars);
    if (n <= PREALLOCATED_ARRAY) for (let i = this.closingCopied; i < end; i++) array[i] = values[from + i];
    else for (let i = this.closingCopied; i < end; i++) array.push(values[from + i]);
    this.closingCopied = end;
    if (end < n) return true;
    values.length = from;
    this.closing = [];
    this.add(array);
    this.state = AFTER_VALUE;
    return false;
  }

  private unexpected(): JsonBodyError {
    const pos = this.pos;
    if (pos >= this.text.length) return new JsonBodyError('unexpected end of the body');
    return new JsonBodyError(`unexpected ${JSON.stringify(this.text[pos])} ${this.location(pos)}`);
  }

  /** `at line L, column C` of the character at `pos` (both from 1, columns in UTF-16 code units). */
  private location(pos: number): string {
    const text = this.text;
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < pos; i++) {
      if (text.charCodeAt(i) === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    return `at line ${line}, column ${pos - lineStart + 1}`;
  }
}

/** The characters of a piece of a string's text (between escapes, so none is split), decoded. */
function decodePiece(raw: string): string {
  return JSON.parse(`"${raw}"`) as string;
}

interface Job {
  parser: SlicedJsonParser;
  signal?: AbortSignal;
  resolve(value: unknown): void;
  reject(e: unknown): void;
}

/** Parses JSON bodies in slices of `sliceMs`, at most `maxActive` large ones at a time in turn, one slice per turn of the event loop. */
export class JsonBodyScheduler {
  /** The large bodies being parsed, taking turns. */
  private readonly active: Job[] = [];
  /** Large bodies waiting for a place among the active ones, in arrival order. */
  private readonly waiting: Job[] = [];
  private next = 0;
  private scheduled = false;

  constructor(
    private readonly sliceMs = 4,
    private readonly maxActive = 1,
  ) {}

  /** Parses `text` (see the module doc); rejects with `JsonBodyError`, or with the signal's reason when it aborts. */
  parse(text: string, maxDepth: number, signal?: AbortSignal): Promise<unknown> {
    const parser = new SlicedJsonParser(text, maxDepth);
    // the first slice at once, large bodies waiting or not: a body of ordinary size is answered without waiting behind
    // them (a large one keeps what its first slice built while it waits: one slice's worth)
    try {
      if (parser.run(performance.now() + this.sliceMs)) return Promise.resolve(parser.value);
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ parser, signal, resolve, reject });
      this.schedule();
    });
  }

  /** Large bodies being parsed or waiting. */
  get pending(): number {
    return this.active.length + this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled || this.pending === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.turn();
      this.schedule();
    });
  }

  /** Fills the active set from the waiting queue (dropping aborted parses), then runs one slice of the next active job. */
  private turn(): void {
    // (the queue is at most the server's open connections long: shift is cheap enough)
    while (this.active.length < this.maxActive) {
      const job = this.waiting.shift();
      if (job === undefined) break;
      if (job.signal?.aborted) job.reject(job.signal.reason);
      else this.active.push(job);
    }
    if (this.next >= this.active.length) this.next = 0;
    const i = this.next;
    const job = this.active[i];
    if (job === undefined) return; // no active job
    let finished = true;
    try {
      if (job.signal?.aborted) job.reject(job.signal.reason);
      else if (job.parser.run(performance.now() + this.sliceMs)) job.resolve(job.parser.value);
      else finished = false;
    } catch (e) {
      job.reject(e);
    }
    if (finished) this.active.splice(i, 1);
    else this.next = i + 1;
  }
}
