import { changedPaths } from '../../../../generator/apply/diff';

describe('changedPaths (what a server dry run would change)', () => {
  it.each([
    { name: 'nothing', before: { a: 1 }, after: { a: 1 }, want: [] },
    { name: 'bookkeeping is not a change', before: { metadata: { name: 'x', resourceVersion: '1', generation: 1, managedFields: [{ a: 1 }] } }, after: { metadata: { name: 'x', resourceVersion: '2', generation: 2, managedFields: [] } }, want: [] },
    {
      name: 'changed, added and removed fields',
      before: { spec: { replicas: 1, paused: true, tags: ['a', 'b'] }, metadata: { labels: { 'app.kubernetes.io/name': 'x' } } },
      after: { spec: { replicas: 3, tags: ['a', 'c'], image: 'web:2' }, metadata: { labels: { 'app.kubernetes.io/name': 'x', tier: 'web' } } },
      want: ['~ spec.replicas: 1 → 3', '- spec.paused', '~ spec.tags[1]: "b" → "c"', '+ spec.image: "web:2"', '+ metadata.labels.tier: "web"'],
    },
    { name: 'keys that are not identifiers', before: { metadata: { annotations: { 'a.b/c': '1' } } }, after: { metadata: { annotations: { 'a.b/c': '2' } } }, want: ['~ metadata.annotations["a.b/c"]: "1" → "2"'] },
    { name: 'a list of another length is one change', before: { l: [1] }, after: { l: [1, 2] }, want: ['~ l: [1] → [1,2]'] },
    { name: 'long values are cut', before: { v: 'x' }, after: { v: 'y'.repeat(100) }, want: [`~ v: "x" → "${'y'.repeat(59)}…`] },
  ])('$name', ({ before, after, want }) => {
    expect(changedPaths(before, after)).toEqual(want);
  });

  it("never shows a Secret's values", () => {
    expect(changedPaths({ data: { password: 'YQ==' } }, { data: { password: 'Yg==', user: 'dQ==' }, type: 'Opaque' }, { secret: true })).toEqual([
      '~ data.password: (hidden) → (hidden)',
      '+ data.user: (hidden)',
      '+ type: "Opaque"',
    ]);
  });
});
