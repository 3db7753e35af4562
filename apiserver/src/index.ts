/**
 * `@kubegen/apiserver`: an aggregated Kubernetes API server for kubegen-generated API groups — the storage interface
 * over etcd (`./storage`), the generic registry store (`./registry`), admission plugins (`./admission`), delegated
 * authentication and authorization (`./auth`) and the HTTP server.
 */
export * from './storage';
export * from './registry';
export * from './server';
export * from './auth';
export * from './admission';
