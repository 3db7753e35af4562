/**
 * One webhook server per manager (controller-runtime's webhook.Server): a Manager whose `getWebhookServer()` serves
 * a conversion review, a validating and a mutating review, and the manager's /healthz and /readyz on ONE port; the
 * webhook builder (paths, errors); the server's readiness check; start order (before the caches), stop order (after
 * the runnables) and a server that cannot start failing the manager; DefaultWebhookServer on its own (certificate
 * files read at start, bad options).
 */
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as path from 'node:path';
import { noopLogger } from '../../../../runtime/src/log';
import { Manager } from '../../../../runtime/src/controller/manager';
import { webhookManagedBy } from '../../../../runtime/src/controller/webhook';
import type { GroupConverters, KindConverter } from '../../../../runtime/src/conversion';
import { DefaultWebhookServer } from '../../../../runtime/src/webhook';
import { admissionKind, AdmissionServer, type AdmissionRegistrar } from '../../../../runtime/src/webhook/admission';
import { makeServingCertificates, writeServingCertificates } from '../../../../runtime/src/testing/certs';
import { tempDir } from '../../helpers/generated';
import { fakeServer, until, widgets } from '../../helpers/operator';

/** Waits (polling, up to 30 s) until `cond` resolves true. */
async function eventually(what: string, cond: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// This file starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const certs = makeServingCertificates();
const GROUP = 'example.com';
const widgetV1 = admissionKind({ group: GROUP, version: 'v1', kind: 'Widget' });

interface WidgetV1 { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; spec?: { size?: number; color?: string } }
interface WidgetV2 { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; spec?: { replicas?: number; color?: string } }

/** Widget: v2 the hub, v1's `size` is v2's `replicas`. */
const v1ToHub: KindConverter<WidgetV1, WidgetV2> = {
  toHub: (o) => ({ apiVersion: `${GROUP}/v2`, kind: o.kind, metadata: { ...o.metadata }, spec: { replicas: o.spec?.size, color: o.spec?.color } }),
  fromHub: (o) => ({ apiVersion: `${GROUP}/v1`, kind: o.kind, metadata: { ...o.metadata }, spec: { size: o.spec?.replicas, color: o.spec?.color } }),
};
const converters: GroupConverters = { group: GROUP, kinds: { Widget: { hub: 'v2', versions: ['v1', 'v2'], spokes: { v1: v1ToHub } } } };

interface Reply { status: number; body: string }

function request(port: number, method: string, urlPath: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, method, path: urlPath, ca: certs.caCert, agent: false, headers: { 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function admissionReview(operation: string, object: WidgetV1, uid = 'uid-1') {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: { uid, kind: { group: GROUP, version: 'v1', kind: 'Widget' }, resource: { group: GROUP, version: 'v1', resource: 'widgets' }, operation, object, userInfo: {} },
  };
}

const widget = (spec: WidgetV1['spec']): WidgetV1 => ({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec });

function newManager(extra: Partial<ConstructorParameters<typeof Manager>[0]> = {}) {
  const { clients, fake } = fakeServer();
  return { fake, mgr: new Manager({ clients, logger: noopLogger, webhookServer: { cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0 }, ...extra }) };
}

describe('a manager with one webhook server', () => {
  it('serves a conversion review, a validating and a mutating review, /healthz and /readyz on one port', async () => {
    const { mgr } = newManager();
    webhookManagedBy<WidgetV1>(mgr)
      .for(widgetV1)
      .withDefaulter({ default(w) { w.spec = { ...w.spec, color: w.spec?.color ?? 'blue' }; } })
      .withValidator({ validateCreate(w) { if ((w.spec?.size ?? 0) > 10) throw new Error(`spec.size must be at most 10, not ${w.spec?.size}`); } })
      .withConversion(converters)
      .complete();
    mgr.addReadyzCheck('custom', () => undefined);
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    const server = mgr.getWebhookServer();
    const { port } = await server.whenListening();
    expect(server.paths).toEqual(['/convert', '/mutate-example-com-v1-widget', '/validate-example-com-v1-widget']);

    const conv = await request(port, 'POST', '/convert', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      request: { uid: 'c-1', desiredAPIVersion: `${GROUP}/v2`, objects: [widget({ size: 3, color: 'red' })] },
    });
    expect(conv.status).toBe(200);
    expect(JSON.parse(conv.body)).toEqual({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'ConversionReview',
      response: { uid: 'c-1', result: { status: 'Success' }, convertedObjects: [{ apiVersion: `${GROUP}/v2`, kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec: { replicas: 3, color: 'red' } }] },
    });

    const denied = JSON.parse((await request(port, 'POST', widgetV1.validatePath, admissionReview('CREATE', widget({ size: 11 }), 'v-1'))).body) as { response: unknown };
    expect(denied.response).toEqual({ uid: 'v-1', allowed: false, status: { status: 'Failure', code: 403, reason: 'Forbidden', message: 'spec.size must be at most 10, not 11' } });
    const allowed = JSON.parse((await request(port, 'POST', widgetV1.validatePath, admissionReview('CREATE', widget({ size: 2 }), 'v-2'))).body) as { response: unknown };
    expect(allowed.response).toEqual({ uid: 'v-2', allowed: true, status: { code: 200 } });

    const mutated = JSON.parse((await request(port, 'POST', widgetV1.mutatePath, admissionReview('CREATE', widget({ size: 2 }), 'm-1'))).body) as { response: { uid: string; allowed: boolean; patch: string; patchType: string } };
    expect(mutated.response).toMatchObject({ uid: 'm-1', allowed: true, patchType: 'JSONPatch' });
    expect(JSON.parse(Buffer.from(mutated.response.patch, 'base64').toString('utf8'))).toEqual([{ op: 'add', path: '/spec/color', value: 'blue' }]);

    // the manager's checks on the webhook port: readiness includes the webhook server's own started check
    expect(await request(port, 'GET', '/healthz')).toEqual({ status: 200, body: 'ok' });
    await eventually('readyz', async () => (await request(port, 'GET', '/readyz')).status === 200);
    expect(await request(port, 'GET', '/readyz?verbose')).toEqual({ status: 200, body: '[+]custom ok\n[+]webhook ok\nhealthz check passed\n' });
    expect(await request(port, 'GET', '/readyz/webhook')).toEqual({ status: 200, body: 'ok' });
    expect((await request(port, 'GET', '/nope')).status).toBe(404);

    stop.abort();
    await running;
    // stopped with the manager
    await expect(request(port, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a failing readiness check shows on the webhook port; the probe server answers the same checks', async () => {
    const { mgr } = newManager({ healthProbeBindAddress: '127.0.0.1:0' });
    mgr.getWebhookServer().register(converters);
    mgr.addReadyzCheck('db', () => { throw new Error('no database'); });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    const { port } = await mgr.getWebhookServer().whenListening();
    await eventually('readyz/webhook', async () => (await request(port, 'GET', '/readyz/webhook')).status === 200);
    expect(await request(port, 'GET', '/readyz')).toEqual({ status: 500, body: '[-]db failed: reason withheld\n[+]webhook ok\nhealthz check failed\n' });
    expect(await request(port, 'GET', '/readyz/db')).toEqual({ status: 500, body: 'internal server error: no database\n' });
    const probe = await fetch(`http://${mgr.healthProbeAddress!}/readyz/webhook`);
    expect(probe.status).toBe(200);
    stop.abort();
    await running;
  });

  it('starts the webhook server before the runnables and closes it after they ended', async () => {
    const { mgr } = newManager();
    const server = mgr.getWebhookServer();
    server.register(converters);
    const seen: string[] = [];
    mgr.informerFor(widgets);
    mgr.add({
      needLeaderElection: () => false,
      async start(signal) {
        seen.push(`runnable started; webhook listening: ${server.address !== undefined}`);
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => { resolve(); }));
        // still serving while the runnables finish
        const { status } = await request(server.address!.port, 'GET', '/healthz');
        seen.push(`runnable stopping; webhook answers ${status}`);
      },
    });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await server.whenListening();
    await until(() => seen.length === 1);
    stop.abort();
    await running;
    expect(seen).toEqual(['runnable started; webhook listening: true', 'runnable stopping; webhook answers 200']);
    expect(server.address).toBeUndefined();
  });

  it('a webhook server that cannot start (its certificate files are missing) fails the manager with one line', async () => {
    const dir = tempDir('webhook-certs');
    const { clients } = fakeServer();
    const mgr = new Manager({ clients, logger: noopLogger, webhookServer: { certDir: dir, host: '127.0.0.1', port: 0 } });
    mgr.getWebhookServer().register(converters);
    const err = await mgr.start(new AbortController().signal).then(() => undefined, (e: unknown) => e as Error);
    expect(err?.message).toBe(`webhook server: cannot open ${path.join(dir, 'tls.crt')} (ENOENT)`);
  });

  it('does not run a webhook server nobody asked for', async () => {
    const { mgr } = newManager({ webhookServer: { cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0 } });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await mgr.elected();
    expect(() => mgr.getWebhookServer()).toThrow('the webhook server must be asked for before the manager starts');
    stop.abort();
    await running;
  });
});

describe('the webhook builder', () => {
  it.each([
    { name: 'For twice', given: (m: Manager) => webhookManagedBy(m).for(widgetV1).for(widgetV1).withConversion(converters), want: 'For(...) should only be called once, could not assign multiple objects for webhook registration' },
    { name: 'no For', given: (m: Manager) => webhookManagedBy(m).withConversion(converters), want: 'For() must be called with a valid object' },
    { name: 'nothing to register', given: (m: Manager) => webhookManagedBy(m).for(widgetV1), want: 'no defaulter, validator or conversion given for example.com/v1, Kind=Widget' },
    { name: 'conversions of another group', given: (m: Manager) => webhookManagedBy(m).for(admissionKind({ group: 'other.io', version: 'v1', kind: 'Widget' })).withConversion(converters), want: 'the conversions given are of group "example.com", not of other.io/v1, Kind=Widget' },
  ])('$name', ({ given, want }) => {
    const { mgr } = newManager();
    expect(() => { given(mgr).complete(); }).toThrow(want);
  });

  it('refuses a custom path without "/" and a second webhook at a path; registers a group\'s conversions once', () => {
    const { mgr } = newManager();
    expect(() => webhookManagedBy(mgr).withValidatorCustomPath('validate')).toThrow('custom path "validate" must start with "/"');
    webhookManagedBy<WidgetV1>(mgr).for(widgetV1).withValidator({}).withDefaulter({ default() {} }).withDefaulterCustomPath('/default-widget').withConversion(converters).complete();
    expect(() => { webhookManagedBy<WidgetV1>(mgr).for(widgetV1).withValidator({}).complete(); }).toThrow('a webhook is already registered at /validate-example-com-v1-widget');
    // another kind of the group: its conversions are already served
    webhookManagedBy(mgr).for(admissionKind({ group: GROUP, version: 'v1', kind: 'Gizmo' })).withConversion(converters).complete();
    expect(mgr.getWebhookServer().paths).toEqual(['/convert', '/default-widget', '/validate-example-com-v1-widget']);
    expect(mgr.getWebhookServer().conversionGroups).toEqual([GROUP]);
  });
});

describe('DefaultWebhookServer', () => {
  it('reads its certificate files when it starts, not when it is made; serves what generated registration code registers', async () => {
    const dir = tempDir('webhook-certs');
    const server = new DefaultWebhookServer({ certDir: dir, host: '127.0.0.1', port: 0 });
    // generated register<Kind>Validator / registerConversions take these shapes
    const registrar: AdmissionRegistrar = server;
    registrar.validator<WidgetV1>(widgetV1, { validateCreate() { return ['careful']; } });
    const standalone: AdmissionRegistrar = new AdmissionServer({ cert: certs.cert, key: certs.key });
    expect(standalone).toBeDefined();
    (server as { register(c: GroupConverters): unknown }).register(converters);
    expect(() => server.register(converters)).toThrow('conversions of group example.com are already registered');
    expect(server.certificateFiles).toEqual({ certFile: path.join(dir, 'tls.crt'), keyFile: path.join(dir, 'tls.key') });
    const written = writeServingCertificates(dir, certs);
    expect(written.certFile).toBe(path.join(dir, 'tls.crt'));
    const checker = server.startedChecker();
    await expect(checker()).rejects.toThrow('webhook server has not been started yet');
    const { port } = await server.listen();
    try {
      await expect(checker()).resolves.toBeUndefined();
      const reply = JSON.parse((await request(port, 'POST', widgetV1.validatePath, admissionReview('CREATE', widget({})))).body) as { response: unknown };
      expect(reply.response).toEqual({ uid: 'uid-1', allowed: true, status: { code: 200 }, warnings: ['careful'] });
      expect(await request(port, 'GET', '/readyz')).toEqual({ status: 200, body: 'ok\n' });
      await expect(server.listen()).rejects.toThrow('webhook server is already listening');
    } finally {
      await server.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    { name: 'cert without key', given: { cert: certs.cert }, want: 'webhook server: give both cert and key' },
    { name: 'PEM and certDir', given: { cert: certs.cert, key: certs.key, certDir: '/tmp' }, want: 'webhook server: give cert and key, or certDir (with certName and keyName), not both' },
    { name: 'empty certName', given: { certName: '' }, want: 'webhook server: certName must be a non-empty string' },
    { name: 'bad port', given: { port: 70000 }, want: 'webhook server: port must be a whole number from 0 to 65535, not 70000' },
    { name: 'a duration out of range', given: { closeTimeoutMs: 2 ** 31 }, want: 'webhook server: closeTimeoutMs must be a whole number of milliseconds from 1 to 2147483647, not 2147483648' },
  ])('refuses bad options when made: $name', ({ given, want }) => {
    expect(() => new DefaultWebhookServer(given)).toThrow(want);
  });

  it('refuses a route at its probe paths and a path registered twice', () => {
    const server = new DefaultWebhookServer({ cert: certs.cert, key: certs.key });
    expect(() => server.route('/readyz', { handle: () => ({}) })).toThrow('webhook server: /readyz is served by the server itself');
    server.route('/x', { handle: () => ({}) });
    expect(() => server.route('/x', { handle: () => ({}) })).toThrow('webhook server: a handler is already registered at /x');
  });
});
