import type { Time as Timestamp } from '@kubegen/runtime';
import type * as rt from '@kubegen/runtime';
import type { Address } from '../../common/types';
import type { Label } from './reexport.js';

/**
 * Depot exercises imports: a shared folder without a group, renamed and namespace imports, re-exports and
 * aliases of aliases.
 */
export interface Depot extends rt.TypeMeta {
  metadata?: rt.ObjectMeta;
  spec?: DepotSpec;
}

/**
 * Code is an alias of the shared Label with a rule of its own.
 * +kubebuilder:validation:XValidation:rule="self == self.upperAscii()",message="code must be upper case"
 */
export type Code = Label;

/** DepotSpec holds the imported types. */
export interface DepotSpec {
  /** address comes from the shared folder. */
  address: Address;
  /** label comes from the shared folder through a re-export. */
  label?: Label;
  /** code is an alias of an alias. */
  code?: Code;
  /** openedAt is a Time imported under another name. */
  openedAt?: Timestamp;
  /** capacity is an int32 reached through a namespace import. */
  capacity?: rt.int32;
  /** dash-name is a property whose name needs quotes in TypeScript. */
  'dash-name'?: string;
}
