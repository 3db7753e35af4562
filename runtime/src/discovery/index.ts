/**
 * Discovery and the REST mapper over it (client-go `discovery`, `restmapper`), and the dynamic client: a
 * `TypedClient` of plain objects for a kind known only by its mapping.
 */
export * from './discovery';
export * from './restmapper';
export * from './dynamic';
