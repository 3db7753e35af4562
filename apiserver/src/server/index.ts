/** The HTTP(S) server: REST paths, watch, discovery and health of the API groups served. */
export { APIServer, type APIServerOptions } from './server';
export { DynamicServingCertificate, type DynamicServingCertificateOptions, type ServingCertificate, type ServingCertificateSource } from './certificates';
export { APIServiceCAInjector, type APIServiceCAInjectorOptions, type APIServiceClient, type CAInjectionResult } from './apiservice-ca';
