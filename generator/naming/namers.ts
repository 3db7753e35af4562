/**
 * Naming helpers, after gengo's namers: every identifier in generated code comes from here.
 *
 * - `publicName('cronTab')` → `CronTab` (exported names; gengo `public`)
 * - `privateName('CronTab')` → `cronTab` (locals and unexported helpers; gengo `private`)
 * - `publicPlural('Policy')` → `Policies` (gengo `publicPlural`, client-gen's pluralisation rules)
 * - `lowerCamel('stable.example.com')` → `stableExampleCom`
 * - `safeIdentifier(x)` → `x` made a valid, non-reserved identifier (`default` → `default_`, `1a` → `_1a`,
 *   `Größe` unchanged: identifiers are Unicode, as in TypeScript)
 */

/** Words that cannot be used as identifiers (ES reserved words, strict-mode and TypeScript additions). */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield await arguments eval ' +
    'any boolean number string symbol never unknown object undefined type of as'
  ).split(' '),
);

/**
 * Splits an identifier-ish string into words at separators and case changes: `fooBar-baz.v1` → foo Bar baz v1.
 * Letters, digits and marks of any script make words (`größeMaß` → größe Maß).
 */
export function words(name: string): string[] {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0);
}

function upperFirst(s: string): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const c = String.fromCodePoint(first);
  const upper = c.toUpperCase();
  // a letter whose upper case is several letters (ß → SS) keeps its own spelling
  return (Array.from(upper).length === 1 ? upper : c) + s.slice(c.length);
}

function lowerFirst(s: string): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const c = String.fromCodePoint(first);
  const lower = c.toLowerCase();
  return (Array.from(lower).length === 1 ? lower : c) + s.slice(c.length);
}

/** `cronTab` → `CronTab`, `v1beta1` → `V1beta1`, `stable.example.com` → `StableExampleCom`. */
export function publicName(name: string): string {
  return safeIdentifier(words(name).map(upperFirst).join(''));
}

/** `CronTab` → `cronTab`, `URLMap` → `urlMap`. */
export function privateName(name: string): string {
  const [head, ...rest] = words(name);
  if (head === undefined) return '_';
  const first = /^[\p{Lu}\p{N}]+$/u.test(head) ? head.toLowerCase() : lowerFirst(head);
  return safeIdentifier(first + rest.map(upperFirst).join(''));
}

/** lowerCamel of any string: `stable.example.com` → `stableExampleCom`. Same as `privateName`. */
export const lowerCamel = privateName;

const PLURAL_EXCEPTIONS: Record<string, string> = { Endpoints: 'Endpoints', SecurityContextConstraints: 'SecurityContextConstraints' };

/** client-gen's plural of a type name: `Policy` → `Policies`, `Status` → `Statuses`, `CronTab` → `CronTabs`. */
export function publicPlural(name: string): string {
  const n = publicName(name);
  if (PLURAL_EXCEPTIONS[n]) return PLURAL_EXCEPTIONS[n];
  if (/[^aeiou]y$/i.test(n)) return n.slice(0, -1) + 'ies';
  if (/(s|x|z|ch|sh)$/i.test(n)) return n + 'es';
  return n + 's';
}

/** An identifier start, and the characters that may follow it: ECMAScript's ID_Start / ID_Continue, `$`, `_`, ZWNJ, ZWJ. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;
const NOT_IDENTIFIER_PART = /[^\p{ID_Continue}$\u200C\u200D]/gu;

/** Whether `name` is an identifier (any script, as TypeScript allows) that is not a reserved word. */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED.has(name);
}

/**
 * A valid identifier for `name`, Unicode-aware like TypeScript (`Größe`, `Ωmega` stay as they are): characters
 * that cannot be part of an identifier become `_`, a name that cannot start one (a digit) gets `_` in front,
 * reserved words get `_` appended. A valid identifier is returned unchanged, so every use of a declared name
 * (declaration, import, reference) spells it the same.
 */
export function safeIdentifier(name: string): string {
  let id = name.replace(NOT_IDENTIFIER_PART, '_');
  if (id.length === 0) id = '_';
  if (!IDENTIFIER.test(id)) id = '_' + id;
  if (RESERVED.has(id)) id += '_';
  return id;
}

/**
 * The camelCase name of a generated helper: `verb` followed by every part in PascalCase, split at `_` and case
 * changes — `helperName('deepCopy', 'CronTab_spec')` → `deepCopyCronTabSpec`, `helperName('convert', 'v1alpha1',
 * 'Fischer', 'To', 'v1beta1')` → `convertV1alpha1FischerToV1beta1`. Different parts can give the same name: files
 * that declare helpers allocate them through `HelperNames`.
 */
export function helperName(verb: string, ...parts: string[]): string {
  return safeIdentifier(verb + parts.flatMap(words).map(upperFirst).join(''));
}

/**
 * The helper names of one generated file: each identity (a type id, a pair of type ids …) gets one name, and a
 * name another identity (or a reserved, exported name) already has gets a numeric suffix — `deepCopyFooBar2` —
 * so that two inline types whose paths spell the same words never share a function.
 */
export class HelperNames {
  private readonly byIdentity = new Map<string, string>();
  private readonly taken = new Set<string>();

  /** Marks names the file declares otherwise (exported functions) as taken. */
  reserve(...names: string[]): void {
    for (const n of names) this.taken.add(n);
  }

  /** The name of `identity`, allocated from `base` on first use. */
  name(identity: string, base: string): string {
    const known = this.byIdentity.get(identity);
    if (known !== undefined) return known;
    let name = base;
    for (let i = 2; this.taken.has(name); i++) name = `${base}${i}`;
    this.taken.add(name);
    this.byIdentity.set(identity, name);
    return name;
  }
}
