import { Cursor, guessType, parseArgValue, parseMarker, type ArgType, type MarkerTarget } from '../../../../generator/markers';

const span = { file: 'apis/x/v1/a.ts', line: 7, column: 5 };

function value(text: string, target: MarkerTarget = 'field'): unknown {
  const r = parseMarker(text, span, target);
  if (r.kind !== 'marker') throw new Error(`${text}: ${JSON.stringify(r)}`);
  return r.marker.value;
}

const INT: ArgType = { kind: 'int' };
const NUM: ArgType = { kind: 'number' };
const STR: ArgType = { kind: 'string' };
const BOOL: ArgType = { kind: 'bool' };
const ANY: ArgType = { kind: 'any' };
const STRS: ArgType = { kind: 'slice', items: STR };
const INTS: ArgType = { kind: 'slice', items: INT };
const MAP: ArgType = { kind: 'map', values: ANY };

describe('argument grammar: typed values', () => {
  const rows: Array<{ given: [ArgType, string]; want: unknown }> = [
    { given: [INT, '5'], want: 5 },
    { given: [INT, '-12'], want: -12 },
    { given: [INT, ' 7 '], want: 7 },
    { given: [NUM, '1.5'], want: 1.5 },
    { given: [NUM, '-0.25'], want: -0.25 },
    { given: [NUM, '3'], want: 3 },
    { given: [NUM, '1e3'], want: 1000 },
    { given: [NUM, '.5'], want: 0.5 },
    { given: [BOOL, 'true'], want: true },
    { given: [BOOL, 'false'], want: false },
    { given: [STR, 'bare words here'], want: 'bare words here' },
    { given: [STR, '"quoted, with comma"'], want: 'quoted, with comma' },
    { given: [STR, '"esc \\"q\\" \\n \\t \\\\ \\x41 \\u00e9 \\U0001F600 \\101"'], want: 'esc "q" \n \t \\ A é 😀 A' },
    { given: [STR, '`raw \\S+ "x"`'], want: 'raw \\S+ "x"' },
    { given: [STR, '.status.conditions[?(@.type=="Ready")].status'], want: '.status.conditions[?(@.type=="Ready")].status' },
    { given: [STR, ''], want: '' },
    { given: [STRS, '{a,b,c}'], want: ['a', 'b', 'c'] },
    { given: [STRS, '{ a , b }'], want: ['a', 'b'] },
    { given: [STRS, 'a;b;c'], want: ['a', 'b', 'c'] },
    { given: [STRS, 'one'], want: ['one'] },
    { given: [STRS, '{}'], want: [] },
    { given: [STRS, '{"x,y",`z;w`}'], want: ['x,y', 'z;w'] },
    { given: [INTS, '{1,2,3}'], want: [1, 2, 3] },
    { given: [INTS, '1;2'], want: [1, 2] },
    { given: [MAP, '{a: 1, b: "two"}'], want: { a: 1, b: 'two' } },
    { given: [MAP, '{b: 1, a: 2}'], want: { a: 2, b: 1 } },
    { given: [MAP, '{}'], want: {} },
    { given: [MAP, '{outer: {inner: true}}'], want: { outer: { inner: true } } },
    { given: [MAP, '{list: {x,y}}'], want: { list: ['x', 'y'] } },
    { given: [MAP, '{"quoted key": 1}'], want: { 'quoted key': 1 } },
  ];
  test.each(rows)('$given.1 as $given.0.kind', ({ given: [type, text], want }) => {
    const cur = new Cursor(text);
    expect(parseArgValue(type, cur)).toEqual(want);
  });
});

describe('argument grammar: `any` is guessed as controller-gen guesses', () => {
  const rows: Array<{ given: string; want: unknown }> = [
    { given: '5', want: 5 },
    { given: '-3', want: -3 },
    { given: '2.5', want: 2.5 },
    { given: 'true', want: true },
    { given: 'false', want: false },
    { given: 'trueish', want: 'trueish' },
    { given: '"x"', want: 'x' },
    { given: '"5"', want: '5' },
    { given: 'Cluster', want: 'Cluster' },
    { given: '100Mi', want: '100Mi' },
    { given: '2024-01-15', want: '2024-01-15' },
    { given: '087', want: '087' },
    { given: '{}', want: {} },
    { given: '{a: 1}', want: { a: 1 } },
    { given: '{policy: "delete", n: {m: false}}', want: { n: { m: false }, policy: 'delete' } },
    { given: '{1,2}', want: [1, 2] },
    { given: '{a,b}', want: ['a', 'b'] },
    { given: '{{a: 1},{a: 2}}', want: [{ a: 1 }, { a: 2 }] },
    { given: 'a;b', want: ['a', 'b'] },
    { given: '1;2;3', want: [1, 2, 3] },
  ];
  test.each(rows)('+kubebuilder:default=$given', ({ given, want }) => {
    expect(value(`+kubebuilder:default=${given}`)).toEqual(want);
  });

  test.each([
    ['+kubebuilder:default=1e999', 'number 1e999 does not fit float64'],
    ['+kubebuilder:validation:Maximum=-1e400', 'number -1e400 does not fit float64'],
    ['+default=1e999', 'number 1e999 is out of range for float64'],
  ])('%s is refused: beyond float64, as Go refuses it', (text, want) => {
    const r = parseMarker(text, span, 'field');
    expect(r.kind === 'error' ? r.diagnostics.map((d) => [d.code, d.message.includes(want)]) : r).toEqual([['KG2003', true]]);
  });

  test('guessType does not consume', () => {
    const cur = new Cursor('{a: 1}');
    expect(guessType(cur, true)).toEqual({ kind: 'map', values: { kind: 'any' } });
    expect(cur.pos).toBe(0);
  });
});

