/**
 * Objects for the agreement suites (validation-agreement, cel-corpus-agreement): valid and broken objects drawn by
 * fast-check from a CRD schema, and the apiserver's verdict read from its answer to a `dryRun=All` create.
 */
import fc from 'fast-check';
import { deleteAt, sample, SampleError, violations, walk, type Located, type Schema, type Step, type Violation } from './schema';
import { schemaArbitrary } from '../../unit/helpers/arbitrary';
import type { JSONSchemaProps } from '../../../generator/core/schema';
import { present } from '../../unit/helpers/present';

interface Cause {
  field?: string;
  message?: string;
  reason?: string;
}

const META = new Set(['apiVersion', 'kind', 'metadata']);

/** Whether `path` starts at apiVersion, kind or metadata (false for the root itself). */
function underMeta(path: readonly Step[]): boolean {
  const [first] = path;
  return first !== undefined && 'prop' in first && META.has(first.prop);
}

/** The element `which` picks from a non-empty `list`, round-robin. */
function nth<T>(list: readonly T[], which: number, what: string): T {
  return present(list[which % list.length], what);
}

/** A value of another JSON type than the schema's, for a wrong-type mutation. */
function wrongType(s: Schema, n: number): unknown {
  const candidates: unknown[] = ['text', 7, 2.5, true, ['x'], { k: 'v' }, null];
  const fits = (v: unknown): boolean => {
    if (s['x-kubernetes-int-or-string']) return typeof v === 'string' || Number.isInteger(v);
    if (s['x-kubernetes-preserve-unknown-fields'] && !s.type) return true;
    switch (s.type) {
      case 'string':
        return typeof v === 'string';
      case 'integer':
        return Number.isInteger(v);
      case 'number':
        return typeof v === 'number';
      case 'boolean':
        return typeof v === 'boolean';
      case 'array':
        return Array.isArray(v);
      case 'object':
        return typeof v === 'object' && v !== null && !Array.isArray(v);
      default:
        return true;
    }
  };
  const wrong = candidates.filter((v) => !fits(v));
  return wrong.length === 0 ? undefined : wrong[n % wrong.length];
}

/** Sets `loc.path` in `body` to `value`, making (or replacing) the containers on the way from minimal samples. */
function put(body: Record<string, unknown>, loc: Pick<Located, 'path' | 'ancestors'>, value: unknown): void {
  let cursor: Record<string | number, unknown> = body;
  loc.path.forEach((step, i) => {
    const key = 'prop' in step ? step.prop : 'key' in step ? step.key : step.index;
    const next = loc.path[i + 1];
    if (next === undefined) {
      cursor[key] = value;
      return;
    }
    let inner = cursor[key];
    const wantArray = 'index' in next;
    if (wantArray ? !Array.isArray(inner) : typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
      let fresh: unknown;
      try {
        fresh = sample(loc.ancestors[i + 1] ?? {}, {});
      } catch {
        fresh = undefined;
      }
      inner = wantArray ? (Array.isArray(fresh) ? fresh : []) : typeof fresh === 'object' && fresh !== null && !Array.isArray(fresh) ? fresh : {};
      cursor[key] = inner;
    }
    if (wantArray && (inner as unknown[]).length === 0) (inner as unknown[]).push({});
    cursor = inner as Record<string | number, unknown>;
  });
}

/** The nodes below the root a mutation may touch (not apiVersion/kind/metadata, which the test sets). */
function mutable(schema: Schema): Located[] {
  return walk(schema).filter((l) => l.path.length > 0 && !underMeta(l.path));
}

/**
 * `count` objects for one CRD version's schema, drawn by fast-check with `seed`: about a third valid, the rest with
 * one or two mutations (a constraint broken, a value of the wrong type, a required field removed). `what` says which.
 */
export function objectsFor(schema: Schema, count: number, seed: number): Array<{ what: string; body: Record<string, unknown> }> {
  const base = fc.sample(schemaArbitrary(schema as JSONSchemaProps, { maxLength: 3 }), { numRuns: count, seed });
  const nodes = mutable(schema);
  // A schema whose strings the sampler cannot make (a real-world pattern it does not invert) gets no constraint
  // violations, only wrong-type mutations and arbitrary objects.
  let broken: Violation[] = [];
  try {
    broken = violations(schema).filter((v) => !underMeta(v.loc.path));
  } catch (err) {
    if (!(err instanceof SampleError)) throw err;
  }
  const rnd = fc.sample(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { numRuns: count, seed: seed + 1 });
  return base.map((b, i) => {
    const body: Record<string, unknown> = typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...(b as Record<string, unknown>) } : {};
    const [kind, pick, pick2, extra] = present(rnd[i], `random choices for object ${i}`);
    const what: string[] = [];
    const mutate = (choice: number, which: number) => {
      if (choice % 2 === 0 && broken.length > 0) {
        const v = nth(broken, which, 'a violation');
        if (v.remove) deleteAt(body, v.loc.path);
        else put(body, v.loc, structuredClone(v.value));
        what.push(`${v.constraint} at ${v.field}`);
      } else if (nodes.length > 0) {
        const loc = nth(nodes, which, 'a mutable node');
        const value = wrongType(loc.schema, which);
        if (value !== undefined) {
          put(body, loc, value);
          what.push(`wrong type ${JSON.stringify(value)} at ${loc.path.map((s) => ('prop' in s ? s.prop : 'key' in s ? s.key : `[${s.index}]`)).join('.')}`);
        }
      }
    };
    if (kind % 3 !== 0) mutate(kind, pick);
    if (kind % 3 === 2 && extra % 2 === 0) mutate(extra, pick2);
    return { what: what.length > 0 ? what.join('; ') : 'arbitrary', body };
  });
}

/** A verdict on one object: accepted, or refused with the set of field paths named and the messages. */
export interface Verdict {
  valid: boolean;
  fields: string[];
  messages: string[];
}

/** The apiserver's verdict from the status and body of its answer to a create. */
export function causesOf(status: number, body: unknown): Verdict {
  if (status === 201) return { valid: true, fields: [], messages: [] };
  const b = (body ?? {}) as { message?: string; details?: { causes?: Cause[] } };
  const causes = b.details?.causes ?? [];
  // A value that cannot be decoded (an embedded resource's apiVersion that is not a string) is a 400 naming its fields.
  const undecodable = status === 400 ? /cannot be handled as a [^:]+: (.*)$/s.exec(b.message ?? '') : null;
  if (undecodable) {
    const detail = present(undecodable[1], 'the decoding error');
    const fields = [...detail.matchAll(/(?:^|, |\[)([^\s:,[\]]+): /g)].flatMap((m) => m[1] ?? []);
    return { valid: false, fields: [...new Set(fields)].sort(), messages: [detail] };
  }
  if (status !== 422 || causes.length === 0) return { valid: false, fields: [`<HTTP ${status}>`], messages: [b.message ?? ''] };
  return { valid: false, fields: [...new Set(causes.map((c) => c.field ?? '<nil>'))].sort(), messages: causes.map((c) => `${c.field ?? ''}: ${c.message ?? ''}`) };
}

/** Runs `f` over `items`, `n` at a time. */
export async function pool<T>(items: T[], n: number, f: (item: T) => Promise<void>): Promise<void> {
  // n workers draining one shared iterator: each item is handed to exactly one of them
  const queue = items.values();
  await Promise.all(Array.from({ length: n }, async () => {
    for (const item of queue) await f(item);
  }));
}

