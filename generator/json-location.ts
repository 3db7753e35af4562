/**
 * Where a JSON text stops being JSON. `JSON.parse` says *that* a text is invalid, and only sometimes where; this
 * scanner (RFC 8259, no extensions) finds the first offending character and says what was expected, so a
 * configuration error can read `kubegen.config.json:3:7: …`. It is only run on texts `JSON.parse` refused.
 */

export interface JsonSyntaxError {
  /** 1-based line and column (columns count UTF-16 code units, as editors do for the BMP). */
  line: number;
  column: number;
  message: string;
}

const MAX_DEPTH = 10_000;

class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  /** The character at the position; '' at the end of the text. */
  peek(): string {
    return this.text.charAt(this.pos);
  }

  fail(message: string, at = this.pos): never {
    throw new JsonLocatedError(message, at);
  }

  ws(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.peek())) this.pos++;
  }

  describe(): string {
    if (this.pos >= this.text.length) return 'the end of the text';
    return JSON.stringify(this.peek());
  }

  value(depth: number): void {
    if (depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
    this.ws();
    const c = this.peek();
    if (c === '{') { this.object(depth); return; }
    if (c === '[') { this.array(depth); return; }
    if (c === '"') { this.string(); return; }
    if (c === '-' || (c >= '0' && c <= '9')) { this.number(); return; }
    for (const literal of ['true', 'false', 'null']) {
      if (this.text.startsWith(literal, this.pos)) {
        this.pos += literal.length;
        return;
      }
    }
    this.fail(`expected a value, found ${this.describe()}`);
  }

  object(depth: number): void {
    this.pos++;
    this.ws();
    if (this.peek() === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.peek() !== '"') this.fail(`expected a double-quoted property name, found ${this.describe()}`);
      this.string();
      this.ws();
      if (this.peek() !== ':') this.fail(`expected ':' after the property name, found ${this.describe()}`);
      this.pos++;
      this.value(depth + 1);
      this.ws();
      const c = this.peek();
      if (c === '}') {
        this.pos++;
        return;
      }
      if (c !== ',') this.fail(`expected ',' or '}' after a property value, found ${this.describe()}`);
      this.pos++;
    }
  }

  array(depth: number): void {
    this.pos++;
    this.ws();
    if (this.peek() === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.value(depth + 1);
      this.ws();
      const c = this.peek();
      if (c === ']') {
        this.pos++;
        return;
      }
      if (c !== ',') this.fail(`expected ',' or ']' after an array element, found ${this.describe()}`);
      this.pos++;
    }
  }

  string(): void {
    this.pos++;
    for (;;) {
      if (this.pos >= this.text.length) this.fail('unterminated string');
      const c = this.peek();
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c < ' ') this.fail(`control character U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()} in a string (escape it)`);
      if (c === '\\') {
        const e = this.text[this.pos + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.pos + 2, this.pos + 6))) this.fail('invalid \\u escape (expected four hex digits)');
          this.pos += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail(`invalid escape ${JSON.stringify(`\\${e ?? ''}`)}`);
        this.pos += 2;
        continue;
      }
      this.pos++;
    }
  }

  number(): void {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.text.slice(this.pos, this.pos + 1000));
    if (!m) this.fail('invalid number');
    this.pos += m[0].length;
  }
}

class JsonLocatedError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax error of `text` as JSON, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const s = new Scanner(text);
  try {
    s.ws();
    if (s.pos >= text.length) s.fail('the text is empty (expected a JSON value)');
    s.value(0);
    s.ws();
    if (s.pos < text.length) s.fail(`unexpected ${s.describe()} after the JSON value`);
    return undefined;
  } catch (e) {
    if (!(e instanceof JsonLocatedError)) throw e;
    return { ...lineColumn(text, e.offset), message: e.message };
  }
}
