/**
 * The shapes of the marker registry: a marker is a typed definition (name, targets, argument schema, help,
 * optional schema behaviour with a priority). One registry parses, validates, reports, applies and documents.
 */
import type { Int } from '../core/types';
import type { JSONSchemaProps } from '../core/schema';

export type { Int };

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

/**
 * The TypeScript type of the value the grammar produces for an argument type (controller-tools'
 * `ArgumentFromType`, read the other way): `int` is Go's int64, exact (a bigint beyond 2^53); `any` and `json`
 * are any JSON value.
 */
export type ArgValue<A extends ArgType> = A extends { kind: 'int' }
  ? Int
  : A extends { kind: 'number' }
    ? number
    : A extends { kind: 'string' | 'raw' }
      ? string
      : A extends { kind: 'bool' }
        ? boolean
        : A extends { kind: 'slice'; items: infer I extends ArgType }
          ? Array<ArgValue<I>>
          : A extends { kind: 'map'; values: infer V extends ArgType }
            ? Record<string, ArgValue<V>>
            : unknown;


/**
 * The argument types whose values are of type `V` — how a definition's argument schema is derived from its value
 * type (controller-tools `ArgumentFromType`): `Int` ← int, `number` ← number, `string` (or a union of string
 * literals, with `oneOf`) ← string or raw, `boolean` ← bool, `V[]` ← slice, `Record<string, V>` ← map,
 * `unknown` ← any or json. `unknown` as `V` (a definition whose value type is erased) admits every argument type.
 */
export type ArgTypeFor<V> = unknown extends V
  ? ArgType
  : [V] extends [Int]
    ? [Int] extends [V]
      ? { kind: 'int' }
      : [V] extends [number]
        ? { kind: 'number' }
        : never
    : [V] extends [string]
      ? { kind: 'string' } | { kind: 'raw' }
      : [V] extends [boolean]
        ? { kind: 'bool' }
        : [V] extends [ReadonlyArray<infer I>]
          ? { kind: 'slice'; items: ArgTypeFor<I> }
          : [V] extends [Readonly<Record<string, infer I>>]
            ? { kind: 'map'; values: ArgTypeFor<I> }
            : never;

/** Allowed values: required when the value type is a union of string literals, so the parsed value is one of them. */
type OneOf<V> = unknown extends V
  ? { oneOf?: readonly string[] }
  : [V] extends [string]
    ? string extends V
      ? { oneOf?: readonly string[] }
      : { oneOf: readonly V[] }
    : [V] extends [ReadonlyArray<infer I>]
      ? [I] extends [string]
        ? string extends I
          ? { oneOf?: readonly string[] }
          : { oneOf: readonly I[] }
        : { oneOf?: undefined }
      : { oneOf?: undefined };

/** One argument whose parsed value has type `V`. */
export type ArgSpec<V = unknown> = {
  type: ArgTypeFor<V>;
  /** May be left out. A left-out optional argument is absent from the value object. */
  optional?: boolean;
  /** One line of help, printed in the reference and in "missing argument" errors. */
  help?: string;
  /** Extra check on the parsed value; returns an error message. (A method: a definition of a narrower value type is still a definition.) */
  validate?(value: V): string | undefined;
} & OneOf<V>;

/**
 * The named arguments of a struct marker whose value has type `T`, derived from `keyof T` as controller-tools
 * derives them from the output struct's fields: one argument per key, of the key's type, optional exactly when
 * the key is optional in `T`.
 */
