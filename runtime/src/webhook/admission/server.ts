/**
 * The admission webhook server (controller-runtime's `pkg/webhook/admission` for TypeScript): an HTTPS server (the
 * runtime's `WebhookServer` stage) answering `admission.k8s.io/v1` AdmissionReviews with handlers registered by
 * path — `/validate-<group>-<version>-<kind>` and `/mutate-…`, the paths `+kubebuilder:webhook` markers name.
 *
 * Contract:
 * - A review that is not a v1 AdmissionReview request (not an object, another `kind` or `apiVersion`, no `request`,
 *   a request without `uid`, `kind`, `resource` or a known `operation`, an `object` / `oldObject` that is not an
 *   object, `object` missing on CREATE/UPDATE or `oldObject` on UPDATE/DELETE) → HTTP 400 with a one-line message.
 *   Every field is read by own keys; objects are handed over as parsed, `__proto__` an ordinary key.
 * - Otherwise HTTP 200 with an AdmissionReview whose `response.uid` is the request's. Allowed → `status.code` 200;
 *   denied → `status` `{ status: Failure, code, reason, message }` (`denied()`: 403 Forbidden; the API server raises a
 *   code under 400 to 400), warnings kept in both; a non-empty patch → `patch` (base64 JSON Patch) and
 *   `patchType: JSONPatch`.
 * - Handlers registered for a kind (`validator`, `defaulter`, or `register` with `kind`) answer 400 (denied) to a
 *   request of another group, version or kind, as controller-runtime's decoder does.
 * - A handler that throws: `AdmissionDenied` and `StatusError` keep their code and message; any other value is a
 *   denial with code 500 (`errored`, its text `describeThrown`'s), logged — the server keeps serving. A handler
 *   whose answer cannot be used (not a result, a patch that cannot be encoded) is a 500 denial too: whatever user
 *   code does, the API server gets an AdmissionReview (HTTP 200) that does not allow the request, so
 *   `failurePolicy: Ignore` never admits an object because a handler failed. A handler still running after
 *   `handlerTimeoutMs` sees its signal abort and the review is answered with a 500 denial.
 * - Dry run: `request.dryRun` and `context.dryRun` tell the handler; `context.sideEffect(fn)` runs `fn` only when
 *   the request is not a dry run, and refuses (500) in a handler that declared `sideEffects: None`.
 */
import { asDeclared } from '../../meta/generated';
import { isJsonObject, type JsonObject } from '../../meta/json';
import { getOwn } from '../../meta/own';
import { StatusError } from '../../errors/errors';
import { describeThrown, thrownInstanceOf } from '../../observe/thrown';
import { defaultLogger } from '../../log/default';
import { safeLogger, type Logger } from '../../observe/logger';
import { describeValue, ReviewError, ServedWebhook, type RouteTarget, type WebhookServerOptions } from '../server';
import { mutatingHandler, validatingHandler, type CustomDefaulter, type CustomValidator } from './custom';
import { AdmissionDenied, resultOfError, type AdmissionContext, type AdmissionHandler, type AdmissionResult } from './result';
import {
  ADMISSION_REVIEW_API_VERSION,
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionReview,
  type GroupVersionKind,
  type GroupVersionResource,
  type Operation,
  type SideEffects,
  type UserInfo,
} from './types';
import type { AdmissionKind } from './kind';

export { admissionKind, type AdmissionKind } from './kind';

export interface RegisterOptions {
  /** Only requests for this group, version and kind are handled; others are denied with 400. */
  kind?: GroupVersionKind;
}

/** The WebhookServer's options; `maxRequestBytes` defaults to 7 MiB here (controller-runtime's limit: a review carries an object and its old version). */
export type AdmissionServerOptions = WebhookServerOptions;

/** controller-runtime's request body limit for admission reviews (`pkg/webhook/admission/http.go`). */
export const ADMISSION_MAX_REQUEST_BYTES = 7 * 1024 * 1024;

const OPERATIONS: readonly string[] = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'];

