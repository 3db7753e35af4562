/**
 * `createLogger`: the logger an operator's `main` builds from its flags (controller-runtime's zap options:
 * `--zap-encoder`, `--zap-log-level`), and `parseLogLevel` for the flag's text.
 */

import { jsonLogger, textLogger } from './encoders';
import type { Logger } from '../observe/logger';

/**
 * What is written: `error` only error records; `info` info records at V(0) too; `debug` up to V(1); a number `n`
 * up to V(n) (controller-runtime's `--zap-log-level=<n>`; 0 is `info`).
 */
export type LogLevel = 'error' | 'info' | 'debug' | number;

/** Options of `createLogger`. */
export interface CreateLoggerOptions {
  /** `json` (zap production encoding, the default) or `text` (zap console encoding); see `jsonLogger`, `textLogger`. */
  format?: 'json' | 'text';
  /** Default `info`. */
  level?: LogLevel;
  /** Where lines go; default `process.stderr`. */
  stream?: NodeJS.WritableStream;
  /** The time of a record in milliseconds since the epoch (inject a fake clock in tests); default `Date.now`. */
  clock?: { now(): number };
}

/** The highest verbosity `level` writes; -1 for error records only. Throws a TypeError naming a bad level. */
export function verbosityOf(level: LogLevel): number {
  if (typeof level === 'number') {
    if (!Number.isSafeInteger(level) || level < 0) throw new TypeError(`invalid log level ${String(level)}: a verbosity is a non-negative integer`);
    return level;
  }
  switch (level) {
    case 'error':
      return -1;
    case 'info':
      return 0;
    case 'debug':
      return 1;
    default:
      throw new TypeError(`invalid log level ${JSON.stringify(level)}: want error, info, debug or a verbosity (a non-negative integer)`);
  }
}

/**
 * A `--log-level` flag's text as a `LogLevel`: `error`, `info`, `debug` or a non-negative integer (decimal digits).
 * Throws a TypeError naming the bad text.
 */
export function parseLogLevel(text: string): LogLevel {
  if (/^[0-9]{1,6}$/.test(text)) return Number(text);
  if (text === 'error' || text === 'info' || text === 'debug') return text;
  throw new TypeError(`invalid log level ${JSON.stringify(text)}: want error, info, debug or a verbosity (a non-negative integer)`);
}

/** A `--log-format` flag's text; throws a TypeError naming the bad text. */
export function parseLogFormat(text: string): 'json' | 'text' {
  if (text === 'json' || text === 'text') return text;
  throw new TypeError(`invalid log format ${JSON.stringify(text)}: want json or text`);
}

/**
 * A logger writing `format` lines of records up to `level` to `stream`. Bad options throw a TypeError naming them
 * (before anything is written).
 */
export function createLogger(opts: CreateLoggerOptions = {}): Logger {
  // a JavaScript caller may hand any string (a flag's text goes through logFormatOf)
  const format: string = opts.format ?? 'json';
  if (format !== 'json' && format !== 'text') throw new TypeError(`invalid log format ${JSON.stringify(format)}: want json or text`);
  const verbosity = verbosityOf(opts.level ?? 'info');
  const stream = opts.stream ?? process.stderr;
  const write = (line: string): void => void stream.write(line);
  const clock = opts.clock;
  if (format === 'text') return textLogger({ write, verbosity, ...(clock ? { now: () => clock.now() } : {}) });
  return jsonLogger({ write, verbosity, ...(clock ? { now: () => clock.now() / 1000 } : {}) });
}
