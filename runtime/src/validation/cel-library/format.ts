/**
 * The named formats of the apiserver's CEL format library (k8s.io/apiserver `pkg/cel/library/format.go`): each
 * validates a string and gives apimachinery's messages (`k8s.io/apimachinery/pkg/util/validation`,
 * `pkg/api/validate/content`) or strfmt's verdict, word for word.
 */
import { checkFormat } from '../formats';
import { fixedRegex } from '../re2';
import { parseRequestURI } from './net';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE_FMT = `(${LABEL_KEY_FMT})?`;
const LABEL_KEY_ERR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/** apimachinery's expressions, run as Go runs them: RE2, linear in the input (a value may be megabytes long). */
const anchored = (fmt: string) => fixedRegex(`^${fmt}$`);
const DNS1123_LABEL = anchored(DNS1123_LABEL_FMT);
const DNS1123_SUBDOMAIN = anchored(DNS1123_SUBDOMAIN_FMT);
const DNS1035_LABEL = anchored(DNS1035_LABEL_FMT);
const LABEL_KEY = anchored(LABEL_KEY_FMT);
const LABEL_VALUE = anchored(LABEL_VALUE_FMT);

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
    // Go appends "'x', " per example and " or " between them: two spaces before each "or".
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}

/** util/validation's wording of a length limit (`characters`); the content package says `bytes`. */
const maxLen = (n: number, unit: 'characters' | 'bytes'): string => `must be no more than ${String(n)} ${unit}`;

export function dns1123LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLen(63, 'characters'));
  if (!DNS1123_LABEL.test(value)) {
    errs.push(
      DNS1123_SUBDOMAIN.test(value)
        ? 'must not contain dots'
        : regexError("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character", DNS1123_LABEL_FMT, 'my-name', '123-abc'),
    );
  }
  return errs;
}

const SUBDOMAIN_ERR = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

export function dns1123SubdomainErrors(value: string, unit: 'characters' | 'bytes' = 'characters'): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 253) errs.push(maxLen(253, unit));
  if (!DNS1123_SUBDOMAIN.test(value)) errs.push(regexError(SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

export function dns1035LabelErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLen(63, 'characters'));
  if (!DNS1035_LABEL.test(value)) {
    errs.push(regexError("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character", DNS1035_LABEL_FMT, 'my-name', 'abc-123'));
  }
  return errs;
}

/** content.IsLabelKey (`IsQualifiedName`). */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  // strings.Split(value, "/") into one or two parts, else the error: found without splitting at every slash.
  const slash = value.indexOf('/');
  const more = slash < 0 ? -1 : value.indexOf('/', slash + 1);
  let name: string;
  if (slash < 0) name = value;
  else if (more < 0) {
    const prefix = value.slice(0, slash);
    name = value.slice(slash + 1);
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...dns1123SubdomainErrors(prefix, 'bytes').map((m) => `prefix part ${m}`));
  } else {
    return [`a valid label key ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (byteLength(name) > 63) errs.push(`name part ${maxLen(63, 'bytes')}`);
  if (!LABEL_KEY.test(name)) errs.push(`name part ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** content.IsLabelValue. */
export function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxLen(63, 'bytes'));
  if (!LABEL_VALUE.test(value)) {
    errs.push(regexError("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character", LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  }
  return errs;
}

/** apimachinery's `maskTrailingDash`: a prefix may end with a dash (generateName). */
function maskTrailingDash(name: string): string {
  return name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name;
}

/** A format of the library (`kubernetes.NamedFormat`), compared by name. */
export class NamedFormat {
  constructor(
    readonly name: string,
    readonly validate: (s: string) => string[],
  ) {}
}

const strfmt = (format: string, message: string) => (s: string) => (checkFormat(format, s) ? [] : [message]);

/** `ConstantFormats`, by the name `format.named()` takes and `format.<name>()` calls. */
export const NAMED_FORMATS: ReadonlyMap<string, NamedFormat> = new Map(
  (
    [
      ['dns1123Label', 'DNS1123Label', dns1123LabelErrors],
      ['dns1123Subdomain', 'DNS1123Subdomain', (s: string) => dns1123SubdomainErrors(s)],
      ['dns1035Label', 'DNS1035Label', dns1035LabelErrors],
      ['qualifiedName', 'QualifiedName', qualifiedNameErrors],
      ['dns1123LabelPrefix', 'DNS1123LabelPrefix', (s: string) => dns1123LabelErrors(maskTrailingDash(s))],
      ['dns1123SubdomainPrefix', 'DNS1123SubdomainPrefix', (s: string) => dns1123SubdomainErrors(maskTrailingDash(s))],
      ['dns1035LabelPrefix', 'DNS1035LabelPrefix', (s: string) => dns1035LabelErrors(maskTrailingDash(s))],
      ['labelValue', 'LabelValue', labelValueErrors],
      [
        'uri',
        'URI',
        (s: string) => {
          try {
            parseRequestURI(s);
            return [];
          } catch (e) {
            return [(e as Error).message];
          }
        },
      ],
      ['uuid', 'uuid', strfmt('uuid', 'does not match the UUID format')],
      ['byte', 'byte', strfmt('byte', 'invalid base64')],
      ['date', 'date', strfmt('date', 'invalid date')],
      ['datetime', 'datetime', strfmt('date-time', 'invalid datetime')],
    ] as const
  ).map(([key, name, fn]) => [key, new NamedFormat(name, fn)]),
);
