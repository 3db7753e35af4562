/**
 * Webhook certificates: the X.509 writer (./x509), the checks of a TLS Secret (./check), `caBundle` injection
 * (./inject), the self-managed certificate rotator a `Manager` runs (./rotator) and the RBAC it needs (./rbac).
 */
export {
  makeCertificateAuthority,
  makeClientCertificate,
  makeServingCertificates,
  writeServingCertificates,
  type ClientCertificateOptions,
  type ServingCertificateOptions,
  type ServingCertificates,
} from './x509';
export { checkCertificates, type CertificateCheck, type CertificateMaterial, type CheckOptions } from './check';
export { apiServicePatch, apiServiceReferencesService, caBundleOf, crdConversionPatch, referencesService, webhookConfigurationPatch, type ServiceRef } from './inject';
export {
  CertificateRotator,
  checkSelfManagedCertificatesOptions,
  serviceHosts,
  type CertificateClients,
  type CertificateRotatorOptions,
  type SelfManagedCertificatesOptions,
} from './rotator';
export { SELF_MANAGED_CERTIFICATES_RBAC, type CertificatesPolicyRule } from './rbac';
