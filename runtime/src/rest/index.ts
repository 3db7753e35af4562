export * from './options';
export * from './paths';
export * from './transport';
export * from './http-transport';
export { continueTokenOf } from './listmeta';
export * from './warnings';
export * from './client';
export { RUNTIME_VERSION, DEFAULT_USER_AGENT } from './version';
