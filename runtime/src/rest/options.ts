/**
 * Options of every call (metav1.GetOptions, ListOptions, CreateOptions, UpdateOptions, PatchOptions,
 * ApplyOptions, DeleteOptions) and their encodings: query parameters, or the DeleteOptions body.
 *
 * Every options object also carries the per-call `signal` and `timeoutMs` (`CallOptions`), which never reach the
 * server. Absent fields are never sent; `false` booleans are not sent either (the server's default).
 */

import type { LabelSelector } from '../meta/conditions';
import { formatLabelSelector } from '../meta/selectors';

/** What every call accepts besides its API options. */
export interface CallOptions {
  /** Aborts the call (and, for a watch, ends the stream). */
  signal?: AbortSignal;
  /** Aborts the call after this many milliseconds, retries included; overrides the client default. */
  timeoutMs?: number;
}

/** How `resourceVersion` of a list is interpreted. */
export type ResourceVersionMatch = 'NotOlderThan' | 'Exact';
/** How the server treats unknown or duplicate fields in a write. */
export type FieldValidation = 'Ignore' | 'Warn' | 'Strict';
/** How dependents are deleted. */
export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface GetOptions extends CallOptions {
  /** `''`: the latest (quorum read); `'0'`: any (may be served from cache). */
  resourceVersion?: string;
}

/** Selection of objects, shared by list, watch and deleteCollection. */
export interface ListOptions extends CallOptions {
  /** A selector string (`app=web,tier in (a,b),!canary`) or a metav1.LabelSelector. */
  labelSelector?: string | LabelSelector;
  /** e.g. `metadata.name=foo,metadata.namespace!=kube-system`. */
  fieldSelector?: string;
  resourceVersion?: string;
  resourceVersionMatch?: ResourceVersionMatch;
  /** Page size; the response's `metadata.continue` fetches the next page. */
  limit?: number;
  /** The `metadata.continue` token of the previous page. */
  continue?: string;
  /** Server-side timeout of a list or watch. */
  timeoutSeconds?: number;
  /**
   * Client side, not sent (a list only): called with the page's continue token as soon as it is read from the raw
   * response, before the page's items arrive (`continueTokenOf`), so that a pager can request the next page
   * meanwhile. That is when the list's `metadata` comes before its `items`, as for built-in kinds; a custom resource
   * list writes it last, and its page is decoded by the time the token is in. Not called for the last page. A hint:
   * the decoded page's `metadata.continue` is authoritative.
   */
  onContinue?: (token: string) => void;
  /**
   * Client side, not sent (a list only): called with the page's items as they are decoded, in order and each once,
   * while the response is still arriving (the list is decoded as it is read, `ListDecoder`); the resolved page's
   * `items` are the same objects. A consumer that applies them early (the reflector does) takes the items it was not
   * given from the resolved page — a client that does not call it gives none early. Must not throw.
   */
  onItems?: (items: unknown[]) => void;
}

/** A watch: a list selection plus watch-only options. */
export interface WatchOptions extends Omit<ListOptions, 'limit' | 'continue' | 'onContinue' | 'onItems'> {
  /** Ask the server for BOOKMARK events carrying only a newer resourceVersion. */
  allowWatchBookmarks?: boolean;
  /** Start with ADDED events for the current state, ended by a BOOKMARK (requires resourceVersionMatch NotOlderThan). */
  sendInitialEvents?: boolean;
  /**
   * Client side, not sent: the longest event (one line of the stream) accepted, in bytes; a longer one ends the
   * watch with `WatchFrameTooLargeError`. Default `DEFAULT_MAX_WATCH_FRAME_BYTES` (16 MiB).
   */
  maxFrameBytes?: number;
}

export interface CreateOptions extends CallOptions {
  /** Validate and admit, but do not persist (`dryRun=All`). */
  dryRun?: boolean;
  fieldManager?: string;
  fieldValidation?: FieldValidation;
}

export type UpdateOptions = CreateOptions;

export interface PatchOptions extends CreateOptions {
  /** Server-side apply only: take over conflicting fields. */
  force?: boolean;
}

/** Server-side apply: `fieldManager` is required. */
export interface ApplyOptions extends CallOptions {
  fieldManager: string;
  force?: boolean;
  dryRun?: boolean;
  fieldValidation?: FieldValidation;
}

/** Must hold for the delete to happen; a mismatch is a 409 Conflict. */
export interface Preconditions {
  uid?: string;
  resourceVersion?: string;
}

export interface DeleteOptions extends CallOptions {
  gracePeriodSeconds?: number;
  preconditions?: Preconditions;
  propagationPolicy?: PropagationPolicy;
  dryRun?: boolean;
}

