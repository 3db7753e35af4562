/**
 * The storage interface over etcd v3 (k8s.io/apiserver/pkg/storage/etcd3): one key per object, its value the object's
 * JSON without `metadata.resourceVersion`; the resourceVersion of an object is its key's mod revision, that of a list
 * the revision it was read at. Writes are transactions comparing the key's mod revision (create: 0, update and delete:
 * the revision read), so that concurrent writers never lose an update. Watches are etcd watch streams, one per watch,
 * with `prev_kv` to decide what a predicate saw before; bookmarks come from etcd's progress notifications.
 *
 * The contract is the interface's (./interface.ts); the client is the `etcd3` library over @grpc/grpc-js.
 */

import { Etcd3, type IKeyValue, type IOptions, type IRangeResponse, type IWatchResponse } from 'etcd3';
import { type JsonObject, StatusError, isJsonObject, newInternalError } from '@kubegen/runtime';
import { continueTooOld, invalidObj, keyExists, keyNotFound, listTooOld, parseResourceVersion, tooLargeResourceVersion, watchTooOld } from './errors';
import { decodeContinue, encodeContinue } from './continue';
import type {
  DeleteOptions,
  GetOptions,
  ListOptions,
  ListResult,
  Preconditions,
  Predicate,
  Storage,
  StoredObject,
  UpdateOptions,
  Watch,
  WatchEvent,
  WatchOptions,
} from './interface';

export interface EtcdStorageOptions {
  /** etcd client URLs, e.g. `http://127.0.0.1:2379`. */
  endpoints: string[];
  /** Options of the `etcd3` client (TLS credentials, auth, dial timeout) over the endpoints. */
  client?: Omit<IOptions, 'hosts'>;
  /** How often a watch that allows bookmarks asks etcd for its progress (default 60 s, as the apiserver's cacher). */
  bookmarkIntervalMs?: number;
  /** Events a watch buffers for a slow consumer before it is ended (the client re-watches from its last revision). */
  watchBufferLimit?: number;
}

/** The most items one range request asks for while a predicate filters a page (Go's maxLimit). */
const MAX_RANGE_LIMIT = 10_000;
const COMPACTED = 'required revision has been compacted';
/** The key etcd3's compactor keeps the last compaction's revision in (k8s.io/apiserver/pkg/storage/etcd3/compact.go). */
export const COMPACT_REV_KEY = 'compact_rev_key';
const FUTURE = 'required revision is a future revision';

/** The end of the key range of every key starting with `prefix` (clientv3.GetPrefixRangeEnd). */
export function prefixRangeEnd(prefix: string): Buffer {
  const end = Buffer.from(prefix);
  for (let i = end.length - 1; i >= 0; i--) {
    const b = end[i] ?? 0xff;
    if (b < 0xff) {
      end[i] = b + 1;
      return end.subarray(0, i + 1);
    }
  }
  return Buffer.from([0]);
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : typeof err === 'string' ? err : 'unknown error');

export class EtcdStorage implements Storage {
  readonly client: Etcd3;
  private readonly bookmarkIntervalMs: number;
  private readonly watchBufferLimit: number;

  constructor(options: EtcdStorageOptions) {
    this.client = new Etcd3({ ...options.client, hosts: options.endpoints });
    this.bookmarkIntervalMs = options.bookmarkIntervalMs ?? 60_000;
    this.watchBufferLimit = options.watchBufferLimit ?? 10_000;
  }

  async close(): Promise<void> {
    this.client.close();
    return Promise.resolve();
  }

  async currentResourceVersion(): Promise<string> {
    const resp = await this.client.kv.range({ key: Buffer.from('\0'), count_only: true });
    return resp.header.revision;
  }

  /** The revision in etcd3's `compact_rev_key`, which the apiservers' compactors write when they compact (0: none). */
  async compactRevision(): Promise<string> {
    const resp = await this.client.kv.range({ key: Buffer.from(COMPACT_REV_KEY) });
    const value = resp.kvs[0]?.value.toString('utf8') ?? '';
    return /^[0-9]{1,19}$/.test(value) ? value : '0';
  }

