package v1

// Author is documented with line comments instead of JSDoc.
// Its second line stays a separate line.
type Author struct {
	// name of the author, documented with a line comment.
	Name string `json:"name"`
	// email of the author, documented with JSDoc.
	Email string `json:"email,omitempty"`
}

// Body is the type's own doc; it is used only where a property of this type has no doc.
type Body struct {
	// text of the body.
	Text string `json:"text,omitempty"`
}

// Slug is a string alias documented with line comments.
// +kubebuilder:validation:Pattern=`^[a-z0-9-]+$`
type Slug string