interface Registered {
  kind?: GroupVersionKind;
  sideEffects: SideEffects;
  handle(request: AdmissionRequest, context: AdmissionContext): AdmissionResult | Promise<AdmissionResult>;
}

/**
 * What generated `register<Kind>Validator` / `register<Kind>Defaulter` register on: the standalone `AdmissionServer`,
 * or the manager's one webhook server (`DefaultWebhookServer`, `mgr.getWebhookServer()`).
 */
export interface AdmissionRegistrar {
  validator<T extends object>(kind: AdmissionKind, validator: CustomValidator<T>, options?: { path?: string }): unknown;
  defaulter<T extends object>(kind: AdmissionKind, defaulter: CustomDefaulter<T>, options?: { path?: string }): unknown;
}

/**
 * The admission endpoints' work, without a server: handlers registered by path on a `RouteTarget` (a
 * `WebhookServer`), answering AdmissionReviews as the module doc says. `AdmissionServer` and the manager's
 * `DefaultWebhookServer` both serve their handlers with it.
 */
export class AdmissionHandlers implements AdmissionRegistrar {
  private readonly handlers = new Map<string, Registered>();
  private readonly log: Logger;

  constructor(private readonly target: RouteTarget, options: { logger?: Logger } = {}) {
    this.log = safeLogger(options.logger ?? defaultLogger().withName('webhook'));
  }

  /** Registers `handler` at `path` (`/validate-…`, `/mutate-…`). */
  register<T extends object>(path: string, handler: AdmissionHandler<T>, options: RegisterOptions = {}): this {
    const registered: Registered = {
      kind: options.kind && { group: options.kind.group, version: options.kind.version, kind: options.kind.kind },
      sideEffects: handler.sideEffects,
      handle: (request, context) => handler.handle(typedRequest<T>(request), context),
    };
    this.target.route(path, {
      handle: (body, { signal }) => this.answer(registered, body, signal),
      onTimeout: (body) => errorReview(body, 'the admission handler did not answer in time'),
      onError: (body, message) => errorReview(body, `internal error: ${message}`),
    });
    this.handlers.set(path, registered);
    return this;
  }

  /** Registers a `CustomValidator` for a kind at its validate path (or `options.path`). */
  validator<T extends object>(kind: AdmissionKind, validator: CustomValidator<T>, options: { path?: string } = {}): this {
    return this.register(options.path ?? kind.validatePath, validatingHandler(validator), { kind });
  }

  /** Registers a `CustomDefaulter` for a kind at its mutate path (or `options.path`). */
  defaulter<T extends object>(kind: AdmissionKind, defaulter: CustomDefaulter<T>, options: { path?: string } = {}): this {
    return this.register(options.path ?? kind.mutatePath, mutatingHandler(defaulter), { kind });
  }

  /** The paths with a handler, sorted. */
  get paths(): string[] {
    return [...this.handlers.keys()].sort();
  }

  /**
   * Answers an AdmissionReview for the handler at `path` (the HTTP endpoint's work, without HTTP). Throws
   * `ReviewError` for a body that is not a v1 AdmissionReview request, and for a path without a handler.
   */
  review(path: string, body: unknown, signal: AbortSignal = new AbortController().signal): Promise<AdmissionReview> {
    const registered = this.handlers.get(path);
    if (!registered) return Promise.reject(new ReviewError(`no admission handler at ${path}`));
    return this.answer(registered, body, signal);
  }