  async create(key: string, obj: StoredObject): Promise<StoredObject> {
    const value = encode(obj, key);
    const resp = await this.client.kv.txn({
      compare: [{ key: Buffer.from(key), target: 'Mod', result: 'Equal', mod_revision: 0 }],
      success: [{ request_put: { key: Buffer.from(key), value } }],
    });
    if (!resp.succeeded) throw keyExists(key);
    return withResourceVersion(decode(value, key), resp.header.revision);
  }

  async get(key: string, options: GetOptions = {}): Promise<StoredObject | undefined> {
    const minimum = parseResourceVersion(options.resourceVersion, key);
    const resp = await this.client.kv.range({ key: Buffer.from(key) });
    checkMinimum(minimum, resp);
    const kv = resp.kvs[0];
    return kv ? decodeKv(kv) : undefined;
  }

  async getList(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    const rv = parseResourceVersion(options.resourceVersion, prefix);
    const limit = options.limit !== undefined && options.limit > 0 ? options.limit : 0;
    const predicate = options.predicate !== undefined && !options.predicate.empty ? options.predicate : undefined;
    let startKey = prefix;
    let withRev = 0n;
    const paging = options.continue !== undefined && options.continue !== '';
    if (options.continue !== undefined && options.continue !== '') {
      const c = decodeContinue(options.continue, prefix);
      startKey = c.key;
      withRev = c.rv;
    } else if (options.resourceVersionMatch === 'Exact') {
      withRev = rv;
    } else if ((options.resourceVersionMatch ?? '') === '' && limit > 0 && rv > 0n) {
      // The legacy meaning of a resourceVersion with a limit: the first page at exactly that revision.
      withRev = rv;
    }
    const exact = withRev > 0n;
    const rangeEnd = prefixRangeEnd(prefix);
    const items: StoredObject[] = [];
    let requestLimit = limit > 0 && predicate ? Math.min(limit, MAX_RANGE_LIMIT) : limit;
    let more: boolean;
    let nextKey = '';
    /** The keys from the first page's start to the end of the range (-1 before the first response). */
    let count = -1;
    for (;;) {
      let resp: IRangeResponse;
      try {
        resp = await this.client.kv.range({
          key: Buffer.from(startKey),
          range_end: rangeEnd,
          limit: requestLimit,
          ...(withRev > 0n ? { revision: withRev.toString() } : {}),
        });
      } catch (err) {
        if (messageOf(err).includes(COMPACTED)) throw paging ? continueTooOld(encodeContinue(startKey, prefix, -1n)) : listTooOld();
        if (messageOf(err).includes(FUTURE)) throw tooLargeResourceVersion(withRev, BigInt(await this.currentResourceVersion()));
        throw err;
      }
      if (withRev === 0n) {
        if (!exact) checkMinimum(rv, resp);
        withRev = BigInt(resp.header.revision);
      }
      if (count < 0) count = Number(resp.count);
      more = resp.more;
      let consumed = 0;
      for (const kv of resp.kvs) {
        consumed++;
        const obj = decodeKv(kv);
        if (predicate && !predicate.matches(obj)) {
          nextKey = kv.key.toString('utf8');
          continue;
        }
        items.push(obj);
        nextKey = kv.key.toString('utf8');
        if (limit > 0 && items.length >= limit) break;
      }
      if (consumed < resp.kvs.length) more = true;
      if (limit === 0 || !more || items.length >= limit) break;
      startKey = `${nextKey}\0`;
      requestLimit = Math.min(requestLimit * 2, MAX_RANGE_LIMIT);
    }
    const result: ListResult = { items, resourceVersion: withRev.toString(), continue: '' };
    if (more && limit > 0) {
      result.continue = encodeContinue(`${nextKey}\0`, prefix, withRev);
      if (!predicate && count >= 0) result.remainingItemCount = Math.max(0, count - items.length);
    }
    return result;
  }

