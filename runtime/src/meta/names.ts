/**
 * apimachinery's name checks (`k8s.io/apimachinery/pkg/util/validation`) for names a program is configured with — a
 * namespace in the cache options, say — with Go's messages word for word, and no dependency: the operator entries
 * load nothing outside the runtime. Linear in the input: the expression is anchored and has one quantifier over one
 * character class before a single character class, and the subdomain test splits on dots instead of repeating a
 * group. The CEL format library (../validation/cel-library/format) checks values of objects with RE2.
 */

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?$/;

/** `IsDNS1123Label`'s messages for `value` (none: a valid label). */
export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value, 'utf8') > 63) errs.push('must be no more than 63 characters');
  if (!DNS1123_LABEL.test(value)) {
    errs.push(
      value.split('.').every((part) => DNS1123_LABEL.test(part))
        ? 'must not contain dots'
        : `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '${DNS1123_LABEL_FMT}')`,
    );
  }
  return errs;
}
