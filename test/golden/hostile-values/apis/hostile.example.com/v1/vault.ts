import type { ObjectMeta, TypeMeta, int64 } from '@kubegen/runtime';

/** Vault holds values that are hard to keep exact: big integers, keys JavaScript treats specially, RE2 patterns. */
export interface Vault extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: VaultSpec;
}

/** Secrets has fields whose JSON names are `__proto__`, `constructor` and `prototype`. */
export interface Secrets {
  /** __proto__ is an ordinary JSON field name. */
  __proto__?: string;
  /** constructor is an ordinary JSON field name. */
  constructor?: string;
  /** prototype is an ordinary JSON field name. */
  prototype?: string;
}

/** VaultSpec holds the fields. */
export interface VaultSpec {
  /**
   * big defaults to 2^53 + 1, which a double cannot hold.
   * +kubebuilder:default=9007199254740993
   */
  big?: int64;
  /**
   * negative defaults to -(2^53 + 1).
   * +kubebuilder:default=-9007199254740993
   */
  negative?: int64;
  /**
   * max defaults to the largest int64.
   * +kubebuilder:default=9223372036854775807
   */
  max?: int64;
  /**
   * min defaults to the smallest int64.
   * +kubebuilder:default=-9223372036854775808
   */
  min?: int64;
  /**
   * sizes defaults to a list of big integers.
   * +kubebuilder:default={9007199254740993, 1}
   */
  sizes?: int64[];
  /** secrets has fields named like JavaScript's special properties. */
  secrets?: Secrets;
  /**
   * protoDefault defaults to an object with a `__proto__` key.
   * +default={"__proto__": "kept", "prototype": "kept too"}
   */
  protoDefault?: Secrets;
  /**
   * labels defaults to a map with a `__proto__` key.
   * +kubebuilder:default={__proto__: "a", constructor: "b"}
   */
  labels?: Record<string, string>;
  /**
   * caseless matches case-insensitively, RE2's `(?i)`.
   * +kubebuilder:validation:Pattern=`(?i)^[a-z]+$`
   * +kubebuilder:default="ABC"
   */
  caseless?: string;
  /**
   * letters matches whole text of letters of any script, RE2's `\A`, `\pL`, `\z`.
   * +kubebuilder:validation:Pattern=`\A\pL+\z`
   * +kubebuilder:default="Größe"
   */
  letters?: string;
  /**
   * greek matches Greek letters, RE2's `\p{Greek}`.
   * +kubebuilder:validation:Pattern=`^\p{Greek}+$`
   * +kubebuilder:default="Ωμέγα"
   */
  greek?: string;
  /**
   * named uses a named group and a POSIX class, RE2's `(?P<name>…)` and `[[:alpha:]]`.
   * +kubebuilder:validation:Pattern=`^(?P<word>[[:alpha:]]+)-[[:digit:]]+$`
   * +kubebuilder:default="abc-123"
   */
  named?: string;
  /**
   * quoted matches literal text, RE2's `\Q…\E`.
   * +kubebuilder:validation:Pattern=`^\Q1.5*\E$`
   * +kubebuilder:default="1.5*"
   */
  quoted?: string;
  /**
   * nested is a pattern with nested repetition, linear time in RE2.
   * +kubebuilder:validation:Pattern=`^(a+)+$`
   * +kubebuilder:default="aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
   */
  nested?: string;
}
