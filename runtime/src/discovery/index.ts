/**
 * Discovery and the REST mapper over it (client-go `discovery`, `restmapper`). The dynamic client over a mapping
 * is the client folder's (../client/dynamic).
 */
export * from './discovery';
export * from './restmapper';
export * from './cache';