  private async answer(registered: Registered, body: unknown, signal: AbortSignal): Promise<AdmissionReview> {
    const request = parseReview(body);
    const warnings: string[] = [];
    let result: AdmissionResult;
    const kind = registered.kind;
    if (kind && (request.kind.group !== kind.group || request.kind.version !== kind.version || request.kind.kind !== kind.kind)) {
      result = { allowed: false, code: 400, reason: 'BadRequest', message: `this webhook handles ${gvkString(kind)}, not ${gvkString(request.kind)}` };
    } else {
      const context: AdmissionContext = {
        dryRun: request.dryRun,
        signal,
        warn: (message) => { warnings.push(message); },
        sideEffect: async <R>(fn: () => R | Promise<R>): Promise<R | undefined> => {
          if (registered.sideEffects === 'None') throw new Error('the handler declared sideEffects None but ran a side effect');
          if (request.dryRun) return undefined;
          return await fn();
        },
      };
      try {
        result = await registered.handle(request, context);
      } catch (e) {
        result = resultOfError(e);
        if (!thrownInstanceOf(e, AdmissionDenied) && !thrownInstanceOf(e, StatusError)) {
          this.log.error(e, 'admission handler failed', { operation: request.operation, kind: gvkString(request.kind), namespace: request.namespace ?? '', name: request.name ?? '' });
        }
      }
    }
    return { apiVersion: ADMISSION_REVIEW_API_VERSION, kind: 'AdmissionReview', response: responseOf(request.uid, result, warnings) };
  }
}

/**
 * The admission webhooks on their own HTTPS server. In an operator with a `Manager`, register them on the manager's
 * one webhook server instead (`mgr.getWebhookServer()`, a `DefaultWebhookServer`): it serves admission and conversion
 * on one port. Both answer with the same `AdmissionHandlers`.
 */
export class AdmissionServer extends ServedWebhook implements AdmissionRegistrar {
  private readonly admission: AdmissionHandlers;

  constructor(options: AdmissionServerOptions) {
    super({ ...options, maxRequestBytes: options.maxRequestBytes ?? ADMISSION_MAX_REQUEST_BYTES });
    this.admission = new AdmissionHandlers(this.server, options.logger ? { logger: options.logger } : {});
  }

  /** Registers `handler` at `path` (`/validate-…`, `/mutate-…`). */
  register<T extends object>(path: string, handler: AdmissionHandler<T>, options: RegisterOptions = {}): this {
    this.admission.register(path, handler, options);
    return this;
  }

  /** Registers a `CustomValidator` for a kind at its validate path (or `options.path`). */
  validator<T extends object>(kind: AdmissionKind, validator: CustomValidator<T>, options: { path?: string } = {}): this {
    this.admission.validator(kind, validator, options);
    return this;
  }

  /** Registers a `CustomDefaulter` for a kind at its mutate path (or `options.path`). */
  defaulter<T extends object>(kind: AdmissionKind, defaulter: CustomDefaulter<T>, options: { path?: string } = {}): this {
    this.admission.defaulter(kind, defaulter, options);
    return this;
  }

  /** The registered paths, sorted. */
  get paths(): string[] {
    return this.server.paths;
  }

  /**
   * Answers an AdmissionReview for the handler at `path` (the HTTP endpoint's work, without HTTP). Throws
   * `ReviewError` for a body that is not a v1 AdmissionReview request, and for a path without a handler.
   */
  review(path: string, body: unknown, signal?: AbortSignal): Promise<AdmissionReview> {
    return this.admission.review(path, body, signal);
  }
}

function typedRequest<T extends object>(request: AdmissionRequest): AdmissionRequest<T> {
  const { object, oldObject, ...rest } = request;
  const out: AdmissionRequest<T> = rest;
  if (object) out.object = asDeclared<T>(object);
  if (oldObject) out.oldObject = asDeclared<T>(oldObject);
  return out;
}

function gvkString(k: GroupVersionKind): string {
  return `${k.group ? `${k.group}/` : ''}${k.version}, Kind=${k.kind}`;
}

/**
 * The response for a handler's result. A result that is not one (user code: not an object, `allowed` not a
 * boolean) throws, and the route answers a 500 denial (`onError`).
 */
