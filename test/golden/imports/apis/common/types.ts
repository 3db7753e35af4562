// This folder holds types shared by API folders. It has no doc.ts, no group and no kind, like a Go package
// without +groupName, so it contributes no CRD.

/** Address is shared between API packages. */
export interface Address {
  /** street of the address. */
  street: string;
  /**
   * city of the address.
   * +kubebuilder:validation:MinLength=1
   */
  city?: string;
}

/**
 * Label is a constrained string shared between API packages.
 * +kubebuilder:validation:MaxLength=32
 */
export type Label = string;
