/**
 * JSON helpers of the fake tracker: deep copy and equality of JSON values, RFC 7386 merge patch and RFC 6902
 * JSON patch. They work on plain JSON (objects, arrays, strings, numbers, booleans, null), by own keys only;
 * every key is data (`__proto__` included, see `meta/own`).
 */

import { getOwn, hasOwn, setOwn } from '../../meta/own';

export type JsonObject = { [key: string]: unknown };

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A deep copy with `undefined` fields dropped, as on the wire. */
export function jsonClone<V>(v: V): V {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as V);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** RFC 7386 JSON merge patch: objects merge recursively, `null` deletes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return jsonClone(patch);
  // a spread defines own data properties (an own `__proto__` key stays a key)
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const k of Object.keys(patch)) {
    const v = patch[k];
    if (v === null) delete result[k];
    else if (v !== undefined) setOwn(result, k, mergePatch(getOwn(result, k), v));
  }
  return result;
}

/** A JSON patch that cannot be applied (bad pointer, missing path, failed `test`). */
export class PatchError extends Error {
  override readonly name = 'PatchError';
  constructor(
    message: string,
    /** `test` failed (the server answers 422 Invalid for these in kubegen's fake). */
    readonly testFailed = false,
  ) {
    super(message);
  }
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`invalid JSON pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function arrayIndex(arr: unknown[], token: string, forAdd: boolean, pointer: string): number {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new PatchError(`invalid array index "${token}" in "${pointer}"`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new PatchError(`array index ${i} out of bounds in "${pointer}"`);
  return i;
}

function parentOf(doc: unknown, tokens: string[], pointer: string): unknown {
  let cur = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false, pointer)];
    else if (isObject(cur) && hasOwn(cur, t)) cur = cur[t];
    else throw new PatchError(`path "${pointer}" does not exist`);
  }
  return cur;
}

function getAt(doc: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return doc;
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, false, pointer)];
  if (isObject(parent) && hasOwn(parent, last)) return parent[last];
  throw new PatchError(`path "${pointer}" does not exist`);
}

function addAt(doc: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true, pointer), 0, value);
  else if (isObject(parent)) setOwn(parent, last, value);
  else throw new PatchError(`path "${pointer}" does not exist`);
  return doc;
}

function removeAt(doc: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) throw new PatchError('cannot remove the whole document');
  const parent = parentOf(doc, tokens, pointer);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false, pointer), 1);
  else if (isObject(parent) && hasOwn(parent, last)) delete parent[last];
  else throw new PatchError(`path "${pointer}" does not exist`);
  return doc;
}

export interface JsonPatchOp {
  op: string;
  path: string;
  from?: string;
  value?: unknown;
}

/** RFC 6902 JSON patch, applied to a copy of `doc`; throws `PatchError`. */
export function applyJsonPatch(doc: unknown, ops: readonly JsonPatchOp[]): unknown {
  let out = jsonClone(doc);
  for (const o of ops) {
    if (!isObject(o) || typeof o.path !== 'string') throw new PatchError(`invalid JSON patch operation ${JSON.stringify(o)}`);
    switch (o.op) {
      case 'add':
        out = addAt(out, o.path, jsonClone(o.value));
        break;
      case 'remove':
        out = removeAt(out, o.path);
        break;
      case 'replace':
        getAt(out, o.path);
        out = o.path === '' ? jsonClone(o.value) : addAt(removeAt(out, o.path), o.path, jsonClone(o.value));
        break;
      case 'move': {
        if (typeof o.from !== 'string') throw new PatchError('"move" needs "from"');
        if (o.path.startsWith(`${o.from}/`)) throw new PatchError(`cannot move "${o.from}" into itself`);
        const v = getAt(out, o.from);
        out = addAt(removeAt(out, o.from), o.path, v);
        break;
      }
      case 'copy': {
        if (typeof o.from !== 'string') throw new PatchError('"copy" needs "from"');
        out = addAt(out, o.path, jsonClone(getAt(out, o.from)));
        break;
      }
      case 'test':
        if (!deepEqual(getAt(out, o.path), o.value)) throw new PatchError(`test failed at "${o.path}"`, true);
        break;
      default:
        throw new PatchError(`unknown JSON patch operation "${o.op}"`);
    }
  }
  return out;
}
