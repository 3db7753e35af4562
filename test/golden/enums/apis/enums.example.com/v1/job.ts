import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** Job exercises string literal unions, string enums and numeric literal unions. */
export interface Job extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: JobSpec;
}

/** Phase is a string literal union declared as a type alias. */
export type Phase = 'Pending' | 'Running' | 'Succeeded' | 'Failed';

/** Protocol is a TypeScript string enum; the schema lists its values in declaration order. */
export enum Protocol {
  TCP = 'TCP',
  UDP = 'UDP',
  SCTP = 'SCTP',
}

/** Color is a string enum whose member names differ from their values. */
export enum Color {
  Red = 'red',
  Green = 'green',
  Blue = 'blue',
}

/** Level is a numeric literal union declared as a type alias. */
export type Level = 0 | 10 | 20;

/** Answer has values that YAML must quote and values that controller-gen's marker grammar must quote. */
export type Answer = 'True' | 'False' | '1x' | 'on hold';

/** Only is a union of one literal. */
export type Only = 'only';

/** JobSpec holds the enum fields. */
export interface JobSpec {
  /** phase uses the alias. */
  phase: Phase;
  phaseWithoutDoc?: Phase;
  /** size is an inline string literal union. */
  size?: 'small' | 'medium' | 'large';
  /** protocol uses the string enum. */
  protocol?: Protocol;
  /** color uses the string enum with differing member names. */
  color?: Color;
  /** priority is an inline numeric literal union. */
  priority?: 1 | 2 | 3;
  /** level uses the numeric alias. */
  level?: Level;
  /** answer uses values that need quoting. */
  answer?: Answer;
  /** history is a list of enum values. */
  history?: Phase[];
  /** previous is a nullable enum value. */
  previous?: Phase | null;
  /**
   * narrowed puts its own Enum marker on a property of the union type Phase.
   * +kubebuilder:validation:Enum=Pending;Running
   */
  narrowed?: Phase;
  /** only has a single allowed value. */
  only?: Only;
  /** direction is a numeric union with a negative member. */
  direction?: -1 | 0 | 1;
  /** byColor maps names to enum values. */
  byColor?: Record<string, Color>;
}
