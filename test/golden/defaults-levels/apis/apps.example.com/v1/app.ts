// Defaults at every level (test/unit/generator/emit/defaults.test.ts): scalars, an enum, a nullable field, `{}` on a list and on
// a struct, `+default` JSON, an inline struct, list items, lists of lists, map values, unknown, an odd property name.
import type { IntOrString, ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:storageversion
 */
export interface App extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: AppSpec;
  status?: AppStatus;
}

/** +kubebuilder:object:root=true */
export interface AppList extends TypeMeta {
  metadata?: ListMeta;
  items: App[];
}

export interface AppSpec {
  /** +kubebuilder:default=1 */
  replicas?: int32;
  /** +kubebuilder:default=Allow */
  policy?: 'Allow' | 'Forbid';
  /** +kubebuilder:default=false */
  suspend?: boolean | null;
  /** +kubebuilder:default={} */
  tags?: string[];
  /** +default=5 */
  priority?: int32;
  /** +kubebuilder:default={} */
  strategy?: Strategy;
  template?: {
    /** +kubebuilder:default={app: x} */
    labels?: Record<string, string>;
    name?: string;
  };
  containers?: Container[];
  env?: Record<string, EnvVar>;
  /** +kubebuilder:default={a: {b: {1, 2}}} */
  config?: unknown;
  /** +kubebuilder:default="it's \\ \"odd\"\n" */
  'odd-name'?: string;
}

export interface Strategy {
  /** +kubebuilder:default=Rolling */
  type?: string;
  /** +kubebuilder:default="25%" */
  maxSurge?: IntOrString;
}

export interface Container {
  name: string;
  /** +kubebuilder:default=IfNotPresent */
  imagePullPolicy?: string;
  ports?: Port[][];
}

export interface Port {
  port: int32;
  /** +kubebuilder:default=TCP */
  protocol?: string;
}

export interface EnvVar {
  name: string;
  /** +kubebuilder:default="" */
  value?: string;
}

export interface AppStatus {
  ready?: boolean;
}
