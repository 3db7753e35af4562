/**
 * The timer stage shared by the delaying work queue and the controllers' priority queue
 * (runtime/src/workqueue/delay_stage.ts): its heap, and its contract on a fake clock.
 */
import fc from 'fast-check';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { DelayStage, Heap, type Delayed } from '../../../../runtime/src/workqueue/delay_stage';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);

describe('Heap', () => {
  it('pops in the order of `before` for any pushes and pops', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined })), (ops) => {
        // a number pushes it, undefined pops; a sorted array is the reference
        const heap = new Heap<number>((x, y) => x < y);
        const ref: number[] = [];
        for (const op of ops) {
          if (op === undefined) {
            expect(heap.pop()).toBe(ref.shift());
          } else {
            heap.push(op);
            ref.push(op);
            ref.sort((a, b) => a - b);
          }
          expect(heap.size).toBe(ref.length);
          expect(heap.peek()).toBe(ref[0]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('is empty after clear', () => {
    const heap = new Heap<number>((x, y) => x > y);
    for (const n of [3, 1, 2]) heap.push(n);
    expect(heap.pop()).toBe(3);
    heap.clear();
    expect([heap.size, heap.peek(), heap.pop()]).toEqual([0, undefined, undefined]);
  });
});

interface Entry extends Delayed {
  name: string;
}

function stage(clock: FakeClock, dead: Set<string> = new Set()) {
  const due: Array<[string, number]> = [];
  const s = new DelayStage<Entry>(
    clock,
    (e) => !dead.has(e.name),
    (e) => due.push([e.name, clock.now()]),
  );
  let seq = 0;
  const push = (name: string, readyAt: number) => s.push({ name, readyAt, seq: seq++ });
  return { s, due, push };
}

describe('DelayStage', () => {
  const table: Array<{ name: string; given: Array<[string, number]>; dead?: string[]; want: Array<[string, number]> }> = [
    { name: 'delivers at readyAt, earliest first', given: [['b', 20], ['a', 10], ['c', 30]], want: [['a', 10], ['b', 20], ['c', 30]] },
    { name: 'entries due together come out by seq (push order)', given: [['x', 10], ['y', 5], ['z', 10], ['w', 10]], want: [['y', 5], ['x', 10], ['z', 10], ['w', 10]] },
    { name: 'entries that are not live are dropped, never delivered', given: [['a', 10], ['b', 20], ['c', 30]], dead: ['a', 'c'], want: [['b', 20]] },
  ];
  it.each(table)('$name', ({ given, dead, want }) => {
    const clock = new FakeClock();
    const { due, push } = stage(clock, new Set(dead));
    for (const [name, at] of given) push(name, at);
    expect(due).toEqual([]);
    clock.step(100);
    expect(due).toEqual(want);
    expect(clock.pendingTimers).toBe(0);
  });

  it('keeps one timer, for the earliest live entry', () => {
    const clock = new FakeClock();
    const dead = new Set<string>();
    const { due, push } = stage(clock, dead);
    push('late', 50);
    push('early', 10);
    push('middle', 30);
    expect(clock.pendingDelays()).toEqual([10]);
    clock.step(10);
    expect(due).toEqual([['early', 10]]);
    expect(clock.pendingDelays()).toEqual([20]);
    dead.add('middle');
    clock.step(20); // the timer of a dead entry fires and re-arms for the next live one
    expect(due).toEqual([['early', 10]]);
    expect(clock.pendingDelays()).toEqual([20]);
    clock.step(20);
    expect(due).toEqual([['early', 10], ['late', 50]]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('delivers from the timer, never from push, even when the entry is already due', () => {
    const clock = new FakeClock(100);
    const { due, push } = stage(clock);
    push('now', 100);
    expect(due).toEqual([]);
    clock.step(0);
    expect(due).toEqual([['now', 100]]);
  });

  it('lets onDue push new entries', () => {
    const clock = new FakeClock();
    const due: string[] = [];
    let seq = 0;
    const s: DelayStage<Entry> = new DelayStage<Entry>(
      clock,
      () => true,
      (e) => {
        due.push(e.name);
        if (e.name === 'first') s.push({ name: 'second', readyAt: clock.now() + 5, seq: seq++ });
      },
    );
    s.push({ name: 'first', readyAt: 5, seq: seq++ });
    clock.step(10);
    expect(due).toEqual(['first', 'second']);
  });

  it('clear cancels the timer and drops every entry', () => {
    const clock = new FakeClock();
    const { s, due, push } = stage(clock);
    push('a', 10);
    push('b', 20);
    s.clear();
    expect(clock.pendingTimers).toBe(0);
    clock.step(100);
    expect(due).toEqual([]);
  });
});
