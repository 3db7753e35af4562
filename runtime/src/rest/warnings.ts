/**
 * `Warning` response headers (RFC 7234 §5.5, as the apiserver sends them: `299 - "message"`), surfaced to a
 * handler — deprecated APIs, unknown fields under `fieldValidation=Warn`, admission warnings.
 */

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
    for (const m of value.matchAll(re)) {
      out.push({ code: Number(m[1]), agent: m[2], text: m[3].replace(/\\(.)/g, '$1') });
    }
  }
  return out;
}

/** The default handler: each distinct warning text once per process, as a Node process warning. */
export function createDedupingWarningHandler(
  emit: (text: string) => void = (text) => { process.emitWarning(text, { type: 'KubernetesWarning' }); },
): WarningHandler {
  const seen = new Set<string>();
  return (w) => {
    if (seen.has(w.text)) return;
    seen.add(w.text);
    emit(w.text);
  };
}

/** A handler that drops warnings. */
export const ignoreWarnings: WarningHandler = () => undefined;
