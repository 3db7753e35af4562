/** Small typed accessors for the loader and the model builder. */
import type { MarkerValue } from '../model/types';

/** The value of the first marker named `name`, or undefined when absent. */
export function getMarker<T = unknown>(markers: readonly MarkerValue[], name: string): T | undefined {
  const m = markers.find((x) => x.name === name);
  return m === undefined ? undefined : (m.value as T);
}

/** The values of every marker named `name`, in order. */
export function getMarkers<T = unknown>(markers: readonly MarkerValue[], name: string): T[] {
  return markers.filter((x) => x.name === name).map((x) => x.value as T);
}

/** Whether a marker named `name` is present. */
export function hasMarker(markers: readonly MarkerValue[], name: string): boolean {
  return markers.some((x) => x.name === name);
}

/** The first marker named `name` itself (for its span), or undefined. */
export function findMarker(markers: readonly MarkerValue[], name: string): MarkerValue | undefined {
  return markers.find((x) => x.name === name);
}

/** `+kubebuilder:validation:Schemaless`: the builder emits `{}` (plus the field's markers) and does not traverse. */
export function isSchemaless(markers: readonly MarkerValue[]): boolean {
  return hasMarker(markers, 'kubebuilder:validation:Schemaless');
}

/** `+kubebuilder:validation:EmbeddedResource` / `XEmbeddedResource`: the schema becomes an embedded resource. */
export function isEmbeddedResource(markers: readonly MarkerValue[]): boolean {
  return hasMarker(markers, 'kubebuilder:validation:EmbeddedResource') || hasMarker(markers, 'kubebuilder:validation:XEmbeddedResource');
}

/** `+k8s:immutable` on a field: the builder adds `immutableParentRule(field)` on the parent when the field is optional. */
export function isImmutable(markers: readonly MarkerValue[]): boolean {
  return hasMarker(markers, 'k8s:immutable');
}

/**
 * Explicit required-ness of a field from its markers, with controller-gen's precedence:
 * `kubebuilder:validation:Optional` > `kubebuilder:validation:Required` > `optional` / `k8s:optional` >
 * `required` / `k8s:required`. Undefined when no marker decides (then `?` and the package default do).
 */
export function explicitRequired(markers: readonly MarkerValue[]): boolean | undefined {
  if (hasMarker(markers, 'kubebuilder:validation:Optional')) return false;
  if (hasMarker(markers, 'kubebuilder:validation:Required')) return true;
  if (hasMarker(markers, 'optional') || hasMarker(markers, 'k8s:optional')) return false;
  if (hasMarker(markers, 'required') || hasMarker(markers, 'k8s:required')) return true;
  return undefined;
}

/** The field names of every ExactlyOneOf / AtMostOneOf / AtLeastOneOf marker of a type. */
export function oneOfFields(markers: readonly MarkerValue[]): Set<string> {
  const out = new Set<string>();
  for (const n of ['kubebuilder:validation:ExactlyOneOf', 'kubebuilder:validation:AtMostOneOf', 'kubebuilder:validation:AtLeastOneOf']) {
    for (const v of getMarkers<string[]>(markers, n)) for (const f of v) out.add(f);
  }
  return out;
}

