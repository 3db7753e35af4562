/**
 * JSON Patch (RFC 6902) for mutating admission: `diffJson(original, edited)` writes the operations that turn
 * `original` into `edited`, and `applyJsonPatch(doc, ops)` applies operations (to check a diff, or in tests).
 *
 * Contract of `diffJson`:
 * - both arguments are JSON values (as `JSON.parse` makes them); neither is modified; the operations' values are
 *   copies, so later edits of `edited` do not change the patch;
 * - `applyJsonPatch(original, diffJson(original, edited))` deep-equals `edited` (property-tested);
 * - equal values give `[]`; objects differ key by key (`remove` for keys gone, `add` for new keys, a recursion for
 *   keys in both); arrays keep their common prefix and suffix, recurse pairwise through the middle, then `remove`
 *   the surplus of `original` or `add` the surplus of `edited` at its index — so inserting or dropping one element
 *   is one operation; anything else that differs is a `replace`;
 * - keys are JSON Pointer tokens escaped as RFC 6901 says (`~` → `~0`, `/` → `~1`); every key is data, `__proto__`
 *   and `constructor` included: objects are walked by own keys and built with own data properties.
 * `applyJsonPatch` supports all six operations, never modifies its input, and throws `JsonPatchError` for a path that
 * does not resolve, an index out of range, or a failed `test`.
 */
import { cloneJSON, isJsonObject, type JsonObject } from '../../meta/json';
import { getOwn, hasOwn, setOwn } from '../../meta/own';

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

/** A patch that cannot be applied (bad path, index out of range, failed test). */
export class JsonPatchError extends Error {
  override readonly name = 'JsonPatchError';
}

/** A JSON Pointer token for `key` (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapePointerToken(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
}

/** The key a JSON Pointer token names (the reverse of `escapePointerToken`). */
export function unescapePointerToken(token: string): string {
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
}

/** Whether two JSON values are equal (objects by own keys, in any order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!hasOwn(b, k) || !jsonEqual(getOwn(a, k), getOwn(b, k))) return false;
  return true;
}

/** The JSON Patch that turns `original` into `edited` (see the module contract). */
export function diffJson(original: unknown, edited: unknown): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  diffValue(original, edited, '', ops);
  return ops;
}

function diffValue(a: unknown, b: unknown, path: string, ops: JsonPatchOperation[]): void {
  if (a === b) return;
  if (isJsonObject(a) && isJsonObject(b)) { diffObject(a, b, path, ops); return; }
  if (Array.isArray(a) && Array.isArray(b)) { diffArray(a, b, path, ops); return; }
  if (!jsonEqual(a, b)) ops.push({ op: 'replace', path, value: cloneJSON(b) });
}

function diffObject(a: JsonObject, b: JsonObject, path: string, ops: JsonPatchOperation[]): void {
  for (const k of Object.keys(a)) if (!hasOwn(b, k)) ops.push({ op: 'remove', path: `${path}/${escapePointerToken(k)}` });
  for (const k of Object.keys(b)) {
    const p = `${path}/${escapePointerToken(k)}`;
    if (hasOwn(a, k)) diffValue(getOwn(a, k), getOwn(b, k), p, ops);
    else ops.push({ op: 'add', path: p, value: cloneJSON(getOwn(b, k)) });
  }
}

function diffArray(a: readonly unknown[], b: readonly unknown[], path: string, ops: JsonPatchOperation[]): void {
  const la = a.length;
  const lb = b.length;
  let prefix = 0;
  while (prefix < la && prefix < lb && jsonEqual(a[prefix], b[prefix])) prefix++;
  let suffix = 0;
  while (suffix < la - prefix && suffix < lb - prefix && jsonEqual(a[la - 1 - suffix], b[lb - 1 - suffix])) suffix++;
  const midA = la - prefix - suffix;
  const midB = lb - prefix - suffix;
  const paired = Math.min(midA, midB);
  for (let i = 0; i < paired; i++) diffValue(a[prefix + i], b[prefix + i], `${path}/${prefix + i}`, ops);
  // after the pairs, index prefix+paired holds a's surplus (removed one by one at the same index) or is where b's
  // surplus goes (added in order, each after the one before)
  for (let i = paired; i < midA; i++) ops.push({ op: 'remove', path: `${path}/${prefix + paired}` });
  for (let i = paired; i < midB; i++) ops.push({ op: 'add', path: `${path}/${prefix + i}`, value: cloneJSON(b[prefix + i]) });
}

/** `doc` with `ops` applied (RFC 6902); `doc` is not modified. Throws `JsonPatchError`. */
export function applyJsonPatch(doc: unknown, ops: readonly JsonPatchOperation[]): unknown {
  let root = cloneJSON(doc);
  for (const [i, op] of ops.entries()) {
    try {
      root = applyOne(root, op);
    } catch (e) {
      if (e instanceof JsonPatchError) throw new JsonPatchError(`operation ${i} (${op.op} ${op.path}): ${e.message}`);
      throw e;
    }
  }
  return root;
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JsonPatchError(`path ${JSON.stringify(pointer)} does not start with "/"`);
  return pointer.slice(1).split('/').map(unescapePointerToken);
}

function arrayIndex(arr: readonly unknown[], token: string, forAdd: boolean): number {
  if (forAdd && token === '-') return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new JsonPatchError(`${JSON.stringify(token)} is not an array index`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new JsonPatchError(`index ${i} is out of range (length ${arr.length})`);
  return i;
}

/** The container the pointer's last token lives in, and that token. */
function parentOf(root: unknown, tokens: readonly string[]): unknown {
  let cur = root;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false)];
    else if (isJsonObject(cur) && hasOwn(cur, t)) cur = getOwn(cur, t);
    else throw new JsonPatchError(`${JSON.stringify(t)} does not exist`);
  }
  return cur;
}

function get(root: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return root;
  const parent = parentOf(root, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, false)];
  if (isJsonObject(parent) && hasOwn(parent, last)) return getOwn(parent, last);
  throw new JsonPatchError(`${JSON.stringify(last)} does not exist`);
}

function add(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const parent = parentOf(root, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
  else if (isJsonObject(parent)) setOwn(parent, last, value);
  else throw new JsonPatchError(`the parent of ${JSON.stringify(last)} is not a container`);
  return root;
}

function remove(root: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) throw new JsonPatchError('cannot remove the whole document');
  const parent = parentOf(root, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
  else if (isJsonObject(parent) && hasOwn(parent, last)) Reflect.deleteProperty(parent, last);
  else throw new JsonPatchError(`${JSON.stringify(last)} does not exist`);
  return root;
}

function replace(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return value;
  const parent = parentOf(root, tokens);
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent[arrayIndex(parent, last, false)] = value;
  else if (isJsonObject(parent) && hasOwn(parent, last)) setOwn(parent, last, value);
  else throw new JsonPatchError(`${JSON.stringify(last)} does not exist`);
  return root;
}

function applyOne(root: unknown, op: JsonPatchOperation): unknown {
  switch (op.op) {
    case 'add':
      return add(root, op.path, cloneJSON(op.value));
    case 'remove':
      return remove(root, op.path);
    case 'replace':
      return replace(root, op.path, cloneJSON(op.value));
    case 'test':
      if (!jsonEqual(get(root, op.path), op.value)) throw new JsonPatchError('test failed');
      return root;
    case 'move': {
      if (op.path.startsWith(`${op.from}/`)) throw new JsonPatchError('cannot move a value into itself');
      const value = get(root, op.from);
      return add(remove(root, op.from), op.path, value);
    }
    case 'copy':
      return add(root, op.path, cloneJSON(get(root, op.from)));
  }
}
