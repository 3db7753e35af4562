/**
 * A storage for the watch cache's tests: every call goes to a real backend (an `EtcdStorage`), and the reads it serves
 * other than the reflectors' are recorded (what the cache delegated); the next reflector list can be held (a cache
 * that is not ready), and a reflector's watch ended with an error (a relist).
 */
import type { DeleteOptions, EtcdStorage, GetOptions, ListOptions, ListResult, Storage, StoredObject, UpdateOptions, Watch, WatchEvent, WatchOptions } from '@kubegen/apiserver/storage';
import type { JsonObject } from '@kubegen/runtime';

/** The backend behind a cacher, spied on. */
export class SpyStorage implements Storage {
  readonly lists: ListOptions[] = [];
  readonly gets: string[] = [];
  readonly watches: string[] = [];
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;
  /** The reflectors' current watches by key: each ends with the error event it is given. */
  private readonly reflectors = new Map<string, (status: JsonObject) => void>();

  constructor(private readonly backend: EtcdStorage) {}

  /** The next list (the reflector's) waits until `release`. */
  holdNextList(): void {
    this.gate = new Promise((resolve) => (this.openGate = resolve));
  }

  release(): void {
    this.openGate?.();
  }

  create(key: string, obj: StoredObject): Promise<StoredObject> {
    return this.backend.create(key, obj);
  }
  get(key: string, options?: GetOptions): Promise<StoredObject | undefined> {
    this.gets.push(key);
    return this.backend.get(key, options);
  }
  async getList(key: string, options?: ListOptions): Promise<ListResult> {
    if (options === undefined) {
      // the reflector's list
      const gate = this.gate;
      this.gate = undefined;
      if (gate) await gate;
    } else this.lists.push(options);
    return this.backend.getList(key, options);
  }
  guaranteedUpdate(key: string, options: UpdateOptions): Promise<StoredObject> {
    return this.backend.guaranteedUpdate(key, options);
  }
  delete(key: string, options?: DeleteOptions): Promise<StoredObject> {
    return this.backend.delete(key, options);
  }
  async watch(key: string, options?: WatchOptions): Promise<Watch> {
    const inner = await this.backend.watch(key, options);
    if (options?.sendInitialEvents !== false || options.allowWatchBookmarks !== true) {
      this.watches.push(key);
      return inner;
    }
    // the reflector's watch: its events, or the injected error
    let injected: ((r: IteratorResult<WatchEvent>) => void) | undefined;
    let pending: JsonObject | undefined;
    this.reflectors.set(key, (status) => {
      if (injected) injected({ value: { type: 'ERROR', object: status }, done: false });
      else pending = status;
    });
    const it = inner[Symbol.asyncIterator]();
    return {
      stop: () => inner.stop(),
      requestProgress: () => inner.requestProgress?.(),
      [Symbol.asyncIterator]: () => ({
        next: () => {
          if (pending) {
            const object = pending;
            pending = undefined;
            return Promise.resolve({ value: { type: 'ERROR' as const, object }, done: false });
          }
          return Promise.race([it.next(), new Promise<IteratorResult<WatchEvent>>((resolve) => (injected = resolve))]);
        },
      }),
    };
  }
  /** Ends the watch of the reflector of `key` with an ERROR event of `status` (a 410: it relists). */
  failReflector(key: string, status: JsonObject): void {
    const fail = this.reflectors.get(key);
    if (!fail) throw new Error(`no reflector watches ${key}`);
    fail(status);
  }

  currentResourceVersion(): Promise<string> {
    return this.backend.currentResourceVersion();
  }
  compactRevision(): Promise<string> {
    return this.backend.compactRevision();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
