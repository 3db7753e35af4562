/**
 * Naming helpers, after gengo's namers: every identifier in generated code comes from here.
 *
 * - `publicName('cronTab')` → `CronTab` (exported names; gengo `public`)
 * - `privateName('CronTab')` → `cronTab` (locals and unexported helpers; gengo `private`)
 * - `publicPlural('Policy')` → `Policies` (gengo `publicPlural`, client-gen's pluralisation rules)
 * - `lowerCamel('stable.example.com')` → `stableExampleCom`
 * - `safeIdentifier(x)` → `x` made a valid, non-reserved identifier (`default` → `default_`, `1a` → `_1a`)
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

/** Splits an identifier-ish string into words at separators and case changes: `fooBar-baz.v1` → foo Bar baz v1. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

function upperFirst(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

function lowerFirst(s: string): string {
  return s.length === 0 ? s : s[0].toLowerCase() + s.slice(1);
}

/** `cronTab` → `CronTab`, `v1beta1` → `V1beta1`, `stable.example.com` → `StableExampleCom`. */
export function publicName(name: string): string {
  return safeIdentifier(words(name).map(upperFirst).join(''));
}

/** `CronTab` → `cronTab`, `URLMap` → `urlMap`. */
export function privateName(name: string): string {
  const ws = words(name);
  if (ws.length === 0) return '_';
  const first = /^[A-Z0-9]+$/.test(ws[0]) ? ws[0].toLowerCase() : lowerFirst(ws[0]);
  return safeIdentifier(first + ws.slice(1).map(upperFirst).join(''));
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

/** A valid identifier for `name`: invalid characters become `_`, a leading digit gets `_`, reserved words get `_` appended. */
export function safeIdentifier(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_$]/g, '_');
  if (id.length === 0) id = '_';
  if (/^[0-9]/.test(id)) id = '_' + id;
  if (RESERVED.has(id)) id += '_';
  return id;
}
