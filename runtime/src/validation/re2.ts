/**
 * Regular expressions as the apiserver runs them: Go's `regexp` (RE2 syntax, matching in time linear in the input,
 * no backtracking), through re2js, a port of Go's regexp/RE2J with the same syntax, the same refusals and Go's
 * error texts (`error parsing regexp: missing closing ): \`(a\``).
 *
 * Every regular expression the validator evaluates goes through here: a schema's `pattern`, CEL's `matches`, the
 * Kubernetes regex library's `find` / `findAll`, and the fixed expressions of the string formats. Patterns may come
 * from the object being validated (`self.matches(self.pattern)`), so compiled expressions — and refusals — are kept
 * in a bounded least-recently-used cache: at most {@link MAX_CACHED_PATTERNS} patterns and
 * {@link MAX_CACHED_PATTERN_CHARS} characters of pattern text; a longer pattern is compiled for its call only.
 */
import { RE2JS } from 're2js';

/** How many compiled patterns the cache keeps. */
export const MAX_CACHED_PATTERNS = 512;
/** How many characters of pattern text the cache keeps, over all its patterns. */
export const MAX_CACHED_PATTERN_CHARS = 1 << 18;
/** Patterns longer than this are not cached (one such pattern would push out hundreds of ordinary ones). */
export const MAX_CACHED_PATTERN_LENGTH = 1 << 12;

/** A pattern RE2 refuses, with Go's message. */
export class RegexSyntaxError extends Error {}

type Entry = RE2JS | RegexSyntaxError;

const cache = new Map<string, Entry>();
let cachedChars = 0;

/**
 * re2js' parser, like Go's, looks for `:]` after every `[:` in a character class (a POSIX class name such as
 * `[:alpha:]`), to the end of the pattern: a pattern with many `[:` and no `:]` after them parses in quadratic time
 * (`[:` × 6,400: 120 ms, ×10 the length: ×77 the time). Such a `[:` is never a class name, so it is written `[\:`
 * (the same characters: `\:` is an escaped `:`), which parses the same without the search. Only when the searches
 * would scan more than a few times the pattern's length, and not in a pattern with `\Q` quoting (where `\` is
 * literal).
 */
function withoutHopelessClassNames(pattern: string): string {
  const lastClose = pattern.lastIndexOf(':]');
  let scanned = 0;
  for (let p = pattern.indexOf('[:', Math.max(lastClose, 0)); p >= 0; p = pattern.indexOf('[:', p + 1)) scanned += pattern.length - p;
  if (scanned <= 8 * pattern.length + 4096 || pattern.includes('\\Q')) return pattern;
  const head = lastClose < 0 ? '' : pattern.slice(0, lastClose);
  return head + pattern.slice(head.length).split('[:').join('[\\:');
}

function compileUncached(pattern: string): Entry {
  try {
    return RE2JS.compile(withoutHopelessClassNames(pattern));
  } catch (e) {
    // re2js' RE2JSSyntaxException carries Go's text; anything else it throws is reported by its message only.
    const message = e instanceof Error && typeof e.message === 'string' ? e.message : 'error parsing regexp: invalid pattern';
    return new RegexSyntaxError(message.split('\n')[0]);
  }
}

function lookup(pattern: string): Entry {
  const hit = cache.get(pattern);
  if (hit !== undefined) {
    // Most recently used last: Map iteration order is insertion order.
    cache.delete(pattern);
    cache.set(pattern, hit);
    return hit;
  }
  const entry = compileUncached(pattern);
  if (pattern.length <= MAX_CACHED_PATTERN_LENGTH) {
    cache.set(pattern, entry);
    cachedChars += pattern.length;
    for (const oldest of cache.keys()) {
      if (cache.size <= MAX_CACHED_PATTERNS && cachedChars <= MAX_CACHED_PATTERN_CHARS) break;
      cache.delete(oldest);
      cachedChars -= oldest.length;
    }
  }
  return entry;
}

/** The compiled expression; throws {@link RegexSyntaxError} (Go's message) for a pattern RE2 refuses. */
export function compileRegex(pattern: string): RE2JS {
  const entry = lookup(pattern);
  if (entry instanceof RegexSyntaxError) throw entry;
  return entry;
}

/** Go's message for a pattern RE2 refuses, or undefined for a valid pattern. */
export function regexSyntaxError(pattern: string): string | undefined {
  const entry = lookup(pattern);
  return entry instanceof RegexSyntaxError ? entry.message : undefined;
}

/** The number of patterns and characters cached now (for tests of the bound). */
export function regexCacheSize(): { patterns: number; chars: number } {
  return { patterns: cache.size, chars: cachedChars };
}

/** A fixed expression of kubegen's own (`fixedRegex`): re2js' `test` and `matcher`. */
export interface FixedRegex {
  test(s: string): boolean;
  matcher(s: string): ReturnType<RE2JS['matcher']>;
}

/**
 * A fixed expression of kubegen's own (a format's), compiled once, on its first use: a process that loads the
 * validators but never checks a hostname or an email does not pay for them (re2js builds the tables of a Unicode class
 * such as `\p{L}` as it compiles: the formats' expressions cost megabytes of memory). A syntax error is a bug, so it
 * throws (the formats' tests use every one).
 */
export function fixedRegex(pattern: string): FixedRegex {
  let re: RE2JS | undefined;
  const compiled = (): RE2JS => (re ??= RE2JS.compile(pattern));
  return { test: (s) => compiled().test(s), matcher: (s) => compiled().matcher(s) };
}

/** Go's `regexp.MatchString(pattern, s)`: whether the expression matches anywhere in `s`. */
export function regexMatches(s: string, pattern: string): boolean {
  return compileRegex(pattern).test(s);
}

/** Go's `FindString`: the leftmost match, or '' when there is none. */
export function regexFind(s: string, pattern: string): string {
  const m = compileRegex(pattern).matcher(s);
  return m.find() ? (m.group() ?? '') : '';
}

/**
 * Go's `FindAllString(s, n)`: successive non-overlapping matches, at most `n` of them when `n` ≥ 0; an empty match
 * right after the previous match is skipped, as Go does (Java's `Matcher.find`, which re2js follows, keeps it).
 */
export function regexFindAll(s: string, pattern: string, n: bigint): string[] {
  const out: string[] = [];
  if (n === 0n) return out;
  const m = compileRegex(pattern).matcher(s);
  let pos = 0;
  let prevEnd = -1;
  while ((n < 0n || BigInt(out.length) < n) && pos <= s.length && m.find(pos)) {
    const start = m.start();
    const end = m.end();
    let accept = true;
    if (end === start) {
      if (start === prevEnd) accept = false;
      // The next position a match can start at: one code point further (a surrogate pair is one rune).
      const c = s.charCodeAt(end);
      pos = end + (c >= 0xd800 && c <= 0xdbff && end + 1 < s.length ? 2 : 1);
    } else {
      pos = end;
    }
    prevEnd = end;
    if (accept) out.push(s.slice(start, end));
  }
  return out;
}
