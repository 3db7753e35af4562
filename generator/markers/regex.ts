/**
 * Checks a `Pattern` the way the apiserver will use it: Kubernetes compiles `pattern` with Go's RE2 `regexp`.
 * We translate the RE2 spellings JavaScript lacks (`(?P<n>`, `\A`, `\z`, escaped punctuation, POSIX classes,
 * leading inline flags), reject what RE2 lacks (lookaround, backreferences), then compile with the `u` flag.
 */

const JS_SYNTAX = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);

/** Returns an error message, or undefined when the pattern is a valid RE2 expression. */
export function checkPattern(pattern: string): string | undefined {
  let js = '';
  let inClass = false;
  let i = 0;
  // RE2 allows leading inline flags such as (?i) or (?s); JS (before ES2025) does not.
  const flags = /^\(\?([imsU]+)\)/.exec(pattern);
  if (flags) i = flags[0].length;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '\\') {
      const e = pattern[i + 1];
      if (e === undefined) return 'trailing backslash';
      if (/[1-9]/.test(e)) return `backreference \\${e} is not supported by RE2 (Go regexp, used by the apiserver)`;
      if (e === 'k' && pattern[i + 2] === '<') return 'named backreference \\k<…> is not supported by RE2';
      if (e === 'A' && !inClass) {
        js += '^';
      } else if (e === 'z' && !inClass) {
        js += '$';
      } else if (/[^A-Za-z0-9]/.test(e) && e.charCodeAt(0) < 128) {
        // RE2 accepts any escaped punctuation; JS's u flag only its syntax characters (and '-' in a class)
        js += JS_SYNTAX.has(e) || (inClass && e === '-') ? `\\${e}` : `\\x${e.charCodeAt(0).toString(16).padStart(2, '0')}`;
      } else if (e === 'Q') {
        // \Q…\E literal text
        const end = pattern.indexOf('\\E', i + 2);
        const lit = pattern.slice(i + 2, end < 0 ? pattern.length : end);
        js += lit.replace(/[\^$\\.*+?()[\]{}|/-]/g, (m) => `\\${m}`);
        i = end < 0 ? pattern.length : end + 2;
        continue;
      } else {
        js += `\\${e}`;
      }
      i += 2;
      continue;
    }
    if (inClass) {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(pattern.slice(i));
      if (posix) {
        const known = ['alnum', 'alpha', 'ascii', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'word', 'xdigit'];
        if (!known.includes(posix[2])) return `invalid character class [:${posix[2]}:]`;
        js += 'a';
        i += posix[0].length;
        continue;
      }
      if (c === ']') inClass = false;
      js += c;
      i++;
      continue;
    }
    if (c === '[') {
      inClass = true;
      js += c;
      i++;
      if (pattern[i] === '^') {
        js += '^';
        i++;
      }
      if (pattern[i] === ']') {
        // a leading ']' is literal in RE2
        js += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i);
      if (/^\(\?<?[=!]/.test(rest)) return 'lookaround (?=, ?!, ?<=, ?<!) is not supported by RE2 (Go regexp, used by the apiserver)';
      const named = /^\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
      if (named) {
        js += `(?<${named[1]}>`;
        i += named[0].length;
        continue;
      }
      const inline = /^\(\?([imsU-]+)(:|\))/.exec(rest);
      if (inline) {
        js += inline[2] === ':' ? '(?:' : '';
        i += inline[0].length;
        continue;
      }
    }
    js += c;
    i++;
  }
  try {
    new RegExp(js, 'u');
    return undefined;
  } catch (e) {
    return (e as Error).message.replace(/^Invalid regular expression: /, '');
  }
}