  async guaranteedUpdate(key: string, options: UpdateOptions): Promise<StoredObject> {
    for (;;) {
      const resp = await this.client.kv.range({ key: Buffer.from(key) });
      const kv = resp.kvs[0];
      const current = kv ? decodeKv(kv) : undefined;
      if (!current && !options.ignoreNotFound) throw keyNotFound(key);
      if (current) checkPreconditions(key, options.preconditions, current);
      const updated = await options.tryUpdate(current === undefined ? undefined : structuredClone(current));
      const value = encode(updated, key);
      if (kv && value.equals(kv.value)) return current ?? decode(value, key);
      const modRevision = kv ? kv.mod_revision : '0';
      const txn = await this.client.kv.txn({
        compare: [{ key: Buffer.from(key), target: 'Mod', result: 'Equal', mod_revision: modRevision }],
        success: [{ request_put: { key: Buffer.from(key), value } }],
      });
      if (txn.succeeded) return withResourceVersion(decode(value, key), txn.header.revision);
      // Someone else wrote the key since it was read: read again and retry with the newer object.
    }
  }

  async delete(key: string, options: DeleteOptions = {}): Promise<StoredObject> {
    for (;;) {
      const resp = await this.client.kv.range({ key: Buffer.from(key) });
      const kv = resp.kvs[0];
      if (!kv) throw keyNotFound(key);
      const current = decodeKv(kv);
      checkPreconditions(key, options.preconditions, current);
      if (options.validateDeletion) await options.validateDeletion(structuredClone(current));
      const txn = await this.client.kv.txn({
        compare: [{ key: Buffer.from(key), target: 'Mod', result: 'Equal', mod_revision: kv.mod_revision }],
        success: [{ request_delete_range: { key: Buffer.from(key) } }],
      });
      if (txn.succeeded) return withResourceVersion(current, txn.header.revision);
    }
  }

  /** The objects at `key` (every one under it when `recursive`) and the revision read at, not older than `minimum`. */
  private async readState(key: string, recursive: boolean, minimum: bigint): Promise<{ items: StoredObject[]; revision: bigint }> {
    if (recursive) {
      const list = await this.getList(key, { resourceVersion: minimum.toString(), resourceVersionMatch: 'NotOlderThan' });
      return { items: list.items, revision: BigInt(list.resourceVersion) };
    }
    const resp = await this.client.kv.range({ key: Buffer.from(key) });
    checkMinimum(minimum, resp);
    return { items: resp.kvs.map((kv) => decodeKv(kv)), revision: BigInt(resp.header.revision) };
  }

