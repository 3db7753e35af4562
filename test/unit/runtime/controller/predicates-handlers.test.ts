/** Predicates and event handlers: controller-runtime's filters and request mappings. */
import type { KubeObject } from '../../../../runtime/src/client/types';
import { enqueueRequestForObject, enqueueRequestForOwner, enqueueRequestsFromMapFunc, type RequestQueue } from '../../../../runtime/src/controller/handlers';
import {
  and,
  annotationChangedPredicate,
  evaluate,
  generationChangedPredicate,
  labelChangedPredicate,
  labelSelectorPredicate,
  newPredicateFuncs,
  not,
  or,
  resourceVersionChangedPredicate,
  type Predicate,
} from '../../../../runtime/src/controller/predicates';
import type { Request } from '../../../../runtime/src/controller/reconcile';
import { recordingLogger } from '../../helpers/operator';

const obj = (meta: KubeObject['metadata']): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'o', namespace: 'ns', ...meta } });

describe('update predicates', () => {
  const { logger } = recordingLogger();
  const table: Array<{ name: string; p: Predicate; old: KubeObject['metadata']; new: KubeObject['metadata']; want: boolean }> = [
    { name: 'generation changed', p: generationChangedPredicate(logger), old: { generation: 1 }, new: { generation: 2 }, want: true },
    { name: 'generation same (status update)', p: generationChangedPredicate(logger), old: { generation: 1, resourceVersion: '1' }, new: { generation: 1, resourceVersion: '2' }, want: false },
    { name: 'labels changed', p: labelChangedPredicate(logger), old: { labels: { a: '1' } }, new: { labels: { a: '2' } }, want: true },
    { name: 'labels: absent = empty', p: labelChangedPredicate(logger), old: {}, new: { labels: {} }, want: false },
    { name: 'labels: key added', p: labelChangedPredicate(logger), old: { labels: { a: '1' } }, new: { labels: { a: '1', b: '' } }, want: true },
    { name: 'labels: same, other order', p: labelChangedPredicate(logger), old: { labels: { a: '1', b: '2' } }, new: { labels: { b: '2', a: '1' } }, want: false },
    { name: 'annotations changed', p: annotationChangedPredicate(logger), old: { annotations: { x: 'y' } }, new: {}, want: true },
    { name: 'annotations same', p: annotationChangedPredicate(logger), old: { annotations: { x: 'y' } }, new: { annotations: { x: 'y' } }, want: false },
    { name: 'resourceVersion changed', p: resourceVersionChangedPredicate(logger), old: { resourceVersion: '1' }, new: { resourceVersion: '2' }, want: true },
    { name: 'resync (same resourceVersion)', p: resourceVersionChangedPredicate(logger), old: { resourceVersion: '1' }, new: { resourceVersion: '1' }, want: false },
  ];
  it.each(table)('$name → $want', ({ p, old, new: next, want }) => {
    expect(evaluate(p, 'update', { objectOld: obj(old), objectNew: obj(next) })).toBe(want);
    // the update predicates pass every other event
    expect(evaluate(p, 'create', { object: obj(old), isInInitialList: false })).toBe(true);
    expect(evaluate(p, 'delete', { object: obj(old), deleteStateUnknown: false })).toBe(true);
    expect(evaluate(p, 'generic', { object: obj(old) })).toBe(true);
  });

  it('an update without an old or new object does not pass and is logged', () => {
    const rec = recordingLogger();
    const p = generationChangedPredicate(rec.logger);
    expect(evaluate(p, 'update', { objectOld: undefined as unknown as KubeObject, objectNew: obj({}) })).toBe(false);
    expect(evaluate(p, 'update', { objectOld: obj({}), objectNew: undefined as unknown as KubeObject })).toBe(false);
    expect(rec.records.map((r) => r.msg)).toEqual(['Update event has no old object to update', 'Update event has no new object for update']);
  });
});

describe('combinators', () => {
  const yes: Predicate = newPredicateFuncs(() => true);
  const no: Predicate = newPredicateFuncs(() => false);
  const e = { object: obj({}), isInInitialList: false };
  it.each([
    { name: 'and(yes, yes)', p: and(yes, yes), want: true },
    { name: 'and(yes, no)', p: and(yes, no), want: false },
    { name: 'and() passes everything', p: and(), want: true },
    { name: 'or(no, yes)', p: or(no, yes), want: true },
    { name: 'or(no, no)', p: or(no, no), want: false },
    { name: 'or() passes nothing', p: or(), want: false },
    { name: 'not(yes)', p: not(yes), want: false },
    { name: 'not({}) rejects (an absent function passes)', p: not({}), want: false },
    { name: 'labelSelector match', p: labelSelectorPredicate({ app: 'web' }), want: false },
  ])('$name → $want', ({ p, want }) => {
    expect(evaluate(p, 'create', e)).toBe(want);
  });

  it('newPredicateFuncs uses the new object of an update; labelSelectorPredicate matches own keys only', () => {
    const p = labelSelectorPredicate({ app: 'web' });
    expect(evaluate(p, 'update', { objectOld: obj({}), objectNew: obj({ labels: { app: 'web' } }) })).toBe(true);
    expect(evaluate(labelSelectorPredicate({ toString: 'x' }), 'create', { object: obj({ labels: {} }), isInInitialList: false })).toBe(false);
  });
});

