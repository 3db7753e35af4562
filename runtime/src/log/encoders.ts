/**
 * The two encodings of `createLogger` (controller-runtime's zap options: `--zap-encoder=json|console`,
 * `--zap-log-level`):
 *
 * - **json** — one JSON object per line with zap's production keys: `level` (`info`, `debug(<v>)`, `error`), `ts`
 *   (seconds since the epoch), `logger` (when named), `msg`, the fields, and `error` for an error record;
 * - **text** — one line per record as zap's console encoder (what controller-runtime prints in development mode),
 *   tab-separated: an ISO-8601 time in UTC with milliseconds, the level in capitals (`INFO`, `DEBUG(<v>)`,
 *   `ERROR`), the logger's name (when named), the message, then the fields and `error` as one JSON object (when
 *   there are any):
 *   `2026-12-05T10:00:00.000Z	INFO	controller.crontab	Reconciling	{"name":"a"}`.
 *   Control characters in the name and the message are escaped (`\n`, `\u001b` …), so a record is always one
 *   line and a message cannot forge another record.
 *
 * Field values are written as JSON takes them, except an Error (or anything `instanceof` cannot look at, such as a
 * revoked Proxy), a BigInt and a Symbol, written as `describeThrown`'s text; the error of a record is
 * `describeThrown`'s text of whatever was thrown. Fields JSON cannot encode (a cycle, a throwing getter) make the
 * record's fields `"unserialisable log fields"`: a record is never lost and a sink never throws.
 */

import { describeThrown } from '../observe/thrown';
import { newLogger, type LogRecord, type Logger } from '../observe/logger';

/**
 * A field value as JSON takes it: an Error (or anything `instanceof` cannot look at, such as a revoked Proxy) as
 * `describeThrown`'s text, a BigInt as its digits, a Symbol as its description; the rest as is.
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

/** The fields and error of a record as one null-prototype object, in record order, error last. */
function payload(r: LogRecord, into: Record<string, unknown>): Record<string, unknown> {
  for (const k of Object.keys(r.fields)) into[k] = jsonSafe(r.fields[k]);
  if (r.level === 'error' && r.error !== undefined) into.error = describeThrown(r.error);
  return into;
}

function levelName(r: LogRecord): string {
  return r.level === 'error' ? 'error' : r.v > 0 ? `debug(${r.v})` : 'info';
}

/** Writes that never throw: a closed or broken stream loses the line, never the caller's work. */
function safeWrite(write: (line: string) => void): (line: string) => void {
  return (line) => {
    try {
      write(line);
    } catch {
      // nowhere left to report it
    }
  };
}

/** Options of `jsonLogger` and `textLogger`. */
export interface EncoderOptions {
  /** Where lines go (each ends in `\n`); default standard error. */
  write?: (line: string) => void;
  /** Highest verbosity of info records written; default 0; negative: error records only. */
  verbosity?: number;
}

/** Options of `jsonLogger`. */
export interface JsonLoggerOptions extends EncoderOptions {
  /** The time of a record in seconds since the epoch; default `Date.now() / 1000`. */
  now?: () => number;
}

/** Options of `textLogger`. */
export interface TextLoggerOptions extends EncoderOptions {
  /** The time of a record in milliseconds since the epoch; default `Date.now()`. */
  now?: () => number;
}

function stderrWrite(line: string): void {
  process.stderr.write(line);
}

/** A logger writing one JSON object per line (`level`, `ts`, `logger`, `msg`, fields, `error`); see the module doc. */
export function jsonLogger(opts: JsonLoggerOptions = {}): Logger {
  const write = safeWrite(opts.write ?? stderrWrite);
  const verbosity = opts.verbosity ?? 0;
  const now = opts.now ?? (() => Date.now() / 1000);
  return newLogger({
    enabled: (v) => v <= verbosity,
    write: (r) => {
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      out.level = levelName(r);
      out.ts = now();
      if (r.logger) out.logger = r.logger;
      out.msg = r.msg;
      let line: string;
      try {
        line = JSON.stringify(payload(r, out));
      } catch {
        line = JSON.stringify({ level: out.level, ts: out.ts, ...(r.logger ? { logger: r.logger } : {}), msg: r.msg, error: 'unserialisable log fields' });
      }
      write(`${line}\n`);
    },
  });
}

/** `text` with control characters escaped as JSON escapes them (without the quotes). */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what is escaped
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => SHORT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** A UTC ISO-8601 time with milliseconds; an invalid clock reading is written as the epoch. */
function isoTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString();
}

/** A logger writing zap-console-like lines (time, level, logger, message, fields as JSON); see the module doc. */
export function textLogger(opts: TextLoggerOptions = {}): Logger {
  const write = safeWrite(opts.write ?? stderrWrite);
  const verbosity = opts.verbosity ?? 0;
  const now = opts.now ?? Date.now;
  return newLogger({
    enabled: (v) => v <= verbosity,
    write: (r) => {
      const parts = [isoTime(now()), levelName(r).toUpperCase()];
      if (r.logger) parts.push(oneLine(r.logger));
      parts.push(oneLine(r.msg));
      const data = payload(r, Object.create(null) as Record<string, unknown>);
      if (Object.keys(data).length > 0) {
        try {
          parts.push(JSON.stringify(data));
        } catch {
          parts.push('{"error":"unserialisable log fields"}');
        }
      }
      write(`${parts.join('\t')}\n`);
    },
  });
}
