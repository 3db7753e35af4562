/**
 * Rows of the environment table (./environment-cases.ts) for the cost estimate: a construct whose cost cel-go
 * estimates in its own way, in a rule near the per-rule budget (StaticEstimatedCostLimit, 10,000,000) — accepted, or
 * refused with the apiserver's factor, which below 1.5x has six decimals and so pins the estimate itself. The rules
 * sit on the table's `spec` (cardinality 1); the costs in the comments are the apiserver's (its compiler's MaxCost).
 * Two unbounded loops (12,582,906) are the base several rows add their construct to, 3,000 times over `self.ints`.
 */
import type { EnvironmentCase } from './environment-cases';

const COST = 'estimated rule cost exceeds budget by factor of';
const ok = (name: string, rule: string): EnvironmentCase => ({ name, rule: { rule }, valid: true });
const costly = (name: string, rule: string, factor: string): EnvironmentCase => ({ name, rule: { rule }, valid: false, message: COST, factor });

/** Two loops over the unbounded list of strings (1,048,575 elements at most): 12,582,906. */
const BASE = "self.unbounded.exists(u, u == 'x') || self.unbounded.exists(u, u == 'y')";

export const COST_CASES: readonly EnvironmentCase[] = [
  // a regex match on an int-or-string resolves to the string overload: (its size + 1) × 0.1 × ⌈pattern length / 4⌉
  costly('cost: a 128-character pattern on an int-or-string (10,066,338)', `self.port.matches('${'a'.repeat(128)}')`, '1.006634x'),
  ok('cost: a 124-character pattern on an int-or-string (9,751,765)', `self.port.matches('${'a'.repeat(124)}')`),
  // map() results: an element of a list with no path is sized as self (an object: 0), so `x == 'a'` costs nothing
  costly('cost: exists over map() results (18,874,364)', "self.unbounded.map(e, e).exists(x, x == 'a')", '1.9x'),
  costly('cost: exists_one over map() results (15,728,640)', 'self.unbounded.map(e, 1).exists_one(x, x == 1)', '1.6x'),
  // sum() of a dyn: one traversal of its size
  costly('cost: sum() of a dyn list (314,595,003)', 'self.ints.all(i, dyn(self.unbounded).sum() == 0)', '31.5x'),
  // slice and flatten constants as uint64: an end before the start wraps around, a negative depth is 0
  costly('cost: slice with its end before its start', 'self.unbounded.slice(3, 0).size() == 0', 'more than 100x'),
  ok('cost: flatten with a negative depth (15)', 'self.unbounded.flatten(-1).size() >= 0'),
  costly('cost: flatten of a dyn (10,485,943)', 'self.tags.all(t, dyn(self.unbounded).flatten().size() > 0)', '1.048594x'),
  // sortBy's result is sized as its O(n²) cost: 100 elements for 10 tags
  costly('cost: a loop over sortBy results (629,145,977)', 'self.tags.sortBy(t, t).all(x, self.unbounded.exists(u, u == x))', '62.9x'),
  // a qualified type name is one identifier, sized as self
  ok('cost: type(x) == google.protobuf.Timestamp (4)', 'type(self.name) == google.protobuf.Timestamp || true'),
  costly('cost: an indexed call result against a long constant (12,753,909)', `${BASE} || self.ints.all(i, self.name.split(',')[0] == '${'x'.repeat(600)}')`, '1.275391x'),
  costly('cost: indexOf on a string (12,678,909)', `${BASE} || self.ints.all(i, self.name.indexOf('o') >= 0)`, '1.267891x'),
  costly('cost: strings.quote (12,759,909)', `${BASE} || self.ints.all(i, strings.quote(self.name) == self.name)`, '1.275991x'),
  costly('cost: a dyn compared with a string (12,684,909)', `${BASE} || self.ints.all(i, dyn(self.name) < self.name)`, '1.268491x'),
  costly('cost: a list literal iterated (12,666,909)', `${BASE} || self.ints.all(i, ['ab', 'c'].exists(t, t == self.name))`, '1.266691x'),
  costly('cost: join of a dyn (12,612,909)', `${BASE} || self.ints.all(i, dyn(self.tags).join(',') == self.name)`, '1.261291x'),
  costly('cost: contains on an int-or-string (24,549,297,909)', `${BASE} || self.ints.all(i, self.port.contains(self.name))`, 'more than 100x'),
  // cel-go's paths are Go slices: `r.name` appends over `r.items`' path before the inner range is sized
  costly('cost: a range path overwritten by a later selection (22,380,909)', `${BASE} || self.ints.all(i, self.rules.all(r, r.items.all(j, t, t == r.name)))`, '2.2x'),
  // flatten() is declared for lists of lists (`list(list(T)) -> list(T)`), which its element size relies on
  { name: 'flatten() of a list that is not of lists', rule: { rule: '[1, 2].flatten() == []' }, valid: false, message: "found no matching overload for 'flatten' applied to 'list(int).()'", column: 15 },
];
