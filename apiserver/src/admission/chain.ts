/**
 * The admission chain of one resource, after k8s.io/apiserver's admission chain and the place the registry store gives
 * it: the Store calls `mutate` on a create or update once the request's object is decoded (and on a delete with the
 * old object), then runs the kind's validation, then `validate`, and only then writes.
 *
 * Contract:
 * - plugins run in the order given, every mutating phase before any validating one; a plugin sees the requests of its
 *   kind and operations only;
 * - a plugin gets the object (and old object) converted to its version; the objects are copies: a plugin's edits
 *   reach the request only as its handler's JSON Patch (mutating phase), which is applied to its version and
 *   converted back to the request's version; a validating plugin's patch is ignored;
 * - a denial is the apiserver's Status: a `StatusError` a plugin throws as it is; otherwise 403 Forbidden with the
 *   apiserver's message `<resource>.<group> "<name>" is forbidden: <reason>` (another code keeps its code and
 *   reason); the first denial ends the chain, and nothing is written;
 * - a handler that fails any other way (a patch that does not apply, a throw of its own) is a 500 InternalError;
 * - warnings (`context.warn`, a result's `warnings`) are added to `attrs.warnings` when given.
 */

import { randomUUID } from 'node:crypto';
import { type GroupResource, type JsonObject, StatusError, cloneJSON, isJsonObject, newForbidden, newInternalError } from '@kubegen/runtime';
import {
  type AdmissionContext,
  type AdmissionHandler,
  type AdmissionRequest,
  type AdmissionResult,
  type UserInfo,
  applyJsonPatch,
  resultOfError,
} from '@kubegen/runtime/webhook/admission';
import type { ResourceDefinition } from '../registry/definition';
import type { AdmissionOperation, AdmissionPlugin } from './plugin';

/** What the Store knows of a request when it admits it; objects are in the request's version. */
export interface AdmissionAttributes {
  readonly operation: AdmissionOperation;
  /** The request's version. */
  readonly version: string;
  readonly namespace: string;
  readonly name: string;
  readonly subresource?: string;
  /** The new object (create, update). */
  readonly object?: JsonObject;
  /** The stored object (update, delete), in the request's version. */
  readonly oldObject?: JsonObject;
  readonly userInfo?: UserInfo;
  /** Where the plugins' warnings go (the server sends them as `Warning` headers). */
  readonly warnings?: string[];
  /** A dry run (`?dryRun=All`): nothing will be stored; plugins see `dryRun` and their side effects do not run. */
  readonly dryRun?: boolean;
}

/** Refuses a plugin whose kind is not served by `def`, or whose version is not one of its versions. */
export function checkPlugin(plugin: AdmissionPlugin, def: ResourceDefinition): void {
  if (!def.versions.some((v) => v.name === plugin.kind.version)) {
    throw new Error(`admission plugin ${plugin.name}: ${def.kind}.${def.group} is not served in version ${plugin.kind.version}`);
  }
}

export class AdmissionChain {
  private readonly plugins: readonly AdmissionPlugin[];
  private readonly gr: GroupResource;

  /** The chain of `def`'s kind: the plugins of its group and kind, in order. */
  constructor(
    private readonly def: ResourceDefinition,
    plugins: readonly AdmissionPlugin[],
  ) {
    this.plugins = plugins.filter((p) => p.kind.group === def.group && p.kind.kind === def.kind);
    for (const p of this.plugins) checkPlugin(p, def);
    this.gr = { group: def.group, resource: def.resource };
  }

  /** Whether any plugin admits this kind. */
  get empty(): boolean {
    return this.plugins.length === 0;
  }