  async watch(key: string, options: WatchOptions = {}): Promise<Watch> {
    const rv = parseResourceVersion(options.resourceVersion, key);
    const recursive = key.endsWith('/');
    const predicate = options.predicate !== undefined && !options.predicate.empty ? options.predicate : undefined;
    // the request's deadline, from when it was asked for (the etcd watch's context ends then)
    const deadline = options.timeoutMs === undefined ? undefined : performance.now() + Math.max(0, options.timeoutMs);
    const queue = new EventQueue(this.watchBufferLimit);
    const initial = options.sendInitialEvents ?? rv === 0n;
    let from = rv;
    if (initial) {
      // The current state as ADDED events, then everything after the revision it was read at.
      const state = await this.readState(key, recursive, rv);
      for (const obj of state.items) if (!predicate || predicate.matches(obj)) queue.push({ type: 'ADDED', object: obj });
      from = state.revision;
      if (options.sendInitialEvents === true && options.allowWatchBookmarks === true) {
        queue.push({ type: 'BOOKMARK', object: bookmarkObject(from, true) });
      }
    } else if (rv === 0n) {
      from = BigInt(await this.currentResourceVersion());
    }
    const stream = await this.client.watchClient.watch();
    let lastRevision = from;
    let timer: NodeJS.Timeout | undefined;
    let deadlineTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (deadlineTimer) clearTimeout(deadlineTimer);
      deadlineTimer = undefined;
      stream.cancel();
      queue.end();
    };
    queue.onClose = stop;
    const fail = (err: StatusError) => {
      queue.push({ type: 'ERROR', object: statusObject(err) });
      stop();
    };
    stream.on('data', (res: IWatchResponse) => {
      try {
        if (res.compact_revision !== '0' && res.compact_revision !== '') {
          fail(watchTooOld(rv, BigInt(res.compact_revision)));
          return;
        }
        if (res.canceled) {
          fail(newInternalError(`the etcd watch of ${key} was canceled: ${res.cancel_reason || 'no reason given'}`));
          return;
        }
        if (res.created) return;
        if (res.events.length === 0) {
          const revision = BigInt(res.header.revision);
          if (options.allowWatchBookmarks === true && revision >= lastRevision) {
            lastRevision = revision;
            queue.push({ type: 'BOOKMARK', object: bookmarkObject(revision, false) });
          }
          return;
        }
        for (const ev of res.events) {
          const event = transform(ev.type, ev.kv, keyValueOrUndefined(ev.prev_kv), predicate);
          lastRevision = BigInt(ev.kv.mod_revision);
          if (event) queue.push(event);
        }
      } catch (err) {
        fail(err instanceof StatusError ? err : newInternalError(messageOf(err)));
      }
    });
    stream.on('error', (err: Error) => {
      if (!queue.ended) fail(newInternalError(`the etcd watch of ${key} failed: ${err.message}`));
    });
    stream.on('end', () => {
      queue.end();
    });
    stream.write({
      create_request: {
        key: Buffer.from(key),
        ...(recursive ? { range_end: prefixRangeEnd(key) } : {}),
        start_revision: (from + 1n).toString(),
        prev_kv: true,
      },
    });
    if (options.allowWatchBookmarks === true) {
      timer = setInterval(() => {
        stream.write({ progress_request: {} });
      }, this.bookmarkIntervalMs);
      timer.unref();
    }
    if (deadline !== undefined && !queue.ended) {
      deadlineTimer = setTimeout(stop, deadline - performance.now());
      deadlineTimer.unref();
    }
    if (options.signal) {
      if (options.signal.aborted) stop();
      else options.signal.addEventListener('abort', stop, { once: true });
    }
    return {
      stop,
      requestProgress: () => {
        if (!queue.ended) stream.write({ progress_request: {} });
      },
      [Symbol.asyncIterator]: () => queue.iterator(),
    };
  }
}

function bookmarkObject(revision: bigint, initialEventsEnd: boolean): JsonObject {
  return {
    metadata: {
      resourceVersion: revision.toString(),
      ...(initialEventsEnd ? { annotations: { 'k8s.io/initial-events-end': 'true' } } : {}),
    },
  };
}

/** The status of an error as a watch event's object. */
export function statusObject(err: StatusError): JsonObject {
  const parsed: unknown = JSON.parse(JSON.stringify(err.status));
  return isJsonObject(parsed) ? parsed : {};
}

/** `prev_kv` is a message field: null (not a key-value) when etcd sent none, whatever its declared type says. */
function keyValueOrUndefined(kv: unknown): IKeyValue | undefined {
  if (typeof kv !== 'object' || kv === null) return undefined;
  const str = (name: string): string => {
    const v: unknown = Reflect.get(kv, name);
    return typeof v === 'string' ? v : '0';
  };
  const key: unknown = Reflect.get(kv, 'key');
  const value: unknown = Reflect.get(kv, 'value');
  if (!Buffer.isBuffer(key) || !Buffer.isBuffer(value)) return undefined;
  return { key, value, mod_revision: str('mod_revision'), create_revision: str('create_revision'), version: str('version'), lease: str('lease') };
}

