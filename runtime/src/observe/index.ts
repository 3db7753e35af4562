/**
 * Logging and metrics hooks of the runtime's long-running stages (reflectors, informers). The runtime never writes
 * to the console itself: stages take a `Logger` and a `Metrics` in their options, so an operator routes messages to
 * its own logger (pino, winston, a test spy) and counts to its own metrics registry (prom-client …).
 *
 * Contracts:
 * - a `Logger` gets a constant message and key-value pairs (logr style): values are data — an error, a name, a
 *   number — never folded into the message. Implementations must not throw;
 * - `Metrics.count(name, labels)` adds 1 (or `delta`) to a counter; names are `kubegen_<stage>_<what>_total`, labels
 *   are a small, bounded set (a stage's name, a phase, an error reason: never an object name). Implementations
 *   must not throw.
 */

import { describeThrown } from '../errors/thrown';

/** Key-value pairs of a log entry. */
export type LogValues = Readonly<Record<string, unknown>>;

/** Severity of a log entry, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** Where the runtime's stages log. */
export interface Logger {
  debug(msg: string, values?: LogValues): void;
  info(msg: string, values?: LogValues): void;
  warn(msg: string, values?: LogValues): void;
  error(msg: string, values?: LogValues): void;
}

/** Counters of the runtime's stages (see the module doc for names and labels). */
export interface Metrics {
  count(name: string, labels: Readonly<Record<string, string>>, delta?: number): void;
}

/** A logger that drops everything. */
export const noopLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Metrics that count nothing (the default). */
export const noopMetrics: Metrics = { count() {} };

function logfmtValue(v: unknown): string {
  const s = typeof v === 'string' ? v : valueText(v);
  return /^[^\s"=]+$/.test(s) ? s : JSON.stringify(s);
}

/**
 * The text of a logged value: an Error's message, else its JSON; `describeThrown`'s text for what JSON cannot take
 * (a BigInt, a cycle, a throwing getter) and for what `instanceof` cannot look at (a revoked Proxy) — a value is
 * often what user code threw, so this never throws.
 */
function valueText(v: unknown): string {
  try {
    if (v instanceof Error) return describeThrown(v);
    const json = JSON.stringify(v) as string | undefined;
    if (json !== undefined) return json;
  } catch {
    // not JSON: as describeThrown gives it
  }
  return describeThrown(v);
}

/**
 * One logfmt line per entry (`level=warn msg="…" key=value …`) written to `write` (default: standard error), for
 * entries at `level` or above (default `info`). The default logger of every stage.
 */
export function textLogger(opts: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const min = LEVELS.indexOf(opts.level ?? 'info');
  const write = opts.write ?? ((line: string) => void process.stderr.write(line));
  const at =
    (level: LogLevel) =>
    (msg: string, values: LogValues = {}): void => {
      if (LEVELS.indexOf(level) < min) return;
      const pairs = Object.keys(values).map((k) => `${logfmtValue(k)}=${logfmtValue(values[k])}`);
      write([`level=${level}`, `msg=${logfmtValue(msg)}`, ...pairs].join(' ') + '\n');
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
