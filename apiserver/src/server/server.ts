/**
 * The HTTP(S) front of the apiserver, after k8s.io/apiserver's endpoints: the REST paths of every resource of its API
 * groups, watch streams, discovery and the health endpoints — all from the groups' definitions, no code per group.
 *
 * Paths: `/apis/<group>/<version>/namespaces/<ns>/<resource>[/<name>[/status]]` (namespaced resources),
 * `/apis/<group>/<version>/<resource>[/<name>[/status]]` (cluster-scoped ones, and lists and watches across
 * namespaces); `/apis`, `/apis/<group>`, `/apis/<group>/<version>` (discovery); `/healthz`, `/livez`, `/readyz`.
 *
 * Contract: every error is a `Status` body with the apiserver's code, reason and message (404 for an unknown path or
 * resource, 405 for a verb a path does not serve, 413 past `maxRequestBodyBytes`, 415 for a body that is not JSON,
 * 400 for JSON that does not parse, …); a watch (`?watch=1`) answers 200 with one JSON frame per event
 * (`{"type":…,"object":…}\n`), ends after `timeoutSeconds` (unset or 0: 30 to 60 minutes, as the apiserver; the
 * storage's watch gets it as its deadline, and the watch cache a bookmark 2 s before) or when the client leaves,
 * and reports a failure after the headers as an `ERROR` frame.
 */

import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { type JsonObject, StatusError, type StatusCause, isJsonObject, newBadRequest, newInternalError, newMethodNotSupported } from '@kubegen/runtime';
import { Cacher, type CacherOptions, statusObject, type Storage, type Watch } from '../storage';
import type { RequestAuth } from '../auth/delegating';
import type { UserInfo } from '../auth/user';
import type { UserInfo as AdmissionUserInfo } from '@kubegen/runtime/webhook/admission';
import { AdmissionChain, type AdmissionPluginFactory, storeReader } from '../admission';
import { parseAccept } from './accept';
import { RESOURCE_VERBS, STATUS_VERBS, aggregatedDiscovery, negotiateDiscovery, sendWithETag } from './discovery';
import { OpenAPIV3 } from './openapi';
import { type IncludeObject, includeObjectOf, negotiateObjectOutput, toTable } from './table';
import {
  type APIGroupDefinition,
  type DeleteParams,
  type FieldValidation,
  type ListParams,
  APPLY_PATCH,
  PATCH_TYPES,
  type RequestScope,
  type ResourceDefinition,
  Store,
  type WatchParams,
  newInvalidAggregate,
  unsupportedMediaType,
} from '../registry';
import { duplicateFieldText, readApplyPatch, readDeleteOptions, readObject, readPatch } from './body';
import type { ServingCertificate, ServingCertificateSource } from './certificates';

/** The source of a fixed pair or of one that changes. */
function certificateSource(tls: ServingCertificate | ServingCertificateSource): ServingCertificateSource {
  if ('current' in tls) return tls;
  const pair = { cert: tls.cert, key: tls.key };
  return { current: () => pair, onChange: () => () => undefined };
}

export interface APIServerOptions {
  /** The API groups served. */
  groups: readonly APIGroupDefinition[];
  storage: Storage;
  /**
   * Serve HTTPS with this certificate and key (PEM), or the current pair of a source that changes
   * (`DynamicServingCertificate`: its new pairs are served to new connections without a restart); plain HTTP without.
   */
  tls?: ServingCertificate | ServingCertificateSource;
  /** The largest request body taken (default 3 MiB, the apiserver's limit for JSON). */
  maxRequestBodyBytes?: number;
  /** The first segment of every etcd key (default `/registry`). */
  keyPrefix?: string;
  /**
   * Authenticate and authorize every request before it is served (`DelegatingAuth` from `../auth`: a server built
   * for aggregation); requires `tls`. Without it every request is served (a server tested directly).
   */
  auth?: RequestAuth;
  /** The admission plugins, in order (each built with a reader of the served objects). */
  admission?: readonly AdmissionPluginFactory[];
  /**
   * The watch cache (`Cacher` of `../storage`, one per resource in front of `storage`): on by default, as the
   * apiserver's `--watch-cache`; `false` serves every read and watch from `storage`; an object tunes it.
   */
  watchCache?: boolean | Omit<CacherOptions, 'storage' | 'resourcePrefix'>;
}

const DEFAULT_MAX_BODY = 3 * 1024 * 1024;
/** The apiserver's --min-request-timeout (seconds): a watch without a timeout gets one of 1 to 2 times it. */
const MIN_REQUEST_TIMEOUT_S = 1800;
/** How long `listen` waits for the watch caches' first lists. */
const CACHE_START_WAIT_MS = 10_000;
/** Query values longer than this are refused before they are parsed (selectors, tokens). */
const MAX_QUERY_VALUE = 64 * 1024;

/** What a path names, once matched against the served resources. */
interface Target {
  store: Store;
  def: ResourceDefinition;
  version: string;
  namespace: string;
  name?: string;
  subresource?: 'status' | 'scale';
}