function transform(type: 'Put' | 'Delete', kv: IKeyValue, prev: IKeyValue | undefined, predicate: Predicate | undefined): WatchEvent | undefined {
  const revision = kv.mod_revision;
  if (type === 'Delete') {
    if (!prev) return undefined;
    const old = decodeKv(prev, revision);
    return !predicate || predicate.matches(old) ? { type: 'DELETED', object: old } : undefined;
  }
  const cur = decodeKv(kv);
  const created = kv.create_revision === kv.mod_revision || !prev;
  if (!predicate) return { type: created ? 'ADDED' : 'MODIFIED', object: cur };
  const curPasses = predicate.matches(cur);
  if (created) return curPasses ? { type: 'ADDED', object: cur } : undefined;
  const old = decodeKv(prev, revision);
  const oldPasses = predicate.matches(old);
  if (curPasses && oldPasses) return { type: 'MODIFIED', object: cur };
  if (curPasses) return { type: 'ADDED', object: cur };
  if (oldPasses) return { type: 'DELETED', object: old };
  return undefined;
}

function checkMinimum(minimum: bigint, resp: IRangeResponse): void {
  const current = BigInt(resp.header.revision);
  if (minimum > current) throw tooLargeResourceVersion(minimum, current);
}

function checkPreconditions(key: string, pre: Preconditions | undefined, current: StoredObject): void {
  if (!pre) return;
  const meta = isJsonObject(current.metadata) ? current.metadata : {};
  if (pre.uid !== undefined && pre.uid !== meta.uid) {
    throw invalidObj(key, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${typeof meta.uid === 'string' ? meta.uid : ''}`);
  }
  if (pre.resourceVersion !== undefined && pre.resourceVersion !== meta.resourceVersion) {
    throw invalidObj(
      key,
      `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${typeof meta.resourceVersion === 'string' ? meta.resourceVersion : ''}`,
    );
  }
}

/** The stored bytes of an object: its JSON without `metadata.resourceVersion` (the revision is the version). */
function encode(obj: StoredObject, key: string): Buffer {
  if (!isJsonObject(obj.metadata)) throw newInternalError(`the object for ${key} has no metadata`);
  const { resourceVersion: _rv, ...metadata } = obj.metadata;
  return Buffer.from(JSON.stringify({ ...obj, metadata }));
}

function decode(value: Buffer, key: string): StoredObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value.toString('utf8'));
  } catch (err) {
    throw newInternalError(`the object stored at ${key} is corrupt: ${messageOf(err)}`);
  }
  if (!isJsonObject(parsed) || !isJsonObject(parsed.metadata)) throw newInternalError(`the object stored at ${key} is corrupt: not an object with metadata`);
  return parsed;
}

function decodeKv(kv: IKeyValue, revision = kv.mod_revision): StoredObject {
  return withResourceVersion(decode(kv.value, kv.key.toString('utf8')), revision);
}

function withResourceVersion(obj: StoredObject, revision: string): StoredObject {
  const metadata = isJsonObject(obj.metadata) ? obj.metadata : {};
  obj.metadata = { ...metadata, resourceVersion: revision };
  return obj;
}

/** The buffer between an etcd watch stream and its consumer; overflowing it ends the watch. */
class EventQueue {
  private readonly items: WatchEvent[] = [];
  private waiting: ((r: IteratorResult<WatchEvent>) => void) | undefined;
  ended = false;
  /** Stops the producer: on overflow, and when the consumer leaves the iteration. */
  onClose: (() => void) | undefined;

  constructor(private readonly limit: number) {}

  push(event: WatchEvent): void {
    if (this.ended) return;
    const w = this.waiting;
    if (w) {
      this.waiting = undefined;
      w({ value: event, done: false });
      return;
    }
    this.items.push(event);
    if (this.items.length > this.limit) this.onClose?.();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    const w = this.waiting;
    this.waiting = undefined;
    w?.({ value: undefined, done: true });
  }

  iterator(): AsyncIterator<WatchEvent> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item) return Promise.resolve({ value: item, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
      return: () => {
        this.onClose?.();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
