/**
 * The client verbs, written once: client-gen's verbs (`+genclient:onlyVerbs=…`, `+genclient:skipVerbs=…`,
 * `+genclient:method=…,verb=…`) and the methods of `@kubegen/runtime`'s `ResourceClient` a generated client exposes
 * for them, in the runtime's declaration order. The marker grammar (generator/markers/definitions/client.ts), the
 * model's verb resolution (generator/model/build.ts), the importer and the clientset emitter read this table;
 * test/unit/generator/core/client-verbs.test.ts checks that `ResourceClient` declares exactly these methods, in this order.
 *
 * A leaf: imports nothing of the generator.
 */

/**
 * One method of `ResourceClient`: either a client-gen verb of its own name (`verb`), or one that comes `with` a
 * verb — `listPages` / `listAll` with `list`, and with a `scale` subresource `getScale` with `get` and
 * `updateScale` with `update`.
 */
type ClientMethodEntry = { readonly method: string; readonly verb: string } | { readonly method: string; readonly with: string; readonly subresource?: 'scale' };

export const CLIENT_METHODS = [
  { method: 'create', verb: 'create' },
  { method: 'update', verb: 'update' },
  { method: 'updateStatus', verb: 'updateStatus' },
  { method: 'delete', verb: 'delete' },
  { method: 'deleteCollection', verb: 'deleteCollection' },
  { method: 'get', verb: 'get' },
  { method: 'list', verb: 'list' },
  { method: 'listPages', with: 'list' },
  { method: 'listAll', with: 'list' },
  { method: 'watch', verb: 'watch' },
  { method: 'patch', verb: 'patch' },
  { method: 'apply', verb: 'apply' },
  { method: 'applyStatus', verb: 'applyStatus' },
  { method: 'getScale', with: 'get', subresource: 'scale' },
  { method: 'updateScale', with: 'update', subresource: 'scale' },
] as const satisfies readonly ClientMethodEntry[];

type Entry = (typeof CLIENT_METHODS)[number];

/** A client verb as client-gen names it. */
export type ClientVerb = Extract<Entry, { verb: string }>['verb'];

/** A method of the runtime's `ResourceClient`. */
export type ResourceClientMethod = Entry['method'];

/** Every client verb, in the runtime's declaration order (a kind's default). */
export const CLIENT_VERBS: readonly ClientVerb[] = CLIENT_METHODS.flatMap((m) => ('verb' in m ? [m.verb] : []));

/** The verbs of `+genclient:readonly`. */
export const READONLY_VERBS: readonly ClientVerb[] = ['get', 'list', 'watch'];

/** Every method of the runtime's `ResourceClient`, in its declaration order. */
export const RESOURCE_CLIENT_METHODS: readonly ResourceClientMethod[] = CLIENT_METHODS.map((m) => m.method);

/**
 * The methods of `ResourceClient` a client with `verbs` exposes, in declaration order: each verb's own, and those
 * that come with one (the scale methods only with a scale subresource, or when `alsoScale` names one bound by an
 * extension method of client-gen's: k8s.io/api's `GetScale` / `UpdateScale`).
 */
export function clientMethods(verbs: ReadonlySet<string>, hasScale: boolean, alsoScale: ReadonlySet<ResourceClientMethod> = new Set()): ResourceClientMethod[] {
  return CLIENT_METHODS.filter((m) => {
    if ('verb' in m) return verbs.has(m.verb);
    if ('subresource' in m) return (hasScale && verbs.has(m.with)) || alsoScale.has(m.method);
    return verbs.has(m.with);
  }).map((m) => m.method);
}
