/**
 * What a server dry run would change: the field paths where the live object and the dry-run result differ, one line
 * each (`~ spec.replicas: 1 → 3`, `+ metadata.labels["app"]: "web"`, `- spec.paused`). The server's bookkeeping
 * (`metadata.managedFields`, `resourceVersion`, `generation`) is not a change. The values of a Secret's `data` and
 * `stringData` are never shown. Objects are walked by own keys, to a bounded depth.
 */
import { jsonText } from '../text';

const IGNORED_METADATA = new Set(['managedFields', 'resourceVersion', 'generation']);
const MAX_DEPTH = 64;
const MAX_VALUE_CHARS = 60;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `a.b`, `a["x.y/z"]`, `a[0]`. */
function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

function show(v: unknown, hidden: boolean): string {
  if (hidden) return '(hidden)';
  const text = jsonText(v) ?? 'null';
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function same(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i], depth + 1));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k], depth + 1));
  }
  return false;
}

/** The changed paths from `before` to `after` (see the module doc), in key order. */
export function changedPaths(before: unknown, after: unknown, options: { secret?: boolean } = {}): string[] {
  const out: string[] = [];
  const hiddenAt = (path: string) => options.secret === true && /^(data|stringData)\b/.test(path);
  const walk = (a: unknown, b: unknown, path: string, depth: number): void => {
    if (path === 'metadata' && isRecord(a) && isRecord(b)) {
      const strip = (o: Record<string, unknown>) => Object.fromEntries(Object.keys(o).filter((k) => !IGNORED_METADATA.has(k)).map((k) => [k, o[k]]));
      a = strip(a);
      b = strip(b);
    }
    if (same(a, b)) return;
    if (isRecord(a) && isRecord(b) && depth < MAX_DEPTH) {
      for (const k of Object.keys(a)) {
        if (!Object.hasOwn(b, k)) out.push(`- ${join(path, k)}`);
        else walk(a[k], b[k], join(path, k), depth + 1);
      }
      for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) out.push(`+ ${join(path, k)}: ${show(b[k], hiddenAt(join(path, k)))}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && depth < MAX_DEPTH) {
      a.forEach((x, i) => {
        walk(x, b[i], join(path, i), depth + 1);
      });
      return;
    }
    out.push(`~ ${path}: ${show(a, hiddenAt(path))} → ${show(b, hiddenAt(path))}`);
  };
  walk(before, after, '', 0);
  return out;
}
