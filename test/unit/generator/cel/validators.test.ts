/**
 * The checks the apiserver runs on a rule after it type-checks (generator/cel/validators.ts), beyond the rows of the
 * environment table (./environment-cases.ts, proven on the apiserver): where the homogeneous-literal exemption of
 * `format` reaches, the order of the checks, and type names (`net.IP`) compiling — their cost is the estimator's.
 */
import { CelChecker, checkCelRules } from '../../../../generator/cel';
import { environmentSchema, environmentSpec } from './environment-cases';

const messages = (rule: string): string[] => checkCelRules(environmentSchema({ rule })).map((p) => p.message);

describe('cel-go AST validators after type checking', () => {
  test.each([
    // format exempts every literal below its call, the receiver included
    ["'%s'.format([[1, 'a']]) != ''", []],
    ["'%s %s'.format([{'a': 1, 'b': 'x'}, [1, 'a']]) != ''", []],
    // a mixed literal outside the format call is still refused
    ["'%s'.format(['a']) != '' && [1, 'a'].size() == 2", ["rule does not compile: expected type 'int' but found 'string' (column 33)"]],
    // an empty literal's element type unifies with any
    ['[[], [1]].size() == 2', []],
    ["{'a': [], 'b': [1]}.size() == 2", []],
    // a pattern from the object is compiled when the rule is evaluated: not checked here
    ['self.name.matches(self.name)', []],
    // the literal validators run before the homogeneous one, as the apiserver registers them
    ["[1, 'a'].size() == 2 && duration('x') > duration('0s')", ["rule does not compile: invalid duration argument (column 34)"]],
    // timestamp(int) out of cel-go's range
    ['timestamp(253402300800) > timestamp(0)', ['rule does not compile: invalid timestamp argument (column 11)']],
  ])('%s', (rule, want) => {
    expect(messages(rule)).toEqual(want);
  });

  test('net.IP and net.CIDR compile (the estimated cost is the estimator’s); other names under net do not', () => {
    const checker = new CelChecker();
    const spec = environmentSpec();
    for (const rule of ["type(ip('192.168.0.1')) == net.IP", "type(cidr('10.0.0.0/8')) == net.CIDR", "type(cidr('10.0.0.0/8').ip()) != net.CIDR"]) {
      expect(checker.expressionCost(spec, rule)).toHaveProperty('cost');
    }
    expect(checker.expressionCost(spec, 'net.size() == 0')).toEqual({ error: "rule does not compile: undeclared reference to 'net' (in container '') (column 1)" });
    expect(checker.expressionCost(spec, 'type(1) == net.Foo')).toEqual({ error: "rule does not compile: undeclared reference to 'net' (in container '') (column 12)" });
  });
});
