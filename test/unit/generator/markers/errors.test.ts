import { formatDiagnostic } from '../../../../generator/diagnostics';
import { checkMarkerSet, parseMarker, type MarkerTarget } from '../../../../generator/markers';
import { present } from '../../helpers/present';

const span = { file: 'apis/x/v1/a.ts', line: 7, column: 5 };

/** The column of `at` inside `text`, as the diagnostic should report it. */
function col(text: string, at: string): number {
  const i = text.indexOf(at);
  if (i < 0) throw new Error(`${at} not in ${text}`);
  return span.column + i;
}

interface Row {
  given: [string, MarkerTarget];
  want: { message: RegExp; column: number | string; hint?: string; severity?: 'error' | 'warning' };
}

function check({ given: [text, target], want }: Row): void {
  const r = parseMarker(text, span, target);
  const diagnostics = r.kind === 'error' ? r.diagnostics : r.kind === 'marker' ? (r.warnings ?? []) : [];
  expect(diagnostics).toHaveLength(1);
  const d = present(diagnostics[0], 'the diagnostic');
  expect(d.severity).toBe(want.severity ?? 'error');
  expect(d.message).toMatch(want.message);
  expect(d.span).toEqual({ ...span, column: typeof want.column === 'number' ? want.column : col(text, want.column) });
  expect(d.hint).toBe(want.hint);
}

describe('unknown markers in our namespaces', () => {
  const rows: Row[] = [
    { given: ['+kubebuilder:validation:Minimun=1', 'field'], want: { message: /^unknown marker "\+kubebuilder:validation:Minimun"$/, column: 5, hint: '+kubebuilder:validation:Minimum' } },
    { given: ['+kubebuilder:validaton:Pattern=x', 'field'], want: { message: /unknown marker/, column: 5, hint: '+kubebuilder:validation:Pattern' } },
    { given: ['+genclient:nonNamespace', 'type'], want: { message: /unknown marker/, column: 5, hint: '+genclient:nonNamespaced' } },
    { given: ['+k8s:immutabel', 'field'], want: { message: /unknown marker "\+k8s:immutabel"/, column: 5, hint: '+k8s:immutable' } },
    { given: ['+kubebuilder:subresource:stats', 'type'], want: { message: /unknown marker/, column: 5, hint: '+kubebuilder:subresource:status' } },
    { given: ['+kubegen:whatever=1', 'field'], want: { message: /unknown marker "\+kubegen:whatever"/, column: 5 } },
    { given: ['+listType:foo=map', 'field'], want: { message: /unknown marker "\+listType:foo"/, column: 5, hint: '+listType' } },
    { given: ['+kubebuilder:validation:Minimum:foo=1', 'field'], want: { message: /unknown marker/, column: 5, hint: '+kubebuilder:validation:Minimum' } },
  ];
  test.each(rows)('$given.0', check);
});

describe('wrong target', () => {
  const rows: Row[] = [
    { given: ['+kubebuilder:validation:ExactlyOneOf=a;b', 'field'], want: { message: /^\+kubebuilder:validation:ExactlyOneOf is not allowed on a field; it belongs on a type$/, column: 5 } },
    { given: ['+groupName=x', 'type'], want: { message: /^\+groupName is not allowed on a type; it belongs on a package \(a file-level comment\)$/, column: 5 } },
    { given: ['+kubebuilder:default=1', 'type'], want: { message: /belongs on a field$/, column: 5 } },
    { given: ['+k8s:enum', 'field'], want: { message: /^\+k8s:enum is not allowed on a field; it belongs on a type$/, column: 5 } },
    { given: ['+kubebuilder:printcolumn:name=A,type=string,JSONPath=.x', 'field'], want: { message: /not allowed on a field/, column: 5 } },
    { given: ['+kubebuilder:validation:Minimum=1', 'package'], want: { message: /belongs on a field or a type$/, column: 5 } },
    { given: ['+kubebuilder:object:generate=true', 'field'], want: { message: /belongs on a package \(a file-level comment\) or a type$/, column: 5 } },
  ];
  test.each(rows)('$given.0 on $given.1', check);
});

