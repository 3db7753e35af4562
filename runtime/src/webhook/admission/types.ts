/**
 * `admission.k8s.io/v1` AdmissionReview as the API server sends it and as an admission webhook answers it
 * (k8s.io/api admission/v1 types.go), and what a handler returns.
 */
import type { JsonObject } from '../../meta/json';

export const ADMISSION_REVIEW_API_VERSION = 'admission.k8s.io/v1';

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** Who made the request (authentication.k8s.io/v1 UserInfo). */
export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/**
 * The request of an AdmissionReview. `object` is absent on DELETE (and CONNECT without a body); `oldObject` is set
 * on UPDATE and DELETE. `T` is the kind's declared type when the handler was registered for a kind; the objects are
 * still untrusted JSON from the API server (unknown fields kept, `__proto__` an ordinary key).
 */
export interface AdmissionRequest<T extends object = JsonObject> {
  uid: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  /** The kind, resource and subresource of the original request, when `matchPolicy: Equivalent` converted it. */
  requestKind?: GroupVersionKind;
  requestResource?: GroupVersionResource;
  requestSubResource?: string;
  name?: string;
  namespace?: string;
  operation: Operation;
  userInfo: UserInfo;
  object?: T;
  oldObject?: T;
  /** The request will not be persisted: a handler must not cause side effects (see `AdmissionContext.sideEffect`). */
  dryRun: boolean;
  /** CreateOptions, UpdateOptions or DeleteOptions of the request. */
  options?: JsonObject;
}

/** metav1.Status of a denial. */
export interface AdmissionStatus {
  status?: 'Success' | 'Failure';
  code: number;
  reason?: string;
  message?: string;
}

export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: AdmissionStatus;
  /** base64 of a JSON Patch (RFC 6902) array. */
  patch?: string;
  patchType?: 'JSONPatch';
  auditAnnotations?: Record<string, string>;
  warnings?: string[];
}

export interface AdmissionReview {
  apiVersion: typeof ADMISSION_REVIEW_API_VERSION;
  kind: 'AdmissionReview';
  request?: AdmissionRequest;
  response?: AdmissionResponse;
}

/** What the API server's webhook configuration declares about a handler's side effects (`sideEffects`). */
export type SideEffects = 'None' | 'NoneOnDryRun';