function statusError(code: number, reason: string, message: string): StatusError {
  return new StatusError({ code, reason, message });
}

const notFound = () => statusError(404, 'NotFound', 'the server could not find the requested resource');

export class APIServer {
  private readonly stores = new Map<string, Store>();
  private readonly groups: ReadonlyMap<string, APIGroupDefinition>;
  private readonly maxBody: number;
  private server: http.Server | undefined;
  private unwatchTls: (() => void) | undefined;
  private readonly streams = new Set<AbortController>();
  /** Requests being answered; once closing, the last one to end closes the remaining connections. */
  private inFlight = 0;
  private closing = false;
  /** Every open connection: `closeAllConnections` misses a TLS connection that has not sent a request yet. */
  private readonly sockets = new Set<Socket>();
  private readonly openapi: OpenAPIV3;
  private readonly cachers: Cacher[] = [];

  constructor(private readonly options: APIServerOptions) {
    this.groups = new Map(options.groups.map((g) => [g.name, g]));
    this.maxBody = options.maxRequestBodyBytes ?? DEFAULT_MAX_BODY;
    if (options.auth && !options.tls) throw new Error('APIServer: auth needs tls (client certificates come with the TLS handshake)');
    this.openapi = new OpenAPIV3(options.groups);
    const objects = storeReader(this.stores);
    const plugins = (options.admission ?? []).map((factory) => factory({ objects }));
    const cacheOptions = options.watchCache === false ? undefined : options.watchCache === true || options.watchCache === undefined ? {} : options.watchCache;
    for (const g of options.groups) {
      for (const def of g.resources) {
        const admission = new AdmissionChain(def, plugins);
        let storage = options.storage;
        if (cacheOptions) {
          const cacher = new Cacher({ ...cacheOptions, storage, resourcePrefix: `${options.keyPrefix ?? '/registry'}/${g.name}/${def.resource}/` });
          this.cachers.push(cacher);
          storage = cacher;
        }
        this.stores.set(`${g.name}/${def.resource}`, new Store(def, storage, { ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }), admission }));
      }
    }
    for (const p of plugins) {
      if (!options.groups.some((g) => g.name === p.kind.group && g.resources.some((r) => r.kind === p.kind.kind))) {
        throw new Error(`admission plugin ${p.name}: kind ${p.kind.kind}.${p.kind.group} is not served`);
      }
    }
  }

  /** Listens on `port` (0: any free one) of `host` (default 127.0.0.1); the URL it serves at. */
  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    // The watch caches list and watch their resources; the server waits for their first list (a bounded while: a
    // cache not ready yet sends its reads to etcd, and /readyz says so).
    for (const c of this.cachers) c.start();
    if (this.cachers.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(this.cachers.map((c) => c.waitReady())), new Promise<void>((resolve) => (timer = setTimeout(resolve, CACHE_START_WAIT_MS)))]);
      clearTimeout(timer);
    }
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
      this.inFlight++;
      res.once('close', () => {
        this.inFlight--;
        if (this.closing && this.inFlight === 0) this.destroyConnections();
      });
      this.handle(req, res).catch((err: unknown) => {
        this.fail(res, err);
      });
    };
    const source = this.options.tls === undefined ? undefined : certificateSource(this.options.tls);
    const auth = this.options.auth;
    const server = source ? https.createServer({ ...auth?.tlsOptions, ...source.current() }, handler) : http.createServer(handler);
    this.server = server;
    if (source && server instanceof https.Server) {
      // one secure context from the two things that change: the serving pair, and the CAs of client certificates
      // (the requestheader configuration when it is reloaded); swapped in one step, for new connections
      let clientCAs = auth?.tlsOptions.ca;
      const swap = () => {
        server.setSecureContext({ ...(clientCAs ? { ca: clientCAs } : {}), ...source.current() });
      };
      const unwatch = [source.onChange(swap), ...(auth?.watchTlsOptions ? [auth.watchTlsOptions((o) => { clientCAs = o.ca; swap(); })] : [])];
      this.unwatchTls = () => { for (const u of unwatch) u(); };
    }
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port: bound } = server.address() as AddressInfo;
    return `${this.options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  }

  /**
   * Ends the watches, stops listening, waits for the open requests, then closes every connection (a client such as
   * the aggregator may hold connections open that carry no request yet; they would keep the server up until the
   * headers timeout).
   */
  /** The watch caches, one per resource (none with `watchCache: false`); they start with `listen`. */
  get watchCaches(): readonly Cacher[] {
    return this.cachers;
  }

  async close(): Promise<void> {
    this.unwatchTls?.();
    this.unwatchTls = undefined;
    for (const s of this.streams) s.abort();
    await Promise.all(this.cachers.map((c) => c.close()));
    const server = this.server;
    if (!server) return;
    this.closing = true;
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
      if (this.inFlight === 0) this.destroyConnections();
      else server.closeIdleConnections();
    });
    this.closing = false;
  }

  private destroyConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  private fail(res: http.ServerResponse, err: unknown): void {
    const status = err instanceof StatusError ? err : newInternalError(err instanceof Error ? err.message : 'unknown error');
    if (res.headersSent) {
      res.end();
      return;
    }
    // responsewriters.ErrorNegotiated: a status that suggests a retry period says so in Retry-After
    const retryAfter = status.status.details?.retryAfterSeconds;
    this.json(res, status.code || 500, statusObject(status), retryAfter !== undefined && retryAfter > 0 ? { 'Retry-After': String(retryAfter) } : {});
  }

  private json(res: http.ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(code, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-cache, private' });
    res.end(text);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const user = this.options.auth ? await this.options.auth.check(req, method, url) : undefined;
    const parts = url.pathname.split('/').filter((p) => p !== '');
    if (parts.length === 1 && (parts[0] === 'healthz' || parts[0] === 'livez' || parts[0] === 'readyz')) return this.health(res, parts[0]);
    if (parts[0] === 'openapi' && parts[1] === 'v3') {
      if (method !== 'GET') throw statusError(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`);
      if (this.openapi.serve(req, res, parts.slice(2).join('/'), url.searchParams.get('hash') ?? undefined)) return;
      throw notFound();
    }
    if (parts[0] !== 'apis') throw notFound();
    if (parts.length <= 3 && method !== 'GET') throw statusError(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`);
    if (parts.length === 1) {
      const discovery = negotiateDiscovery(parseAccept(req.headers.accept));
      if (discovery.kind === 'legacy') this.json(res, 200, this.groupList());
      else {
        const type = `application/json;g=apidiscovery.k8s.io;v=${discovery.version};as=APIGroupDiscoveryList`;
        sendWithETag(req, res, type, JSON.stringify(aggregatedDiscovery(this.options.groups, discovery.version)));
      }
      return;
    }
    const group = this.groups.get(parts[1] ?? '');
    if (!group) throw notFound();
    if (parts.length === 2) {
      this.json(res, 200, this.groupDiscovery(group));
      return;
    }
    const version = parts[2] ?? '';
    if (!group.versions.includes(version)) throw notFound();
    if (parts.length === 3) {
      this.json(res, 200, this.resourceList(group, version));
      return;
    }
    const target = this.target(group, version, parts.slice(3));
    const warnings: string[] = [];
    try {
      await this.serve(req, res, url, method, target, user === undefined ? undefined : admissionUser(user), warnings);
    } catch (err) {
      // A refused request keeps the warnings it earned (unknown fields of an object it then refused, say).
      if (!res.headersSent) setWarnings(res, warnings);
      throw err;
    }
  }

  private async health(res: http.ServerResponse, which: string): Promise<void> {
    if (which === 'readyz') {
      let failed: string | undefined;
      try {
        await this.options.storage.currentResourceVersion();
      } catch (err) {
        failed = `[-]etcd failed: ${err instanceof Error ? err.message : 'unreachable'}`;
      }
      const unready = this.cachers.find((c) => !c.isReady());
      if (!failed && unready) failed = `[-]watch-cache failed: the watch cache of ${unready.resourcePrefix} is not initialized`;
      if (failed !== undefined) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`${failed}\nreadyz check failed\n`);
        return;
      }
    }
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('ok');
  }

  private target(group: APIGroupDefinition, version: string, rest: string[]): Target {
    let namespace = '';
    let segs = rest;
    if (segs[0] === 'namespaces' && segs.length >= 3) {
      namespace = segs[1] ?? '';
      segs = segs.slice(2);
    }
    const [resource = '', name, sub, ...more] = segs;
    const store = this.stores.get(`${group.name}/${resource}`);
    if (!store || more.length > 0 || !store.def.versions.some((v) => v.name === version)) throw notFound();
    if (namespace !== '' && !store.def.namespaced) throw notFound();
    const subresource = sub === 'status' && store.def.subresources.status ? ('status' as const) : sub === 'scale' && store.def.subresources.scale ? ('scale' as const) : undefined;
    if (sub !== undefined && subresource === undefined) throw notFound();
    return { store, def: store.def, version, namespace, ...(name !== undefined ? { name } : {}), ...(subresource ? { subresource } : {}) };
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse, url: URL, method: string, t: Target, user: AdmissionUserInfo | undefined, warnings: string[]): Promise<void> {
    const q = query(url);
    const base: RequestScope = { version: t.version, namespace: t.namespace, warnings, ...(user === undefined ? {} : { user }) };
    /** The scope of a write, with its validated CreateOptions / UpdateOptions / PatchOptions. */
    const writeScope = (kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions'): RequestScope => ({ ...base, ...writeOptions(url, kind, userAgent(req)) });
    /** A create's or an update's body, and the scope of the write: its options are read once the body names a known kind. */
    const readWrite = async (kind: 'CreateOptions' | 'UpdateOptions'): Promise<{ options: RequestScope; body: JsonObject }> => {
      let options: RequestScope = base;
      const body = await readObject(
        req,
        this.maxBody,
        t.def.kind,
        () => {
          options = writeScope(kind);
        },
        (texts, format) => {
          // a JSON body's go with its unknown fields, in one strict decoding error
          if (format === 'json') options = { ...options, strictErrors: texts };
          else duplicateKeys(options, t.def.kind, t.version, texts);
        },
      );
      return { options, body };
    };
    const scope = base;
    const gr = { group: t.def.group, resource: t.subresource ? `${t.def.resource}/${t.subresource}` : t.def.resource };
    const needsNamespace = t.def.namespaced && t.namespace === '';
    // Objects answer as JSON or as a Table (a watch's events too: `kubectl get -w`).
    const output = negotiateObjectOutput(parseAccept(req.headers.accept), true);
    const includeObject = includeObjectOf(q.includeObject);
    const send = (code: number, obj: JsonObject) => {
      setWarnings(res, warnings);
      const version = t.def.versions.find((v) => v.name === t.version);
      if (output.kind === 'json' || !version) this.json(res, code, obj);
      else this.json(res, code, toTable(obj, version, { apiVersion: output.apiVersion, includeObject, now: new Date() }));
    };
    if (t.name === undefined) {
      switch (method) {
        case 'GET':
          if (isTrue(q.watch)) return this.watch(req, res, t, scope, q, output.kind === 'table' ? { apiVersion: output.apiVersion, includeObject } : undefined);
          send(200, await t.store.list(scope, listParams(q)));
          return;
        case 'POST': {
          if (needsNamespace) throw notFound();
          const { options, body } = await readWrite('CreateOptions');
          send(201, await t.store.create(options, body));
          return;
        }
        case 'DELETE': {
          if (needsNamespace) throw notFound();
          const options = deleteOptions(url, await readDeleteOptions(req, this.maxBody));
          this.json(res, 200, await t.store.deleteCollection({ ...scope, ...(options.dryRun ? { dryRun: true } : {}) }, listParams(q), options.params));
          return;
        }
        default:
          throw newMethodNotSupported(gr, method);
      }
    }
    if (needsNamespace) throw notFound();
    const name = t.name;
    if (t.subresource === 'scale') return this.serveScale(req, res, url, method, t, name, base, gr);
    switch (method) {
      case 'GET':
        if (isTrue(q.watch)) throw newBadRequest('watch on a single object is served on its collection with a metadata.name field selector');
        send(200, await t.store.get(scope, name, q.resourceVersion));
        return;
      case 'PUT': {
        const { options, body } = await readWrite('UpdateOptions');
        send(200, await t.store.update(options, name, body, t.subresource === 'status' ? 'status' : undefined));
        return;
      }
      case 'PATCH': {
        const { type, patch, options } = await readPatchRequest(req, url, this.maxBody, base);
        const sub = t.subresource === 'status' ? 'status' : undefined;
        if (type === APPLY_PATCH) {
          const applied = await t.store.apply(options, name, patch, sub);
          send(applied.created ? 201 : 200, applied.object);
          return;
        }
        send(200, await t.store.patch(options, name, type, patch, sub));
        return;
      }
      case 'DELETE': {
        if (t.subresource) throw newMethodNotSupported(gr, 'delete');
        const options = deleteOptions(url, await readDeleteOptions(req, this.maxBody));
        const result = await t.store.delete({ ...scope, ...(options.dryRun ? { dryRun: true } : {}) }, name, options.params);
        setWarnings(res, warnings);
        if (!result.deleted) {
          // 202 when the object stays and the client asked for cascading deletion the old way (orphanDependents=false)
          this.json(res, options.params.orphanDependents === false ? 202 : 200, result.object);
          return;
        }
        const meta = isJsonObject(result.object.metadata) ? result.object.metadata : {};
        this.json(res, 200, {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Success',
          details: { name, group: t.def.group, kind: t.def.resource, uid: typeof meta.uid === 'string' ? meta.uid : '' },
        });
        return;
      }
      default:
        throw newMethodNotSupported(gr, method);
    }
  }

  /** The scale subresource (autoscaling/v1 Scale, JSON only): get, update, patch. */
  private async serveScale(req: http.IncomingMessage, res: http.ServerResponse, url: URL, method: string, t: Target, name: string, base: RequestScope, gr: { group: string; resource: string }): Promise<void> {
    const send = (obj: JsonObject) => {
      setWarnings(res, base.warnings ?? []);
      this.json(res, 200, obj);
    };
    switch (method) {
      case 'GET':
        send(await t.store.getScale(base, name, url.searchParams.get('resourceVersion') ?? undefined));
        return;
      case 'PUT': {
        let options: RequestScope = base;
        const body = await readObject(req, this.maxBody, 'Scale', () => {
          options = { ...base, ...writeOptions(url, 'UpdateOptions', userAgent(req)) };
        });
        send(await t.store.updateScale(options, name, body));
        return;
      }
      case 'PATCH': {
        const { type, patch, options } = await readPatchRequest(req, url, this.maxBody, base);
        send(await t.store.patchScale(options, name, type, patch));
        return;
      }
      default:
        // kube-apiserver names the resource, not the subresource, and the verb in lower case
        throw new StatusError({
          code: 405,
          reason: 'MethodNotAllowed',
          details: { group: gr.group, kind: t.def.resource },
          message: `${method.toLowerCase()} is not supported on resources of kind ${JSON.stringify(`${t.def.resource}.${t.def.group}`)}`,
        });
    }
  }

  /**
   * A watch stream; with `table`, each event's object is a Table of its one row (the handler's watch encoder runs the
   * table convertor on every object but a Status; only the first Table carries the column definitions).
   */
  private async watch(req: http.IncomingMessage, res: http.ServerResponse, t: Target, scope: { version: string; namespace: string }, q: Query, table?: { apiVersion: string; includeObject: IncludeObject }): Promise<void> {
    const version = t.def.versions.find((v) => v.name === t.version);
    let firstTable = true;
    const ac = new AbortController();
    const params: WatchParams = { ...watchParams(q), signal: ac.signal };
    // the handler's timeout: timeoutSeconds, or (unset or 0) the minimum request timeout of 30 min times 1 to 2; the
    // watch is asked for with it as its deadline (context.WithTimeout before rw.Watch)
    const requested = Number(q.timeoutSeconds ?? '0');
    params.timeoutMs = (requested > 0 ? requested : MIN_REQUEST_TIMEOUT_S * (1 + Math.random())) * 1000;
    const timer = setTimeout(() => {
      ac.abort();
    }, params.timeoutMs);
    timer.unref();
    let watch: Watch;
    try {
      watch = await t.store.watch(scope, params);
    } catch (err) {
      clearTimeout(timer);
      throw err;
    }
    this.streams.add(ac);
    const stop = () => {
      ac.abort();
    };
    req.on('close', stop);
    res.on('close', stop);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
    res.flushHeaders();
    try {
      for await (const event of watch) {
        const object = t.store.eventObject(event.object, event.type, scope);
        const out = table && version && event.type !== 'ERROR' ? toTable(object, version, { ...table, now: new Date(), noHeaders: !firstTable }) : object;
        if (out !== object) firstTable = false;
        const ok = res.write(`${JSON.stringify({ type: event.type, object: out })}\n`);
        if (!ok) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
        if (ac.signal.aborted) break;
      }
    } catch (err) {
      const status = err instanceof StatusError ? err : newInternalError(err instanceof Error ? err.message : 'watch failed');
      res.write(`${JSON.stringify({ type: 'ERROR', object: statusObject(status) })}\n`);
    } finally {
      watch.stop();
      clearTimeout(timer);
      this.streams.delete(ac);
      res.end();
    }
  }

  private groupList(): JsonObject {
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: [...this.groups.values()].map((g) => this.groupDiscovery(g, false)) };
  }

  private groupDiscovery(g: APIGroupDefinition, withType = true): JsonObject {
    const versions = g.versions.map((v) => ({ groupVersion: `${g.name}/${v}`, version: v }));
    return {
      ...(withType ? { kind: 'APIGroup', apiVersion: 'v1' } : {}),
      name: g.name,
      versions,
      ...(versions[0] ? { preferredVersion: versions[0] } : {}),
    };
  }

  private resourceList(g: APIGroupDefinition, version: string): JsonObject {
    const resources: JsonObject[] = [];
    for (const def of g.resources) {
      if (!def.versions.some((v) => v.name === version)) continue;
      resources.push({
        name: def.resource,
        singularName: def.singular,
        namespaced: def.namespaced,
        kind: def.kind,
        verbs: [...RESOURCE_VERBS],
        ...(def.shortNames.length > 0 ? { shortNames: [...def.shortNames] } : {}),
        ...(def.categories.length > 0 ? { categories: [...def.categories] } : {}),
      });
      if (def.subresources.status) resources.push({ name: `${def.resource}/status`, singularName: '', namespaced: def.namespaced, kind: def.kind, verbs: [...STATUS_VERBS] });
      if (def.subresources.scale) {
        resources.push({ name: `${def.resource}/scale`, singularName: '', namespaced: def.namespaced, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: [...STATUS_VERBS] });
      }
    }
    return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: `${g.name}/${version}`, resources };
  }
}

/** The admission plugins' warnings as `Warning: 299 - "<text>"` headers (printable ASCII; others as `?`). */
function setWarnings(res: http.ServerResponse, warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  res.setHeader(
    'Warning',
    warnings.map((w) => `299 - ${JSON.stringify(w.replace(/[^\x20-\x7e]/g, '?'))}`),
  );
}

type Query = Record<string, string | undefined>;

/** The query's parameters, the last of each name; an overlong value is a 400. */
function query(url: URL): Query {
  const out: Query = Object.create(null) as Query;
  for (const [k, v] of url.searchParams) {
    if (v.length > MAX_QUERY_VALUE) throw newBadRequest(`the query parameter ${k} is longer than ${MAX_QUERY_VALUE} characters`);
    out[k] = v;
  }
  return out;
}

const isTrue = (v: string | undefined) => v === '1' || v === 'true';

/** An int64 query parameter; what Go's strconv.ParseInt refuses is a 400 in its words (the parameter codec's). */
function int(q: Query, name: string): number | undefined {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  return parseInt64(v);
}

const INT64_MAX = (1n << 63n) - 1n;

function parseInt64(v: string): number {
  if (!/^[+-]?[0-9]+$/.test(v)) throw newBadRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  const n = BigInt(v);
  if (n > INT64_MAX || n < -INT64_MAX - 1n) throw newBadRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: value out of range`);
  return Number(n);
}

