/**
 * Admission plugins of the apiserver, after k8s.io/apiserver's `admission.Interface` (`MutationInterface.Admit`,
 * `ValidationInterface.Validate`, `admission.Handler`'s operations) in kubegen's admission vocabulary: a plugin's
 * phases are the `AdmissionHandler`s of `@kubegen/runtime/webhook/admission` — built from a typed `CustomDefaulter`
 * (mutating) and `CustomValidator` (validating) with `admissionPlugin`, or written raw — and what they are handed is an
 * `AdmissionRequest` (operation, object, old object, user info …), the AdmissionReview's request.
 *
 * A plugin admits one kind (any version of it is converted to the plugin's version on the way in, and a mutation back
 * to the request's); what else it needs it gets when it is built, as Go's plugin initializers hand a plugin its
 * listers: `AdmissionPluginFactory` receives an `ObjectReader` over the server's stores.
 */

import type { KubeList, KubeObject, ResourceDescriptor } from '@kubegen/runtime/client';
import { asDeclared } from '@kubegen/runtime/internal';
import {
  type AdmissionHandler,
  type AdmissionRequest,
  type CustomDefaulter,
  type CustomValidator,
  type GroupVersionKind,
  type Operation,
  mutatingHandler,
  validatingHandler,
} from '@kubegen/runtime/webhook/admission';

/** The operations a plugin of the apiserver sees (CONNECT is not served here). */
export type AdmissionOperation = Exclude<Operation, 'CONNECT'>;

export const ALL_OPERATIONS: readonly AdmissionOperation[] = ['CREATE', 'UPDATE', 'DELETE'];

/** One admission plugin: its name (in errors), the kind it admits, the operations it handles and its phases. */
export interface AdmissionPlugin {
  readonly name: string;
  /** The kind admitted; objects reach the plugin in `kind.version` whatever the request's version. */
  readonly kind: GroupVersionKind;
  readonly operations: readonly AdmissionOperation[];
  /** Runs in the mutating phase: its JSON Patch edits the object; a denial refuses the request. */
  readonly mutating?: AdmissionHandler;
  /** Runs in the validating phase, after every mutating plugin and the kind's validation: allow or deny. */
  readonly validating?: AdmissionHandler;
}

/** Reads objects of the served groups through the server's stores (the request-free reads of a plugin). */
export interface ObjectReader {
  /** The object, in the descriptor's version; `undefined` when there is none of that name. */
  get<T extends KubeObject, L extends KubeList<T>>(resource: ResourceDescriptor<T, L>, name: string, namespace?: string): Promise<T | undefined>;
  /** Every object (of `namespace` when given, of all namespaces otherwise), in the descriptor's version. */
  list<T extends KubeObject, L extends KubeList<T>>(resource: ResourceDescriptor<T, L>, namespace?: string): Promise<T[]>;
}

/** What a plugin is built with. */
export interface AdmissionPluginContext {
  readonly objects: ObjectReader;
}

/** Builds a plugin once the server's stores exist (Go: a plugin factory plus its initializers). */
export type AdmissionPluginFactory = (context: AdmissionPluginContext) => AdmissionPlugin;

/** A typed plugin: a defaulter for the mutating phase, a validator for the validating one, of one kind. */
export interface TypedPluginSpec<T extends object> {
  readonly name: string;
  readonly kind: GroupVersionKind;
  /** Default: create, update and delete. */
  readonly operations?: readonly AdmissionOperation[];
  readonly defaulter?: CustomDefaulter<T>;
  readonly validator?: CustomValidator<T>;
}

/** The request with its objects seen as the kind's declared type. */
function typed<T extends object>(request: AdmissionRequest): AdmissionRequest<T> {
  const { object, oldObject, ...rest } = request;
  return {
    ...rest,
    ...(object !== undefined ? { object: asDeclared<T>(object) } : {}),
    ...(oldObject !== undefined ? { oldObject: asDeclared<T>(oldObject) } : {}),
  };
}

function raw<T extends object>(handler: AdmissionHandler<T>): AdmissionHandler {
  return { sideEffects: handler.sideEffects, handle: (request, context) => handler.handle(typed<T>(request), context) };
}

/** A plugin from a typed defaulter and validator (controller-runtime's `CustomDefaulter` / `CustomValidator`). */
export function admissionPlugin<T extends object>(spec: TypedPluginSpec<T>): AdmissionPlugin {
  return {
    name: spec.name,
    kind: { group: spec.kind.group, version: spec.kind.version, kind: spec.kind.kind },
    operations: spec.operations ?? ALL_OPERATIONS,
    ...(spec.defaulter ? { mutating: raw(mutatingHandler(spec.defaulter)) } : {}),
    ...(spec.validator ? { validating: raw(validatingHandler(spec.validator)) } : {}),
  };
}
