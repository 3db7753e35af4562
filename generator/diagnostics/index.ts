import type { SourceSpan } from '../model/types';

/** One problem found in the input, reported tsc-style as `file:line:column - error: message`. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  message: string;
  span?: SourceSpan;
  /** A suggestion such as a marker name for "did you mean". */
  hint?: string;
}

/** Collects every diagnostic of a run; the pipeline stops before writing if any error was collected. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  error(message: string, span?: SourceSpan, hint?: string): void {
    this.items.push({ severity: 'error', message, span, hint });
  }

  warning(message: string, span?: SourceSpan, hint?: string): void {
    this.items.push({ severity: 'warning', message, span, hint });
  }

  addAll(diagnostics: readonly Diagnostic[]): void {
    this.items.push(...diagnostics);
  }

  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }

  /** Diagnostics in a stable order: by file, line, column, then message. */
  sorted(): Diagnostic[] {
    return [...this.items].sort(compareDiagnostics);
  }
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  const fa = a.span?.file ?? '';
  const fb = b.span?.file ?? '';
  if (fa !== fb) return fa < fb ? -1 : 1;
  const la = a.span?.line ?? 0;
  const lb = b.span?.line ?? 0;
  if (la !== lb) return la - lb;
  const ca = a.span?.column ?? 0;
  const cb = b.span?.column ?? 0;
  if (ca !== cb) return ca - cb;
  return a.message < b.message ? -1 : a.message > b.message ? 1 : 0;
}

/** `apis/x/v1/a.ts:3:5 - error: message (did you mean "+foo"?)` */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.span ? `${d.span.file}:${d.span.line}:${d.span.column} - ` : '';
  const hint = d.hint ? ` (did you mean "${d.hint}"?)` : '';
  return `${where}${d.severity}: ${d.message}${hint}`;
}

export function formatDiagnostics(ds: readonly Diagnostic[]): string {
  const sorted = [...ds].sort(compareDiagnostics);
  const errors = sorted.filter((d) => d.severity === 'error').length;
  const lines = sorted.map(formatDiagnostic);
  if (errors > 0) lines.push('', `Found ${errors} error${errors === 1 ? '' : 's'}.`);
  return lines.join('\n') + '\n';
}

/** Thrown by the pipeline when the input has errors; carries every diagnostic of the run. */
export class GenerationError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(formatDiagnostics(diagnostics));
    this.name = 'GenerationError';
  }
}

/** The closest candidate by edit distance, when it is close enough to be a plausible typo. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    const d = levenshtein(lower, c.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(name.length, best.length) / 4));
  return bestDistance <= limit ? best : undefined;
}

export function levenshtein(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}
