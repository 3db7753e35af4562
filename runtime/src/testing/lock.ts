import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Options for {@link withFileLock}. */
export interface FileLockOptions {
  /** Aborts waiting for the lock (not the work done while holding it). */
  signal?: AbortSignal;
  /** How often to look at the lock file again while another process holds it. Default 1 s. */
  pollIntervalMs?: number;
  /** Called once when the lock is held by another live process and this one starts waiting. */
  onWait?: (holder: string) => void;
}

interface LockRecord {
  pid: number;
  host: string;
  since: string;
}

/**
 * Runs `work` while holding an exclusive lock file at `lockPath`, across processes on this machine.
 *
 * Contract:
 * - the lock is the existence of `lockPath`, created with `O_EXCL`; it records the holder's pid and host;
 * - a lock whose holder process (same host) no longer exists is stale and is taken over;
 * - the lock file is removed when `work` settles, whether it resolves or rejects;
 * - waiting can be aborted through `signal`; `work` itself is not interrupted by it.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const record: LockRecord = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  let announced = false;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      const handle = await fs.open(lockPath, 'wx');
      try {
        await handle.writeFile(JSON.stringify(record));
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await readLock(lockPath);
    const stale = holder ? holder.host === record.host && !isAlive(holder.pid) : await olderThan(lockPath, 30_000);
    if (stale) {
      await fs.rm(lockPath, { force: true });
      continue;
    }
    if (!announced) {
      announced = true;
      options.onWait?.(holder ? `pid ${holder.pid} on ${holder.host} since ${holder.since}` : 'an unknown process');
    }
    await sleep(pollIntervalMs, undefined, { signal: options.signal });
  }
  try {
    return await work();
  } finally {
    await fs.rm(lockPath, { force: true });
  }
}

async function readLock(lockPath: string): Promise<LockRecord | undefined> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(lockPath, 'utf8'));
    if (parsed && typeof parsed === 'object' && typeof (parsed as LockRecord).pid === 'number') return parsed as LockRecord;
  } catch {
    // Being written right now, or garbage: treat as held by an unknown process and look again later.
  }
  return undefined;
}

async function olderThan(file: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await fs.stat(file)).mtimeMs > ms;
  } catch {
    return false;
  }
}

/** Whether a process with this pid exists (signal 0 probes without signalling). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