/** The content types of the four patch strategies. */
export type PatchType =
  | 'application/json-patch+json'
  | 'application/merge-patch+json'
  | 'application/strategic-merge-patch+json'
  | 'application/apply-patch+yaml';

/** Named constants for `PatchType` (types.JSONPatchType …). */
export const PatchTypes = {
  JSONPatch: 'application/json-patch+json',
  MergePatch: 'application/merge-patch+json',
  StrategicMergePatch: 'application/strategic-merge-patch+json',
  ApplyPatch: 'application/apply-patch+yaml',
} as const satisfies Record<string, PatchType>;

/** One RFC 6902 operation. */
export type JsonPatchOperation =
  | { op: 'add' | 'replace' | 'test'; path: string; value: unknown }
  | { op: 'remove'; path: string }
  | { op: 'move' | 'copy'; from: string; path: string };

type QueryValue = string | number | boolean | undefined;

function put(q: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined || value === false || value === '') return;
  q.set(key, String(value));
}

function labelSelectorString(sel: string | LabelSelector | undefined): string | undefined {
  if (sel === undefined) return undefined;
  return typeof sel === 'string' ? sel : formatLabelSelector(sel);
}

/** Query of a get. */
export function getQuery(opts: GetOptions = {}): URLSearchParams {
  const q = new URLSearchParams();
  put(q, 'resourceVersion', opts.resourceVersion);
  return q;
}

/**
 * Options of a read of a subresource: GetOptions plus the subresource's own query parameters (`pods/log`:
 * `container`, `tailLines`, `previous` …, as the subresource's options kind — PodLogOptions — names them).
 */
export interface SubresourceGetOptions extends GetOptions {
  params?: Readonly<Record<string, string | number | boolean | undefined>>;
}

/** Query of a subresource read: its own parameters (absent and `false` left out), then `resourceVersion`. */
export function subresourceGetQuery(opts: SubresourceGetOptions = {}): URLSearchParams {
  const q = new URLSearchParams();
  const params = opts.params ?? {};
  for (const k of Object.keys(params)) put(q, k, params[k]);
  put(q, 'resourceVersion', opts.resourceVersion);
  return q;
}

/** Query of a list (or of the selection of a deleteCollection). */
export function listQuery(opts: ListOptions = {}): URLSearchParams {
  const q = new URLSearchParams();
  put(q, 'labelSelector', labelSelectorString(opts.labelSelector));
  put(q, 'fieldSelector', opts.fieldSelector);
  put(q, 'resourceVersion', opts.resourceVersion);
  put(q, 'resourceVersionMatch', opts.resourceVersionMatch);
  put(q, 'limit', opts.limit);
  put(q, 'continue', opts.continue);
  put(q, 'timeoutSeconds', opts.timeoutSeconds);
  return q;
}

/** Query of a watch (`watch=true` included). */
export function watchQuery(opts: WatchOptions = {}): URLSearchParams {
  const q = listQuery(opts);
  q.set('watch', 'true');
  put(q, 'allowWatchBookmarks', opts.allowWatchBookmarks);
  if (opts.sendInitialEvents !== undefined) q.set('sendInitialEvents', String(opts.sendInitialEvents));
  return q;
}

/** Query of a create or an update. */
export function writeQuery(opts: CreateOptions = {}): URLSearchParams {
  const q = new URLSearchParams();
  if (opts.dryRun) q.set('dryRun', 'All');
  put(q, 'fieldManager', opts.fieldManager);
  put(q, 'fieldValidation', opts.fieldValidation);
  return q;
}

/** Query of a patch or an apply. */
export function patchQuery(opts: PatchOptions | ApplyOptions = {}): URLSearchParams {
  const q = writeQuery(opts);
  put(q, 'force', opts.force);
  return q;
}

/** The metav1.DeleteOptions body of a delete or deleteCollection; `undefined` when there is nothing to send. */
export function deleteBody(opts: DeleteOptions = {}): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = {};
  if (opts.gracePeriodSeconds !== undefined) body.gracePeriodSeconds = opts.gracePeriodSeconds;
  if (opts.propagationPolicy !== undefined) body.propagationPolicy = opts.propagationPolicy;
  if (opts.dryRun) body.dryRun = ['All'];
  if (opts.preconditions && (opts.preconditions.uid !== undefined || opts.preconditions.resourceVersion !== undefined)) {
    const p: Record<string, string> = {};
    if (opts.preconditions.uid !== undefined) p.uid = opts.preconditions.uid;
    if (opts.preconditions.resourceVersion !== undefined) p.resourceVersion = opts.preconditions.resourceVersion;
    body.preconditions = p;
  }
  if (Object.keys(body).length === 0) return undefined;
  return { apiVersion: 'v1', kind: 'DeleteOptions', ...body };
}
