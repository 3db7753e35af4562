import type { SourceSpan } from '../core/types';
import { DIAGNOSTIC_KINDS, type DiagnosticCode, type DiagnosticKindName } from './codes';

export { DIAGNOSTIC_KINDS, type DiagnosticCode, type DiagnosticKind, type DiagnosticKindName } from './codes';

/** Another place in the input that a diagnostic is about (the first declaration of a duplicate …). */
export interface RelatedLocation {
  span: SourceSpan;
  message: string;
}

/**
 * One problem found in the input, reported tsc-style as `file:line:column - error KG1001: message`, followed by its
 * related locations, indented.
 */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** The stable code of its kind (see `./codes.ts`). */
  code: DiagnosticCode;
  message: string;
  span?: SourceSpan;
  /** A suggestion such as a marker name for "did you mean". */
  hint?: string;
  related?: RelatedLocation[];
}

/** What a diagnostic may carry besides its message and span. */
export interface DiagnosticDetails {
  hint?: string;
  related?: RelatedLocation[];
}

/** A diagnostic of a kind: its code and severity come from the table of kinds. */
export function diagnostic(kind: DiagnosticKindName, message: string, span?: SourceSpan, details: DiagnosticDetails = {}): Diagnostic {
  const { code, severity } = DIAGNOSTIC_KINDS[kind];
  const d: Diagnostic = { severity, code, message, span, hint: details.hint };
  if (details.related && details.related.length > 0) d.related = details.related;
  return d;
}

/**
 * Collects every diagnostic of a run — loading, the model, schemas, generators, manifests report into one bag; the
 * pipeline stops before writing if any error was collected.
 */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];

  /** Report a diagnostic of a kind (its severity is the kind's). */
  report(kind: DiagnosticKindName, message: string, span?: SourceSpan, details?: DiagnosticDetails): void {
    this.items.push(diagnostic(kind, message, span, details));
  }

  addAll(diagnostics: readonly Diagnostic[]): void {
    this.items.push(...diagnostics);
  }

  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }

  get errorCount(): number {
    return this.items.filter((d) => d.severity === 'error').length;
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

function location(span: SourceSpan): string {
  return `${span.file}:${span.line}:${span.column}`;
}

/**
 * `apis/x/v1/a.ts:3:5 - error KG2001: message (did you mean "+foo"?)`, then one indented line per related location:
 * `  apis/x/v1/a.ts:2:5 - message`.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.span ? `${location(d.span)} - ` : '';
  const hint = d.hint ? ` (did you mean "${d.hint}"?)` : '';
  const related = (d.related ?? []).map((r) => `\n  ${location(r.span)} - ${r.message}`).join('');
  return `${where}${d.severity} ${d.code}: ${d.message}${hint}${related}`;
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
  // One row of the table at a time: row[j] is the distance between the first i UTF-16 units of a and the first j of b.
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  let distance = b.length; // a is empty
  for (let i = 1; i <= a.length; i++) {
    const ca = a.charAt(i - 1);
    let diag = i - 1; // row[j - 1] of the row above
    let left = i; // row[j - 1] of this row
    row[0] = i;
    for (const [j, up] of row.entries()) {
      if (j === 0) continue;
      left = Math.min(up + 1, left + 1, diag + (ca === b.charAt(j - 1) ? 0 : 1));
      diag = up;
      row[j] = left;
    }
    distance = left;
  }
  return distance;
}
