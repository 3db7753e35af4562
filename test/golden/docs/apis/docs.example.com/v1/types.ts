// Author is documented with line comments instead of JSDoc.
// Its second line stays a separate line.
export interface Author {
  // name of the author, documented with a line comment.
  name: string;
  /** email of the author, documented with JSDoc. */
  email?: string;
}

/**
 * Body is the type's own doc; it is used only where a property of this type has no doc.
 */
export interface Body {
  /** text of the body. */
  text?: string;
}

// Slug is a string alias documented with line comments.
// +kubebuilder:validation:Pattern=`^[a-z0-9-]+$`
export type Slug = string;
