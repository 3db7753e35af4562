/** The HTTP(S) server: REST paths, watch, discovery and health of the API groups served. */
export { APIServer, type APIServerOptions } from './server';
