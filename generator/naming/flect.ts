/**
 * English pluralisation exactly as github.com/gobuffalo/flect v1.0.3 does it; controller-gen v0.21.0
 * names a CRD's plural `strings.ToLower(flect.Pluralize(kind))`.
 *
 * flect splits a name into parts (CamelCase humps, separators, acronyms) and inflects only the last part,
 * trying in order: the whole name in the irregular dictionary, the last part (lower-cased) in the
 * dictionary, the suffix rules (most recently inserted first, so dictionary words used as suffixes of
 * compound words come before the generic suffix rules), and finally "ends in s: already plural" / "+s".
 *
 * Not reproduced: flect also reads `inflections.json` / `acronyms.json` from the working directory (or
 * $INFLECT_PATH / $ACRONYMS_PATH) at start-up; controller-gen inherits that, kubegen does not.
 */
import { BASE_ACRONYMS, DICTIONARY, SUFFIX_RULES, type DictionaryWord } from './flect-data';

interface Rule {
  readonly suffix: string;
  readonly apply: (s: string) => string;
}

const noop = (s: string): string => s;

function simpleRule(suffix: string, repl: string): (s: string) => string {
  return (s) => s.slice(0, s.length - suffix.length) + repl;
}

/** A dictionary word's plural: its own, or for an uncountable (the one kind of word without one) the singular. */
function pluralOf(wd: DictionaryWord): string {
  return wd.plural || wd.singular;
}

/** The tables flect's init() functions build (plural_rules.go). */
function buildTables(): {
  singleToPlural: Map<string, string>;
  pluralToSingle: Map<string, string>;
  pluralRules: Rule[];
  singularRules: Rule[];
} {
  const singleToPlural = new Map<string, string>();
  const pluralToSingle = new Map<string, string>();
  for (const wd of DICTIONARY) {
    const plural = pluralOf(wd);
    singleToPlural.set(wd.singular, plural);
    if (!wd.unidirectional) {
      pluralToSingle.set(plural, wd.singular);
      if (wd.alternative) pluralToSingle.set(wd.alternative, wd.singular);
    }
  }

  // InsertPluralRule / InsertSingularRule put the new rule, and before it a no-op rule for its
  // replacement, at the front of the list.
  let pluralRules: Rule[] = [];
  let singularRules: Rule[] = [];
  const insertPlural = (suffix: string, repl: string): void => {
    pluralRules = [{ suffix: repl, apply: noop }, { suffix, apply: simpleRule(suffix, repl) }, ...pluralRules];
  };
  const insertSingular = (suffix: string, repl: string): void => {
    singularRules = [{ suffix: repl, apply: noop }, { suffix, apply: simpleRule(suffix, repl) }, ...singularRules];
  };
  for (const [singular, plural] of SUFFIX_RULES.toReversed()) {
    insertPlural(singular, plural);
    insertSingular(plural, singular);
  }
  for (const wd of DICTIONARY) {
    if (wd.exact) continue;
    const plural = pluralOf(wd);
    insertPlural(wd.singular, plural);
    if (!wd.unidirectional) {
      insertSingular(plural, wd.singular);
      if (wd.alternative) insertSingular(wd.alternative, wd.singular);
    }
  }
  return { singleToPlural, pluralToSingle, pluralRules, singularRules };
}

const TABLES = buildTables();

// ---- Go unicode / strings helpers, per code point ----

const UPPER = /^\p{Lu}$/u;
const LETTER = /^\p{L}$/u;
const DIGIT = /^\p{Nd}$/u;
const PUNCT = /^\p{P}$/u;
const WHITE_SPACE = /^\p{White_Space}$/u;

/** unicode.IsSpace: Latin-1 space characters, else the White_Space property. */
function isUnicodeSpace(ch: string): boolean {
  return WHITE_SPACE.test(ch);
}

/** flect's isSpace: its separators `_ :-/` or a Unicode space. */
function isFlectSpace(ch: string): boolean {
  return SEPARATORS.includes(ch) || isUnicodeSpace(ch);
}

const SEPARATORS = ['_', ' ', ':', '-', '/'];

/** unicode.ToUpper / ToLower map one code point to one; JavaScript's full case mapping may not. */
function mapRunes(s: string, f: (ch: string) => string): string {
  let out = '';
  for (const ch of s) {
    const m = f(ch);
    out += Array.from(m).length === 1 ? m : ch;
  }
  return out;
}

const goToUpper = (s: string): string => mapRunes(s, (ch) => ch.toUpperCase());
const goToLower = (s: string): string => mapRunes(s, (ch) => ch.toLowerCase());