function responseOf(uid: string, result: unknown, extraWarnings: readonly string[]): AdmissionResponse {
  if (!isAdmissionResult(result)) throw new Error(`the admission handler answered ${describeThrown(result)}, not an AdmissionResult`);
  const response: AdmissionResponse = { uid, allowed: result.allowed };
  if (response.allowed) response.status = { code: 200 };
  else {
    const status: AdmissionResponse['status'] = { status: 'Failure', code: result.code ?? 403 };
    if (result.reason) status.reason = result.reason;
    if (result.message !== undefined) status.message = result.message;
    response.status = status;
  }
  const warnings = uniqueWarnings([...(result.warnings ?? []), ...extraWarnings]);
  if (warnings.length > 0) response.warnings = warnings;
  if (result.patch && result.patch.length > 0) {
    response.patch = Buffer.from(JSON.stringify(result.patch), 'utf8').toString('base64');
    response.patchType = 'JSONPatch';
  }
  if (result.auditAnnotations && Object.keys(result.auditAnnotations).length > 0) response.auditAnnotations = result.auditAnnotations;
  return response;
}

/** Whether a handler's answer (any value: user code) is an object with a boolean `allowed`. */
function isAdmissionResult(v: unknown): v is AdmissionResult {
  return typeof v === 'object' && v !== null && 'allowed' in v && typeof v.allowed === 'boolean';
}

/** Non-empty warnings, each once, in order (the API server drops empty and duplicate ones anyway). */
function uniqueWarnings(warnings: readonly string[]): string[] {
  return [...new Set(warnings.filter((w) => typeof w === 'string' && w !== ''))];
}

/** The review answered when a handler ran out of time or failed: a 500 denial with `message`, for the body's uid. */
function errorReview(body: unknown, message: string): AdmissionReview {
  const request = isJsonObject(body) ? getOwn(body, 'request') : undefined;
  const uid = isJsonObject(request) ? getOwn(request, 'uid') : undefined;
  return {
    apiVersion: ADMISSION_REVIEW_API_VERSION,
    kind: 'AdmissionReview',
    response: { uid: typeof uid === 'string' ? uid : '', allowed: false, status: { status: 'Failure', code: 500, reason: 'InternalError', message } },
  };
}

/** The request of a v1 AdmissionReview, read by own keys; throws `ReviewError` with a one-line reason. */
export function parseReview(body: unknown): AdmissionRequest {
  if (!isJsonObject(body)) throw new ReviewError(`body is not an AdmissionReview: it is ${describeValue(body)}`);
  const kind = getOwn(body, 'kind');
  if (kind !== 'AdmissionReview') throw new ReviewError(`body is not an AdmissionReview: kind is ${describeValue(kind)}`);
  const apiVersion = getOwn(body, 'apiVersion');
  if (apiVersion !== ADMISSION_REVIEW_API_VERSION) throw new ReviewError(`unsupported AdmissionReview version ${describeValue(apiVersion)}; expected ${ADMISSION_REVIEW_API_VERSION}`);
  const r = getOwn(body, 'request');
  if (!isJsonObject(r)) throw new ReviewError(`AdmissionReview has no request${r === undefined ? '' : ` (it is ${describeValue(r)})`}`);
  const uid = getOwn(r, 'uid');
  if (typeof uid !== 'string' || uid === '') throw new ReviewError('AdmissionReview.request.uid must be a non-empty string');
  const operation = getOwn(r, 'operation');
  if (typeof operation !== 'string' || !OPERATIONS.includes(operation)) throw new ReviewError(`AdmissionReview.request.operation ${describeValue(operation)} is not one of ${OPERATIONS.join(', ')}`);
  const op = operation as Operation;
  const request: AdmissionRequest = {
    uid,
    kind: gvk(r, 'kind', true),
    resource: gvr(r, 'resource', true),
    operation: op,
    userInfo: userInfo(getOwn(r, 'userInfo')),
    dryRun: getOwn(r, 'dryRun') === true,
  };
  const subResource = optionalString(r, 'subResource');
  if (subResource) request.subResource = subResource;
  const requestKind = gvk(r, 'requestKind', false);
  if (requestKind) request.requestKind = requestKind;
  const requestResource = gvr(r, 'requestResource', false);
  if (requestResource) request.requestResource = requestResource;
  const requestSubResource = optionalString(r, 'requestSubResource');
  if (requestSubResource) request.requestSubResource = requestSubResource;
  const name = optionalString(r, 'name');
  if (name) request.name = name;
  const namespace = optionalString(r, 'namespace');
  if (namespace) request.namespace = namespace;
  const object = optionalObject(r, 'object');
  const oldObject = optionalObject(r, 'oldObject');
  if ((op === 'CREATE' || op === 'UPDATE') && !object) throw new ReviewError(`AdmissionReview.request.object is required for ${op}`);
  if ((op === 'UPDATE' || op === 'DELETE') && !oldObject) throw new ReviewError(`AdmissionReview.request.oldObject is required for ${op}`);
  if (object) request.object = object;
  if (oldObject) request.oldObject = oldObject;
  const options = optionalObject(r, 'options');
  if (options) request.options = options;
  return request;
}

