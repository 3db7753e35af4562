/**
 * What an admission handler returns and may throw, and what it is given (`AdmissionContext`).
 */
import { StatusError } from '../../errors/errors';
import { describeThrown, thrownInstanceOf } from '../../observe/thrown';
import type { JsonObject } from '../../meta/json';
import type { JsonPatchOperation } from '../../meta/jsonpatch';
import type { AdmissionRequest, SideEffects } from './types';

/** What a handler decides. Build it with `allowed`, `denied`, `errored` or `patched`. */
export interface AdmissionResult {
  allowed: boolean;
  /** HTTP-like code of a denial (default 403). */
  code?: number;
  reason?: string;
  message?: string;
  warnings?: string[];
  /** JSON Patch to apply to the request's object (mutating webhooks only). */
  patch?: JsonPatchOperation[];
  auditAnnotations?: Record<string, string>;
}

/** Allows the request. */
export function allowed(warnings?: readonly string[]): AdmissionResult {
  return warnings && warnings.length > 0 ? { allowed: true, warnings: [...warnings] } : { allowed: true };
}

/** Denies the request; the API server reports `admission webhook "<name>" denied the request: <message>`. */
export function denied(message: string, options: { code?: number; reason?: string; warnings?: readonly string[] } = {}): AdmissionResult {
  return { allowed: false, code: options.code ?? 403, reason: options.reason ?? (options.code === undefined ? 'Forbidden' : undefined), message, ...(options.warnings?.length ? { warnings: [...options.warnings] } : {}) };
}

/** Denies the request because the handler failed (controller-runtime's `Errored`); any value as `err` (its text is `describeThrown`'s). */
export function errored(code: number, err: unknown): AdmissionResult {
  return { allowed: false, code, message: describeThrown(err) };
}

/** A denial a handler throws: the request is denied with this message, code (default 403) and warnings. */
export class AdmissionDenied extends Error {
  override readonly name = 'AdmissionDenied';
  readonly code: number;
  readonly reason?: string;
  readonly warnings: string[];

  constructor(message: string, options: { code?: number; reason?: string; warnings?: readonly string[] } = {}) {
    super(message);
    this.code = options.code ?? 403;
    this.reason = options.reason ?? (options.code === undefined ? 'Forbidden' : undefined);
    this.warnings = [...(options.warnings ?? [])];
  }
}

/** What a handler gets besides the request. */
export interface AdmissionContext {
  /** The request will not be persisted (`request.dryRun`). */
  readonly dryRun: boolean;
  /** Aborts when the handler ran out of time or the API server went away. */
  readonly signal: AbortSignal;
  /** Adds a warning to the response (shown to the client as a `Warning` header). */
  warn(message: string): void;
  /**
   * Runs `fn` — something with an effect outside this request (a write elsewhere, a message) — unless the request
   * is a dry run, when it resolves to `undefined` without running it. Throws in a handler declared `sideEffects: None`.
   */
  sideEffect<R>(fn: () => R | Promise<R>): Promise<R | undefined>;
}

/** A handler of AdmissionReviews at one path (the raw form; `validator` and `defaulter` build on it). */
export interface AdmissionHandler<T extends object = JsonObject> {
  /** What the webhook configuration declares: `None`, or `NoneOnDryRun` for handlers that use `context.sideEffect`. */
  readonly sideEffects: SideEffects;
  handle(request: AdmissionRequest<T>, context: AdmissionContext): AdmissionResult | Promise<AdmissionResult>;
}

/**
 * The result for any value a handler threw — always a denial, never a throw: `AdmissionDenied` and `StatusError`
 * keep their code, reason and message (each read guarded and type-checked: a subclass's getter may throw or lie);
 * anything else is a 500 denial with `describeThrown`'s text.
 */
export function resultOfError(e: unknown): AdmissionResult {
  try {
    if (thrownInstanceOf(e, AdmissionDenied)) {
      const warnings = Array.isArray(e.warnings) ? e.warnings.filter((w): w is string => typeof w === 'string') : [];
      return { allowed: false, code: httpCode(e.code, 403), reason: stringOr(e.reason, undefined), message: stringOr(e.message, ''), ...(warnings.length ? { warnings } : {}) };
    }
    if (thrownInstanceOf(e, StatusError)) return { allowed: false, code: httpCode(e.code, 500), reason: stringOr(e.reason, undefined) || undefined, message: stringOr(e.message, '') };
  } catch {
    // a getter of a subclass threw: like any other value
  }
  return errored(500, e);
}

function httpCode(code: unknown, otherwise: number): number {
  return typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 599 ? code : otherwise;
}

function stringOr<T>(v: unknown, otherwise: T): string | T {
  return typeof v === 'string' ? v : otherwise;
}

