/**
 * `@kubegen/runtime/webhook/admission`: the admission webhook server — AdmissionReview v1 over HTTPS, typed
 * validating and mutating handlers per kind, JSON Patch answers.
 *
 *   const server = new AdmissionServer({ certFile: 'tls.crt', keyFile: 'tls.key', port: 9443 });
 *   registerCronTabValidator(server, { validateCreate(obj) { … } });   // generated in each group package
 *   registerCronTabDefaulter(server, { default(obj) { obj.spec.replicas ??= 1; } });
 *   await server.listen();
 *
 * In an operator, register them on the manager's one webhook server instead (`mgr.getWebhookServer()`, or
 * `webhookManagedBy(mgr).for(cronTabAdmission).withDefaulter(…).withValidator(…).complete()`): conversion,
 * validating and mutating webhooks and the probes on one port.
 */
export { ADMISSION_MAX_REQUEST_BYTES, AdmissionHandlers, AdmissionServer, admissionKind, type AdmissionRegistrar, parseReview, type AdmissionKind, type AdmissionServerOptions, type RegisterOptions } from './server';
export { AdmissionDenied, allowed, denied, errored, resultOfError, type AdmissionContext, type AdmissionHandler, type AdmissionResult } from './result';
export { mutatingHandler, validatingHandler, type CustomDefaulter, type CustomValidator } from './custom';
export { applyJsonPatch, diffJson, escapePointerToken, jsonEqual, JsonPatchError, unescapePointerToken, type JsonPatchOperation } from '../../meta/jsonpatch';
export {
  ADMISSION_REVIEW_API_VERSION,
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionReview,
  type AdmissionStatus,
  type GroupVersionKind,
  type GroupVersionResource,
  type Operation,
  type SideEffects,
  type UserInfo,
} from './types';
export { ReviewError } from '../server';
export { isWebhookConfiguration, patchWebhookConfigurations, type WebhookTarget } from './config';
