/**
 * Walks of untrusted JSON values that follow the data, not a schema, so an object may be as deep as the apiserver's
 * decoder allows (10,000 levels): each walks with an explicit stack, never the JavaScript call stack, visits own
 * keys only, and takes time linear in the size of the value.
 */
import { TextBuilder } from './text';

/** A plain JSON object (what `JSON.parse` builds, or a null-prototype copy). */
export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The nesting depth of `v` if it exceeds `max` — a scalar is 0 levels deep, `{}` and `[]` 1 — else undefined, with
 * the container (`{` or `[`) whose opening went past `max`. Stops at the first container past `max`.
 */
export function depthBeyond(v: unknown, max: number): { opening: '{' | '[' } | undefined {
  const stack: Array<{ v: unknown; depth: number }> = [{ v, depth: 0 }];
  for (let popped = stack.pop(); popped !== undefined; popped = stack.pop()) {
    const { v: x, depth } = popped;
    if (Array.isArray(x)) {
      if (depth + 1 > max) return { opening: '[' };
      for (const item of x) if (typeof item === 'object' && item !== null) stack.push({ v: item, depth: depth + 1 });
    } else if (isJsonObject(x)) {
      if (depth + 1 > max) return { opening: '{' };
      for (const k of Object.keys(x)) {
        const item = x[k];
        if (typeof item === 'object' && item !== null) stack.push({ v: item, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** JSON equality: numbers (and int64 bigints) by value, objects by own keys regardless of order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  for (let popped = stack.pop(); popped !== undefined; popped = stack.pop()) {
    const [x, y] = popped;
    if (typeof x === 'bigint' || typeof y === 'bigint') {
      if (!((typeof x === 'bigint' || typeof x === 'number') && (typeof y === 'bigint' || typeof y === 'number') && Number(x) === Number(y))) return false;
      continue;
    }
    if (x === y) continue;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (isJsonObject(x) && isJsonObject(y)) {
      const keys = Object.keys(x);
      if (keys.length !== Object.keys(y).length) return false;
      for (const k of keys) {
        if (!Object.hasOwn(y, k)) return false;
        stack.push([x[k], y[k]]);
      }
      continue;
    }
    return false;
  }
  return true;
}

/** `JSON.stringify` typed as it behaves: `undefined` for `undefined`, a function or a symbol (the lib declares a string). */
function stringify(v: unknown): string | undefined {
  return JSON.stringify(v);
}

/**
 * JSON text of `v` (bigints as their digits, `undefined` in an array as `null`, in an object left out), with the
 * keys of each object in their order or, with `sortKeys`, sorted — a canonical text for equality.
 */
export function jsonText(v: unknown, sortKeys = false): string {
  const parts = new TextBuilder();
  // Either a value still to write, or literal text (a separator, a closing bracket).
  const stack: Array<{ text: string } | { value: unknown }> = [{ value: v }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ('text' in item) {
      parts.push(item.text);
      continue;
    }
    const x = item.value;
    if (typeof x === 'bigint') parts.push(x.toString());
    else if (Array.isArray(x)) {
      parts.push('[');
      stack.push({ text: ']' });
      for (let i = x.length - 1; i >= 0; i--) {
        stack.push({ value: x[i] === undefined ? null : x[i] });
        if (i > 0) stack.push({ text: ',' });
      }
    } else if (isJsonObject(x)) {
      parts.push('{');
      stack.push({ text: '}' });
      const keys = Object.keys(x).filter((k) => x[k] !== undefined);
      if (sortKeys) keys.sort();
      // the last key is pushed first, so the first pops first; every key but the first follows a comma
      for (const [fromEnd, k] of keys.reverse().entries()) {
        stack.push({ value: x[k] });
        stack.push({ text: `${fromEnd < keys.length - 1 ? ',' : ''}${JSON.stringify(k)}:` });
      }
    } else {
      // undefined at the top, a function or a symbol: what JSON.stringify leaves out of an object, written as null
      parts.push(stringify(x) ?? 'null');
    }
  }
  return parts.toString();
}
