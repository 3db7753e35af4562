/**
 * Regular expressions as the apiserver evaluates them. Kubernetes compiles a schema's `pattern` with Go's
 * `regexp` (RE2 syntax, linear-time matching), so kubegen does the same through re2js, a port of Go's
 * regexp/RE2J: the same syntax (`(?i)`, `\A`, `\z`, `(?P<n>…)`, `[[:alpha:]]`, `\Q…\E`, `\pL`, `\p{Greek}` …),
 * the same refusals (lookaround, backreferences) with Go's error messages, and matching in time linear in the
 * input, so no pattern and no default can make generation backtrack catastrophically.
 */
import { RE2JS } from 're2js';

/** A compiled RE2 expression; `test` searches like Go's `MatchString` (unanchored). */
export interface RE2Expression {
  test(input: string): boolean;
}

/**
 * Compiled expressions and refusals by pattern: APIs repeat a few patterns many times (a named type's marker on
 * every use, the same format in many places), and compiling is the expensive part. Bounded: emptied when full.
 */
const compiled = new Map<string, RE2JS | string>();
const MAX_CACHED = 1024;

function compiledOrMessage(pattern: string): RE2JS | string {
  let r = compiled.get(pattern);
  if (r === undefined) {
    try {
      r = RE2JS.compile(pattern);
    } catch (e) {
      r = goMessage(e);
    }
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(pattern, r);
  }
  return r;
}

/**
 * Compiles `pattern` with RE2 semantics; throws an Error whose message is Go's
 * (`error parsing regexp: invalid or unsupported Perl syntax: \`(?=\``) when it is not a valid RE2 expression.
 */
export function compileRE2(pattern: string): RE2Expression {
  const re = compiledOrMessage(pattern);
  if (typeof re === 'string') throw new Error(re);
  return { test: (input: string) => re.test(input) };
}

/** Returns Go's error message, or undefined when the pattern is a valid RE2 expression. */
export function checkPattern(pattern: string): string | undefined {
  const re = compiledOrMessage(pattern);
  return typeof re === 'string' ? re : undefined;
}

function goMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