function recordingQueue(): RequestQueue & { added: Request[] } {
  const added: Request[] = [];
  return { added, add: (r) => added.push(r), addAfter: (r) => added.push(r), addRateLimited: (r) => added.push(r) };
}

describe('handlers', () => {
  it('enqueueRequestForObject enqueues the object (the new one of an update)', () => {
    const q = recordingQueue();
    const h = enqueueRequestForObject();
    h.create!({ object: obj({ name: 'a' }), isInInitialList: true }, q);
    h.update!({ objectOld: obj({ name: 'a' }), objectNew: obj({ name: 'a' }) }, q);
    h.delete!({ object: { metadata: { name: 'c' } }, deleteStateUnknown: true }, q);
    expect(q.added).toEqual([
      { namespace: 'ns', name: 'a' },
      { namespace: 'ns', name: 'a' },
      { namespace: '', name: 'c' },
    ]);
  });

  const owned = (refs: NonNullable<KubeObject['metadata']>['ownerReferences'], namespace = 'ns'): KubeObject => ({ metadata: { name: 'cm', namespace, ownerReferences: refs } });
  const table = [
    {
      name: 'controller reference of the owner kind',
      owner: { group: 'example.com', kind: 'Widget', namespaced: true },
      only: true,
      refs: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: '1', controller: true }],
      want: [{ namespace: 'ns', name: 'w' }],
    },
    {
      name: 'matches on group and kind, not version',
      owner: { group: 'example.com', kind: 'Widget', namespaced: true },
      only: true,
      refs: [{ apiVersion: 'example.com/v2beta1', kind: 'Widget', name: 'w', uid: '1', controller: true }],
      want: [{ namespace: 'ns', name: 'w' }],
    },
    {
      name: 'onlyController skips non-controller references',
      owner: { group: 'example.com', kind: 'Widget', namespaced: true },
      only: true,
      refs: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: '1' }],
      want: [],
    },
    {
      name: 'every owner without onlyController',
      owner: { group: 'example.com', kind: 'Widget', namespaced: true },
      only: false,
      refs: [
        { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w1', uid: '1' },
        { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w2', uid: '2', controller: true },
        { apiVersion: 'other.com/v1', kind: 'Widget', name: 'x', uid: '3' },
        { apiVersion: 'v1', kind: 'Widget', name: 'core', uid: '4' },
      ],
      want: [
        { namespace: 'ns', name: 'w1' },
        { namespace: 'ns', name: 'w2' },
      ],
    },
    {
      name: 'a cluster-scoped owner is enqueued without namespace',
      owner: { group: 'example.com', kind: 'Cluster', namespaced: false },
      only: true,
      refs: [{ apiVersion: 'example.com/v1', kind: 'Cluster', name: 'c', uid: '1', controller: true }],
      want: [{ namespace: '', name: 'c' }],
    },
    {
      name: 'a core-group owner',
      owner: { group: '', kind: 'ConfigMap', namespaced: true },
      only: true,
      refs: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'parent', uid: '1', controller: true }],
      want: [{ namespace: 'ns', name: 'parent' }],
    },
  ];
  it.each(table)('enqueueRequestForOwner: $name', ({ owner, only, refs, want }) => {
    const q = recordingQueue();
    enqueueRequestForOwner(owner, { onlyController: only }).create!({ object: owned(refs), isInInitialList: false }, q);
    expect(q.added).toEqual(want);
  });

  it('enqueueRequestForOwner on update enqueues the old and the new owner, once each', () => {
    const q = recordingQueue();
    const ref = (name: string) => [{ apiVersion: 'example.com/v1', kind: 'Widget', name, uid: name, controller: true }];
    enqueueRequestForOwner({ group: 'example.com', kind: 'Widget', namespaced: true }, { onlyController: true }).update!({ objectOld: owned(ref('old')), objectNew: owned(ref('new')) }, q);
    expect(q.added).toEqual([
      { namespace: 'ns', name: 'old' },
      { namespace: 'ns', name: 'new' },
    ]);
    const q2 = recordingQueue();
    enqueueRequestForOwner({ group: 'example.com', kind: 'Widget', namespaced: true }).update!({ objectOld: owned(ref('same')), objectNew: owned(ref('same')) }, q2);
    expect(q2.added).toEqual([{ namespace: 'ns', name: 'same' }]);
  });

  it('enqueueRequestsFromMapFunc maps old and new objects, merging duplicates', () => {
    const q = recordingQueue();
    const h = enqueueRequestsFromMapFunc((o) => [{ namespace: 'x', name: o.metadata?.labels?.target ?? 'none' }, { namespace: 'x', name: 'always' }]);
    h.update!({ objectOld: obj({ labels: { target: 'a' } }), objectNew: obj({ labels: { target: 'b' } }) }, q);
    expect(q.added).toEqual([
      { namespace: 'x', name: 'a' },
      { namespace: 'x', name: 'always' },
      { namespace: 'x', name: 'b' },
    ]);
  });
});
