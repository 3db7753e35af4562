/**
 * `@kubegen/runtime/internal`: what only generated code uses — the JSON walking helpers of generated deepcopy,
 * defaulting and conversion functions (the lister expansion hook, a cache-layer helper, is `@kubegen/runtime/cache`'s `expandLister`). Not an API for hand-written code: names and
 * signatures here change with the generator that emits their calls (a generated package and the runtime it was
 * generated for are released together).
 */
export * from '../meta/json';
export * from '../meta/generated';
export * from '../meta/deepcopy';
export { getOwn, hasOwn, nullObject, setOwn } from '../meta/own';
export { finishConversion, LostFields } from '../conversion';
