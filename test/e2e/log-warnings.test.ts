/**
 * The apiserver's `Warning` headers on the real kube-apiserver go to the one logger: a REST client given no
 * `onWarning` logs each distinct text once as an info record of `KubeAPIWarningLogger` on the default logger
 * (controller-runtime's client), never through `process.emitWarning`.
 */
import { Writable } from 'node:stream';
import { createRestClient, fromOptions, type RestClient } from '../../runtime/src';
import { createLogger, setDefaultLogger } from '../../runtime/src/log';
import { useE2e } from './support/namespace';

// Talks to the run's control plane: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const e2e = useE2e(__filename);

describe("the apiserver's Warning headers", () => {
  const lines: string[] = [];
  let rest: RestClient;
  beforeAll(() => {
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(...chunk.toString().split('\n').filter((l) => l !== ''));
        cb();
      },
    });
    setDefaultLogger(createLogger({ format: 'text', stream, clock: { now: () => Date.UTC(2026, 11, 5, 10) } }));
    const { url, ca, token } = e2e.connection;
    rest = createRestClient(fromOptions({ server: url, ca, token }));
  });
  afterAll(async () => {
    setDefaultLogger(createLogger({ stream: new Writable({ write: (_c, _e, cb) => cb() }) }));
    await rest.close();
  });

  it('an unknown field under fieldValidation=Warn is logged once per distinct text, as text lines', async () => {
    const emit = jest.spyOn(process, 'emitWarning');
    try {
      for (const name of ['a', 'b']) {
        await rest.request({
          method: 'POST',
          path: `/api/v1/namespaces/${e2e.namespace}/configmaps?fieldValidation=Warn`,
          body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: 'v' }, bogus: 1 },
        });
      }
      expect(lines).toEqual(['2026-12-05T10:00:00.000Z\tINFO\tKubeAPIWarningLogger\tunknown field "bogus"']);
      expect(emit).not.toHaveBeenCalled();
    } finally {
      emit.mockRestore();
    }
  });
});
