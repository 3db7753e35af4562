/**
 * The generator's leaf vocabulary (gengo's `types/types.go`): the few plain types every layer of the generator
 * speaks — a source position, an exact integer, a parsed marker occurrence — beside the schema's JSON types
 * (`./schema.ts`) and the helpers that walk JSON data (`./json.ts`).
 *
 * Contract: `generator/core/` imports nothing of the generator (test/unit/generator/architecture.test.ts holds it to
 * that), so diagnostics, markers, the model and the schema builder can all depend on it without depending on each
 * other: Diagnostics → core, Markers → core, Model → Markers, Schema → Model.
 */

/** A place in a source file. `file` is a POSIX path relative to the process working directory. */
export interface SourceSpan {
  file: string;
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
  /**
   * Set by `kubegen import` on what it builds from a CRD or OpenAPI document: that document (as messages name it) and
   * the JSON path of the node the element came from, so that a problem found later is reported in the input.
   */
  imported?: ImportedFrom;
}

/** A node of an imported document: its file (as messages name it) and its JSON path (`spec.versions[0].schema…`). */
export interface ImportedFrom {
  file: string;
  path: string;
}

/** An integer as Go's int64 reads it: a bigint beyond ±2^53, so that it stays exact. */
export type Int = number | bigint;

/** One marker occurrence, parsed and validated against the registry. */
export interface MarkerValue<T = unknown> {
  /** The registry name without the leading `+`, e.g. `kubebuilder:validation:Minimum`. */
  name: string;
  /**
   * The value, of the type of the definition named `name` (read it with `getMarker(markers, definition)`): for a
   * single-argument marker the argument itself (number, string, boolean, array, object); for a struct marker
   * (`+name:a=1,b=2`) an object keyed by argument name; for a flag marker `true`.
   */
  value: T;
  span: SourceSpan;
}
