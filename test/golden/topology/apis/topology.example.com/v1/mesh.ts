import type { ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/** Mesh exercises listType, listMapKey, mapType and structType on fields and types. */
export interface Mesh extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: MeshSpec;
}

/**
 * TagSet is a list type that is a set.
 * +listType=set
 */
export type TagSet = string[];

/**
 * Annotations is a map type that is replaced as a whole.
 * +mapType=atomic
 */
export type Annotations = Record<string, string>;

/**
 * Endpoint is a struct type that is replaced as a whole.
 * +structType=atomic
 */
export interface Endpoint {
  /** host of the endpoint. */
  host: string;
  /** port of the endpoint. */
  port?: int32;
}

/** Port is an item of a list map keyed by name and protocol. */
export interface Port {
  /** name of the port. */
  name: string;
  /** protocol of the port. */
  protocol: string;
  /** number of the port. */
  number?: int32;
}

/** Route is an item of a list map keyed by name. */
export interface Route {
  /** name of the route. */
  name: string;
  /** weight of the route. */
  weight?: int32;
}

/** MeshSpec holds the topology fields. */
export interface MeshSpec {
  /**
   * atomicList is replaced as a whole.
   * +listType=atomic
   */
  atomicList?: string[];
  /**
   * setList is merged as a set.
   * +listType=set
   */
  setList?: int32[];
  /**
   * routes is a list map with one key.
   * +listType=map
   * +listMapKey=name
   */
  routes?: Route[];
  /**
   * ports is a list map with two keys.
   * +listType=map
   * +listMapKey=name
   * +listMapKey=protocol
   */
  ports?: Port[];
  /**
   * granularMap is merged key by key.
   * +mapType=granular
   */
  granularMap?: Record<string, string>;
  /**
   * atomicMap is replaced as a whole.
   * +mapType=atomic
   */
  atomicMap?: { [key: string]: int32 };
  /**
   * atomicStruct is replaced as a whole.
   * +structType=atomic
   */
  atomicStruct?: Route;
  /**
   * granularStruct is merged field by field, overriding its type's atomic structType.
   * +structType=granular
   */
  granularStruct?: Endpoint;
  /** tags takes its list type from the type TagSet. */
  tags?: TagSet;
  /** annotations takes its map type from the type Annotations. */
  annotations?: Annotations;
  /** endpoint takes its struct type from the type Endpoint. */
  endpoint?: Endpoint;
  /** endpoints is a list of atomic structs. */
  endpoints?: Endpoint[];
}
