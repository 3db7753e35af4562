import {
  checkPattern,
  explicitRequired,
  findMarker,
  getMarker,
  getMarkers,
  hasMarker,
  GenClient,
  GenClientOnlyVerbs,
  Immutable,
  isOwnedMarkerName,
  markerDefinition,
  markerDefinitions,
  markerLineName,
  parseMarker,
  resolveMarkerName,
  PrintColumn,
  Resource,
  ValidationMinimum,
  type ResourceArgs,
  renderMarkerReference,
  type MarkerTarget,
} from '../../../../generator/markers';
import type { ClientVerb, MarkerValue } from '../../../../generator/model/types';
import { present } from '../../helpers/present';

const span = { file: 'apis/x/v1/a.ts', line: 1, column: 1 };

function value(text: string, target: MarkerTarget): unknown {
  const r = parseMarker(text, span, target);
  if (r.kind !== 'marker') throw new Error(`${text}: ${JSON.stringify(r)}`);
  return r.marker.value;
}

const V = 'kubebuilder:validation:';
const VALIDATION = [
  'Maximum', 'Minimum', 'ExclusiveMaximum', 'ExclusiveMinimum', 'MultipleOf', 'MinLength', 'MaxLength', 'Pattern', 'Format',
  'Enum', 'MinItems', 'MaxItems', 'UniqueItems', 'MinProperties', 'MaxProperties', 'Type', 'XIntOrString', 'XEmbeddedResource',
  'XPreserveUnknownFields', 'XValidation',
];

