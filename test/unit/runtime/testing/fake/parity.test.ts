/**
 * The fake tracker against a recording of the real kube-apiserver (v1.37.2) running the same scenario: see
 * scenario.ts and record.md. A difference here means the fake no longer behaves like the server where a test
 * could notice.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Fake } from '../../../../../runtime/src/testing/fake';
import { plains, runParityScenario, widgets } from './parity/scenario';

/** Steps whose outcome the fake deliberately words differently (same code and reason). */
const KNOWN_DIFFERENCES: Record<string, string> = {};

const expected = JSON.parse(fs.readFileSync(path.join(__dirname, 'parity/expected.json'), 'utf8')) as Record<string, unknown>;

let got: Record<string, unknown>;

beforeAll(async () => {
  const fake = new Fake();
  got = await runParityScenario({
    widgets: fake.client(widgets, 'parity'),
    plains: fake.client(plains, 'parity'),
    applyWithoutFieldManager: (obj) =>
      fake.client(widgets, 'parity').patch(obj.metadata?.name ?? '', 'application/apply-patch+yaml', JSON.stringify(obj)),
  });
});

it('runs the same steps', () => {
  expect(Object.keys(got)).toEqual(Object.keys(expected));
});

it.each(Object.keys(expected).filter((k) => !(k in KNOWN_DIFFERENCES)))('%s', (step) => {
  expect(got[step]).toEqual(expected[step]);
});