/** strings.TrimSpace. */
function trimSpace(s: string): string {
  const chars = Array.from(s);
  const first = chars.findIndex((c) => !isUnicodeSpace(c));
  if (first < 0) return '';
  return chars.slice(first, chars.findLastIndex((c) => !isUnicodeSpace(c)) + 1).join('');
}

/** strings.Trim(s, c) for a one-character cutset. */
function trimChar(s: string, c: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s[a] === c) a++;
  while (b > a && s[b - 1] === c) b--;
  return s.slice(a, b);
}

// ---- flect Ident ----

/** flect.go xappend. */
function xappend(parts: string[], raw: string): void {
  let s = trimSpace(raw);
  for (const sep of SEPARATORS) s = trimChar(s, sep);
  if (BASE_ACRONYMS.has(goToUpper(s))) s = goToUpper(s);
  if (s !== '') parts.push(s);
}

/** ident.go toParts. */
function toParts(input: string): string[] {
  const parts: string[] = [];
  const s = trimSpace(input);
  if (s === '') return parts;
  if (BASE_ACRONYMS.has(goToUpper(s))) return [goToUpper(s)];
  let prev = '\u0000';
  let x = '';
  for (const c of s) {
    if (isFlectSpace(c)) {
      xappend(parts, x);
      x = c;
      prev = c;
      continue;
    }
    const upper = UPPER.test(c);
    if (upper && !UPPER.test(prev)) {
      xappend(parts, x);
      x = c;
      prev = c;
      continue;
    }
    if (upper && BASE_ACRONYMS.has(goToUpper(x))) {
      xappend(parts, x);
      x = c;
      prev = c;
      continue;
    }
    if (LETTER.test(c) || DIGIT.test(c) || PUNCT.test(c) || c === '`') {
      prev = c;
      x += c;
      continue;
    }
    xappend(parts, x);
    x = '';
    prev = c;
  }
  xappend(parts, x);
  return parts;
}

function lastPart(s: string): string {
  return toParts(s).at(-1) ?? '';
}

/** Ident.ReplaceSuffix(orig, repl).String(). */
function replaceSuffix(original: string, orig: string, repl: string): string {
  return (original.endsWith(orig) ? original.slice(0, original.length - orig.length) : original) + repl;
}

/** flect.Capitalize: the first rune in title case (when the string has parts). */
function capitalize(s: string): string {
  if (toParts(s).length === 0) return '';
  const [head = '', ...rest] = Array.from(s);
  const upper = head.toUpperCase();
  return (Array.from(upper).length === 1 ? upper : head) + rest.join('');
}

/** flect.Pluralize: `user` → `users`, `person` → `people`, `CronTab` → `CronTabs`. */
export function pluralize(word: string): string {
  const { singleToPlural, pluralToSingle, pluralRules } = TABLES;
  const s = lastPart(word);
  if (s === '') return '';
  const whole = singleToPlural.get(word);
  if (whole !== undefined) return replaceSuffix(word, word, whole);
  if (pluralToSingle.has(word)) return word;
  const ls = goToLower(s);
  if (pluralToSingle.has(ls)) return word;
  let p = singleToPlural.get(ls);
  if (p !== undefined) {
    if (s === capitalize(s)) p = capitalize(p);
    return replaceSuffix(word, s, p);
  }
  for (const r of pluralRules) {
    if (s.endsWith(r.suffix)) return replaceSuffix(word, s, r.apply(s));
  }
  if (ls.endsWith('s')) return word;
  return word + 's';
}

/** flect.Singularize: `users` → `user`, `people` → `person`. */
export function singularize(word: string): string {
  const { singleToPlural, pluralToSingle, singularRules } = TABLES;
  const s = lastPart(word);
  if (s === '') return word;
  const whole = pluralToSingle.get(word);
  if (whole !== undefined) return replaceSuffix(word, word, whole);
  if (singleToPlural.has(word)) return word;
  const ls = goToLower(s);
  let p = pluralToSingle.get(ls);
  if (p !== undefined) {
    if (s === capitalize(s)) p = capitalize(p);
    return replaceSuffix(word, s, p);
  }
  if (singleToPlural.has(ls)) return word;
  for (const r of singularRules) {
    if (s.endsWith(r.suffix)) return replaceSuffix(word, s, r.apply(s));
  }
  if (s.endsWith('s')) return replaceSuffix(word, 's', '');
  return word;
}

/** The CRD plural controller-gen derives from a Kind: `strings.ToLower(flect.Pluralize(kind))`. */
export function crdPlural(kind: string): string {
  return goToLower(pluralize(kind));
}