export type StructArgs<T> = {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends Pick<T, K>` is the test for an optional key
  readonly [K in keyof T & string]-?: ArgSpec<Exclude<T[K], undefined>> & ({} extends Pick<T, K> ? { optional: true } : { optional?: false });
};

/** How a marker takes arguments (the run-time shape the parser reads). */
export type MarkerArgs =
  /** `+name` — no value; the parsed value is `true`. */
  | { kind: 'flag' }
  /** `+name=value` — one anonymous argument. */
  | { kind: 'value'; arg: ArgSpec }
  /** `+name:first=v,second=v` — named arguments, in declaration (documentation) order. */
  | { kind: 'struct'; args: Readonly<Record<string, ArgSpec>> };

/**
 * The syntaxes a marker whose value has type `T` may be defined with; anything else does not type-check:
 * a flag (`T` is `true`), one anonymous argument of type `T`, named arguments derived from `keyof T`, or a raw
 * value with a custom grammar that produces a `T`.
 */
export type MarkerSyntax<T> =
  | ([T] extends [true] ? { args: { kind: 'flag' }; parse?: undefined; print?: undefined } : never)
  | { args: { kind: 'value'; arg: ArgSpec<T> }; parse?: undefined; print?: undefined }
  | ([T] extends [ReadonlyArray<unknown>] ? never : [T] extends [object] ? { args: { kind: 'struct'; args: StructArgs<T> }; parse?: undefined; print?: undefined } : never)
  | { args: { kind: 'value'; arg: ArgSpec }; parse: CustomParse<T>; print: CustomPrint<T> };

export interface MarkerHelp {
  summary: string;
  details?: string;
}

/** What a schema-shaping marker does to a schema. */
export interface SchemaBehaviour<T = unknown> {
  /** Lower runs first; controller-gen's ApplyPriority (default 10). */
  priority: number;
  /** Mutates `schema`; returns an error message, or undefined on success. */
  apply(schema: JSONSchemaProps, value: T, ctx: SchemaApplyContext): string | undefined;
}

/** A custom grammar for the text after `=` (client-gen's comma lists, `+default` JSON …). */
export type CustomParse<T = unknown> = (
  /** The text after `=` ('' when there is no `=`). */
  raw: string,
  /** validation-gen's `(…)` arguments written right after the name, without the parentheses. */
  params?: string,
) => { value: T; warning?: string } | { error: string; /** offset into `raw` */ offset?: number; hint?: string };

/**
 * The inverse of a `CustomParse`: the text to write after `=` (`raw`; absent: no `=`) and inside validation-gen's
 * `(…)` (`params`) so that the custom grammar reads `value` back. Both stand verbatim in the line (a custom grammar
 * has no escapes), so a text a comment line cannot hold is refused by the printer.
 */
export type CustomPrint<T = unknown> = (value: T) => { raw?: string; params?: string };

/**
 * A marker definition whose parsed value has type `T` (`unknown` in the registry's list, where definitions of
 * every value type stand together). Build one with `define<T>()`; read values with `getMarker(markers, def)`.
 */
export interface MarkerDefinition<T = unknown> {
  /** Without the leading `+`, e.g. `kubebuilder:validation:Minimum`. */
  name: string;
  targets: readonly MarkerTarget[];
  args: MarkerArgs;
  /** A heading for the reference: `CRD validation`, `CRD`, `topology`, `client`, `object`, … */
  category: string;
  help: MarkerHelp;
  /** May appear more than once on one node. */
  repeatable: boolean;
  /**
   * Only a kind reads it (an exported type that extends TypeMeta and has `metadata: ObjectMeta`): on any other type
   * it is an error (`marker-on-non-kind`), never silently without effect.
   */
  kindOnly?: boolean;
  /** Accepted (it is controller-gen's) but without effect in kubegen, and why: using it is a warning. */
  ineffective?: string;
  /** The marker to write instead. Using a deprecated marker is a warning. */
  deprecated?: { use: string };
  /** The controller-gen / code-generator version that introduced it, for the reference. */
  since?: string;
  /** Replaces the controller-gen grammar for the value (only with `args.kind === 'value'`). */
  parse?: CustomParse<T>;
  /**
   * The marker line (`+name…`, without the comment) whose parse gives `value` back — the inverse of `parse` (or of
   * the grammar of `args`), every argument escaped for a comment line (generator/markers/print.ts). Throws for a
   * value no marker line can spell. (A method: a definition of a narrower value type is still a definition.)
   */
  print(value: T): string;
  /** Accepts validation-gen's `(…)` arguments written right after the name; the `(…)` text is passed to `parse`. */
  paramArgs?: boolean;
  schema?: SchemaBehaviour<T>;
  /** For `kubebuilder:validation:items:*`: the behaviour is applied to `schema.items`. */
  items?: boolean;
  /** Type-level only, never set: the type of the parsed value, so that `getMarker(markers, def)` returns a `T`. */
  readonly valueType?: T;
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
