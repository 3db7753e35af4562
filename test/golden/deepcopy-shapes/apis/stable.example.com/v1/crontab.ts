// Every shape the deepcopy emitter handles (test/unit/generator/emit/deepcopy.test.ts): nested structs, an inline struct, arrays
// and maps of structs, a list of lists, well-known types, aliases of arrays, maps and enums, unknown, a nullable
// scalar, and a struct embedding a well-known struct the model does not declare.
import type {
  Condition,
  LabelSelector,
  ListMeta,
  LocalObjectReference,
  ObjectMeta,
  ObjectReference,
  Quantity,
  RawExtension,
  SecretKeySelector,
  Time,
  TypeMeta,
  int32,
  int64,
} from '@kubegen/runtime';

/**
 * +kubebuilder:object:root=true
 * +kubebuilder:storageversion
 */
export interface CronTab extends TypeMeta {
  metadata?: ObjectMeta;
  spec: CronTabSpec;
  status?: CronTabStatus;
}

/** +kubebuilder:object:root=true */
export interface CronTabList extends TypeMeta {
  metadata?: ListMeta;
  items: CronTab[];
}

export interface CronTabSpec {
  cronSpec: string;
  image: string;
  replicas?: int32;
  suspend?: boolean | null;
  policy?: ConcurrencyPolicy;
  selector?: LabelSelector;
  template?: { labels?: Record<string, string>; containers: Container[] };
  env?: Record<string, EnvVar>;
  matrix?: EnvVar[][];
  tags?: string[];
  extra?: unknown;
  raw?: RawExtension;
  size?: Quantity;
  ports?: PortList;
  byZone?: ZoneMap;
}

export type ConcurrencyPolicy = 'Allow' | 'Forbid' | 'Replace';

export type PortList = Port[];

export type ZoneMap = Record<string, Port[]>;

export interface Port {
  name?: string;
  port: int32;
}

export interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: Port[];
  resources?: Record<string, Quantity>;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: SecretKeySelector;
  secretRef?: SecretRef;
}

/** Embeds a well-known struct the model does not declare: its keys are copied as undeclared ones. */
export interface SecretRef extends LocalObjectReference {
  key: string;
  items?: Port[];
}

export interface CronTabStatus {
  conditions?: Condition[];
  lastScheduleTime?: Time;
  active?: ObjectReference[];
  observedGeneration?: int64;
}
