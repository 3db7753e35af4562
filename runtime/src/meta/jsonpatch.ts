/**
 * JSON Patch (RFC 6902) and JSON Merge Patch (RFC 7386): the one implementation of the runtime — the admission
 * server answers mutations with `diffJson`'s operations, the fake API server applies the patches clients send.
 *
 * Contract of `diffJson(original, edited)`:
 * - both arguments are JSON values (as `JSON.parse` makes them); neither is modified; the operations' values are
 *   copies, so later edits of `edited` do not change the patch;
 * - `applyJsonPatch(original, diffJson(original, edited))` deep-equals `edited` (property-tested);
 * - equal values give `[]`; objects differ key by key (`remove` for keys gone, `add` for new keys, a recursion for
 *   keys in both); arrays keep their common prefix and suffix, recurse pairwise through the middle, then `remove`
 *   the surplus of `original` or `add` the surplus of `edited` at its index — so inserting or dropping one element
 *   is one operation; anything else that differs is a `replace`.
 *
 * Contract of `applyJsonPatch(doc, ops)` (RFC 6902 complete):
 * - the six operations; `doc` is never modified (the operations apply to a copy, all or none);
 * - `ops` may be untrusted (a client's request body): each operation must be an object with a string `op` and
 *   `path`, a `value` member for `add` / `replace` / `test` (which may be `null`, never absent), a string `from`
 *   for `move` / `copy`; members an operation does not use are ignored (RFC 6902 §4);
 * - paths are JSON Pointers (RFC 6901): `''` is the whole document, every other pointer starts with `/`, `~0` is
 *   `~` and `~1` is `/`, and a `~` followed by anything else is an error; array indexes are `0` or digits without a
 *   leading zero, `-` (after the last element) only where `add` inserts;
 * - `add` to an array inserts, to an object adds or replaces; `remove` and `replace` need the target to exist (an
 *   inherited key is none); `move` from a location into one of its children is an error, `move` onto itself a
 *   no-op; `test` compares as JSON (objects by own keys in any order, numbers by value, `"10"` is not `10`);
 * - errors are `JsonPatchError`s naming the operation's index, op and path; `testFailed` says a `test` failed (the
 *   API server answers those, like every failed patch, with 422 Invalid).
 *
 * `mergePatch(target, patch)` is RFC 7386: objects merge recursively, `null` deletes, anything else replaces;
 * `target` is not modified.
 *
 * Every key is data, `__proto__` and `constructor` included: objects are walked by own keys and built with own
 * data properties (see ./own).
 */
import { cloneJSON, isJsonObject, type JsonObject } from './json';
import { getOwn, hasOwn, setOwn } from './own';

export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

/** A patch that cannot be applied (a malformed operation, a bad path, an index out of range, a failed test). */
export class JsonPatchError extends Error {
  override readonly name = 'JsonPatchError';

  constructor(
    message: string,
    /** A `test` operation failed. */
    readonly testFailed = false,
  ) {
    super(message);
  }
}

/** A JSON Pointer token for `key` (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapePointerToken(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
}

/** The key a JSON Pointer token names (the reverse of `escapePointerToken`); a `~` not followed by 0 or 1 throws. */
export function unescapePointerToken(token: string): string {
  if (!token.includes('~')) return token;
  if (/~(?![01])/.test(token)) throw new JsonPatchError(`${JSON.stringify(token)} has a ~ that is neither ~0 nor ~1`);
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
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

/**
 * `doc` with `ops` applied (RFC 6902; see the module contract); `doc` is not modified. `ops` may come from an
 * untrusted request: every operation is checked. Throws `JsonPatchError`.
 */
export function applyJsonPatch(doc: unknown, ops: readonly unknown[]): unknown {
  let root = cloneJSON(doc);
  for (const [i, raw] of ops.entries()) {
    const op = checkOperation(raw, i);
    try {
      root = applyOne(root, op);
    } catch (e) {
      if (e instanceof JsonPatchError) throw new JsonPatchError(`operation ${i} (${op.op} ${op.path}): ${e.message}`, e.testFailed);
      throw e;
    }
  }
  return root;
}

/** An operation of an untrusted patch as a `JsonPatchOperation` (its own members only), or a `JsonPatchError`. */
function checkOperation(raw: unknown, i: number): JsonPatchOperation {
  if (!isJsonObject(raw)) throw new JsonPatchError(`operation ${i} is not an object`);
  const op = getOwn(raw, 'op');
  const path = getOwn(raw, 'path');
  if (typeof op !== 'string') throw new JsonPatchError(`operation ${i} has no "op" string`);
  if (typeof path !== 'string') throw new JsonPatchError(`operation ${i} (${op}) has no "path" string`);
  switch (op) {
    case 'add':
    case 'replace':
    case 'test':
      if (!hasOwn(raw, 'value') || getOwn(raw, 'value') === undefined) throw new JsonPatchError(`operation ${i} (${op} ${path}) has no "value"`);
      return { op, path, value: getOwn(raw, 'value') };
    case 'remove':
      return { op, path };
    case 'move':
    case 'copy': {
      const from = getOwn(raw, 'from');
      if (typeof from !== 'string') throw new JsonPatchError(`operation ${i} (${op} ${path}) has no "from" string`);
      return { op, from, path };
    }
    default:
      throw new JsonPatchError(`operation ${i} has an unknown op ${JSON.stringify(op)}`);
  }
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
  const last = tokens.at(-1);
  if (last === undefined) return root;
  const parent = parentOf(root, tokens);
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, false)];
  if (isJsonObject(parent) && hasOwn(parent, last)) return getOwn(parent, last);
  throw new JsonPatchError(`${JSON.stringify(last)} does not exist`);
}

function add(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  const last = tokens.at(-1);
  if (last === undefined) return value;
  const parent = parentOf(root, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
  else if (isJsonObject(parent)) setOwn(parent, last, value);
  else throw new JsonPatchError(`the parent of ${JSON.stringify(last)} is not a container`);
  return root;
}

function remove(root: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  const last = tokens.at(-1);
  if (last === undefined) throw new JsonPatchError('cannot remove the whole document');
  const parent = parentOf(root, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
  else if (isJsonObject(parent) && hasOwn(parent, last)) Reflect.deleteProperty(parent, last);
  else throw new JsonPatchError(`${JSON.stringify(last)} does not exist`);
  return root;
}

function replace(root: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  const last = tokens.at(-1);
  if (last === undefined) return value;
  const parent = parentOf(root, tokens);
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
      if (!jsonEqual(get(root, op.path), op.value)) throw new JsonPatchError('test failed', true);
      return root;
    case 'move': {
      if (op.path === op.from) {
        get(root, op.from);
        return root;
      }
      if (op.path.startsWith(`${op.from}/`)) throw new JsonPatchError('cannot move a value into itself');
      const value = get(root, op.from);
      return add(remove(root, op.from), op.path, value);
    }
    case 'copy':
      return add(root, op.path, cloneJSON(get(root, op.from)));
  }
}

/** RFC 7386 JSON merge patch of `target` (not modified): objects merge recursively, `null` deletes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return cloneJSON(patch);
  const result: JsonObject = isJsonObject(target) ? cloneJSON(target) : {};
  for (const k of Object.keys(patch)) {
    const v = getOwn(patch, k);
    if (v === null) Reflect.deleteProperty(result, k);
    else if (v !== undefined) setOwn(result, k, mergePatch(getOwn(result, k), v));
  }
  return result;
}
