/**
 * `@kubegen/runtime/internal`: what only generated code uses — the JSON walking helpers of generated deepcopy,
 * defaulting and conversion functions, and the values a package binds at load, a group's `convertObject` and each kind's
 * `admissionKind` (here so that importing a package does not load the webhook server); the lister expansion hook, a
 * cache-layer helper, is `@kubegen/runtime/cache`'s `expandLister`. Not an API for hand-written code: names and
 * signatures here change with the generator that emits their calls (a generated package and the runtime it was
 * generated for are released together).
 */
// Every export a data property, none a re-export: TypeScript's CommonJS output makes `export * from` and
// `export { x } from` getters, and an exports object with getters is in V8's dictionary mode — each
// `(0, internal_1.setOwn)(…)` of generated code (compiled to CommonJS) a hash lookup the optimising compiler cannot
// fold, and so never inline (as ../validation/index.ts explains). test/unit/runtime/internal/exports.test.ts keeps it so.
import * as json from '../meta/json';
import * as generated from '../meta/generated';
import * as deepcopy from '../meta/deepcopy';
import * as own from '../meta/own';
import * as conversion from '../conversion';
import * as admission from '../webhook/admission/kind';
export type { JsonObject, JsonValue } from '../meta/json';
export type { DeepCopy } from '../meta/deepcopy';
export const { cloneJSON, isJsonObject } = json;
export const { asDeclared, copyFlat, jsonView } = generated;
export const {
  deepCopyCondition,
  deepCopyConfigMapKeySelector,
  deepCopyLabelSelector,
  deepCopyLabelSelectorRequirement,
  deepCopyListMeta,
  deepCopyLocalObjectReference,
  deepCopyManagedFieldsEntry,
  deepCopyObjectMeta,
  deepCopyObjectReference,
  deepCopyOwnerReference,
  deepCopySecretKeySelector,
  deepCopyTypedLocalObjectReference,
  deepCopyTypeMeta,
} = deepcopy;
export const { getOwn, hasOwn, nullObject, setOwn } = own;
export const { convertObject, finishConversion, LostFields } = conversion;
// a group's `convert` and each kind's admission endpoints, bound at load: from here, not `/webhook`, whose server a
// package used only for its clients and informers would otherwise load
export const { admissionKind } = admission;
/** The fields a conversion could not represent in its target version ({@link LostFields}). */
export type LostFields = InstanceType<typeof conversion.LostFields>;
