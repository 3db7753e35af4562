// Imported by kubegen import; edit freely: this is now API source.

import type { ObjectMeta, Time, TypeMeta, int64 } from '@kubegen/runtime';
import type { UID } from '../../io.k8s.apimachinery.pkg.types/types.js';

/**
 * TokenRequest requests a token for a given service account.
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface TokenRequest extends TypeMeta {
  /**
   * metadata is the standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** spec holds information about the request being evaluated */
  spec?: TokenRequestSpec;
  /** status is filled in by the server and indicates whether the token can be authenticated. */
  status?: TokenRequestStatus;
}

/** BoundObjectReference is a reference to an object that a token is bound to. */
export interface BoundObjectReference {
  /**
   * kind of the referent. Valid kinds are 'Pod', 'Secret', 'Node',
   * 'ValidatingWebhookConfiguration', and 'MutatingWebhookConfiguration'.
   */
  kind?: string;
  /** apiVersion is API version of the referent. */
  apiVersion?: string;
  /** name of the referent. */
  name?: string;
  /** uid of the referent. */
  uid?: UID;
}

/** TokenRequestSpec contains client provided parameters of a token request. */
export interface TokenRequestSpec {
  /**
   * audiences are the intendend audiences of the token. A recipient of a
   * token must identify themself with an identifier in the list of
   * audiences of the token, and otherwise should reject the token. A
   * token issued for multiple audiences may be used to authenticate
   * against any of the audiences listed but implies a high degree of
   * trust between the target audiences.
   * +listType=atomic
   */
  audiences?: string[];
  /**
   * expirationSeconds is the requested duration of validity of the request. The
   * token issuer may return a token with a different validity duration so a
   * client needs to check the 'expiration' field in a response.
   */
  expirationSeconds?: int64;
  /**
   * boundObjectRef is a reference to an object that the token will be bound to.
   * The token will only be valid for as long as the bound object exists.
   * NOTE: The API server's TokenReview endpoint will validate the
   * BoundObjectRef, but other audiences may not. Keep ExpirationSeconds
   * small if you want prompt revocation.
   */
  boundObjectRef?: BoundObjectReference;
  /**
   * attestations is a map of well-known keys to string-slice values.
   * The values for each key have a specific semantic meaning, which is
   * documented on the key definition. Requesters of tokens may ask
   * the Kubernetes API Server to attest to certain claims. The API Server
   * may perform authorization checks depending on the key of this map.
   */
  attestations?: Record<string, string[]>;
}

/** TokenRequestStatus is the result of a token request. */
export interface TokenRequestStatus {
  /** token is the opaque bearer token. */
  token?: string;
  /** expirationTimestamp is the time of expiration of the returned token. */
  expirationTimestamp?: Time;
}
