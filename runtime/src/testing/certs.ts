/**
 * Throw-away webhook certificates for envtest and local runs: the X.509 writer lives in the webhook runtime
 * (`../webhook/certs/x509`, also what self-managed certificates use); this module keeps its testing names.
 */
export {
  makeCertificateAuthority,
  makeClientCertificate,
  makeServingCertificates,
  writeServingCertificates,
  type ClientCertificateOptions,
  type ServingCertificateOptions,
  type ServingCertificates,
} from '../webhook/certs/x509';
