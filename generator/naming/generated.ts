/**
 * The names kubegen gives the declarations it generates beside a user's type: one definition per name, read by the
 * emitter that declares it, by the emitters that reference it (`admission.ts` names a kind's `<Kind>GVK`), and by
 * the model's check that a user's type name cannot collide with them (`generator/model/reserved.ts`).
 */
import { safeIdentifier } from './namers';

/** The name of the deepcopy function of a named type. */
export function deepCopyFunctionName(typeName: string): string {
  return safeIdentifier(`deepCopy${typeName}`);
}

/** The name of the exported defaulting function of a kind or list. */
export function setDefaultsFunctionName(typeName: string): string {
  return safeIdentifier(`setDefaults${typeName}`);
}

/** The name of the exported validator of a kind. */
export function validateFunctionName(kind: string): string {
  return safeIdentifier(`validate${kind}`);
}

/** The name of the `<Kind>GVK` constant. */
export function gvkConstName(kind: string): string {
  return safeIdentifier(`${kind}GVK`);
}

/** The name of the `<Kind>GVR` constant. */
export function gvrConstName(kind: string): string {
  return safeIdentifier(`${kind}GVR`);
}

/** The name of the hand-written function for field `field` of `fromType` converted from `fromVersion` to `toVersion`. */
export function manualConversionName(fromVersion: string, fromType: string, field: string, toVersion: string): string {
  return `convert_${fromVersion}_${fromType}_${field}_To_${toVersion}`;
}