function optionalString(o: JsonObject, key: string): string | undefined {
  const v = getOwn(o, key);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ReviewError(`AdmissionReview.request.${key} must be a string, not ${describeValue(v)}`);
  return v;
}

function optionalObject(o: JsonObject, key: string): JsonObject | undefined {
  const v = getOwn(o, key);
  if (v === undefined || v === null) return undefined;
  if (!isJsonObject(v)) throw new ReviewError(`AdmissionReview.request.${key} must be an object, not ${describeValue(v)}`);
  return v;
}

function gvk(o: JsonObject, key: string, required: true): GroupVersionKind;
function gvk(o: JsonObject, key: string, required: false): GroupVersionKind | undefined;
function gvk(o: JsonObject, key: string, required: boolean): GroupVersionKind | undefined {
  const v = getOwn(o, key);
  if (!required && (v === undefined || v === null)) return undefined;
  const group = isJsonObject(v) ? getOwn(v, 'group') : undefined;
  const version = isJsonObject(v) ? getOwn(v, 'version') : undefined;
  const kind = isJsonObject(v) ? getOwn(v, 'kind') : undefined;
  if (typeof version !== 'string' || typeof kind !== 'string' || (group !== undefined && typeof group !== 'string')) {
    throw new ReviewError(`AdmissionReview.request.${key} must be {group, version, kind} strings`);
  }
  return { group: group ?? '', version, kind };
}

function gvr(o: JsonObject, key: string, required: true): GroupVersionResource;
function gvr(o: JsonObject, key: string, required: false): GroupVersionResource | undefined;
function gvr(o: JsonObject, key: string, required: boolean): GroupVersionResource | undefined {
  const v = getOwn(o, key);
  if (!required && (v === undefined || v === null)) return undefined;
  const group = isJsonObject(v) ? getOwn(v, 'group') : undefined;
  const version = isJsonObject(v) ? getOwn(v, 'version') : undefined;
  const resource = isJsonObject(v) ? getOwn(v, 'resource') : undefined;
  if (typeof version !== 'string' || typeof resource !== 'string' || (group !== undefined && typeof group !== 'string')) {
    throw new ReviewError(`AdmissionReview.request.${key} must be {group, version, resource} strings`);
  }
  return { group: group ?? '', version, resource };
}

function userInfo(v: unknown): UserInfo {
  if (!isJsonObject(v)) return {};
  const out: UserInfo = {};
  const username = getOwn(v, 'username');
  if (typeof username === 'string') out.username = username;
  const uid = getOwn(v, 'uid');
  if (typeof uid === 'string') out.uid = uid;
  const groups = getOwn(v, 'groups');
  if (Array.isArray(groups)) out.groups = groups.filter((g): g is string => typeof g === 'string');
  const extra = getOwn(v, 'extra');
  if (isJsonObject(extra)) {
    const e = new Map<string, string[]>();
    for (const k of Object.keys(extra)) {
      const values = getOwn(extra, k);
      if (Array.isArray(values)) e.set(k, values.filter((x): x is string => typeof x === 'string'));
    }
    out.extra = Object.fromEntries(e);
  }
  return out;
}
