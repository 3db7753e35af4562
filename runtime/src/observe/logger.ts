/**
 * The logger of the runtime: the shape of Go's `logr`, which controller-runtime and client-go log through.
 *
 * Contract:
 * - `info(msg, fields)` and `error(err, msg, fields)` write one record; fields are key/value data, never
 *   interpolated into `msg`; an error record is always written, whatever the verbosity;
 * - `withValues(fields)` returns a logger adding `fields` to every record, `withName(name)` one whose records
 *   carry `logger: <parent>.<name>`; neither changes the receiver;
 * - `v(level)` returns a logger for verbosity `level` added to the receiver's (0 = always): its info records are
 *   dropped when the sink's verbosity is lower. controller-runtime logs reconcile starts at V(1) and successes at
 *   V(5), as here;
 * - `enabled()` says whether an info record of this logger would be written: a caller whose fields are costly to
 *   build checks it first. `info` checks it itself before a record is built, so a disabled level costs one call;
 * - a logger never throws, whatever the fields hold (sinks guard their encoding and their writes).
 *
 * Plug any other logger in by implementing `LogSink` (e.g. over pino or winston) and passing it to `newLogger`.
 */

/** Key/value data of a record. */
export type LogFields = Readonly<Record<string, unknown>>;

/** A record as a sink receives it. */
export interface LogRecord {
  level: 'info' | 'error';
  /** Verbosity of an info record (0 = always shown); 0 for an error. */
  v: number;
  /** Dotted name of the logger, `''` for the root. */
  logger: string;
  msg: string;
  /** The value an error record was given (any thrown value; `undefined` for none, as logr's nil). */
  error?: unknown;
  fields: LogFields;
}

/** Where records go. */
export interface LogSink {
  /** Whether info records at verbosity `v` are written (checked before a record is built). */
  enabled(v: number): boolean;
  /** Writes one record; must not throw. */
  write(record: LogRecord): void;
}

/** A logr-shaped structured logger (see the module doc for its contract). */
export interface Logger {
  /** Writes an info record at this logger's verbosity, when enabled. */
  info(msg: string, fields?: LogFields): void;
  /** Writes an error record (always); `err` is any thrown value. */
  error(err: unknown, msg: string, fields?: LogFields): void;
  /** Whether an info record of this logger would be written. */
  enabled(): boolean;
  /** A logger adding `fields` to every record. */
  withValues(fields: LogFields): Logger;
  /** A logger whose records carry `<parent>.<name>` as their logger name. */
  withName(name: string): Logger;
  /** A logger `level` verbosity steps above this one. */
  v(level: number): Logger;
}

class SinkLogger implements Logger {
  constructor(
    private readonly sink: LogSink,
    private readonly name: string,
    private readonly values: LogFields,
    private readonly level: number,
  ) {}

  info(msg: string, fields?: LogFields): void {
    if (!this.sink.enabled(this.level)) return;
    this.sink.write({ level: 'info', v: this.level, logger: this.name, msg, fields: fields ? { ...this.values, ...fields } : this.values });
  }

  error(err: unknown, msg: string, fields?: LogFields): void {
    this.sink.write({ level: 'error', v: 0, logger: this.name, msg, error: err, fields: fields ? { ...this.values, ...fields } : this.values });
  }

  enabled(): boolean {
    return this.sink.enabled(this.level);
  }

  withValues(fields: LogFields): Logger {
    return new SinkLogger(this.sink, this.name, { ...this.values, ...fields }, this.level);
  }

  withName(name: string): Logger {
    return new SinkLogger(this.sink, this.name ? `${this.name}.${name}` : name, this.values, this.level);
  }

  v(level: number): Logger {
    // a negative or non-integer step is a caller's bug; logr clamps negatives to 0
    const step = Number.isFinite(level) && level > 0 ? Math.floor(level) : 0;
    return step === 0 ? this : new SinkLogger(this.sink, this.name, this.values, this.level + step);
  }
}

/** A logger writing to `sink`. */
export function newLogger(sink: LogSink): Logger {
  return new SinkLogger(sink, '', {}, 0);
}

/** Drops every record. */
export const noopLogger: Logger = newLogger({ enabled: () => false, write: () => undefined });

/**
 * `logger` guarded: what its methods throw is dropped, and the loggers it derives are guarded too. For a stage
 * that must survive a user's broken logger (the webhook servers answer the API server whatever happens).
 */
export function safeLogger(logger: Logger): Logger {
  return new SafeLogger(logger);
}

class SafeLogger implements Logger {
  constructor(private readonly inner: Logger) {}

  info(msg: string, fields?: LogFields): void {
    try {
      this.inner.info(msg, fields);
    } catch {
      // the logger is broken: nowhere left to report it
    }
  }

  error(err: unknown, msg: string, fields?: LogFields): void {
    try {
      this.inner.error(err, msg, fields);
    } catch {
      // the logger is broken: nowhere left to report it
    }
  }

  enabled(): boolean {
    try {
      return this.inner.enabled();
    } catch {
      return false;
    }
  }

  withValues(fields: LogFields): Logger {
    return this.derive(() => this.inner.withValues(fields));
  }

  withName(name: string): Logger {
    return this.derive(() => this.inner.withName(name));
  }

  v(level: number): Logger {
    return this.derive(() => this.inner.v(level));
  }

  private derive(make: () => Logger): Logger {
    try {
      return new SafeLogger(make());
    } catch {
      return noopLogger;
    }
  }
}
