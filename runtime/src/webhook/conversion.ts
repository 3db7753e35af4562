/**
 * The conversion endpoint's work, without a server: `ConversionHandler` answers `ConversionReview`s
 * (apiextensions.k8s.io/v1) with the generated converters of one or more API groups. The standalone
 * `ConversionWebhook` (./index) and the manager's one `DefaultWebhookServer` (./default-server) both serve it.
 *
 * Contract (the endpoint's, see ./index for the HTTP side):
 * - a v1 `ConversionReview` request: the response echoes `request.uid` and holds every object converted to
 *   `request.desiredAPIVersion`, in order, with `result.status: Success`;
 * - any object that cannot be converted (unknown group, kind or version, a hand-written function throwing any value
 *   at all …): `result.status: Failure`, a message naming the object, and no objects;
 * - a body that is not a v1 `ConversionReview` request: `ReviewError` (HTTP 400);
 * - the body is read by own keys only, and every key of every object, `__proto__` included, is converted as data.
 */
import { isJsonObject, type JsonObject } from '../meta/json';
import { getOwn } from '../meta/own';
import { ConversionError, convertObject, parseAPIVersion, type GroupConverters } from '../conversion';
import { describeThrown } from '../observe/thrown';
import { defaultLogger } from '../log/default';
import { safeLogger, type Logger } from '../observe/logger';
import { describeValue, ReviewError, type Route } from './server';

/** `apiextensions.k8s.io/v1` ConversionReview, as the API server sends it and as the webhook answers. */
export interface ConversionReview {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'ConversionReview';
  request?: { uid: string; desiredAPIVersion: string; objects: unknown[] };
  response?: {
    uid: string;
    convertedObjects: JsonObject[];
    result: { status: 'Success' | 'Failure'; message?: string };
  };
}

export const CONVERSION_REVIEW_API_VERSION = 'apiextensions.k8s.io/v1';

export interface ConversionHandlerOptions {
  /** An error record per failed conversion (`object`, `desiredAPIVersion` as fields). Default `defaultLogger().withName('webhook')`. */
  logger?: Logger;
}

/** The converters of the registered API groups, answering ConversionReviews; see the module doc. */
export class ConversionHandler {
  private readonly groups = new Map<string, GroupConverters>();
  private readonly log: Logger;

  constructor(options: ConversionHandlerOptions = {}) {
    this.log = safeLogger(options.logger ?? defaultLogger().withName('webhook'));
  }

  /** Registers the converters of one API group; a group registered twice throws. */
  register(converters: GroupConverters): this {
    if (this.groups.has(converters.group)) throw new Error(`conversions of group ${converters.group} are already registered`);
    this.groups.set(converters.group, converters);
    return this;
  }

  /** The registered groups, sorted. */
  get registeredGroups(): string[] {
    return [...this.groups.keys()].sort();
  }

  /** Converts one object to `desiredAPIVersion` with the converters of its group. Throws `ConversionError`. */
  convert(obj: unknown, desiredAPIVersion: string): JsonObject {
    const apiVersion = isJsonObject(obj) ? getOwn(obj, 'apiVersion') : undefined;
    if (typeof apiVersion !== 'string') throw new ConversionError('object has no apiVersion');
    const converters = this.groups.get(parseAPIVersion(apiVersion).group);
    if (!converters) throw new ConversionError(`no conversions registered for ${apiVersion}`);
    return convertObject(converters, obj, desiredAPIVersion);
  }

  /**
   * Answers a ConversionReview. Throws `ReviewError` for a body that is not a v1 ConversionReview request;
   * conversion failures become a `Failure` result.
   */
  review(body: unknown): ConversionReview {
    if (!isJsonObject(body) || getOwn(body, 'kind') !== 'ConversionReview') throw new ReviewError('body is not a ConversionReview');
    const apiVersion = getOwn(body, 'apiVersion');
    if (apiVersion !== CONVERSION_REVIEW_API_VERSION) throw new ReviewError(`unsupported ConversionReview version ${describeValue(apiVersion)}; expected ${CONVERSION_REVIEW_API_VERSION}`);
    const request = getOwn(body, 'request');
    const uid = isJsonObject(request) ? getOwn(request, 'uid') : undefined;
    const desiredAPIVersion = isJsonObject(request) ? getOwn(request, 'desiredAPIVersion') : undefined;
    const objects = isJsonObject(request) ? getOwn(request, 'objects') : undefined;
    if (typeof uid !== 'string' || typeof desiredAPIVersion !== 'string' || !Array.isArray(objects)) {
      throw new ReviewError('ConversionReview.request needs uid, desiredAPIVersion and objects');
    }
    const convertedObjects: JsonObject[] = [];
    for (let i = 0; i < objects.length; i++) {
      try {
        convertedObjects.push(this.convert(objects[i], desiredAPIVersion));
      } catch (e) {
        const message = `converting object ${i} (${describeObject(objects[i])}) to ${desiredAPIVersion}: ${describeThrown(e)}`;
        this.log.error(e, 'conversion failed', { index: i, object: describeObject(objects[i]), desiredAPIVersion });
        return failedReview(body, message);
      }
    }
    return { apiVersion: CONVERSION_REVIEW_API_VERSION, kind: 'ConversionReview', response: { uid, convertedObjects, result: { status: 'Success' } } };
  }

  /** The endpoint serving `review`: a failure of the handler itself is a `Failure` review, never an HTTP 500. */
  route(): Route {
    return { handle: (body) => this.review(body), onError: (body, message) => failedReview(body, `internal error: ${message}`) };
  }
}

/** A `Failure` ConversionReview with `message`, for the body's uid. */
function failedReview(body: unknown, message: string): ConversionReview {
  const request = isJsonObject(body) ? getOwn(body, 'request') : undefined;
  const uid = isJsonObject(request) ? getOwn(request, 'uid') : undefined;
  return { apiVersion: CONVERSION_REVIEW_API_VERSION, kind: 'ConversionReview', response: { uid: typeof uid === 'string' ? uid : '', convertedObjects: [], result: { status: 'Failure', message } } };
}

function describeObject(obj: unknown): string {
  if (!isJsonObject(obj)) return 'not an object';
  const m = getOwn(obj, 'metadata');
  const meta = isJsonObject(m) ? m : {};
  const name = [getOwn(meta, 'namespace'), getOwn(meta, 'name')].filter((x) => typeof x === 'string').join('/');
  return `${describeValue(getOwn(obj, 'apiVersion'))} ${describeValue(getOwn(obj, 'kind'))}${name ? ' ' + name : ''}`;
}
