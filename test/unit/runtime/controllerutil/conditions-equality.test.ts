/** Status conditions as apimachinery's meta helpers, and semantic equality (Quantity- and Time-aware). */
import {
  findStatusCondition,
  isStatusConditionFalse,
  isStatusConditionPresentAndEqual,
  isStatusConditionTrue,
  removeStatusCondition,
  setStatusCondition,
  type ConditionInput,
} from '../../../../runtime/src/controllerutil/conditions';
import { parseQuantity, semanticDeepEqual } from '../../../../runtime/src/controllerutil/equality';
import { createMergePatch, type JsonValue } from '../../../../runtime/src/controllerutil/patch';
import type { Condition } from '../../../../runtime/src/meta/conditions';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0, 999);
const now = (): number => NOW;
const ready = (status: Condition['status'], extra: Partial<Condition> = {}): Condition => ({
  type: 'Ready',
  status,
  reason: 'R',
  message: 'm',
  lastTransitionTime: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('setStatusCondition', () => {
  it.each<{ name: string; given: Condition[] | undefined; set: ConditionInput; want: { changed: boolean; conditions: Condition[] | undefined } }>([
    {
      name: 'appends a new type with now (whole seconds) when no time is given',
      given: [],
      set: { type: 'Ready', status: 'True', reason: 'Up', message: '' },
      want: { changed: true, conditions: [{ type: 'Ready', status: 'True', reason: 'Up', message: '', lastTransitionTime: '2026-06-01T12:00:00Z' }] },
    },
    {
      name: 'appends with the given time',
      given: [],
      set: { type: 'Ready', status: 'True', reason: 'Up', message: '', lastTransitionTime: '2020-01-01T00:00:00Z' },
      want: { changed: true, conditions: [{ type: 'Ready', status: 'True', reason: 'Up', message: '', lastTransitionTime: '2020-01-01T00:00:00Z' }] },
    },
    {
      name: 'same status: lastTransitionTime kept, reason/message/observedGeneration overwritten',
      given: [ready('True')],
      set: { type: 'Ready', status: 'True', reason: 'Other', message: 'new', observedGeneration: 4, lastTransitionTime: '2030-01-01T00:00:00Z' },
      want: { changed: true, conditions: [ready('True', { reason: 'Other', message: 'new', observedGeneration: 4 })] },
    },
    {
      name: 'status change: lastTransitionTime set to now',
      given: [ready('True')],
      set: { type: 'Ready', status: 'False', reason: 'R', message: 'm' },
      want: { changed: true, conditions: [ready('False', { lastTransitionTime: '2026-06-01T12:00:00Z' })] },
    },
    {
      name: 'status change with a given time uses it',
      given: [ready('True')],
      set: { type: 'Ready', status: 'Unknown', reason: 'R', message: 'm', lastTransitionTime: '2026-02-02T00:00:00Z' },
      want: { changed: true, conditions: [ready('Unknown', { lastTransitionTime: '2026-02-02T00:00:00Z' })] },
    },
    {
      name: 'identical: unchanged',
      given: [ready('True')],
      set: { type: 'Ready', status: 'True', reason: 'R', message: 'm' },
      want: { changed: false, conditions: [ready('True')] },
    },
    { name: 'undefined conditions: false (nil pointer)', given: undefined, set: { type: 'Ready', status: 'True', reason: 'R', message: 'm' }, want: { changed: false, conditions: undefined } },
  ])('$name', ({ given, set, want }) => {
    expect(setStatusCondition(given, set, now)).toBe(want.changed);
    expect(given).toEqual(want.conditions);
  });

  it('find, remove and the predicates', () => {
    const cs = [ready('True'), { ...ready('False'), type: 'Degraded' }];
    expect(findStatusCondition(cs, 'Ready')).toBe(cs[0]);
    expect(findStatusCondition(cs, 'Nope')).toBeUndefined();
    expect(isStatusConditionTrue(cs, 'Ready')).toBe(true);
    expect(isStatusConditionFalse(cs, 'Degraded')).toBe(true);
    expect(isStatusConditionTrue(cs, 'Degraded')).toBe(false);
    expect(isStatusConditionPresentAndEqual(cs, 'Nope', 'Unknown')).toBe(false);
    expect(removeStatusCondition(cs, 'Ready')).toBe(true);
    expect(removeStatusCondition(cs, 'Ready')).toBe(false);
    expect(cs.map((c) => c.type)).toEqual(['Degraded']);
  });
});

describe('semanticDeepEqual', () => {
  it.each([
    { name: 'equal scalars', a: { x: 1 }, b: { x: 1 }, want: true },
    { name: 'different scalars', a: { x: 1 }, b: { x: 2 }, want: false },
    { name: 'nil = empty slice', a: { list: [] }, b: {}, want: true },
    { name: 'nil = empty map', a: { m: null }, b: { m: {} }, want: true },
    { name: 'an empty string is not absent', a: { s: '' }, b: {}, want: false },
    { name: 'array order matters', a: { l: [1, 2] }, b: { l: [2, 1] }, want: false },
    { name: 'Quantity by value in limits', a: { limits: { memory: '1Gi' } }, b: { limits: { memory: '1024Mi' } }, want: true },
    { name: 'Quantity: 0.5 = 500m in requests', a: { requests: { cpu: '0.5' } }, b: { requests: { cpu: '500m' } }, want: true },
    { name: 'Quantity: number = string', a: { capacity: { pods: 110 } }, b: { capacity: { pods: '110' } }, want: true },
    { name: 'Quantity: 1e3 = 1k', a: { hard: { x: '1e3' } }, b: { hard: { x: '1k' } }, want: true },
    { name: 'Quantity: different values', a: { limits: { memory: '1Gi' } }, b: { limits: { memory: '1G' } }, want: false },
    { name: 'sizeLimit is a Quantity', a: { emptyDir: { sizeLimit: '1Mi' } }, b: { emptyDir: { sizeLimit: '1048576' } }, want: true },
    { name: 'elsewhere numeric-looking strings are strings', a: { image: { tag: '1.10' } }, b: { image: { tag: '1.1' } }, want: false },
    { name: 'Time by instant', a: { t: '2026-01-01T00:00:05Z' }, b: { t: '2026-01-01T02:00:05.000000+02:00' }, want: true },
    { name: 'Time different instants', a: { t: '2026-01-01T00:00:05Z' }, b: { t: '2026-01-01T00:00:06Z' }, want: false },
    { name: 'Time vs non-time string', a: { t: '2026-01-01T00:00:05Z' }, b: { t: 'yesterday' }, want: false },
    { name: '__proto__ is data', a: JSON.parse('{"__proto__": {"x": 1}}') as unknown, b: JSON.parse('{"__proto__": {"x": 2}}') as unknown, want: false },
  ])('$name → $want', ({ a, b, want }) => {
    expect(semanticDeepEqual(a, b)).toBe(want);
    expect(semanticDeepEqual(b, a)).toBe(want);
  });

  it('custom Quantity paths', () => {
    expect(semanticDeepEqual({ spec: { storage: '1Gi' } }, { spec: { storage: '1024Mi' } })).toBe(false);
    expect(semanticDeepEqual({ spec: { storage: '1Gi' } }, { spec: { storage: '1024Mi' } }, { isQuantity: (p) => p.join('.') === 'spec.storage' })).toBe(true);
  });

  it('parses quantities exactly and bounds exponents', () => {
    expect(parseQuantity('1.5Gi')).toEqual({ num: 1610612736n * 10n, den: 10n });
    expect(parseQuantity('1e1001')).toBeUndefined();
    expect(parseQuantity('abc')).toBeUndefined();
    expect(parseQuantity('-2m')).toEqual({ num: -2n, den: 1000n });
  });

  it('bounds recursion depth', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 600; i++) deep = { d: deep };
    expect(semanticDeepEqual(deep, deep)).toBe(true); // identical references
    expect(semanticDeepEqual(deep, JSON.parse(JSON.stringify(deep)))).toBe(false);
  });
});

describe('createMergePatch', () => {
  it.each<{ name: string; a: JsonValue; b: JsonValue; want: JsonValue | undefined }>([
    { name: 'equal → none', a: { x: 1 }, b: { x: 1 }, want: undefined },
    { name: 'changed scalar', a: { x: 1, y: 2 }, b: { x: 3, y: 2 }, want: { x: 3 } },
    { name: 'removed key → null', a: { x: 1, y: 2 }, b: { y: 2 }, want: { x: null } },
    { name: 'nested', a: { s: { a: 1, b: 2 } }, b: { s: { a: 1, b: 3, c: 4 } }, want: { s: { b: 3, c: 4 } } },
    { name: 'arrays replaced whole', a: { l: [1, 2] }, b: { l: [1] }, want: { l: [1] } },
  ])('$name', ({ a, b, want }) => {
    expect(createMergePatch(a, b)).toEqual(want);
  });
});
