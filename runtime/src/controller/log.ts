/**
 * A pluggable structured logger (the shape of Go's `logr`, which controller-runtime logs through).
 *
 * Contract:
 * - `info(msg, fields)` and `error(err, msg, fields)` write one record; fields are key/value data, never
 *   interpolated into `msg`;
 * - `withValues(fields)` returns a logger adding `fields` to every record, `withName(name)` one whose records
 *   carry `logger: <parent>.<name>`; neither changes the receiver;
 * - `v(level)` returns a logger for verbosity `level` (0 = always): records above the sink's verbosity are
 *   dropped. controller-runtime logs reconcile starts at V(1) and successes at V(5), as here.
 *
 * `jsonLogger` writes JSON lines (zap's production encoding keys: `level`, `ts`, `logger`, `msg`, `error`; the
 * error of a record is `describeThrown`'s text of whatever value was thrown, so any value can be logged);
 * `noopLogger` drops everything. Plug any other logger in by implementing `LogSink` (e.g. over pino or winston).
 */

import { describeThrown } from '../errors/thrown';

/** Key/value data of a record. */
export type LogFields = Readonly<Record<string, unknown>>;

/** A record as a sink receives it. */
export interface LogRecord {
  level: 'info' | 'error';
  /** Verbosity of an info record (0 = always shown). */
  v: number;
  /** Dotted name of the logger, `''` for the root. */
  logger: string;
  msg: string;
  error?: unknown;
  fields: LogFields;
}

/** Where records go. */
export interface LogSink {
  /** Whether records at verbosity `v` are written (checked before a record is built). */
  enabled(v: number): boolean;
  write(record: LogRecord): void;
}

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  error(err: unknown, msg: string, fields?: LogFields): void;
  withValues(fields: LogFields): Logger;
  withName(name: string): Logger;
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

  withValues(fields: LogFields): Logger {
    return new SinkLogger(this.sink, this.name, { ...this.values, ...fields }, this.level);
  }

  withName(name: string): Logger {
    return new SinkLogger(this.sink, this.name ? `${this.name}.${name}` : name, this.values, this.level);
  }

  v(level: number): Logger {
    return new SinkLogger(this.sink, this.name, this.values, this.level + level);
  }
}

/** A logger writing to `sink`. */
export function newLogger(sink: LogSink): Logger {
  return new SinkLogger(sink, '', {}, 0);
}

/** Drops every record. */
export const noopLogger: Logger = newLogger({ enabled: () => false, write: () => undefined });

/**
 * A field value as JSON takes it: an Error (or anything `instanceof` cannot look at, such as a revoked Proxy) as
 * `describeThrown`'s text, a BigInt as its digits, a Symbol as its description; the rest as is (a value
 * `JSON.stringify` still throws on makes the record's fields unserialisable, see `jsonLogger`).
 */
function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint' || typeof value === 'symbol') return describeThrown(value);
  if (typeof value !== 'object' || value === null) return value;
  try {
    return value instanceof Error ? describeThrown(value) : value;
  } catch {
    return describeThrown(value);
  }
}

export interface JsonLoggerOptions {
  /** Where lines go; default `process.stderr`. */
  write?: (line: string) => void;
  /** Highest verbosity written; default 0. */
  verbosity?: number;
  /** The time of a record in seconds since the epoch; default `Date.now() / 1000`. */
  now?: () => number;
}

/** A logger writing one JSON object per line (`level`, `ts`, `logger`, `msg`, fields, `error`). */
export function jsonLogger(opts: JsonLoggerOptions = {}): Logger {
  const write = opts.write ?? ((line: string) => void process.stderr.write(line));
  const verbosity = opts.verbosity ?? 0;
  const now = opts.now ?? (() => Date.now() / 1000);
  return newLogger({
    enabled: (v) => v <= verbosity,
    write: (r) => {
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      out.level = r.level === 'error' ? 'error' : r.v > 0 ? `debug(${r.v})` : 'info';
      out.ts = now();
      if (r.logger) out.logger = r.logger;
      out.msg = r.msg;
      for (const k of Object.keys(r.fields)) out[k] = jsonSafe(r.fields[k]);
      if (r.level === 'error' && r.error !== undefined) out.error = describeThrown(r.error);
      let line: string;
      try {
        line = JSON.stringify(out);
      } catch {
        line = JSON.stringify({ level: out.level, ts: out.ts, msg: r.msg, error: 'unserialisable log fields' });
      }
      write(`${line}\n`);
    },
  });
}

let fallback: Logger | undefined;

/** The logger used when none is given: JSON lines on stderr, verbosity 0. */
export function defaultLogger(): Logger {
  fallback ??= jsonLogger();
  return fallback;
}
