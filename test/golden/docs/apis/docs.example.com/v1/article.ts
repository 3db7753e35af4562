import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { Author, Body, Slug } from './types';

/**
 * Article exercises how descriptions are built from doc comments.
 *
 * This second paragraph follows a blank line.
 * TODO: this line is dropped because it starts with TODO.
 * This line follows the dropped TODO line.
 * +kubebuilder:resource:shortName=art
 * This line follows a marker line, which is removed.
 * ---
 * Everything after the three dashes is dropped,
 * including this line.
 */
export interface Article extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: ArticleSpec;
}

/** ArticleSpec holds one property per description rule. */
export interface ArticleSpec {
  /** title has a long single-line description that controller-gen's YAML writer folds over several lines because it is far longer than eighty characters, which is the folding width of yaml.v2. */
  title: string;
  /** summary has a colon: and a hash # in its text, so the YAML writer quotes it. */
  summary?: string;
  /** "quoted" starts this description with a double quote. */
  quoted?: string;
  /** body's own doc wins over the doc of its type Body. */
  body?: Body;
  bodyWithoutDoc?: Body;
  author?: Author;
  // tags is documented with line comments.
  //
  // Its second paragraph follows an empty comment line.
  tags?: string[];
  /**
   * code has a fenced block in which TODO and --- lines are kept:
   * ```
   * TODO: kept inside the fence
   * ---
   * kept too
   * ```
   * After the fence, the rules apply again.
   * ---
   * This is dropped.
   */
  code?: string;
  /**
   * indented keeps the indentation of its lines:
   *   - first item
   *   - second item
   *       nested deeper
   */
  indented?: string;
  /**
   * multipleBlanks has two blank lines below.
   *
   *
   * They count as one paragraph break.
   */
  multipleBlanks?: string;
  /**
   * trailingBlank has a blank line at the end of its doc.
   *
   */
  trailingBlank?: string;
  /**
   * markerFirst has its marker before its text.
   * +kubebuilder:validation:MaxLength=10
   * And text after it.
   */
  markerFirst?: string;
  /**
   *   TODO: an indented TODO line is kept.
   * The line above is kept because it does not start with TODO.
   */
  indentedTodo?: string;
  /** unicode keeps non-ASCII text: naïve café — “curly quotes” and 日本語. */
  unicode?: string;
  /**
   * `backticks` start this description, and it ends with a colon:
   */
  backticked?: string;
  /** compact starts on the opening line
   * and ends on the closing line. */
  compact?: string;
  /** - leadingDash starts with a dash, like a YAML list item. */
  leadingDash?: string;
  /**
   * * leadingStar starts with a star inside the JSDoc block.
   * * So does its second line.
   */
  leadingStar?: string;
  /** backslash keeps \d+ and C:\path as written. */
  backslash?: string;
  /** yes */
  yesWord?: string;
  /** 1.5 */
  numberWord?: string;
  /** slug takes its pattern from the type Slug and its description from here. */
  slug?: Slug;
  slugWithoutDoc?: Slug;
  // This comment is separated from the property by a blank line, so it is not its doc.

  undocumented?: string;
}