  /** The mutating phase: the object as the plugins left it (request version), or `undefined` when none changed it. */
  async mutate(attrs: AdmissionAttributes): Promise<JsonObject | undefined> {
    let object = attrs.object;
    let changed = false;
    for (const plugin of this.plugins) {
      if (!plugin.mutating || !plugin.operations.includes(attrs.operation)) continue;
      const request = this.request(plugin, { ...attrs, ...(object !== undefined ? { object } : {}) });
      const result = await this.run(plugin, plugin.mutating, request, attrs);
      if (!result.patch || result.patch.length === 0 || request.object === undefined) continue;
      let patched: unknown;
      try {
        patched = applyJsonPatch(request.object, result.patch);
      } catch (err) {
        throw newInternalError(`admission plugin ${plugin.name}: its patch does not apply: ${err instanceof Error ? err.message : 'invalid patch'}`);
      }
      if (!isJsonObject(patched)) throw newInternalError(`admission plugin ${plugin.name}: its patch made the object something other than a JSON object`);
      object = this.def.convert(patched, `${this.def.group}/${attrs.version}`);
      changed = true;
    }
    return changed ? object : undefined;
  }

  /** The validating phase: resolves when every plugin allows. */
  async validate(attrs: AdmissionAttributes): Promise<void> {
    for (const plugin of this.plugins) {
      if (!plugin.validating || !plugin.operations.includes(attrs.operation)) continue;
      await this.run(plugin, plugin.validating, this.request(plugin, attrs), attrs);
    }
  }

  /** The AdmissionRequest a plugin gets: copies of the objects, converted to its version. */
  private request(plugin: AdmissionPlugin, attrs: AdmissionAttributes): AdmissionRequest {
    const apiVersion = `${plugin.kind.group}/${plugin.kind.version}`;
    const inVersion = (o: JsonObject) => this.def.convert(cloneJSON(o), apiVersion);
    const requestKind = { group: this.def.group, version: attrs.version, kind: this.def.kind };
    const requestResource = { group: this.def.group, version: attrs.version, resource: this.def.resource };
    return {
      uid: randomUUID(),
      kind: { ...plugin.kind },
      resource: { group: this.def.group, version: plugin.kind.version, resource: this.def.resource },
      requestKind,
      requestResource,
      ...(attrs.subresource !== undefined ? { subResource: attrs.subresource, requestSubResource: attrs.subresource } : {}),
      name: attrs.name,
      ...(attrs.namespace !== '' ? { namespace: attrs.namespace } : {}),
      operation: attrs.operation,
      userInfo: attrs.userInfo ?? {},
      ...(attrs.object !== undefined ? { object: inVersion(attrs.object) } : {}),
      ...(attrs.oldObject !== undefined ? { oldObject: inVersion(attrs.oldObject) } : {}),
      dryRun: attrs.dryRun === true,
    };
  }

  /** Runs one handler; its denial (returned or thrown) as the apiserver's Status error. */
  private async run(plugin: AdmissionPlugin, handler: AdmissionHandler, request: AdmissionRequest, attrs: AdmissionAttributes): Promise<AdmissionResult> {
    const { name, warnings } = attrs;
    let result: AdmissionResult;
    try {
      result = await handler.handle(request, context(plugin, handler, warnings, attrs.dryRun === true));
    } catch (err) {
      if (err instanceof StatusError) throw err;
      result = resultOfError(err);
    }
    if (warnings && Array.isArray(result.warnings)) warnings.push(...result.warnings.filter((w) => typeof w === 'string'));
    if (result.allowed) return result;
    const message = result.message ?? `admission plugin ${plugin.name} denied the request`;
    const code = result.code ?? 403;
    if (code === 403) throw newForbidden(this.gr, name, message);
    if (code >= 500) throw newInternalError(`admission plugin ${plugin.name}: ${message}`);
    throw new StatusError({ code, reason: result.reason ?? '', message, details: { group: this.gr.group, kind: this.gr.resource, name } });
  }
}

/** The context of a handler: side effects run unless it is a dry run (as the admission server runs them); warnings collected. */
function context(plugin: AdmissionPlugin, handler: AdmissionHandler, warnings: string[] | undefined, dryRun: boolean): AdmissionContext {
  return {
    dryRun,
    signal: new AbortController().signal,
    warn: (message) => {
      warnings?.push(message);
    },
    sideEffect: async <R>(fn: () => R | Promise<R>): Promise<R | undefined> => {
      if (handler.sideEffects === 'None') throw new Error(`admission plugin ${plugin.name} declares sideEffects None but has a side effect`);
      if (dryRun) return undefined;
      return fn();
    },
  };
}