describe('the registry holds every marker of the input language and controller-gen', () => {
  const rows: Array<{ given: string; want: MarkerTarget[] }> = [
    ...VALIDATION.map((n) => ({ given: V + n, want: ['field', 'type'] as MarkerTarget[] })),
    ...VALIDATION.map((n) => ({ given: `${V}items:${n}`, want: ['field', 'type'] as MarkerTarget[] })),
    ...['kubebuilder:pruning:PreserveUnknownFields', 'kubebuilder:title', 'listType', 'listMapKey', 'mapType', 'structType', 'kubebuilder:externalDocs', 'k8s:listType', 'k8s:listMapKey'].map((given) => ({ given, want: ['field', 'type'] as MarkerTarget[] })),
    ...['optional', 'required', 'nullable', 'kubebuilder:default', 'default', 'kubebuilder:example', `${V}Schemaless`, `${V}EmbeddedResource`, 'k8s:immutable', 'k8s:optional', 'k8s:required'].map((given) => ({ given, want: ['field'] as MarkerTarget[] })),
    { given: `${V}Optional`, want: ['package', 'field'] },
    { given: `${V}Required`, want: ['package', 'field'] },
    ...[`${V}ExactlyOneOf`, `${V}AtMostOneOf`, `${V}AtLeastOneOf`, 'k8s:enum'].map((given) => ({ given, want: ['type'] as MarkerTarget[] })),
    ...['kubebuilder:object:root', 'kubebuilder:resource', 'kubebuilder:subresource:status', 'kubebuilder:subresource:scale', 'kubebuilder:printcolumn', 'kubebuilder:storageversion', 'kubebuilder:skipversion', 'kubebuilder:unservedversion', 'kubebuilder:deprecatedversion', 'kubebuilder:metadata', 'kubebuilder:selectablefield'].map((given) => ({ given, want: ['type'] as MarkerTarget[] })),
    ...['genclient', 'genclient:nonNamespaced', 'genclient:noStatus', 'genclient:noVerbs', 'genclient:readonly', 'genclient:onlyVerbs', 'genclient:skipVerbs', 'genclient:method'].map((given) => ({ given, want: ['type'] as MarkerTarget[] })),
    ...['groupName', 'versionName', 'kubebuilder:skip', 'kubebuilder:rbac', 'kubebuilder:webhook', 'kubebuilder:webhookconfiguration', 'kubebuilder:ac:output:package', 'k8s:defaulter-gen-input'].map((given) => ({ given, want: ['package'] as MarkerTarget[] })),
    { given: 'kubebuilder:object:generate', want: ['package', 'type'] },
    { given: 'k8s:deepcopy-gen', want: ['package', 'type'] },
    { given: 'k8s:deepcopy-gen:interfaces', want: ['type'] },
    { given: 'k8s:openapi-gen', want: ['package', 'type', 'field'] },
    { given: 'k8s:conversion-gen', want: ['package', 'type', 'field'] },
    { given: 'k8s:prerelease-lifecycle-gen:introduced', want: ['type'] },
  ];
  test.each(rows)('+$given', ({ given, want }) => {
    const d = markerDefinition(given);
    expect(d).toBeDefined();
    expect([...d!.targets].sort()).toEqual([...want].sort());
    expect(d!.help.summary.length).toBeGreaterThan(5);
  });

  test('definitions are sorted by name and unique', () => {
    const names = markerDefinitions.map((d) => d.name);
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  test('every items: marker applies to items and has a schema behaviour', () => {
    for (const d of markerDefinitions.filter((x) => x.name.startsWith(`${V}items:`))) {
      expect(d.items).toBe(true);
      expect(d.schema).toBeDefined();
    }
  });

  test('namespaces', () => {
    expect(isOwnedMarkerName('kubebuilder:anything')).toBe(true);
    expect(isOwnedMarkerName('genclient:x')).toBe(true);
    expect(isOwnedMarkerName('k8s:x')).toBe(true);
    expect(isOwnedMarkerName('kubegen:x')).toBe(true);
    expect(isOwnedMarkerName('listType:x')).toBe(true);
    expect(isOwnedMarkerName('operator-sdk:csv')).toBe(false);
    expect(isOwnedMarkerName('protobuf')).toBe(false);
  });
});

describe('parsed values of kind, package and client markers', () => {
  const rows: Array<{ given: [string, MarkerTarget]; want: unknown }> = [
    { given: ['+kubebuilder:subresource:status', 'type'], want: true },
    { given: ['+kubebuilder:subresource:scale:specpath=.spec.size,statuspath=.status.size,selectorpath=.status.selector', 'type'], want: { specpath: '.spec.size', statuspath: '.status.size', selectorpath: '.status.selector' } },
    { given: ['+kubebuilder:printcolumn:name="Schedule",type=string,JSONPath=`.spec.cronSpec`,description="cron",format=password,priority=1', 'type'], want: { name: 'Schedule', type: 'string', JSONPath: '.spec.cronSpec', description: 'cron', format: 'password', priority: 1 } },
    { given: ['+kubebuilder:resource:path=crontabs,singular=crontab,shortName=ct,categories=all,scope=Namespaced', 'type'], want: { path: 'crontabs', singular: 'crontab', shortName: ['ct'], categories: ['all'], scope: 'Namespaced' } },
    { given: ['+kubebuilder:storageversion', 'type'], want: true },
    { given: ['+kubebuilder:skipversion', 'type'], want: true },
    { given: ['+kubebuilder:unservedversion', 'type'], want: true },
    { given: ['+kubebuilder:metadata:annotations="a=b";"c=d",labels=x=y', 'type'], want: { annotations: ['a=b', 'c=d'], labels: ['x=y'] } },
    { given: ['+kubebuilder:selectablefield:JSONPath=`.spec.guitar`', 'type'], want: { JSONPath: '.spec.guitar' } },
    { given: ['+kubebuilder:object:generate=false', 'package'], want: false },
    { given: ['+kubebuilder:skip', 'package'], want: true },
    { given: ['+kubebuilder:validation:Optional', 'package'], want: true },
    { given: ['+versionName=v1beta1', 'package'], want: 'v1beta1' },
    { given: ['+kubebuilder:rbac:groups=apps;core,resources=deployments,verbs=get;list;watch', 'package'], want: { groups: ['apps', 'core'], resources: ['deployments'], verbs: ['get', 'list', 'watch'] } },
    { given: ['+kubebuilder:rbac:urls=/healthz,verbs=get,namespace=system,roleName=r', 'package'], want: { urls: ['/healthz'], verbs: ['get'], namespace: 'system', roleName: 'r' } },
    {
      given: ['+kubebuilder:webhook:path=/mutate,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob.kb.io,admissionReviewVersions=v1', 'package'],
      want: { path: '/mutate', mutating: true, failurePolicy: 'fail', sideEffects: 'None', groups: ['batch'], resources: ['cronjobs'], verbs: ['create', 'update'], versions: ['v1'], name: 'mcronjob.kb.io', admissionReviewVersions: ['v1'] },
    },
    { given: ['+kubebuilder:webhookconfiguration:mutating=true,name=my-config', 'package'], want: { mutating: true, name: 'my-config' } },
    { given: ['+genclient', 'type'], want: true },
    { given: ['+genclient:nonNamespaced', 'type'], want: true },
    { given: ['+genclient:noStatus', 'type'], want: true },
    { given: ['+genclient:noVerbs', 'type'], want: true },
    { given: ['+genclient:readonly', 'type'], want: true },
    { given: ['+genclient:onlyVerbs=create,get', 'type'], want: ['create', 'get'] },
    { given: ['+genclient:skipVerbs=patch, apply ,applyStatus', 'type'], want: ['patch', 'apply', 'applyStatus'] },
    { given: ['+genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale', 'type'], want: { name: 'GetScale', verb: 'get', subresource: 'scale', result: 'k8s.io/api/autoscaling/v1.Scale' } },
    { given: ['+genclient:method=UpdateScale,verb=update,subresource=scale,input=Scale,result=Scale', 'type'], want: { name: 'UpdateScale', verb: 'update', subresource: 'scale', input: 'Scale', result: 'Scale' } },
    { given: ['+k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object', 'type'], want: 'k8s.io/apimachinery/pkg/runtime.Object' },
    { given: ['+k8s:deepcopy-gen=false', 'type'], want: 'false' },
    { given: ['+k8s:defaulter-gen=TypeMeta', 'package'], want: 'TypeMeta' },
    { given: ['+k8s:conversion-gen=k8s.io/example/apis/example', 'package'], want: 'k8s.io/example/apis/example' },
    { given: ['+k8s:prerelease-lifecycle-gen:introduced=1.19', 'type'], want: '1.19' },
    { given: ['+k8s:register-gen', 'package'], want: '' },
    { given: ['+groupGoName=Wardle', 'package'], want: 'Wardle' },
  ];
  test.each(rows)('$given.0', ({ given: [text, target], want }) => {
    expect(value(text, target)).toEqual(want);
  });
});

describe('RE2 pattern check', () => {
  const rows: Array<{ given: string; want: string }> = [ // want: 'ok', or the error
    { given: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', want: 'ok' },
    { given: '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$', want: 'ok' },
    { given: '^\\-?\\d+$', want: 'ok' },
    { given: '(?i)^abc$', want: 'ok' },
    { given: '(?P<year>\\d{4})-\\d{2}', want: 'ok' },
    { given: '\\Aabc\\z', want: 'ok' },
    { given: '[[:alpha:]]+', want: 'ok' },
    { given: '[]a]', want: 'ok' },
    { given: '\\p{L}+', want: 'ok' },
    { given: '\\Qa.b*\\E', want: 'ok' },
    { given: '\\pL\\p{Greek}\\PN', want: 'ok' },
    { given: '(?<year>\\d{4})', want: 'ok' },
    { given: '(?i:abc)(?s).', want: 'ok' },
    // Go's own messages (regexp/syntax), as the apiserver reports them
    { given: '(?=x)', want: 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`' },
    { given: '(?!x)', want: 'error parsing regexp: invalid or unsupported Perl syntax: `(?!`' },
    { given: '(?<!x)y', want: 'error parsing regexp: invalid named capture: `(?<!x)y`' },
    { given: '(a)\\2', want: 'error parsing regexp: invalid escape sequence: `\\2`' },
    { given: '(?P<n>a)\\k<n>', want: 'error parsing regexp: invalid escape sequence: `\\k`' },
    { given: '(abc', want: 'error parsing regexp: missing closing ): `(abc`' },
    { given: 'a{2,1}', want: 'error parsing regexp: invalid repeat count: `{2,1}`' },
    { given: 'a{1001}', want: 'error parsing regexp: invalid repeat count: `{1001}`' },
    { given: 'a**', want: 'error parsing regexp: invalid nested repetition operator: `**`' },
    { given: '[[:bogus:]]', want: 'error parsing regexp: invalid character class range: `[:bogus:]`' },
    { given: '\\p{Bogus}', want: 'error parsing regexp: invalid character class range: `\\p{Bogus}`' },
  ];
  test.each(rows)('$given', ({ given, want }) => {
    const err = checkPattern(given);
    if (want === 'ok') expect(err).toBeUndefined();
    else expect(err).toBe(want);
  });
});

describe('name resolution (one rule: whole name, else a struct marker with its first argument)', () => {
  test.each([
    { given: '+kubebuilder:validation:Minimum=1', want: 'kubebuilder:validation:Minimum' },
    { given: '+kubebuilder:printcolumn:name=A,type=string,JSONPath=.a', want: 'kubebuilder:printcolumn' },
    { given: '+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get', want: 'kubebuilder:rbac' },
    { given: '+k8s:ifEnabled(Foo)=+k8s:maxItems=1', want: 'k8s:ifEnabled' },
    // a flag marker takes no first argument: the name stays as written (and parsing reports it)
    { given: '+kubebuilder:subresource:status:extra', want: 'kubebuilder:subresource:status:extra' },
    { given: '+kubebuilder:nosuch', want: 'kubebuilder:nosuch' },
    { given: 'not a marker', want: '' },
  ])('$given → $want', ({ given, want }) => {
    expect(markerLineName(given)).toBe(want);
  });
  test('resolveMarkerName gives the offset of the first argument in the line', () => {
    expect(resolveMarkerName('kubebuilder:printcolumn:name')).toEqual({ def: markerDefinition('kubebuilder:printcolumn'), firstArg: { name: 'name', offset: 25 } });
    expect(resolveMarkerName('kubebuilder:subresource:status:extra')).toBeUndefined();
  });
});

describe('accessors', () => {
  /** Markers as the loader gets them: parsed by the registry. */
  const parse = (line: string, target: MarkerTarget): MarkerValue => {
    const r = parseMarker(line, span, target);
    if (r.kind !== 'marker') throw new Error(`${line} did not parse`);
    return r.marker;
  };
  const ms = [
    parse('+kubebuilder:printcolumn:name=A,type=string,JSONPath=.a', 'type'),
    parse('+kubebuilder:printcolumn:name=B,type=integer,JSONPath=.b,priority=1', 'type'),
    parse('+kubebuilder:resource:scope=Cluster,shortName={ct,cts}', 'type'),
    parse('+kubebuilder:validation:Minimum=-1.5', 'type'),
    parse('+genclient:onlyVerbs=get,list', 'type'),
  ];
  test('getMarker / getMarkers / findMarker return the definition\'s value type', () => {
    const resource: ResourceArgs | undefined = getMarker(ms, Resource);
    expect(resource).toEqual({ scope: 'Cluster', shortName: ['ct', 'cts'] });
    const minimum: number | undefined = getMarker(ms, ValidationMinimum);
    expect(minimum).toBe(-1.5);
    const verbs: ClientVerb[] | undefined = getMarker(ms, GenClientOnlyVerbs);
    expect(verbs).toEqual(['get', 'list']);
    expect(getMarker(ms, GenClient)).toBeUndefined();
    expect(getMarkers(ms, PrintColumn).map((c) => [c.name, c.type, c.priority])).toEqual([
      ['A', 'string', undefined],
      ['B', 'integer', 1],
    ]);
    expect(findMarker(ms, Resource)?.span).toEqual(span);
    expect(hasMarker(ms, PrintColumn)).toBe(true);
    expect(hasMarker(ms, Immutable)).toBe(false);
  });
  test.each([
    { given: ['kubebuilder:validation:Optional', 'kubebuilder:validation:Required'], want: false },
    { given: ['kubebuilder:validation:Required', 'optional'], want: true },
    { given: ['optional', 'required'], want: false },
    { given: ['k8s:required'], want: true },
    { given: ['nullable'], want: undefined },
  ])('explicitRequired($given)', ({ given, want }) => {
    expect(explicitRequired(given.map((n) => parse(`+${n}`, 'field')))).toBe(want);
  });
});

describe('the marker reference', () => {
  const text = renderMarkerReference('text');
  const markdown = renderMarkerReference('markdown');
  test('text names every marker', () => {
    for (const d of markerDefinitions) expect(text).toContain(`+${d.name}`);
  });
  test('markdown has a heading for every marker', () => {
    for (const d of markerDefinitions) expect(markdown).toContain(`### \`+${d.name}\``);
  });
  test('shows syntax, targets, arguments and deprecation', () => {
    expect(text).toContain('+kubebuilder:printcolumn:name=<string>,type=<string>,JSONPath=<string>[,description=<string>][,format=<string>][,priority=<int>]');
    expect(text).toContain('type: string (one of integer, number, string, boolean, date) — the type of this column.');
    expect(text).toContain('deprecated: use +kubebuilder:pruning:PreserveUnknownFields');
    expect(markdown).toContain('| `scope` | `string` | no | overrides the scope of the CRD. One of `Namespaced`, `Cluster`. |');
    expect(markdown).toContain('`+kubebuilder:validation:Minimum=<number>` — on field, type · priority 10');
  });
  test('is deterministic', () => {
    expect(renderMarkerReference('markdown')).toBe(markdown);
  });
});

describe('validation-gen tags are accepted with a warning', () => {
  const rows: Array<{ given: [string, MarkerTarget]; want: { value: unknown; warning: RegExp } }> = [
    { given: ['+k8s:minimum=0', 'field'], want: { value: { payload: '0' }, warning: /^\+k8s:minimum is a validation-gen tag; .* no effect \(for the CRD schema use \+kubebuilder:validation:Minimum\)$/ } },
    { given: ['+k8s:maxLength=253', 'field'], want: { value: { payload: '253' }, warning: /use \+kubebuilder:validation:MaxLength/ } },
    { given: ['+k8s:format=k8s-short-name', 'field'], want: { value: { payload: 'k8s-short-name' }, warning: /validation-gen/ } },
    { given: ['+k8s:forbidden', 'field'], want: { value: {}, warning: /validation-gen/ } },
    { given: ['+k8s:unionMember', 'field'], want: { value: {}, warning: /ExactlyOneOf/ } },
    { given: ['+k8s:zeroOrOneOfMember(union: "u")', 'field'], want: { value: { args: 'union: "u"' }, warning: /AtMostOneOf/ } },
    { given: ['+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember', 'field'], want: { value: { args: 'type: "Approved"', payload: '+k8s:zeroOrOneOfMember' }, warning: /validation-gen/ } },
    { given: ['+k8s:ifEnabled(Feature(x))=+k8s:immutable', 'field'], want: { value: { args: 'Feature(x)', payload: '+k8s:immutable' }, warning: /validation-gen/ } },
    { given: ['+k8s:eachVal=+k8s:minimum=1', 'field'], want: { value: { payload: '+k8s:minimum=1' }, warning: /validation-gen/ } },
  ];
  test.each(rows)('$given.0', ({ given: [text, target], want }) => {
    const r = parseMarker(text, span, target);
    expect(r.kind).toBe('marker');
    if (r.kind !== 'marker') return;
    expect(r.marker.value).toEqual(want.value);
    expect(r.warnings).toHaveLength(1);
    const warning = present(r.warnings?.[0], 'the warning');
    expect(warning.severity).toBe('warning');
    expect(warning.message).toMatch(want.warning);
  });
  test('an unterminated ( is an error', () => {
    const r = parseMarker('+k8s:item(type: "x"=+k8s:forbidden', span, 'field');
    expect(r.kind === 'error' && r.diagnostics[0]?.message).toBe('invalid +k8s:item: unterminated "(" (missing ")")');
    expect(r.kind === 'error' && r.diagnostics[0]?.span?.column).toBe(10);
  });
  test('a payload on a tag that takes none is an error', () => {
    const r = parseMarker('+k8s:forbidden=true', span, 'field');
    expect(r.kind === 'error' && r.diagnostics[0]?.message).toBe('invalid +k8s:forbidden: +k8s:forbidden takes no payload');
  });
});