describe('marker forms', () => {
  const rows: Array<{ given: [string, MarkerTarget]; want: unknown }> = [
    { given: ['+optional', 'field'], want: true },
    { given: ['+optional   ', 'field'], want: true },
    { given: ['+kubebuilder:validation:Minimum=1', 'field'], want: 1 },
    { given: ['+kubebuilder:validation:Minimum= 1 ', 'field'], want: 1 },
    { given: ['+kubebuilder:printcolumn:name="Age",type=date,JSONPath=.metadata.creationTimestamp', 'type'], want: { name: 'Age', type: 'date', JSONPath: '.metadata.creationTimestamp' } },
    { given: ['+kubebuilder:printcolumn:name=Age, type=date, JSONPath=`.x`, priority=1', 'type'], want: { name: 'Age', type: 'date', JSONPath: '.x', priority: 1 } },
    { given: ['+kubebuilder:resource', 'type'], want: {} },
    { given: ['+kubebuilder:resource:shortName={ct,cts},categories=all;extra,scope=Cluster', 'type'], want: { shortName: ['ct', 'cts'], categories: ['all', 'extra'], scope: 'Cluster' } },
    { given: ['+kubebuilder:subresource:scale:specpath=.spec.size,statuspath=.status.size', 'type'], want: { specpath: '.spec.size', statuspath: '.status.size' } },
    { given: ['+kubebuilder:deprecatedversion', 'type'], want: {} },
    { given: ['+kubebuilder:deprecatedversion:warning="use v2"', 'type'], want: { warning: 'use v2' } },
    { given: ['+groupName=stable.example.com', 'package'], want: 'stable.example.com' },
    { given: ['+groupName=', 'package'], want: '' },
    { given: ['+groupName', 'package'], want: '' },
    { given: ['+kubebuilder:object:root=true', 'type'], want: true },
    { given: ['+k8s:deepcopy-gen=package,register', 'package'], want: 'package,register' },
    { given: ['+k8s:openapi-gen=true', 'field'], want: 'true' },
    { given: ['+default=[1, 2]', 'field'], want: [1, 2] },
    { given: ['+default="x"', 'field'], want: 'x' },
    { given: ['+default={"a": {"b": null}}', 'field'], want: { a: { b: null } } },
  ];
  test.each(rows)('$given.0', ({ given: [text, target], want }) => {
    expect(value(text, target)).toEqual(want);
  });

  test('spans point at the +', () => {
    const r = parseMarker('+nullable', span, 'field');
    expect(r).toEqual({ kind: 'marker', marker: { name: 'nullable', value: true, span } });
  });
});

describe('foreign markers', () => {
  test.each(['+operator-sdk:csv:customresourcedefinitions:displayName="X"', '+protobuf=true', '+protobuf.options.(gogoproto.goproto_stringer)=false', '+enum', '+union', '+patchStrategy=merge', '+openshift:validation:FeatureGateAwareEnum'])(
    "another tool's %s is ignored silently",
    (text) => {
      expect(parseMarker(text, span, 'field')).toEqual({ kind: 'foreign' });
    },
  );
  test.each(['+other:thing=1', '+5 retries', '+', '+k8s', '+ spaced', '+kubectl apply'])('%s is ignored with a warning (it is dropped from the description)', (text) => {
    const r = parseMarker(text, span, 'field');
    expect(r.kind).toBe('foreign');
    expect(r.kind === 'foreign' ? r.warnings?.map((d) => [d.code, d.severity, d.span]) : undefined).toEqual([['KG2103', 'warning', span]]);
  });
  test.each([
    { given: '+optinal', want: '+optional' },
    { given: '+Optional', want: '+optional' },
    { given: '+listtype=atomic', want: '+listType' },
    { given: '+ListMapKey=name', want: '+listMapKey' },
    { given: '+kubebuildr:validation:Minimum=1', want: '+kubebuilder:validation:Minimum' },
    { given: '+KubeBuilder:validation:Minimum=1', want: '+kubebuilder:validation:Minimum' },
    { given: '+kubebuilder_:object:root=true', want: '+kubebuilder:object:root' },
    { given: '+K8s:optional', want: '+k8s:optional' },
    { given: '+genclinet', want: '+genclient' },
    { given: '+GenClient:nonNamespaced', want: '+genclient:nonNamespaced' },
    { given: '+kubebuildr:printcolumn:name=A,type=string,JSONPath=.a', want: '+kubebuilder:printcolumn' },
  ])('$given is a misspelt marker: an error with a did-you-mean', ({ given, want }) => {
    const r = parseMarker(given, span, 'field');
    expect(r.kind === 'error' ? r.diagnostics.map((d) => [d.code, d.hint]) : r).toEqual([['KG2010', want]]);
  });
});
