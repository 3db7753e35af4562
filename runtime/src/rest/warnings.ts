/**
 * `Warning` response headers (RFC 7234 §5.5, as the apiserver sends them: `299 - "message"`), surfaced to a
 * handler — deprecated APIs, unknown fields under `fieldValidation=Warn`, admission warnings.
 */

import { defaultLogger } from '../log/default';
import type { Logger } from '../observe/logger';

/** One warning from a response. */
export interface Warning {
  /** Always 299 from the apiserver. */
  code: number;
  /** The agent, `-` from the apiserver. */
  agent: string;
  text: string;
}

/** Called once per warning of every response. */
export type WarningHandler = (warning: Warning, request: { method: string; path: string }) => void;

/** Parses one or more `Warning` header values; malformed parts are skipped. */
export function parseWarningHeaders(values: string | string[] | undefined): Warning[] {
  if (values === undefined) return [];
  const out: Warning[] = [];
  const re = /(\d{3})\s+(\S+)\s+"((?:[^"\\]|\\.)*)"(?:\s+"[^"]*")?/g;
  for (const value of Array.isArray(values) ? values : [values]) {
    for (const [, code, agent, text] of value.matchAll(re)) {
      // the groups are not optional: a match has all three
      if (code === undefined || agent === undefined || text === undefined) continue;
      out.push({ code: Number(code), agent, text: text.replace(/\\(.)/g, '$1') });
    }
  }
  return out;
}

/** Options of `createLoggingWarningHandler`. */
export interface WarningLoggerOptions {
  /** Where warnings go, as info records named `KubeAPIWarningLogger`; default `defaultLogger()`. */
  logger?: Logger;
  /** Log each distinct text once (the default, as controller-runtime's client); false: every occurrence. */
  deduplicate?: boolean;
}

/** Distinct texts remembered for deduplication; past this many, the oldest are forgotten (and may be logged again). */
const MAX_REMEMBERED = 4096;

/**
 * The default handler (controller-runtime's `KubeAPIWarningLogger`, client-go's `WarningLogger` with
 * `Deduplicate`): every warning with code 299 and a text is an info record `msg: <text>` on the logger named
 * `KubeAPIWarningLogger` — each distinct text once per handler by default (the memory is bounded: see
 * `MAX_REMEMBERED`). Other codes are dropped, as client-go drops them.
 */
export function createLoggingWarningHandler(opts: WarningLoggerOptions = {}): WarningHandler {
  const log = (opts.logger ?? defaultLogger()).withName('KubeAPIWarningLogger');
  const deduplicate = opts.deduplicate ?? true;
  const seen = new Set<string>();
  return (w) => {
    if (w.code !== 299 || w.text === '') return;
    if (deduplicate) {
      if (seen.has(w.text)) return;
      if (seen.size >= MAX_REMEMBERED) seen.delete(seen.values().next().value as string);
      seen.add(w.text);
    }
    log.info(w.text);
  };
}

/**
 * A handler passing each distinct warning text once to `emit` (the memory is bounded as
 * `createLoggingWarningHandler`'s); without `emit`, `createLoggingWarningHandler()`.
 */
export function createDedupingWarningHandler(emit?: (text: string) => void): WarningHandler {
  if (emit === undefined) return createLoggingWarningHandler();
  const seen = new Set<string>();
  return (w) => {
    if (seen.has(w.text)) return;
    if (seen.size >= MAX_REMEMBERED) seen.delete(seen.values().next().value as string);
    seen.add(w.text);
    emit(w.text);
  };
}

/** A handler that drops warnings. */
export const ignoreWarnings: WarningHandler = () => undefined;
