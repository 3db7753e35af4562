package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Article exercises how descriptions are built from doc comments.
//
// This second paragraph follows a blank line.
// TODO: this line is dropped because it starts with TODO.
// This line follows the dropped TODO line.
// +kubebuilder:resource:shortName=art
// This line follows a marker line, which is removed.
// ---
// Everything after the three dashes is dropped,
// including this line.
type Article struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ArticleSpec `json:"spec,omitempty"`
}

// ArticleSpec holds one property per description rule.
type ArticleSpec struct {
	// title has a long single-line description that controller-gen's YAML writer folds over several lines because it is far longer than eighty characters, which is the folding width of yaml.v2.
	Title string `json:"title"`
	// summary has a colon: and a hash # in its text, so the YAML writer quotes it.
	Summary string `json:"summary,omitempty"`
	// "quoted" starts this description with a double quote.
	Quoted string `json:"quoted,omitempty"`
	// body's own doc wins over the doc of its type Body.
	Body           *Body   `json:"body,omitempty"`
	BodyWithoutDoc *Body   `json:"bodyWithoutDoc,omitempty"`
	Author         *Author `json:"author,omitempty"`
	// tags is documented with line comments.
	//
	// Its second paragraph follows an empty comment line.
	Tags []string `json:"tags,omitempty"`
	// code has a fenced block in which TODO and --- lines are kept:
	// ```
	// TODO: kept inside the fence
	// ---
	// kept too
	// ```
	// After the fence, the rules apply again.
	// ---
	// This is dropped.
	Code string `json:"code,omitempty"`
	// indented keeps the indentation of its lines:
	//   - first item
	//   - second item
	//       nested deeper
	Indented string `json:"indented,omitempty"`
	// multipleBlanks has two blank lines below.
	//
	//
	// They count as one paragraph break.
	MultipleBlanks string `json:"multipleBlanks,omitempty"`
	// trailingBlank has a blank line at the end of its doc.
	//
	TrailingBlank string `json:"trailingBlank,omitempty"`
	// markerFirst has its marker before its text.
	// +kubebuilder:validation:MaxLength=10
	// And text after it.
	MarkerFirst string `json:"markerFirst,omitempty"`
	//   TODO: an indented TODO line is kept.
	// The line above is kept because it does not start with TODO.
	IndentedTodo string `json:"indentedTodo,omitempty"`
	// unicode keeps non-ASCII text: naïve café — “curly quotes” and 日本語.
	Unicode string `json:"unicode,omitempty"`
	// `backticks` start this description, and it ends with a colon:
	Backticked string `json:"backticked,omitempty"`
	// compact starts on the opening line
	// and ends on the closing line.
	Compact string `json:"compact,omitempty"`
	// - leadingDash starts with a dash, like a YAML list item.
	LeadingDash string `json:"leadingDash,omitempty"`
	// * leadingStar starts with a star inside the JSDoc block.
	// * So does its second line.
	LeadingStar string `json:"leadingStar,omitempty"`
	// backslash keeps \d+ and C:\path as written.
	Backslash string `json:"backslash,omitempty"`
	// yes
	YesWord string `json:"yesWord,omitempty"`
	// 1.5
	NumberWord string `json:"numberWord,omitempty"`
	// slug takes its pattern from the type Slug and its description from here.
	Slug           Slug `json:"slug,omitempty"`
	SlugWithoutDoc Slug `json:"slugWithoutDoc,omitempty"`
	// This comment is separated from the property by a blank line, so it is not its doc.

	Undocumented string `json:"undocumented,omitempty"`
}
