/**
 * Properties of the kubeconfig reader on hostile input: for random kubeconfig-shaped documents (with
 * `__proto__`, `constructor` and `prototype` keys and names at any depth, values of any type) and for random
 * text, `parseKubeconfig` + `fromParsedKubeconfig` either give a configuration or throw a one-line
 * `KubeconfigError` — never another error — and `Object.prototype` is untouched. `KUBEGEN_FUZZ_RUNS` sets the runs.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { KubeconfigError, parseKubeconfig } from '../../../../runtime/src/config/kubeconfig';
import { fromParsedKubeconfig } from '../../../../runtime/src/config/resolve';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);

const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'name', 'server', 'token', 'exec', 'command'), fc.string({ maxLength: 6 }));
const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constantFrom('https://h:6443', 'aGk=', '__proto__'));
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(key, tie('v'), { maxKeys: 3 })),
})).v;
const name = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'c', 'u', 'x'), fc.string({ maxLength: 4 }));
const cluster = fc.record({ name, cluster: fc.oneof(value, fc.record({ server: fc.oneof(leaf, fc.constant('https://h')), 'insecure-skip-tls-verify': fc.oneof(fc.boolean(), leaf), ['__proto__']: value }, { requiredKeys: [] })) });
const user = fc.record({ name, user: fc.oneof(value, fc.record({ token: leaf, exec: value, 'auth-provider': value, username: leaf, ['__proto__']: value }, { requiredKeys: [] })) });
const context = fc.record({ name, context: fc.oneof(value, fc.record({ cluster: name, user: name, namespace: leaf }, { requiredKeys: [] })) });
const document = fc.record(
  { clusters: fc.oneof(fc.array(cluster, { maxLength: 3 }), value), users: fc.oneof(fc.array(user, { maxLength: 3 }), value), contexts: fc.array(context, { maxLength: 3 }), 'current-context': fc.oneof(name, leaf), ['__proto__']: value },
  { requiredKeys: [] },
);

/** A usable configuration with hostile extra keys (and `__proto__` names) everywhere. */
const hostile = fc.dictionary(key, value, { maxKeys: 3 });
const usable = fc
  .record({ n: fc.constantFrom('__proto__', 'constructor', 'x'), cluster: hostile, user: hostile, context: hostile, top: hostile, exec: fc.boolean() })
  .map(({ n, cluster, user, context, top, exec }) => ({
    ...top,
    clusters: [{ name: n, cluster: { ...cluster, server: 'https://h:6443' } }],
    users: [{ name: n, user: exec ? { ...user, exec: { ...user, command: 'cred' } } : { ...user, token: 't' } }],
    contexts: [{ name: n, context: { ...context, cluster: n, user: n } }],
    'current-context': n,
  }));

/** Parses and resolves; the outcome as data. client-node is never loaded (the loader always refuses). */
async function outcome(text: string): Promise<'ok' | 'refused'> {
  try {
    const kc = parseKubeconfig(text, '/fuzz/config');
    await fromParsedKubeconfig(kc, { loadClientNode: () => Promise.reject(Object.assign(new Error('absent'), { code: 'ERR_MODULE_NOT_FOUND' })) });
    return 'ok';
  } catch (err) {
    if (!(err instanceof KubeconfigError)) throw err;
    expect(err.message).not.toContain('\n');
    return 'refused';
  }
}

describe('kubeconfig reader properties', () => {
  afterEach(() => {
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('kubeconfig-shaped documents: a configuration or a KubeconfigError; the prototype untouched', async () => {
    const seen = { ok: 0, refused: 0, protoKeys: 0 };
    await fc.assert(
      fc.asyncProperty(fc.oneof(document, usable), async (doc) => {
        const text = stringify(doc);
        if (/^\s*__proto__:/m.test(text)) seen.protoKeys++;
        seen[await outcome(text)]++;
      }),
      { numRuns: RUNS },
    );
    // the generator reaches both outcomes and writes __proto__ keys (else the property would test little)
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.protoKeys).toBeGreaterThan(0);
    if (RUNS >= 200) expect(seen.ok).toBeGreaterThan(0);
  });

  it('arbitrary text: the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        await outcome(text);
      }),
      { numRuns: RUNS },
    );
  });
});
