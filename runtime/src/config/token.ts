import * as fs from 'node:fs';
import { KubeconfigError, ioReason } from './kubeconfig';

/** Options of {@link fileTokenSource}. */
export interface FileTokenOptions {
  /** How long a read token is reused (default 60s, client-go's period). */
  refreshMs?: number;
  now?: () => number;
  /** Used when the first read fails (kubeconfig `token` beside `tokenFile`). */
  fallback?: string;
  /** Names the token in errors, e.g. `kubeconfig user "u"`. */
  what: string;
}

/**
 * A bearer token read from `file` and read again once it is older than `refreshMs`, so a rotated token (a
 * projected service account token, a refreshed `tokenFile`) is picked up — client-go's cached file token
 * source. Surrounding whitespace is trimmed. A failed or empty re-read keeps the last good token; a failed
 * first read is an error naming the file (unless there is a fallback).
 */
export function fileTokenSource(file: string, options: FileTokenOptions): () => string {
  const refreshMs = options.refreshMs ?? 60_000;
  const now = options.now ?? Date.now;
  const read = (): string => {
    const token = fs.readFileSync(file, 'utf8').trim();
    if (token === '') throw new Error('the file is empty');
    return token;
  };
  let token: string;
  try {
    token = read();
  } catch (err) {
    if (options.fallback === undefined) throw new KubeconfigError(`${options.what}: token file ${file}: ${ioReason(err)}`);
    token = options.fallback;
  }
  let readAt = now();
  return () => {
    if (now() - readAt < refreshMs) return token;
    readAt = now();
    try {
      token = read();
    } catch {
      // keep the last good token, as client-go does; the next period tries again
    }
    return token;
  };
}
