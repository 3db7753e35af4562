/**
 * The shapes of the marker registry: a marker is a typed definition (name, targets, argument schema, help,
 * optional schema behaviour with a priority). One registry parses, validates, reports, applies and documents.
 */
import type { JSONSchemaProps } from '../schema/types';

/** Where a marker may be written: a package (file-level comment), a type declaration, or a property. */
export type MarkerTarget = 'package' | 'type' | 'field';

/**
 * The type of one argument value, with controller-gen's grammar:
 * - `int`, `number`, `bool`, `string` (bare, `"Go-quoted"` or `` `raw` ``);
 * - `slice` (`{a,b}` or legacy `a;b`), `map` (`{k: v, …}`);
 * - `any`: the type is guessed from the text as controller-gen guesses it;
 * - `json`: the rest of the line is JSON (`+default=`);
 * - `raw`: the rest of the line, unparsed (code-generator tags with their own grammar).
 */
export type ArgType =
  | { kind: 'int' }
  | { kind: 'number' }
  | { kind: 'string' }
  | { kind: 'bool' }
  | { kind: 'any' }
  | { kind: 'json' }
  | { kind: 'raw' }
  | { kind: 'slice'; items: ArgType }
  | { kind: 'map'; values: ArgType };

export interface ArgSpec {
  type: ArgType;
  /** May be left out. A left-out optional argument is absent from the value object. */
  optional?: boolean;
  /** One line of help, printed in the reference and in "missing argument" errors. */
  help?: string;
  /** Allowed values (for string and string[] arguments). */
  oneOf?: readonly string[];
  /** Extra check on the parsed value; returns an error message. */
  validate?: (value: unknown) => string | undefined;
}

/** How a marker takes arguments. */
export type MarkerArgs =
  /** `+name` — no value; the parsed value is `true`. */
  | { kind: 'flag' }
  /** `+name=value` — one anonymous argument. */
  | { kind: 'value'; arg: ArgSpec }
  /** `+name:first=v,second=v` — named arguments, in declaration (documentation) order. */
  | { kind: 'struct'; args: Readonly<Record<string, ArgSpec>> };

export interface MarkerHelp {
  summary: string;
  details?: string;
}

/** What a schema-shaping marker does to a schema. */
export interface SchemaBehaviour {
  /** Lower runs first; controller-gen's ApplyPriority (default 10). */
  priority: number;
  /** Mutates `schema`; returns an error message, or undefined on success. */
  apply(schema: JSONSchemaProps, value: unknown, ctx: SchemaApplyContext): string | undefined;
}

/** A custom grammar for the text after `=` (client-gen's comma lists, `+default` JSON …). */
export type CustomParse = (
  /** The text after `=` ('' when there is no `=`). */
  raw: string,
  /** validation-gen's `(…)` arguments written right after the name, without the parentheses. */
  params?: string,
) => { value: unknown; warning?: string } | { error: string; /** offset into `raw` */ offset?: number; hint?: string };

export interface MarkerDefinition {
  /** Without the leading `+`, e.g. `kubebuilder:validation:Minimum`. */
  name: string;
  targets: readonly MarkerTarget[];
  args: MarkerArgs;
  /** A heading for the reference: `CRD validation`, `CRD`, `topology`, `client`, `object`, … */
  category: string;
  help: MarkerHelp;
  /** May appear more than once on one node. */
  repeatable: boolean;
  /** The marker to write instead. Using a deprecated marker is a warning. */
  deprecated?: { use: string };
  /** The controller-gen / code-generator version that introduced it, for the reference. */
  since?: string;
  /** Replaces the controller-gen grammar for the value (only with `args.kind === 'value'`). */
  parse?: CustomParse;
  /** Accepts validation-gen's `+name(args)=payload` form; the `(…)` text is passed to `parse`. */
  paramArgs?: boolean;
  schema?: SchemaBehaviour;
  /** For `kubebuilder:validation:items:*`: the behaviour is applied to `schema.items`. */
  items?: boolean;
}

/** What the schema builder knows about the node whose markers are applied. */
export interface SchemaApplyContext {
  /** Whose markers these are, for messages: `type` for a named type's schema, `field` for a property. */
  target?: 'type' | 'field';
  /** The property name (target `field`) or the type name (target `type`), for messages. */
  name?: string;
  /**
   * The schema type the node resolves to, when `schema.type` is not (yet) set — e.g. a `$ref` to a named
   * string type. Type checks use `schema.type ?? resolvedType`.
   */
  resolvedType?: JSONSchemaProps['type'];
  /**
   * For type-level markers on a struct (ExactlyOneOf / AtMostOneOf / AtLeastOneOf): its properties and whether
   * each is required. When absent, `schema.properties` / `schema.required` are used; with neither, the names are
   * not checked.
   */
  structFields?: ReadonlyArray<{ name: string; required: boolean }>;
  /** For `+k8s:enum` on a type: the type's string values; when absent, a string schema's own `enum` is used. */
  enumValues?: readonly string[];
}
