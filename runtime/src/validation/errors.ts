/**
 * Field errors shaped like the apiserver's (`k8s.io/apimachinery/pkg/util/validation/field.Error`, surfaced as
 * `metav1.StatusCause`): a type (the cause's `reason`), the field path in the apiserver's spelling
 * (`spec.ports[1].name`, `spec.labels.app`, `<nil>` for an error that names no field), the offending value and a
 * detail; `message` is the cause's message (`Invalid value: 0: spec.replicas in body should be greater than or equal
 * to 1`) and {@link formatFieldError} the whole line `field.Error.Error()` prints.
 */
import { jsonText } from './json';
import { escapeEach, TextBuilder } from './text';

/** The `reason` of a `metav1.StatusCause` for each `field.ErrorType`. */
export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError'
  | 'FieldValueTypeInvalid';

/** One field error, as the apiserver reports it in a 422's `details.causes`. */
export interface FieldError {
  readonly type: FieldErrorType;
  /** The path in the apiserver's spelling; `<nil>` when the error names no field. */
  readonly field: string;
  /** The value the error is about; absent where the apiserver omits it (object and array values of CEL rules, `Required`, `Forbidden`, `Too long`). */
  readonly badValue?: unknown;
  readonly detail: string;
  /** The StatusCause message: the type's words, the value (Go-formatted) and the detail. */
  readonly message: string;
}

/** The words of each error type (`field.ErrorType.String()`). */
const WORDS: Record<FieldErrorType, string> = {
  FieldValueNotFound: 'Not found',
  FieldValueRequired: 'Required value',
  FieldValueDuplicate: 'Duplicate value',
  FieldValueInvalid: 'Invalid value',
  FieldValueNotSupported: 'Unsupported value',
  FieldValueForbidden: 'Forbidden',
  FieldValueTooLong: 'Too long',
  FieldValueTooMany: 'Too many',
  InternalError: 'Internal error',
  FieldValueTypeInvalid: 'Invalid value',
};

/** Whether the message of a `type` error never shows the value (`field.Error.ErrorBody`). */
function valueless(type: FieldErrorType): boolean {
  return type === 'FieldValueRequired' || type === 'FieldValueForbidden' || type === 'FieldValueTooLong' || type === 'InternalError';
}

/** Marks a value the message omits (`field.OmitValueType`). */
const OMIT = Symbol('omit');

/** A field error of `type` at `field`; `badValue` omitted (`OMIT`) or shown as Go's `%v`/`%q` would. */
export function fieldError(type: FieldErrorType, field: string, badValue: unknown, detail: string): FieldError {
  if (badValue !== OMIT && !valueless(type)) return shownError(type, field, badValue, detail);
  return { type, field, detail, message: detail.length > 0 ? `${WORDS[type]}: ${detail}` : WORDS[type] };
}

/**
 * {@link fieldError} of a type whose message shows the value (`Invalid value`, `Unsupported value`, `Duplicate
 * value`, `Too many`, `Not found`), the value not omitted: what the compiled validators' failure constructors call.
 */
export function shownError(type: FieldErrorType, field: string, badValue: unknown, detail: string): FieldError {
  const body = `${WORDS[type]}: ${goValue(badValue)}`;
  return { type, field, badValue, detail, message: detail.length > 0 ? `${body}: ${detail}` : body };
}

/** The value `fieldError` omits from the message. */
export const omitValue: unknown = OMIT;

/** `field.Error.Error()`: `<field>: <message>`. */
export function formatFieldError(e: FieldError): string {
  return `${e.field}: ${e.message}`;
}

/** The error as a `metav1.StatusCause`. */
export function toStatusCause(e: FieldError): { reason: FieldErrorType; message: string; field: string } {
  return { reason: e.type, message: e.message, field: e.field };
}

/** The UTF-16 units `goQuote` escapes: `"`, `\\`, C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const QUOTED = /["\\\x00-\x1f\x7f-\x9f]/g;
/** The same characters, for a test without the global flag's state: most strings have none of them. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const NEEDS_QUOTING = /["\\\x00-\x1f\x7f-\x9f]/;

function goEscape(ch: string): string {
  const c = ch.charCodeAt(0);
  if (ch === '"' || ch === '\\') return `\\${ch}`;
  if (ch === '\n') return '\\n';
  if (ch === '\t') return '\\t';
  if (ch === '\r') return '\\r';
  if (c < 0x20 || c === 0x7f) return `\\x${c.toString(16).padStart(2, '0')}`;
  return `\\u${c.toString(16).padStart(4, '0')}`;
}

/** Whether `s` has a character `goQuote` escapes: a loop over a short string (most values), the expression over a long one. */
export function needsQuoting(s: string): boolean {
  if (s.length > 64) return NEEDS_QUOTING.test(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/**
 * Go's `%q` of a string: a double-quoted literal with Go's escapes. One pass (a value may be megabytes long and is
 * quoted into an error message): the runs between escaped characters are copied as slices.
 */
export function goQuote(s: string): string {
  if (!needsQuoting(s)) return `"${s}"`;
  return escapeEach(s, QUOTED, goEscape, new TextBuilder().push('"')).push('"').toString();
}

/**
 * The message of a thrown value, never throwing itself: an Error's `message` when it is a string, a string as it
 * is, anything else (a null-prototype object, a Proxy, a value whose `toString` throws) by its type only.
 */
export function errorText(e: unknown): string {
  try {
    if (typeof e === 'string') return e;
    if (e instanceof Error) {
      const message: unknown = e.message;
      if (typeof message === 'string') return message;
    }
  } catch {
    // A Proxy whose traps throw: described by its type below.
  }
  return `thrown ${e === null ? 'null' : typeof e}`;
}

/** Go's `%v` of a float64 (`strconv.FormatFloat(f, 'g', -1, 64)`): exponent form below 1e-4 and from 1e6 on
 * (`1e+06`). */
export function goFloat(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return '0';
  // An integer below 1e6 prints as its digits (the exponent form starts at 1e+06).
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return String(x);
  const [mantissa, expText] = x.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(x);
}

/**
 * A JSON value as `field.Error` prints it: integers (Go decodes integral JSON numbers as int64) as digits, other
 * numbers as Go's float `%v`, strings with `%q`, null as `null`, objects and arrays as JSON.
 */
export function goValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : goFloat(v);
  if (typeof v === 'boolean') return String(v);
  return jsonText(v);
}
