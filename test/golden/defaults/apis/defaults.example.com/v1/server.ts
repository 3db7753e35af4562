import type { ObjectMeta, TypeMeta, float64, int32 } from '@kubegen/runtime';

/** Server exercises both default markers and nullable fields. */
export interface Server extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: ServerSpec;
}

/** Tuning has only optional fields, so `{}` is a valid default for it. */
export interface Tuning {
  /**
   * workers defaults to 4.
   * +kubebuilder:default=4
   */
  workers?: int32;
  /** mode has no default. */
  mode?: string;
}

/** Listener is an item of a defaulted list. */
export interface Listener {
  /** name of the listener. */
  name?: string;
  /** port of the listener. */
  port?: int32;
}

/** ServerSpec holds the defaulted fields. */
export interface ServerSpec {
  /**
   * logLevel defaults to a bare string.
   * +kubebuilder:default=info
   */
  logLevel?: string;
  /**
   * greeting defaults to a quoted string with spaces.
   * +kubebuilder:default="hello, world"
   */
  greeting?: string;
  /**
   * replicas defaults to an integer.
   * +kubebuilder:default=3
   */
  replicas?: int32;
  /**
   * ratio defaults to a fraction.
   * +kubebuilder:default=0.5
   */
  ratio?: float64;
  /**
   * enabled defaults to true.
   * +kubebuilder:default=true
   */
  enabled?: boolean;
  /**
   * hosts defaults to a list written with braces.
   * +kubebuilder:default={"a.example.com","b.example.com"}
   */
  hosts?: string[];
  /**
   * labels defaults to a map.
   * +kubebuilder:default={app: "web", tier: "frontend"}
   */
  labels?: Record<string, string>;
  /**
   * tuning defaults to an empty object.
   * +kubebuilder:default={}
   */
  tuning?: Tuning;
  /**
   * emptyList defaults to `{}`, which controller-gen turns into an empty list.
   * +kubebuilder:default={}
   */
  emptyList?: string[];
  /**
   * emptyMap defaults to an empty map.
   * +kubebuilder:default={}
   */
  emptyMap?: Record<string, string>;
  /**
   * jsonString defaults through the JSON `+default` marker.
   * +default="json"
   */
  jsonString?: string;
  /**
   * jsonNumber defaults through the JSON `+default` marker.
   * +default=8080
   */
  jsonNumber?: int32;
  /**
   * jsonObject defaults to a JSON object.
   * +default={"workers": 2, "mode": "fast"}
   */
  jsonObject?: Tuning;
  /**
   * jsonList defaults to a JSON list of objects.
   * +default=[{"name": "http", "port": 80}]
   */
  jsonList?: Listener[];
  /**
   * jsonEmpty defaults to an empty JSON object.
   * +default={}
   */
  jsonEmpty?: Tuning;
  /**
   * both carries both default markers; the kubebuilder one is applied last and wins.
   * +default="from-json"
   * +kubebuilder:default=from-kubebuilder
   */
  both?: string;
  /** nullableName is written `string | null`: nullable, and required because it has no `?`. */
  nullableName: string | null;
  /** nullableTuning is an optional nullable object. */
  nullableTuning?: Tuning | null;
  /**
   * markedNullable is made nullable by the `+nullable` marker instead of `| null`.
   * +nullable
   */
  markedNullable?: string[];
  /**
   * nullableDefault is nullable and defaulted.
   * +kubebuilder:default=7
   */
  nullableDefault?: int32 | null;
}
