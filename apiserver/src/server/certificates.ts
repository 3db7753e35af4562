/**
 * The serving certificate of the apiserver, reloaded from its files, after k8s.io/apiserver's
 * `pkg/server/dynamiccertificates` (`DynamicCertKeyPairContent` behind the `DynamicServingCertificateController`):
 * `--tls-cert-file` / `--tls-private-key-file`, or the pair a Secret mounts in `--cert-dir`, is read again every
 * `intervalMs` (default a minute, the apiserver's `FileRefreshDuration`) on the injected clock, and — as upstream
 * also watches the files — at once when `watch` (default true) sees its directory change (a mounted Secret's symlink
 * swap included).
 *
 * Contract:
 * - `load` reads the pair once and refuses one that does not load (one line naming the files);
 * - a read (`check`) that finds the same bytes does nothing; a new pair that loads (a key that matches the
 *   certificate: `tls.createSecureContext`) replaces the current one in one step and every listener hears it (the
 *   HTTPS server swaps its secure context: new connections get the new certificate, open ones keep theirs);
 * - a pair that does not load — a half-written file, a key of another certificate, a file that is not a regular file
 *   or is over 1 MiB (the runtime's bounded reader) — is logged and the current pair kept; it is tried again on the
 *   next change or tick. One read runs at a time;
 * - `stop` ends the polling and the watch; nothing keeps the process alive (timers with `keepAlive: false`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { realClock, type Clock, type ClockTimer } from '@kubegen/runtime/cache';
import { noopLogger, type Logger } from '@kubegen/runtime';
import { readCertificateFile, readCertificateFileSync } from '@kubegen/runtime/webhook';

/** A PEM certificate chain and its key. */
export interface ServingCertificate {
  cert: string;
  key: string;
}

/** Where the server's certificate comes from when it may change while serving. */
export interface ServingCertificateSource {
  /** The pair to serve now. */
  current(): ServingCertificate;
  /** Calls `listener` with every new pair; returns the unsubscribe. */
  onChange(listener: (pair: ServingCertificate) => void): () => void;
}

export interface DynamicServingCertificateOptions {
  /** The PEM certificate chain (`--tls-cert-file`, `<cert-dir>/tls.crt`). */
  certFile: string;
  /** Its PEM private key (`--tls-private-key-file`, `<cert-dir>/tls.key`). */
  keyFile: string;
  /** Between two reads; default 60 000 (a minute). */
  intervalMs?: number;
  /** Also read at once when the files' directories change (`fs.watch`); default true. */
  watch?: boolean;
  /** The clock of the reads (injected in tests); default the real one. */
  clock?: Clock;
  /** Where a new pair and a refused one are told. */
  logger?: Logger;
}

/** The pair if it loads; throws a one-line error naming the files otherwise. */
function loadable(cert: string, key: string, o: DynamicServingCertificateOptions): ServingCertificate {
  try {
    tls.createSecureContext({ cert, key });
  } catch (e) {
    const why = e instanceof Error ? (e.message.split('\n')[0] ?? '') : 'unknown error';
    throw new Error(`the certificate in ${o.certFile} and the key in ${o.keyFile} do not load: ${why}`, { cause: e });
  }
  return { cert, key };
}

/** A serving certificate reloaded from its files (see the module doc). */
export class DynamicServingCertificate implements ServingCertificateSource {
  private pair: ServingCertificate;
  private readonly listeners = new Set<(pair: ServingCertificate) => void>();
  private readonly clock: Clock;
  private readonly intervalMs: number;
  private readonly logger: Logger;
  private timer: ClockTimer | undefined;
  private watchers: fs.FSWatcher[] = [];
  private reading: Promise<boolean> | undefined;
  private running = false;

  private constructor(private readonly options: DynamicServingCertificateOptions, pair: ServingCertificate) {
    this.pair = pair;
    this.clock = options.clock ?? realClock;
    this.intervalMs = options.intervalMs ?? 60_000;
    this.logger = options.logger ?? noopLogger;
    if (!(this.intervalMs > 0)) throw new Error(`DynamicServingCertificate: intervalMs must be positive, not ${this.intervalMs}`);
  }

  /** Reads the pair (throws a one-line error when it cannot be read or does not load); `start` follows the files. */
  static load(options: DynamicServingCertificateOptions): DynamicServingCertificate {
    const cert = readCertificateFileSync(options.certFile).toString('utf8');
    const key = readCertificateFileSync(options.keyFile).toString('utf8');
    return new DynamicServingCertificate(options, loadable(cert, key, options));
  }

  current(): ServingCertificate {
    return this.pair;
  }

  onChange(listener: (pair: ServingCertificate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Polls every `intervalMs` (and watches the directories) until `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
    if (this.options.watch === false) return;
    for (const dir of new Set([path.dirname(path.resolve(this.options.certFile)), path.dirname(path.resolve(this.options.keyFile))])) {
      try {
        const w = fs.watch(dir, { persistent: false }, () => {
          void this.check();
        });
        // a watcher that fails (its directory went away) leaves the poll in charge
        w.on('error', () => {
          w.close();
        });
        this.watchers.push(w);
      } catch {
        // no inotify here: the poll sees the change
      }
    }
  }

  /** Stops polling and watching; resolves once a read in progress is done. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== undefined) this.clock.clearTimer(this.timer);
    this.timer = undefined;
    for (const w of this.watchers) w.close();
    this.watchers = [];
    await this.reading;
  }

  /**
   * Reads the files again; resolves with whether a new pair is served now. A pair that cannot be read or does not
   * load is logged and the current one kept (resolves false).
   */
  check(): Promise<boolean> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private schedule(): void {
    // the next tick is set when this one fires (a read is single-flight: a slow one is not run twice)
    this.timer = this.clock.setTimer(
      () => {
        this.schedule();
        void this.check();
      },
      this.intervalMs,
      { keepAlive: false },
    );
  }

  private async read(): Promise<boolean> {
    const { certFile, keyFile } = this.options;
    let next: ServingCertificate;
    try {
      const [cert, key] = await Promise.all([readCertificateFile(certFile), readCertificateFile(keyFile)]);
      const pem = { cert: cert.toString('utf8'), key: key.toString('utf8') };
      if (pem.cert === this.pair.cert && pem.key === this.pair.key) return false;
      next = loadable(pem.cert, pem.key, this.options);
    } catch (e) {
      this.logger.error(e, 'the serving certificate was not reloaded: keeping the one served', { certFile, keyFile });
      return false;
    }
    this.pair = next;
    this.logger.info('loaded a new serving certificate', { certFile, keyFile });
    for (const l of this.listeners) l(next);
    return true;
  }
}
