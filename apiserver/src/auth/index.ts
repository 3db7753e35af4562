/**
 * `@kubegen/apiserver/auth`: delegated authentication (front-proxy and user client certificates, TokenReview) and
 * authorization (SubjectAccessReview) for an aggregated apiserver, with the apiserver's 401 and 403 bodies.
 */
export * from './user';
export * from './requestinfo';
export * from './requestheader';
export * from './tokenreview';
export * from './subjectaccessreview';
export * from './errors';
export * from './delegating';
