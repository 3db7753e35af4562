// Imported by kubegen import; edit freely: this is now API source.

import type { ObjectMeta, Time, TypeMeta, int64 } from '@kubegen/runtime';
import type { UID } from '../../io.k8s.apimachinery.pkg.types/types.js';

export type { ObjectMeta, Time, TypeMeta } from '@kubegen/runtime';

/**
 * SelfSubjectReview contains the user information that the kube-apiserver has about the user making this request.
 * When using impersonation, users will receive the user info of the user being impersonated.  If impersonation or
 * request header authentication is used, any extra keys will have their case ignored and returned as lowercase.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:path=selfsubjectreviews,scope=Cluster
 * +genclient:onlyVerbs=create
 * +kubebuilder:object:root=true
 */
export interface SelfSubjectReview extends TypeMeta {
  /**
   * metadata is standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** status is filled in by the server with the user attributes. */
  status?: SelfSubjectReviewStatus;
}

/**
 * TokenRequest requests a token for a given service account.
 * +kubebuilder:object:root=true
 */
export interface TokenRequest extends TypeMeta {
  /**
   * metadata is the standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * spec holds information about the request being evaluated
   * +optional
   */
  spec: TokenRequestSpec;
  /** status is filled in by the server and indicates whether the token can be authenticated. */
  status?: TokenRequestStatus;
}

/**
 * TokenReview attempts to authenticate a token to a known user.
 * Note: TokenReview requests may be cached by the webhook token authenticator
 * plugin in the kube-apiserver.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:path=tokenreviews,scope=Cluster
 * +genclient:onlyVerbs=create
 * +kubebuilder:object:root=true
 */
export interface TokenReview extends TypeMeta {
  /**
   * metadata is the standard object's metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** spec holds information about the request being evaluated */
  spec: TokenReviewSpec;
  /** status is filled in by the server and indicates whether the request can be authenticated. */
  status?: TokenReviewStatus;
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

/** SelfSubjectReviewStatus is filled by the kube-apiserver and sent back to a user. */
export interface SelfSubjectReviewStatus {
  /** userInfo is a set of attributes belonging to the user making this request. */
  userInfo?: UserInfo;
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
   * +optional
   */
  audiences: string[];
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
  /**
   * token is the opaque bearer token.
   * +optional
   */
  token: string;
  /**
   * expirationTimestamp is the time of expiration of the returned token.
   * +optional
   */
  expirationTimestamp: Time;
}

/** TokenReviewSpec is a description of the token authentication request. */
export interface TokenReviewSpec {
  /**
   * token is the opaque bearer token.
   * +required
   */
  token?: string;
  /**
   * audiences is a list of the identifiers that the resource server presented
   * with the token identifies as. Audience-aware token authenticators will
   * verify that the token was intended for at least one of the audiences in
   * this list. If no audiences are provided, the audience will default to the
   * audience of the Kubernetes apiserver.
   * +listType=atomic
   */
  audiences?: string[];
}

/** TokenReviewStatus is the result of the token authentication request. */
export interface TokenReviewStatus {
  /** authenticated indicates that the token was associated with a known user. */
  authenticated?: boolean;
  /** user is the UserInfo associated with the provided token. */
  user?: UserInfo;
  /**
   * audiences are audience identifiers chosen by the authenticator that are
   * compatible with both the TokenReview and token. An identifier is any
   * identifier in the intersection of the TokenReviewSpec audiences and the
   * token's audiences. A client of the TokenReview API that sets the
   * spec.audiences field should validate that a compatible audience identifier
   * is returned in the status.audiences field to ensure that the TokenReview
   * server is audience aware. If a TokenReview returns an empty
   * status.audience field where status.authenticated is "true", the token is
   * valid against the audience of the Kubernetes API server.
   * +listType=atomic
   */
  audiences?: string[];
  /** error indicates that the token couldn't be checked */
  error?: string;
}

/**
 * UserInfo holds the information about the user needed to implement the
 * user.Info interface.
 */
export interface UserInfo {
  /** username is the name that uniquely identifies this user among all active users. */
  username?: string;
  /**
   * uid is a unique value that identifies this user across time. If this user is
   * deleted and another user by the same name is added, they will have
   * different UIDs.
   */
  uid?: string;
  /**
   * groups is the names of groups this user is a part of.
   * +listType=atomic
   */
  groups?: string[];
  /** extra is any additional information provided by the authenticator. */
  extra?: Record<string, string[]>;
}