function bool(q: Query, name: string): boolean | undefined {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  if (v !== 'true' && v !== 'false' && v !== '1' && v !== '0') throw newBadRequest(`${name}: invalid value ${JSON.stringify(v)}: not a boolean`);
  return v === 'true' || v === '1';
}

/** 422 Invalid ListOptions (ValidateListOptions), one cause per refused field. */
function invalidListOptions(causes: Array<{ field: string; message: string; reason?: string }>): StatusError {
  return newInvalidAggregate('meta.k8s.io', 'ListOptions', '', causes.map((c) => ({ reason: c.reason ?? 'FieldValueForbidden', field: c.field, message: c.message })));
}

function checkMatch(match: string | undefined): void {
  if (match !== undefined && match !== '' && match !== 'NotOlderThan' && match !== 'Exact') {
    throw invalidListOptions([{ field: 'resourceVersionMatch', reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(match)}: supported values: "Exact", "NotOlderThan", ""` }]);
  }
}

function listParams(q: Query): ListParams {
  const match = q.resourceVersionMatch;
  checkMatch(match);
  if (q.sendInitialEvents !== undefined) throw invalidListOptions([{ field: 'sendInitialEvents', message: 'Forbidden: sendInitialEvents is forbidden for list' }]);
  const limit = int(q, 'limit');
  const p: ListParams = {};
  if (q.labelSelector !== undefined) p.labelSelector = q.labelSelector;
  if (q.fieldSelector !== undefined) p.fieldSelector = q.fieldSelector;
  if (q.continue !== undefined && q.continue !== '') p.continue = q.continue;
  // resourceVersion "0" (any match but Exact, no continue) is the watch cache's: kube-apiserver answers it whole, its limit ignored.
  const fromCache = q.resourceVersion === '0' && match !== 'Exact' && p.continue === undefined;
  if (limit !== undefined && limit > 0 && !fromCache) p.limit = limit;
  if (q.resourceVersion !== undefined) p.resourceVersion = q.resourceVersion;
  if (match === 'NotOlderThan' || match === 'Exact') p.resourceVersionMatch = match;
  // ValidateListOptions: the combinations the apiserver refuses.
  if (p.resourceVersionMatch !== undefined) {
    if (p.resourceVersion === undefined || p.resourceVersion === '') {
      throw invalidListOptions([{ field: 'resourceVersionMatch', message: 'Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided' }]);
    }
    if (p.continue !== undefined) throw invalidListOptions([{ field: 'resourceVersionMatch', message: 'Forbidden: resourceVersionMatch is forbidden when continue is provided' }]);
    if (p.resourceVersionMatch === 'Exact' && p.resourceVersion === '0') {
      throw invalidListOptions([{ field: 'resourceVersionMatch', message: 'Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"' }]);
    }
  }
  // The storage's own check (etcd3 GetList).
  if (p.continue !== undefined && p.resourceVersion !== undefined && p.resourceVersion !== '' && p.resourceVersion !== '0') {
    throw newBadRequest('specifying resource version is not allowed when using continue');
  }
  return p;
}

function watchParams(q: Query): WatchParams {
  const p: WatchParams = {};
  if (q.labelSelector !== undefined) p.labelSelector = q.labelSelector;
  if (q.fieldSelector !== undefined) p.fieldSelector = q.fieldSelector;
  if (q.resourceVersion !== undefined) p.resourceVersion = q.resourceVersion;
  const bookmarks = bool(q, 'allowWatchBookmarks');
  if (bookmarks !== undefined) p.allowWatchBookmarks = bookmarks;
  const initial = bool(q, 'sendInitialEvents');
  const match = q.resourceVersionMatch ?? '';
  // ValidateListOptions for a watch (kube-apiserver 1.37): sendInitialEvents needs NotOlderThan (bookmarks are not
  // required), resourceVersionMatch needs sendInitialEvents, and NotOlderThan is the only match a watch supports.
  const causes: Array<{ field: string; message: string; reason?: string }> = [];
  if (initial !== undefined && match !== 'NotOlderThan') causes.push({ field: 'resourceVersionMatch', message: 'Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan' });
  if (match !== '') {
    if (initial === undefined) causes.push({ field: 'resourceVersionMatch', message: 'Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided' });
    if (match !== 'NotOlderThan') causes.push({ field: 'resourceVersionMatch', reason: 'FieldValueNotSupported', message: `Unsupported value: ${JSON.stringify(match)}: supported values: "NotOlderThan"` });
  }
  if (causes.length > 0) throw invalidListOptions(causes);
  if (initial !== undefined) p.sendInitialEvents = initial;
  const timeout = int(q, 'timeoutSeconds');
  if (timeout !== undefined && timeout < 0) throw newBadRequest('timeoutSeconds: Invalid value: must be non-negative');
  return p;
}

/**
 * A PATCH as the patch handler reads it: a patch type this server takes (415), the body (413), its PatchOptions (422),
 * then the body's syntax (jsonpatch's ErrBadJSONPatch, "invalid JSON patch", for either type).
 */
/**
 * A YAML body's repeated keys, as the strict decoder reports them: a warning each, a 400 with `Strict` (yaml.v2's
 * `unmarshal errors:` list on one line: kube-apiserver breaks it into indented lines), nothing with `Ignore`.
 */
function duplicateKeys(scope: RequestScope, kind: string, version: string, texts: readonly string[]): void {
  const mode = scope.fieldValidation ?? 'Warn';
  if (mode === 'Strict') throw newBadRequest(`${kind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: strict decoding error: yaml: unmarshal errors: ${texts.join('; ')}`);
  if (mode === 'Warn') scope.warnings?.push(...texts);
}

async function readPatchRequest(req: http.IncomingMessage, url: URL, limit: number, base: RequestScope): Promise<{ type: string; patch: unknown; options: RequestScope }> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PATCH_TYPES.includes(type)) throw unsupportedMediaType(PATCH_TYPES);
  if (type === APPLY_PATCH) {
    const body = await readApplyPatch(req, limit);
    const options: RequestScope = { ...base, ...writeOptions(url, 'PatchOptions', userAgent(req), type) };
    if ('error' in body) throw newBadRequest(`error encoding patch: ${body.error}`);
    return { type, patch: body.value, options: body.duplicates.length > 0 ? { ...options, strictErrors: body.duplicates } : options };
  }
  const body = await readPatch(req, limit);
  const options: RequestScope = { ...base, ...writeOptions(url, 'PatchOptions', userAgent(req), type) };
  if ('error' in body) throw newBadRequest('invalid JSON patch');
  // a JSON patch's repeated keys are named as of the patch (`json patch duplicate field "[0].op"`)
  const duplicates = body.duplicateFields.map((p) => `${type === 'application/json-patch+json' ? 'json patch ' : ''}${duplicateFieldText(p)}`);
  return { type, patch: body.value, options: duplicates.length > 0 ? { ...options, strictErrors: duplicates } : options };
}

/** The request's User-Agent. */
const userAgent = (req: http.IncomingMessage): string => req.headers['user-agent'] ?? '';

/** prefixFromUserAgent: the user agent up to its first `/`, its printable characters, at most 128 bytes of them. */
export function prefixFromUserAgent(agent: string): string {
  let out = '';
  for (const ch of agent.split('/')[0] ?? '') {
    if (!isPrintable(ch)) continue;
    if (Buffer.byteLength(out) >= 128) break;
    out += ch;
  }
  return out;
}

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const isPrintable = (ch: string) => ch === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch);

/** ValidateFieldManager: at most 128 bytes, every character printable. */
function fieldManagerCauses(manager: string): StatusCause[] {
  const causes: StatusCause[] = [];
  if (Buffer.byteLength(manager) > 128) causes.push({ reason: 'FieldValueTooLong', field: 'fieldManager', message: 'Too long: may not be more than 128 bytes' });
  let i = 0;
  for (const ch of manager) {
    if (!isPrintable(ch)) {
      const cp = ch.codePointAt(0) ?? 0;
      causes.push({ reason: 'FieldValueInvalid', field: 'fieldManager', message: `Invalid value: ${JSON.stringify(manager)}: invalid character U+${cp.toString(16).toUpperCase().padStart(4, '0')} (at position ${i})` });
    }
    i += Buffer.byteLength(ch);
  }
  return causes;
}

/** Go's formatting of a list of strings in a field error (`["a","b"]`). */
const goStrings = (values: readonly string[]) => JSON.stringify(values);

/** ValidateDryRun: every value `All`. */
function dryRunCauses(values: readonly string[]): StatusCause[] {
  if (values.every((v) => v === 'All')) return [];
  return [{ reason: 'FieldValueNotSupported', field: 'dryRun', message: `Unsupported value: ${goStrings(values)}: supported values: "All"` }];
}

/** The options of a create, update or patch from the query (422 `<kind>.meta.k8s.io` as the apiserver validates them). */
function writeOptions(
  url: URL,
  kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions',
  agent: string,
  patchType?: string,
): { dryRun?: boolean; fieldValidation?: FieldValidation; fieldManager: string; force?: boolean } {
  const dryRun = url.searchParams.getAll('dryRun');
  const fieldValidation = url.searchParams.get('fieldValidation') ?? '';
  const manager = url.searchParams.get('fieldManager') ?? '';
  const forceText = url.searchParams.get('force');
  const force = forceText === null ? undefined : parseGoBool(forceText);
  const causes: StatusCause[] = [];
  // ValidatePatchOptions: force only with apply, which needs a manager
  if (patchType !== undefined && patchType !== APPLY_PATCH && force !== undefined) causes.push({ reason: 'FieldValueForbidden', field: 'force', message: 'Forbidden: may not be specified for non-apply patch' });
  if (patchType === APPLY_PATCH && manager === '') causes.push({ reason: 'FieldValueRequired', field: 'fieldManager', message: 'Required value: is required for apply patch' });
  causes.push(...fieldManagerCauses(manager), ...dryRunCauses(dryRun));
  if (fieldValidation !== '' && fieldValidation !== 'Ignore' && fieldValidation !== 'Warn' && fieldValidation !== 'Strict') {
    causes.push({ reason: 'FieldValueNotSupported', field: 'fieldValidation', message: `Unsupported value: ${JSON.stringify(fieldValidation)}: supported values: "", "Ignore", "Strict", "Warn"` });
  }
  if (causes.length > 0) throw newInvalidAggregate('meta.k8s.io', kind, '', causes);
  return {
    ...(dryRun.length > 0 ? { dryRun: true } : {}),
    ...(fieldValidation === 'Ignore' || fieldValidation === 'Warn' || fieldValidation === 'Strict' ? { fieldValidation } : {}),
    // no manager and no user agent: the apiserver's "unknown"
    fieldManager: manager !== '' ? manager : prefixFromUserAgent(agent) || 'unknown',
    ...(force === true ? { force } : {}),
  };
}

/** strconv.ParseBool, as the query parameter codec reads a boolean (a 400 in its words otherwise). */
function parseGoBool(v: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  throw newBadRequest(`strconv.ParseBool: parsing ${JSON.stringify(v)}: invalid syntax`);
}

/**
 * The DeleteOptions of a delete: its body's when it has one (the query is then not read, as the apiserver's delete
 * handler), else the query's; validated as ValidateDeleteOptions (one 422 with every cause).
 */
function deleteOptions(url: URL, body: JsonObject | undefined): { params: DeleteParams; dryRun: boolean } {
  const p: DeleteParams = {};
  let dryRun: string[] = [];
  let propagationPolicy: string | undefined;
  if (body !== undefined) {
    const pre = body.preconditions;
    if (isJsonObject(pre)) {
      p.preconditions = {};
      if (typeof pre.uid === 'string') p.preconditions.uid = pre.uid;
      if (typeof pre.resourceVersion === 'string') p.preconditions.resourceVersion = pre.resourceVersion;
    }
    if (typeof body.propagationPolicy === 'string') propagationPolicy = body.propagationPolicy;
    if (typeof body.orphanDependents === 'boolean') p.orphanDependents = body.orphanDependents;
    if (typeof body.gracePeriodSeconds === 'number' && Number.isInteger(body.gracePeriodSeconds)) p.gracePeriodSeconds = body.gracePeriodSeconds;
    if (Array.isArray(body.dryRun)) dryRun = body.dryRun.filter((v) => typeof v === 'string');
  } else {
    const q = query(url);
    propagationPolicy = q.propagationPolicy;
    const orphan = bool(q, 'orphanDependents');
    if (orphan !== undefined) p.orphanDependents = orphan;
    const grace = int(q, 'gracePeriodSeconds');
    if (grace !== undefined) p.gracePeriodSeconds = grace;
    dryRun = url.searchParams.getAll('dryRun');
  }
  const causes: StatusCause[] = [];
  if (p.orphanDependents !== undefined && propagationPolicy !== undefined) {
    causes.push({ reason: 'FieldValueInvalid', field: 'propagationPolicy', message: `Invalid value: ${JSON.stringify(propagationPolicy)}: orphanDependents and deletionPropagation cannot be both set` });
  }
  if (propagationPolicy === 'Orphan' || propagationPolicy === 'Background' || propagationPolicy === 'Foreground') p.propagationPolicy = propagationPolicy;
  else if (propagationPolicy !== undefined) {
    causes.push({ reason: 'FieldValueNotSupported', field: 'propagationPolicy', message: `Unsupported value: ${JSON.stringify(propagationPolicy)}: supported values: "Foreground", "Background", "Orphan", "nil"` });
  }
  causes.push(...dryRunCauses(dryRun));
  if (causes.length > 0) throw newInvalidAggregate('meta.k8s.io', 'DeleteOptions', '', causes);
  return { params: p, dryRun: dryRun.length > 0 };
}

/** An authenticated user as admission plugins see it (authentication.k8s.io/v1 UserInfo, as AdmissionReview carries it). */
function admissionUser(u: UserInfo): AdmissionUserInfo {
  return { username: u.name, ...(u.uid === undefined ? {} : { uid: u.uid }), groups: [...u.groups], extra: { ...u.extra } };
}
