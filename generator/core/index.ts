/**
 * The generator's leaf core: types and JSON helpers every layer shares, importing nothing of the generator (see
 * `./types.ts` for the contract).
 */
export * from './types';
export * from './schema';
export * from './json';
export * from './wellknown';
export * from './invariant';