describe('arguments', () => {
  const rows: Row[] = [
    { given: ['+kubebuilder:printcolumn:name=Age,type=string', 'type'], want: { message: /^\+kubebuilder:printcolumn is missing required argument JSONPath \(string: the jsonpath/, column: 5 } },
    { given: ['+kubebuilder:subresource:scale:specpath=.spec.x', 'type'], want: { message: /missing required argument statuspath/, column: 5 } },
    { given: ['+kubebuilder:validation:XValidation:message="x"', 'field'], want: { message: /missing required argument rule/, column: 5 } },
    { given: ['+kubebuilder:rbac:groups=apps', 'package'], want: { message: /missing required argument verbs/, column: 5 } },
    { given: ['+kubebuilder:printcolumn:name=A,type=string,jsonPath=.x', 'type'], want: { message: /has no argument "jsonPath"; arguments are name, type, JSONPath/, column: 'jsonPath', hint: 'JSONPath' } },
    { given: ['+kubebuilder:printcolumn:nme=A,type=string,JSONPath=.x', 'type'], want: { message: /has no argument "nme"/, column: 'nme', hint: 'name' } },
    { given: ['+kubebuilder:printcolumn:name=A,name=B,type=string,JSONPath=.x', 'type'], want: { message: /argument name given twice/, column: 'name=B' } },
    { given: ['+kubebuilder:validation:Minimum=abc', 'field'], want: { message: /^invalid \+kubebuilder:validation:Minimum: expected integer or float, got "abc"$/, column: 'abc' } },
    { given: ['+kubebuilder:validation:MaxLength=1.5', 'field'], want: { message: /expected integer, got "1.5"/, column: '1.5' } },
    { given: ['+kubebuilder:validation:MaxLength=5abc', 'field'], want: { message: /expected integer, got "5abc"/, column: '5abc' } },
    { given: ['+kubebuilder:validation:UniqueItems=yes', 'field'], want: { message: /expected true or false, got "yes"/, column: 'yes' } },
    { given: ['+kubebuilder:printcolumn:name=A,type=string,JSONPath=.x,priority=high', 'type'], want: { message: /expected integer, got "high"/, column: 'high' } },
    { given: ['+kubebuilder:object:root', 'type'], want: { message: /^\+kubebuilder:object:root needs a value: \+kubebuilder:object:root=<bool>$/, column: 29 } },
    { given: ['+kubebuilder:validation:Minimum', 'field'], want: { message: /needs a value: \+kubebuilder:validation:Minimum=<number>/, column: 36 } },
    { given: ['+optional=true', 'field'], want: { message: /^\+optional takes no value/, column: 14 } },
    { given: ['+genclient=false', 'type'], want: { message: /^\+genclient takes no value/, column: 15 } },
    { given: ['+kubebuilder:resource=foo', 'type'], want: { message: /takes named arguments/, column: 'foo' } },
    { given: ['+kubebuilder:resource:path', 'type'], want: { message: /argument path needs a value/, column: 'path' } },
    { given: ['+optional // note', 'field'], want: { message: /unexpected text after \+optional: "\/\/ note"/, column: '//' } },
    { given: ['+kubebuilder:validation:Pattern=^a{2}$', 'field'], want: { message: /unexpected "}\$" after the value \(quote values/, column: '}$' } },
    { given: ['+kubebuilder:printcolumn:name=A type=string', 'type'], want: { message: /missing required argument/, column: 5 } },
    { given: ['+kubebuilder:validation:Enum={a,b', 'field'], want: { message: /unterminated "{"/, column: '{' } },
  ];
  test.each(rows)('$given.0', check);
});

describe('quotes, braces and escapes', () => {
  const rows: Row[] = [
    { given: ['+kubebuilder:title="abc', 'field'], want: { message: /unterminated quoted string \(missing closing "\)/, column: '"' } },
    { given: ['+kubebuilder:validation:Pattern=`abc', 'field'], want: { message: /unterminated raw string/, column: '`' } },
    { given: ['+kubebuilder:default={a: 1', 'field'], want: { message: /unterminated "{"/, column: '{' } },
    { given: ['+kubebuilder:default={a: {b: 1}', 'field'], want: { message: /unterminated "{"/, column: '{a' } },
    { given: ['+kubebuilder:title="a\\qb"', 'field'], want: { message: /invalid escape \\q in quoted string/, column: '\\q' } },
    { given: ['+kubebuilder:title="\\x4"', 'field'], want: { message: /invalid escape \\x4"/, column: '\\x' } },
    { given: ['+kubebuilder:default={a: 1, b}', 'field'], want: { message: /expected ":" after map key, got "}"/, column: '}' } },
    { given: ['+kubebuilder:default={1,"a"}', 'field'], want: { message: /expected integer, got "\\"a\\""/, column: '"a"' } },
  ];
  test.each(rows)('$given.0', check);
});

describe('invalid values', () => {
  const rows: Row[] = [
    { given: ['+kubebuilder:validation:Pattern=`[a-`', 'field'], want: { message: /^invalid \+kubebuilder:validation:Pattern: invalid regular expression "\[a-": /, column: '`' } },
    { given: ['+kubebuilder:validation:Pattern=`(?<=a)b`', 'field'], want: { message: /error parsing regexp: invalid named capture: `\(\?<=a\)b`$/, column: '`' } },
    { given: ['+kubebuilder:validation:Pattern=`a(?!b)`', 'field'], want: { message: /error parsing regexp: invalid or unsupported Perl syntax: `\(\?!`$/, column: '`' } },
    { given: ['+kubebuilder:validation:Pattern=`(a)\\1`', 'field'], want: { message: /error parsing regexp: invalid escape sequence: `\\1`$/, column: '`' } },
    { given: ['+kubebuilder:validation:items:Pattern=`(?<n>a)\\k<n>`', 'field'], want: { message: /error parsing regexp: invalid escape sequence: `\\k`$/, column: '`' } },
    { given: ['+listType=sett', 'field'], want: { message: /^invalid \+listType: "sett" is not one of atomic, set, map$/, column: 15, hint: 'set' } },
    { given: ['+mapType=granualr', 'field'], want: { message: /"granualr" is not one of granular, atomic/, column: 'granualr', hint: 'granular' } },
    { given: ['+structType=loose', 'type'], want: { message: /"loose" is not one of granular, atomic/, column: 'loose' } },
    { given: ['+kubebuilder:resource:scope=Clustr', 'type'], want: { message: /argument scope: "Clustr" is not one of Namespaced, Cluster/, column: 'Clustr', hint: 'Cluster' } },
    { given: ['+kubebuilder:validation:XValidation:rule="true",reason=Invalid', 'field'], want: { message: /argument reason: "Invalid" is not one of FieldValueInvalid, FieldValueForbidden, FieldValueRequired, FieldValueDuplicate/, column: 'Invalid' } },
    { given: ['+kubebuilder:printcolumn:name=A,type=str,JSONPath=.x', 'type'], want: { message: /"str" is not one of integer, number, string, boolean, date/, column: 'str,' } },
    { given: ['+kubebuilder:externalDocs:url=not-a-url', 'field'], want: { message: /invalid url "not-a-url"/, column: 'not-a-url' } },
    { given: ['+kubebuilder:metadata:annotations="a=b";nokey', 'type'], want: { message: /annotation "nokey" is not in 'key=value' format/, column: '"a=b"' } },
    { given: ['+kubebuilder:metadata:labels=x', 'type'], want: { message: /label "x" is not in 'key=value' format/, column: 'x' } },
    { given: ['+kubebuilder:validation:Type=strin', 'field'], want: { message: /"strin" is not one of object, array, string, integer, number, boolean/, column: 'strin', hint: 'string' } },
    { given: ['+default={bad json}', 'field'], want: { message: /^invalid \+default: invalid JSON: /, column: 'bad' } },
  ];
  test.each(rows)('$given.0', check);
});

describe('client-gen grammar', () => {
  const rows: Row[] = [
    { given: ['+genclient:onlyVerbs=create,gett', 'type'], want: { message: /unknown verb "gett"; verbs are create, update/, column: 'gett', hint: 'get' } },
    { given: ['+genclient:skipVerbs=pach', 'type'], want: { message: /unknown verb "pach"/, column: 'pach', hint: 'patch' } },
    { given: ['+genclient:method=Foo', 'type'], want: { message: /verb type must be specified \(use '\+genclient:method=Foo,verb=create'\)/, column: 26 } },
    { given: ['+genclient:method=Foo,verb=watch', 'type'], want: { message: /verb "watch" is not supported by extension methods/, column: 'watch' } },
    { given: ['+genclient:method=Foo,verb=get,input=X', 'type'], want: { message: /Foo: input type is not supported for "get" verbs/, column: 'get' } },
    { given: ['+genclient:method=Foo,verb=delete', 'type'], want: { message: /not supported by extension methods/, column: 'delete' } },
    { given: ['+genclient:method=Foo,verbs=get', 'type'], want: { message: /unknown extension configuration key "verbs"/, column: 'verbs', hint: 'verb' } },
    { given: ['+genclient:method=,verb=get', 'type'], want: { message: /expected a method name/, column: ',verb' } },
    { given: ['+genclient:method=Foo,verb=', 'type'], want: { message: /empty value of "verb"/, column: 32 } },
  ];
  test.each(rows)('$given.0', check);
});

describe('warnings', () => {
  const rows: Row[] = [
    { given: ['+kubebuilder:validation:XPreserveUnknownFields', 'field'], want: { severity: 'warning', message: /is deprecated; use \+kubebuilder:pruning:PreserveUnknownFields/, column: 5, hint: '+kubebuilder:pruning:PreserveUnknownFields' } },
    { given: ['+default=ref(Foo)', 'field'], want: { severity: 'warning', message: /defaulter-gen reference .* ignored/, column: 'ref' } },
  ];
  test.each(rows)('$given.0', check);

  test('+default=ref(...) parses to null (no schema effect)', () => {
    const r = parseMarker('+default=ref(pkg.Name)', span, 'field');
    expect(r.kind === 'marker' && r.marker.value).toBeNull();
  });
});

describe('duplicates', () => {
  const m = (name: string, line: number, value: unknown = 1) => ({ name, value, span: { ...span, line } });
  test('a non-repeatable marker twice is an error at the repeat, the first one its related location', () => {
    const ds = checkMarkerSet([m('kubebuilder:validation:Minimum', 1), m('kubebuilder:validation:Minimum', 2, 3)]);
    expect(ds).toEqual([
      {
        severity: 'error',
        code: 'KG2006',
        message: 'duplicate marker +kubebuilder:validation:Minimum; it may appear only once',
        span: { ...span, line: 2 },
        related: [{ span: { ...span, line: 1 }, message: 'the first +kubebuilder:validation:Minimum' }],
      },
    ]);
    expect(formatDiagnostic(present(ds[0], 'the diagnostic'))).toBe(
      'apis/x/v1/a.ts:2:5 - error KG2006: duplicate marker +kubebuilder:validation:Minimum; it may appear only once\n  apis/x/v1/a.ts:1:5 - the first +kubebuilder:validation:Minimum',
    );
  });
  test('repeatable markers may repeat', () => {
    expect(
      checkMarkerSet([m('kubebuilder:validation:XValidation', 1), m('kubebuilder:validation:XValidation', 2), m('listMapKey', 3), m('listMapKey', 4), m('kubebuilder:printcolumn', 5), m('kubebuilder:printcolumn', 6)]),
    ).toEqual([]);
  });
});

test('diagnostics format tsc-style with the hint', () => {
  const r = parseMarker('+kubebuilder:validation:Minimun=1', span, 'field');
  expect(r.kind === 'error' && formatDiagnostic(present(r.diagnostics[0], 'the diagnostic'))).toBe(
    'apis/x/v1/a.ts:7:5 - error KG2001: unknown marker "+kubebuilder:validation:Minimun" (did you mean "+kubebuilder:validation:Minimum"?)',
  );
});
