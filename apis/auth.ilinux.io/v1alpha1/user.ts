import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * User is an account of the auth.ilinux.io user registry.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:resource:shortName=u,categories=all
 * +kubebuilder:printcolumn:name="UserID",type=integer,JSONPath=`.spec.userID`
 * +kubebuilder:printcolumn:name="Groups",type=string,JSONPath=`.spec.groups`
 * +kubebuilder:printcolumn:name="Email",type=string,JSONPath=`.spec.email`
 */
export interface User extends TypeMeta {
  metadata?: ObjectMeta;
  spec: UserSpec;
  status?: UserStatus;
}

/**
 * UserList is a list of User.
 * +kubebuilder:object:root=true
 */
export interface UserList extends TypeMeta {
  metadata?: ListMeta;
  items: User[];
}

/** UserSpec describes a user account. */
export interface UserSpec {
  /**
   * userID is the numeric id of the user.
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=65535
   */
  userID: int32;
  /**
   * groups the user belongs to.
   * +kubebuilder:validation:MinItems=1
   */
  groups: string[];
  /**
   * email is the user's e-mail address.
   * +kubebuilder:validation:Format=email
   */
  email?: string;
  /**
   * password is the user's password.
   * +kubebuilder:validation:Format=password
   */
  password?: string;
}

/** UserStatus is the observed state of a User. */
export interface UserStatus {
  /** active is true once the account is provisioned. */
  active?: boolean;
}
