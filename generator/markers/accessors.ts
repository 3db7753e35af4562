/**
 * Typed accessors for the model builder, the schema builder and the loader: a marker is looked up by its
 * definition, never by a name string, and its value comes back with the definition's value type
 * (`getMarker(markers, Minimum)` is a `number | undefined`).
 *
 * Soundness rests on one contract of the registry: a `MarkerValue` whose `name` is a definition's name was parsed
 * by that definition (`parseMarker`), so its value has the definition's value type. `isMarker` states it once.
 */
import type { MarkerValue } from '../core/types';
import type { MarkerDefinition } from './types';
import {
  K8sOptional,
  K8sRequired,
  Optional,
  Required,
  ValidationOptional,
  ValidationRequired,
} from './definitions/validation';

/** Whether `m` is an occurrence of `def` (and so holds a value of its type). */
export function isMarker<T>(m: MarkerValue, def: MarkerDefinition<T>): m is MarkerValue<T> {
  return m.name === def.name;
}

/** The first occurrence of `def` (for its value and span), or undefined. */
export function findMarker<T>(markers: readonly MarkerValue[], def: MarkerDefinition<T>): MarkerValue<T> | undefined {
  for (const m of markers) if (isMarker(m, def)) return m;
  return undefined;
}

/** The value of the first occurrence of `def`, or undefined when absent. */
export function getMarker<T>(markers: readonly MarkerValue[], def: MarkerDefinition<T>): T | undefined {
  return findMarker(markers, def)?.value;
}

/** The values of every occurrence of `def`, in order. */
export function getMarkers<T>(markers: readonly MarkerValue[], def: MarkerDefinition<T>): T[] {
  const out: T[] = [];
  for (const m of markers) if (isMarker(m, def)) out.push(m.value);
  return out;
}

/** Whether `def` occurs. */
export function hasMarker(markers: readonly MarkerValue[], def: MarkerDefinition): boolean {
  return markers.some((m) => m.name === def.name);
}

/**
 * Explicit required-ness of a field from its markers, with controller-gen's precedence:
 * `kubebuilder:validation:Optional` > `kubebuilder:validation:Required` > `optional` / `k8s:optional` >
 * `required` / `k8s:required`. Undefined when no marker decides (then `?` and the package default do).
 */
export function explicitRequired(markers: readonly MarkerValue[]): boolean | undefined {
  if (hasMarker(markers, ValidationOptional)) return false;
  if (hasMarker(markers, ValidationRequired)) return true;
  if (hasMarker(markers, Optional) || hasMarker(markers, K8sOptional)) return false;
  if (hasMarker(markers, Required) || hasMarker(markers, K8sRequired)) return true;
  return undefined;
}
