import fc from 'fast-check';
import {
  formatLabelSelector,
  labelsMatch,
  matchFields,
  parseFieldSelector,
  parseLabelSelector,
  SelectorParseError,
} from '../../../../runtime/src/meta/selectors';

describe('label selectors', () => {
  const labels = { app: 'web', tier: 'frontend', 'example.com/team': 'a', n: '5' };
  const table: Array<{ given: string; want: boolean }> = [
    { given: '', want: true },
    { given: 'app=web', want: true },
    { given: 'app==web', want: true },
    { given: 'app = web', want: true },
    { given: 'app=db', want: false },
    { given: 'app!=db', want: true },
    { given: 'missing!=x', want: true },
    { given: 'app!=web', want: false },
    { given: 'tier in (frontend, backend)', want: true },
    { given: 'tier in (backend)', want: false },
    { given: 'tier notin (backend)', want: true },
    { given: 'missing notin (x)', want: true },
    { given: 'tier notin (frontend)', want: false },
    { given: 'app', want: true },
    { given: 'missing', want: false },
    { given: '!missing', want: true },
    { given: '!app', want: false },
    { given: 'example.com/team=a,app=web', want: true },
    { given: 'app=web,tier=backend', want: false },
    { given: 'n>4', want: true },
    { given: 'n<5', want: false },
    { given: 'app>1', want: false },
    { given: 'missing=', want: false },
    { given: 'app in (web,)', want: true },
  ];
  it.each(table)('"$given" → $want', ({ given, want }) => {
    expect(labelsMatch(given, labels)).toBe(want);
  });

  it('an empty value matches an empty label', () => {
    expect(labelsMatch('e=', { e: '' })).toBe(true);
    expect(labelsMatch('e', { e: '' })).toBe(true);
  });

  it.each(['x in (a', '=a', 'a b', '!', 'bad key!=x'])('rejects "%s"', (s) => {
    expect(() => parseLabelSelector(s)).toThrow(SelectorParseError);
  });

  // apimachinery's labels.Parse, word for word (what kube-apiserver answers a list with)
  it.each([
    ['a in (b', "unable to parse requirement: found '', expected: ',' or ')'"],
    ['a=b=c', "found '=', expected: ',' or 'end of string'"],
    ['a=b c', "found 'c', expected: ',' or 'end of string'"],
    ['=a', "found '=', expected: !, identifier, or 'end of string'"],
    ['a,', "found '', expected: identifier after ','"],
    ['!', "unable to parse requirement: found '', expected: identifier"],
    ['a in b', "unable to parse requirement: found 'b' expected: '('"],
    ['a in (b c)', "unable to parse requirement: found 'c', expected: ',' or ')'"],
    ['a in (=)', "unable to parse requirement: found '=', expected: ',', ')' or identifier"],
    ['a!b', "unable to parse requirement: found '!', expected: in, notin, =, ==, !=, gt, lt"],
    ['a>b', `unable to parse requirement: values[0]: Invalid value: "b": for 'Gt', 'Lt' operators, the value must be an integer`],
    ['a=b$', `unable to parse requirement: values[0][a]: Invalid value: "b$": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`],
    ['-a', `unable to parse requirement: <nil>: Invalid value: "-a": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`],
  ])('words its refusal of "%s" as apimachinery does', (s, message) => {
    expect(() => parseLabelSelector(s)).toThrow(new SelectorParseError(message));
  });

  it('parses as apimachinery does: requirements by key, set values sorted and unique, "()" and "(a,)" holding an empty value', () => {
    expect(parseLabelSelector('z, a notin (c,b,c), !m, x in (), y in (a,), k==v')).toEqual([
      { key: 'a', operator: 'notin', values: ['b', 'c'] },
      { key: 'k', operator: '=', values: ['v'] },
      { key: 'm', operator: '!', values: [] },
      { key: 'x', operator: 'in', values: [''] },
      { key: 'y', operator: 'in', values: ['', 'a'] },
      { key: 'z', operator: 'exists', values: [] },
    ]);
    expect(parseLabelSelector('in in (in, notin)')).toEqual([{ key: 'in', operator: 'in', values: ['in', 'notin'] }]);
  });

  it('rejects invalid keys and values', () => {
    expect(() => parseLabelSelector('-a=b')).toThrow(SelectorParseError);
    expect(() => parseLabelSelector('a=b$')).toThrow(SelectorParseError);
    expect(() => parseLabelSelector(`a=${'x'.repeat(64)}`)).toThrow(SelectorParseError);
  });

  it('formats a LabelSelector sorted by key, and it matches as its parts do', () => {
    const sel = {
      matchLabels: { tier: 'frontend', app: 'web' },
      matchExpressions: [
        { key: 'env', operator: 'In', values: ['prod', 'dev'] },
        { key: 'canary', operator: 'DoesNotExist' },
        { key: 'zone', operator: 'NotIn', values: ['b'] },
        { key: 'app', operator: 'Exists' },
      ],
    };
    expect(formatLabelSelector(sel)).toBe('app=web,app,!canary,env in (dev,prod),tier=frontend,zone notin (b)');
    expect(labelsMatch(sel, { app: 'web', tier: 'frontend', env: 'dev' })).toBe(true);
    expect(labelsMatch(sel, { app: 'web', tier: 'frontend', env: 'dev', canary: 'y' })).toBe(false);
    expect(formatLabelSelector({})).toBe('');
    expect(() => formatLabelSelector({ matchExpressions: [{ key: 'a', operator: 'Bogus' }] })).toThrow(SelectorParseError);
  });

  it('matchLabels selectors agree with a direct comparison (property)', () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/);
    const val = fc.stringMatching(/^[a-z0-9]{0,4}$/);
    fc.assert(
      fc.property(fc.dictionary(key, val), fc.dictionary(key, val), (want, have) => {
        const expected = Object.entries(want).every(([k, v]) => have[k] === v);
        return labelsMatch({ matchLabels: want }, have) === expected;
      }),
    );
  });
});

describe('field selectors', () => {
  it('parses =, ==, != and escapes', () => {
    expect(parseFieldSelector('metadata.name=a,metadata.namespace!=b,x==c\\,d')).toEqual([
      { field: 'metadata.name', operator: '=', value: 'a' },
      { field: 'metadata.namespace', operator: '!=', value: 'b' },
      { field: 'x', operator: '=', value: 'c,d' },
    ]);
    expect(parseFieldSelector('')).toEqual([]);
    expect(() => parseFieldSelector('metadata.name')).toThrow(new SelectorParseError("invalid selector: 'metadata.name'; can't understand 'metadata.name'"));
  });

  it('matches', () => {
    const f = { 'metadata.name': 'a', 'metadata.namespace': 'ns' };
    expect(matchFields(parseFieldSelector('metadata.name=a'), f)).toBe(true);
    expect(matchFields(parseFieldSelector('metadata.name!=a'), f)).toBe(false);
    expect(matchFields(parseFieldSelector('metadata.name=a,metadata.namespace=other'), f)).toBe(false);
  });
});
